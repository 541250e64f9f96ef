// Writing files into a build's folder, with the compressed copies of large text files. Synchronous,
// in the calling thread: the HTML site's threads write their own files with a FileWriter each, and the
// main thread does when the system gives it no write thread (thread.ts has the same rules).
import path from 'node:path';
import type { DatesWritten } from '../i18n/dates.js';
import type { DatesToWrite } from '../render/site/dates-ahead.js';
import type { OutputFile } from '../render/types.js';
import { FolderFiles } from './folder-files.js';

/** What a writer wrote: the paths it was given (not the copies), and the files and bytes on disk (copies included). */
export interface Written {
  paths: string[];
  files: number;
  bytes: number;
}

/** Writes a build's files into its folder, each as it comes; `settle()` once all are given. */
export interface Writer {
  /** Takes one file (and its .gz/.br copies when it warrants them); throws on a path given twice or leaving the folder. */
  put(file: OutputFile): void;
  /** Resolves once every file given is on disk, with what was written; rejects with the first failure to write. */
  settle(): Promise<Written>;
  /** Gives up: once this resolves, nothing more is written. */
  stop(): Promise<void>;
  /** Calls `bound` as bounded() does, where the writer measures the files' bytes anyway (ThreadWriter encodes them). */
  limit?(bound: Bound): void;
  /** Has a thread of its own write these dates while it waits for files (ThreadWriter), for datesWritten(). */
  ahead?(texts: DatesToWrite): void;
  /** The dates written ahead, if the thread has written them by now: never waits. */
  datesWritten?(): DatesWritten[];
}

/** Called with the files and bytes given so far, before the last of them is written: throws to refuse. */
export type Bound = (files: number, bytes: number) => void;

export class FileWriter implements Writer {
  private readonly seen = new Set<string>();
  private readonly paths: string[] = [];
  private readonly folder: FolderFiles;

  constructor(root: string) {
    this.folder = new FolderFiles(root);
  }

  /** Writes one file (and its .gz/.br copies when it warrants them); throws on a path given twice or leaving the folder. */
  put({ path: file, contents }: OutputFile): void {
    const relative = checkedPath(file);
    if (this.seen.has(relative)) throw new Error(`internal: output path "${file}" is not a unique relative path`);
    this.seen.add(relative);
    this.paths.push(relative);
    const data = typeof contents === 'string' ? Buffer.from(contents) : contents;
    this.folder.writeWithCopies(relative, data);
  }

  /** The paths written so far, and the totals on disk. */
  report(): Written {
    return { paths: this.paths, files: this.folder.files, bytes: this.folder.bytes };
  }

  async settle(): Promise<Written> {
    return this.report();
  }

  async stop(): Promise<void> {}

}

/** `writer`, with `bound` called with the files and bytes given so far (not the copies) before each file is written: it throws to refuse. */
export function bounded(writer: Writer, bound: Bound): Writer {
  if (writer.limit) {
    writer.limit(bound);
    return writer;
  }
  let files = 0;
  let bytes = 0;
  return {
    put(file) {
      bound(++files, (bytes += typeof file.contents === 'string' ? Buffer.byteLength(file.contents) : file.contents.byteLength));
      writer.put(file);
    },
    settle: () => writer.settle(),
    stop: () => writer.stop(),
  };
}

/** A path the output may hold: relative, normalised, inside the folder; throws otherwise (a bug in a renderer). */
export function checkedPath(file: string): string {
  const normal = path.posix.normalize(file);
  const outside = normal === '.' || normal === '..' || normal.startsWith('../') || path.posix.isAbsolute(normal);
  if (normal !== file || outside) throw new Error(`internal: output path "${file}" is not a relative path inside the output`);
  return normal;
}
