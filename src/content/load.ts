// Stage 1 of the build: find the content files and parse each into a Document that remembers positions.
import { stat } from 'node:fs/promises';
import fg from 'fast-glob';
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

const PATTERNS = ['site.yaml', 'site.yml', 'components/*.yaml', 'components/*.yml', 'notices/*.yaml', 'notices/*.yml'];

/** Reads every content file under contentDir; throws StatuspressError('content_missing') only when the folder itself is missing. */
export async function loadContent(contentDir: string): Promise<LoadedContent> {
  const info = await stat(contentDir).catch(() => null);
  if (!info?.isDirectory()) {
    throw new StatuspressError('content_missing', `No content folder at ${contentDir}`, {
      hint: 'Pass --content with the folder that holds site.yaml, components/ and notices/, or create one with `statuspress init DIR`.',
    });
  }
  // fast-glob answers in file-system order; sorting makes issues and ids deterministic everywhere.
  const files = (await fg(PATTERNS, { cwd: contentDir, onlyFiles: true, dot: false, followSymbolicLinks: true }))
    .map((f) => f.replace(/\\/g, '/'))
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

  const loaded: LoadedContent = { dir: contentDir, site: null, components: [], notices: [], issues: [] };
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
