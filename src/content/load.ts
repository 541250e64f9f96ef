// Stage 1 of the build: find the content files and parse each into a Document that remembers positions.
import type { ContentIssue } from '../errors/error.js';
import { contentRoot, findContentFiles } from './files.js';
import type { ContentFile } from './files.js';
import { readSource } from './source.js';
import type { SourceFile } from './source.js';

export type { SourceFile, SourceKind } from './source.js';

export interface LoadedContent {
  /** The content folder as given. */
  dir: string;
  /** null when there is no usable site.yaml (an issue says so). */
  site: SourceFile | null;
  components: SourceFile[];
  notices: SourceFile[];
  /** Problems found while reading and parsing; validateContent adds the rest. */
  issues: ContentIssue[];
  /** Folders that could not be listed: references to ids they may hold are not reported as unknown. */
  unlisted: ReadonlySet<'components' | 'notices'>;
}

/** A file as read: its source, and the problems reading it found. */
export interface ReadFile {
  source: SourceFile;
  issues: ContentIssue[];
}

export interface LoadOptions {
  /** A file already read and unchanged since, to use instead of reading it again (`statuspress dev`). */
  reuse?: (file: ContentFile) => ReadFile | undefined;
  /** Called with each file read anew. */
  onRead?: (file: ContentFile, read: ReadFile) => void;
}

/**
 * Reads every content file under contentDir. Throws a usage StatuspressError only when the folder
 * itself is missing; every other problem (a missing components/, a link leaving the folder) is an issue.
 */
export async function loadContent(contentDir: string, options: LoadOptions = {}): Promise<LoadedContent> {
  const found = findContentFiles(contentRoot(contentDir));
  const loaded: LoadedContent = { dir: contentDir, site: null, components: [], notices: [], issues: found.issues, unlisted: found.unlisted };
  for (const entry of found.files) {
    let read = options.reuse?.(entry);
    if (!read) {
      read = readSource(entry);
      options.onRead?.(entry, read);
    }
    const { source, issues } = read;
    loaded.issues.push(...issues);
    if (source.kind === 'site') loaded.site = source;
    else if (source.kind === 'component') loaded.components.push(source);
    else loaded.notices.push(source);
  }
  return loaded;
}
