import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { OutputFile } from './types.js';
import { compressPair, warrantsCopies } from './compress.js';

/** What a writer wrote: the paths it was given (not the copies), and the files and bytes on disk (copies included). */
export interface Written {
  paths: string[];
  files: number;
  bytes: number;
}

/** Called with the files and bytes given so far, before the last of them is written: throws to refuse. */
export type Bound = (files: number, bytes: number) => void;

/** Writes a build's files into its folder, each as it comes; `settle()` once all are given. */
export interface Writer {
  /** Takes the files; throws on a path given twice or leaving the folder, and with the first failure to write one. */
  write(files: Iterable<OutputFile>): Promise<void>;
  /** Resolves once every file given is on disk, with what was written; rejects with the first failure to write. */
  settle(): Promise<Written>;
  /** Gives up: once this resolves, nothing more is written. */
  stop(): Promise<void>;
}

export class FileWriter implements Writer {
  private readonly seen = new Set<string>();
  private readonly made = new Set<string>();
  private given = { files: 0, bytes: 0 };
  files = 0;
  bytes = 0;

  /** `bound` hears of the files and bytes given so far (not the copies) before each file is written. */
  constructor(
    private readonly root: string,
    private readonly bound?: Bound,
  ) {}

  async write(files: Iterable<OutputFile>): Promise<void> {
    for (const { path: file, contents } of files) {
      const relative = checkedPath(file);
      if (this.seen.has(relative)) throw new Error(`internal: output path "${file}" is not a unique relative path`);
      const data = typeof contents === 'string' ? Buffer.from(contents) : contents;
      this.bound?.(++this.given.files, (this.given.bytes += data.byteLength));
      this.seen.add(relative);
      this.withCopies(relative, data);
    }
  }

  async settle(): Promise<Written> {
    return { paths: [...this.seen], files: this.files, bytes: this.bytes };
  }

  async stop(): Promise<void> {}

  /** Writes `data` at `relative` (checked by the caller), and its .gz/.br copies when it warrants them. */
  withCopies(relative: string, data: Uint8Array): void {
    this.save(relative, data);
    if (!warrantsCopies(relative, data.byteLength)) return;
    const [gzip, br] = compressPair(data);
    this.save(`${relative}.gz`, gzip);
    this.save(`${relative}.br`, br);
  }

  private save(relative: string, data: Uint8Array): void {
    const full = path.join(this.root, relative);
    const dir = path.dirname(full);
    if (!this.made.has(dir)) {
      mkdirSync(dir, { recursive: true });
      this.made.add(dir);
    }
    writeFileSync(full, data);
    this.files += 1;
    this.bytes += data.byteLength;
  }
}

/** A path the output may hold: relative, normalised, inside the folder; throws otherwise (a bug in a renderer). */
export function checkedPath(file: string): string {
  const normal = path.posix.normalize(file);
  const outside = normal === '.' || normal === '..' || normal.startsWith('../') || path.posix.isAbsolute(normal);
  if (normal !== file || outside) throw new Error(`internal: output path "${file}" is not a relative path inside the output`);
  return normal;
}
