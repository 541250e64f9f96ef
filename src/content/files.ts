// Which files are content. The content folder is trusted only inside itself: content arrives in pull
// requests, and a link in one (`notices/x.yaml -> ~/.git-credentials`) must never get a file from
// outside the folder read, let alone quoted in an error. So every entry is judged by lstat and
// realpath before anything is opened, and site.yaml, components/ and notices/ must be what they say:
// a folder that is missing or unreadable is an error, never an empty list that would publish a
// history without its notices.
import { lstatSync, readdirSync, realpathSync, statSync } from 'node:fs';
import type { Dirent, Stats } from 'node:fs';
import path from 'node:path';
import type { ContentIssue, IssueWords } from '../errors/error.js';
import { fail } from '../errors/error.js';
import { COMMAND } from '../errors/command.js';
import { CONTENT } from '../errors/content.js';
import { say } from '../errors/entry.js';

/** What a content file holds, by where it is: site.yaml, components/, notices/. */
export type SourceKind = 'site' | 'component' | 'notice';

type Report = (file: string, words: IssueWords) => void;

/**
 * A content file that passed the checks: read it at `real` without following a link, and, when it was
 * reached through one, only if it is still the file `identity` names.
 */
export interface ContentFile {
  /** Relative to the content folder, forward slashes: `notices/42-api.yaml`. */
  file: string;
  kind: SourceKind;
  real: string;
  identity: { dev: number; ino: number } | null;
}

export interface FoundContent {
  files: ContentFile[];
  issues: ContentIssue[];
  /** Folders that could not be listed: what they hold is unknown, so references into them are not judged. */
  unlisted: Set<'components' | 'notices'>;
}

const FOLDERS = [
  ['components', 'component'],
  ['notices', 'notice'],
] as const;

/** Any name but a hidden one that ends in .yaml or .yml, in any case and with any characters (a line break included). */
const YAML_NAME = /^[^.][\s\S]*\.ya?ml$/i;

/** The real path of the content folder; a usage error when there is none. */
export function contentRoot(contentDir: string): string {
  try {
    if (statSync(contentDir).isDirectory()) return realpathSync(contentDir);
  } catch {
    // reported below
  }
  throw fail(COMMAND.noContentFolder, { dir: contentDir });
}

/** Every content file under `root` (a real path), sorted, and an issue for each entry that cannot be content. */
export function findContentFiles(root: string): FoundContent {
  const found: FoundContent = { files: [], issues: [], unlisted: new Set() };
  const issue: Report = (file, words) => {
    found.issues.push({ file, line: 1, column: 1, path: '', ...words });
  };

  const rootEntries = listEntries(root, '', issue);
  const sites = rootEntries?.filter((entry) => /^site\.ya?ml$/.test(entry.name)) ?? [];
  if (rootEntries !== null && sites.length === 0) issue('site.yaml', say(CONTENT.noSiteFile));
  for (const extra of sites.slice(1)) issue(extra.name, say(CONTENT.twoSiteFiles, { kept: sites[0]!.name, extra: extra.name }));
  if (sites[0] !== undefined) admit(root, sites[0].name, sites[0], 'site', found, issue);

  for (const [folder, kind] of FOLDERS) {
    const entries = listEntries(root, folder, issue);
    if (entries === null) {
      found.unlisted.add(folder);
      continue;
    }
    for (const entry of entries) admit(root, `${folder}/${entry.name}`, entry, kind, found, issue);
  }
  found.files.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  return found;
}

/** The YAML entries of `root/folder` (`''`: the root itself), sorted by name; null when it is not a readable folder. */
function listEntries(root: string, folder: string, issue: Report): Dirent[] | null {
  const dir = path.join(root, folder);
  const shown = folder === '' ? '.' : `${folder}/`;
  const problem = folder === '' ? null : folderProblem(root, dir);
  if (problem !== null) {
    issue(shown, problem);
    return null;
  }
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter((entry) => YAML_NAME.test(entry.name))
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  } catch (error) {
    issue(shown, say(CONTENT.folderUnreadable, { errno: (error as NodeJS.ErrnoException).code ?? 'error', listing: true }));
    return null;
  }
}

function folderProblem(root: string, dir: string): IssueWords | null {
  const what = entryProblem(root, dir, lstatQuiet(dir));
  if (what === 'missing') return say(CONTENT.folderMissing);
  if (what !== null) return what;
  try {
    return statSync(dir).isDirectory() ? null : say(CONTENT.folderNotFolder);
  } catch (error) {
    return say(CONTENT.folderUnreadable, { errno: (error as NodeJS.ErrnoException).code ?? 'error', listing: false });
  }
}

/**
 * Adds `root/file` when it is a regular file inside the content folder, else an issue saying what it
 * is. A regular file needs no further look (the folder listing says what each entry is; reading it
 * refuses a link swapped in since); only links, and entries the listing cannot type, are looked at.
 */
function admit(root: string, file: string, entry: Dirent, kind: SourceKind, found: FoundContent, issue: Report): void {
  const full = path.join(root, file);
  if (entry.isFile()) {
    found.files.push({ file, kind, real: full, identity: null });
    return;
  }
  const info = lstatQuiet(full);
  const problem = entryProblem(root, full, info);
  if (problem !== null) {
    issue(file, problem === 'missing' ? say(CONTENT.fileVanished) : problem);
    return;
  }
  const real = info!.isSymbolicLink() ? realpathSync(full) : full;
  const target = info!.isSymbolicLink() ? statSync(real) : info!;
  if (!target.isFile()) {
    issue(file, say(CONTENT.notAFile, { what: kindOf(target) }));
    return;
  }
  found.files.push({ file, kind, real, identity: info!.isSymbolicLink() ? { dev: target.dev, ino: target.ino } : null });
}

/**
 * Why an entry cannot be followed: 'missing', a link that dangles, loops or leaves the content
 * folder, or null when it is there and (through any links) inside `root`. Never opens it.
 */
function entryProblem(root: string, full: string, info: Stats | null): IssueWords | 'missing' | null {
  if (info === null) return 'missing';
  if (!info.isSymbolicLink()) return null;
  let real: string;
  try {
    real = realpathSync(full);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return say(code === 'ELOOP' ? CONTENT.linkLoop : CONTENT.linkDangling);
  }
  if (real !== root && !real.startsWith(root + path.sep)) return say(CONTENT.linkOutside);
  return null;
}

function lstatQuiet(full: string): Stats | null {
  try {
    return lstatSync(full);
  } catch {
    return null;
  }
}

function kindOf(info: Stats): string {
  if (info.isDirectory()) return 'a folder';
  if (info.isFIFO()) return 'a named pipe (FIFO)';
  if (info.isSocket()) return 'a socket';
  if (info.isCharacterDevice() || info.isBlockDevice()) return 'a device';
  return 'not a regular file';
}
