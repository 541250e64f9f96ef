// Writing files into a build's folder, with the compressed copies of large text files. The writes
// and the compression are Node's asynchronous fs and zlib, which run on libuv's thread pool while
// the calling thread renders on; write() waits only when the bytes still to be written pass
// PENDING_BYTES, so a build never holds much of its output at once.
import { mkdirSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { OutputFile } from './types.js';
import { compressedPair, warrantsCopies } from './compress.js';

/** What a writer wrote: the paths it was given (not the copies), and the files and bytes on disk (copies included). */
export interface Written {
  paths: string[];
  files: number;
  bytes: number;
}

/** Called with the files and bytes given so far, before the last of them is written: throws to refuse. */
export type Bound = (files: number, bytes: number) => void;

/** Bytes given but not yet on disk past which write() waits for them. */
const PENDING_BYTES = 32 * 1024 * 1024;
/** write() lets the event loop turn after this many files, so that the writes begun go on while it renders. */
const TURN_FILES = 64;

export class FileWriter {
  private readonly seen = new Set<string>();
  private readonly paths: string[] = [];
  private readonly made = new Set<string>();
  private readonly pending = new Set<Promise<void>>();
  private pendingBytes = 0;
  private failure: unknown = null;
  private given = { files: 0, bytes: 0 };
  private files = 0;
  private bytes = 0;

  /** `bound` hears of the files and bytes given so far (not the copies) before each file is written. */
  constructor(
    private readonly root: string,
    private readonly bound?: Bound,
  ) {}

  /**
   * Writes the files (and the .gz/.br copies of those that warrant them); throws on a path given
   * twice or leaving the folder, and with the first failure to write one given before.
   */
  async write(files: Iterable<OutputFile>): Promise<void> {
    for (const { path: file, contents } of files) {
      if (this.failure !== null) throw this.failure;
      const relative = checkedPath(file);
      if (this.seen.has(relative)) throw new Error(`internal: output path "${file}" is not a unique relative path`);
      const data = typeof contents === 'string' ? Buffer.from(contents) : contents;
      this.bound?.(++this.given.files, (this.given.bytes += data.byteLength));
      this.seen.add(relative);
      this.paths.push(relative);
      this.track(this.withCopies(relative, data), data.byteLength);
      if (this.paths.length % TURN_FILES === 0) await new Promise(setImmediate);
      while (this.pendingBytes > PENDING_BYTES) await Promise.race(this.pending);
    }
  }

  /** Resolves once every file given is on disk, with what was written; rejects with the first failure to write. */
  async settle(): Promise<Written> {
    await Promise.all(this.pending);
    if (this.failure !== null) throw this.failure;
    return { paths: this.paths, files: this.files, bytes: this.bytes };
  }

  /** Gives up: once this resolves, nothing more is written. */
  async stop(): Promise<void> {
    this.failure ??= new Error('internal: the writer was stopped');
    await Promise.all(this.pending);
  }

  private track(writing: Promise<void>, bytes: number): void {
    this.pendingBytes += bytes;
    const done: Promise<void> = writing.then(
      () => undefined,
      (error: unknown) => void (this.failure ??= error),
    ).finally(() => {
      this.pending.delete(done);
      this.pendingBytes -= bytes;
    });
    this.pending.add(done);
  }

  private async withCopies(relative: string, data: Uint8Array): Promise<void> {
    const saved = this.save(relative, data);
    if (!warrantsCopies(relative, data.byteLength)) return saved;
    const [gzip, br] = await compressedPair(data);
    await Promise.all([saved, this.save(`${relative}.gz`, gzip), this.save(`${relative}.br`, br)]);
  }

  private async save(relative: string, data: Uint8Array): Promise<void> {
    const full = path.join(this.root, relative);
    const dir = path.dirname(full);
    if (!this.made.has(dir)) {
      mkdirSync(dir, { recursive: true });
      this.made.add(dir);
    }
    await writeFile(full, data);
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
