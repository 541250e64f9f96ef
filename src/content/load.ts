// Stage 1 of the build: find the content files and parse each into a Document that remembers positions.
import { readdirSync, statSync } from 'node:fs';
import type { Dirent } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { ContentIssue } from '../errors.js';
import { StatuspressError } from '../errors.js';
import { readSource } from './source.js';
import type { SourceFile, SourceKind } from './source.js';

export type { SourceFile, SourceKind } from './source.js';

export interface LoadedContent {
  /** The content folder as given. */
  dir: string;
  /** null when there is no site.yaml (an issue says so). */
  site: SourceFile | null;
  components: SourceFile[];
  notices: SourceFile[];
  /** Problems found while reading and parsing; validateContent adds the rest. */
  issues: ContentIssue[];
}


/** Reads every content file under contentDir; throws StatuspressError('content_missing') only when the folder itself is missing. */
export async function loadContent(contentDir: string): Promise<LoadedContent> {
  const info = await stat(contentDir).catch(() => null);
  if (!info?.isDirectory()) {
    throw new StatuspressError('content_missing', `No content folder at ${contentDir}`, {
      hint: 'Pass --content with the folder that holds site.yaml, components/ and notices/, or create one with `statuspress init DIR`.',
    });
  }
  const loaded: LoadedContent = { dir: contentDir, site: null, components: [], notices: [], issues: [] };
  // Sorted, so issues and ids come out the same on every file system.
  const files = [
    ...listYaml(contentDir, '', loaded).filter((f) => /^site\.ya?ml$/.test(f)),
    ...listYaml(contentDir, 'components', loaded),
    ...listYaml(contentDir, 'notices', loaded),
  ].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const siteFiles = files.filter((f) => !f.includes('/'));
  if (siteFiles.length === 0) {
    loaded.issues.push({
      file: 'site.yaml',
      line: 1,
      column: 1,
      path: '',
      message: `no site.yaml in ${contentDir}; create it with name, url and created_at`,
    });
  }
  for (const extra of siteFiles.slice(1)) {
    loaded.issues.push({ file: extra, line: 1, column: 1, path: '', message: `both ${siteFiles[0]} and ${extra} exist; keep one` });
  }

  const kindOf = (file: string): SourceKind =>
    file.startsWith('components/') ? 'component' : file.startsWith('notices/') ? 'notice' : 'site';
  const wanted = files.filter((f) => f.includes('/') || f === siteFiles[0]);
  for (const { source, issues } of wanted.map((f) => readSource(contentDir, f, kindOf(f)))) {
    loaded.issues.push(...issues);
    if (source.kind === 'site') loaded.site = source;
    else if (source.kind === 'component') loaded.components.push(source);
    else loaded.notices.push(source);
  }
  return loaded;
}

/**
 * The `.yaml`/`.yml` files directly in `contentDir/sub`, as `sub/name`: regular files, or symbolic
 * links to them; no hidden files, no subfolders. Two fixed folders need no glob library: fast-glob
 * took 30 ms and 190 KB of code to load for this.
 */
function listYaml(contentDir: string, sub: string, loaded: LoadedContent): string[] {
  const dir = path.join(contentDir, sub);
  let entries: Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch (error) {
    const { code, message } = error as NodeJS.ErrnoException;
    // No components/ or notices/ folder: a site without components or notices.
    if (code !== 'ENOENT' && code !== 'ENOTDIR') {
      loaded.issues.push({ file: sub, line: 1, column: 1, path: '', message: `could not read the folder (${code ?? message}); check its permissions` });
    }
    return [];
  }
  const isFile = (entry: Dirent): boolean => {
    if (entry.isFile()) return true;
    if (!entry.isSymbolicLink()) return false;
    try {
      return statSync(path.join(dir, entry.name)).isFile();
    } catch {
      return false; // a dangling link or a loop: nothing to read
    }
  };
  return entries
    .filter((entry) => !entry.name.startsWith('.') && /\.ya?ml$/.test(entry.name) && isFile(entry))
    .map((entry) => (sub ? `${sub}/${entry.name}` : entry.name));
}
