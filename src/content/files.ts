// Which files are content. The content folder is trusted only inside itself: content arrives in pull
// requests, and a link in one (`notices/x.yaml -> ~/.git-credentials`) must never get a file from
// outside the folder read, let alone quoted in an error. So every entry is judged by lstat and
// realpath before anything is opened, and site.yaml, components/ and notices/ must be what they say:
// a folder that is missing or unreadable is an error, never an empty list that would publish a
// history without its notices.
import { lstatSync, readdirSync, realpathSync, statSync } from 'node:fs';
import type { Dirent, Stats } from 'node:fs';
import path from 'node:path';
import type { ContentIssue } from '../errors.js';
import { StatuspressError } from '../errors.js';
import type { SourceKind } from './source.js';

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

const YAML_NAME = /^[^.].*\.ya?ml$/;

/** The real path of the content folder; a usage error when there is none. */
export function contentRoot(contentDir: string): string {
  try {
    if (statSync(contentDir).isDirectory()) return realpathSync(contentDir);
  } catch {
    // reported below
  }
  throw new StatuspressError('usage', `No content folder at ${contentDir}`, {
    hint: 'Pass --content with the folder that holds site.yaml, components/ and notices/, or create one with `statuspress init DIR`.',
  });
}

/** Every content file under `root` (a real path), sorted, and an issue for each entry that cannot be content. */
export function findContentFiles(root: string): FoundContent {
  const found: FoundContent = { files: [], issues: [], unlisted: new Set() };
  const issue = (file: string, message: string): void => {
    found.issues.push({ file, line: 1, column: 1, path: '', message });
  };

  const rootEntries = listEntries(root, '', issue);
  const sites = rootEntries?.filter((entry) => /^site\.ya?ml$/.test(entry.name)) ?? [];
  if (rootEntries !== null && sites.length === 0) issue('site.yaml', `no site.yaml in the content folder; create it with name, url and created_at`);
  for (const extra of sites.slice(1)) issue(extra.name, `both ${sites[0]!.name} and ${extra.name} exist; keep one`);
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
function listEntries(root: string, folder: string, issue: (file: string, message: string) => void): Dirent[] | null {
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
    issue(shown, `could not list the folder (${(error as NodeJS.ErrnoException).code ?? 'error'}); check its permissions`);
    return null;
  }
}

function folderProblem(root: string, dir: string): string | null {
  const what = entryProblem(root, dir, lstatQuiet(dir));
  if (what === 'missing') {
    return 'missing; create the folder (an empty one means none yet: git keeps an empty folder only with a file such as .gitkeep in it)';
  }
  if (what !== null) return what;
  try {
    return statSync(dir).isDirectory() ? null : 'is not a folder; it must be a folder of YAML files';
  } catch (error) {
    return `could not be read (${(error as NodeJS.ErrnoException).code ?? 'error'}); check its permissions`;
  }
}

/**
 * Adds `root/file` when it is a regular file inside the content folder, else an issue saying what it
 * is. A regular file needs no further look (the folder listing says what each entry is; reading it
 * refuses a link swapped in since); only links, and entries the listing cannot type, are looked at.
 */
function admit(root: string, file: string, entry: Dirent, kind: SourceKind, found: FoundContent, issue: (file: string, message: string) => void): void {
  const full = path.join(root, file);
  if (entry.isFile()) {
    found.files.push({ file, kind, real: full, identity: null });
    return;
  }
  const info = lstatQuiet(full);
  const problem = entryProblem(root, full, info);
  if (problem !== null) {
    issue(file, problem === 'missing' ? 'disappeared while the folder was read; run the command again' : problem);
    return;
  }
  const real = info!.isSymbolicLink() ? realpathSync(full) : full;
  const target = info!.isSymbolicLink() ? statSync(real) : info!;
  if (!target.isFile()) {
    issue(file, `is ${kindOf(target)}, not a file; content files must be plain YAML files`);
    return;
  }
  found.files.push({ file, kind, real, identity: info!.isSymbolicLink() ? { dev: target.dev, ino: target.ino } : null });
}

/**
 * Why an entry cannot be followed: 'missing', a link that dangles, loops or leaves the content
 * folder, or null when it is there and (through any links) inside `root`. Never opens it.
 */
function entryProblem(root: string, full: string, info: Stats | null): string | null {
  if (info === null) return 'missing';
  if (!info.isSymbolicLink()) return null;
  let real: string;
  try {
    real = realpathSync(full);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'ELOOP'
      ? 'is a symbolic link in a loop; replace it with the file itself'
      : 'is a symbolic link to nothing (its target is missing); replace it with the file itself';
  }
  if (real !== root && !real.startsWith(root + path.sep)) {
    return 'is a symbolic link that leads outside the content folder; it was not followed. Put the file itself in the content folder';
  }
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
