// Writing one file into a build's folder with its .gz/.br copies when it warrants them (compress.ts),
// each folder made once, counting what is on disk. Shared by the main thread's FileWriter (files.ts)
// and the write thread (write-worker.ts): it needs Node's built-ins and compress.ts only, so the
// thread's bundle stays small.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { compressPair, warrantsCopies } from './compress.js';

export class FolderFiles {
  private readonly made = new Set<string>();
  /** Files and bytes on disk, copies included. */
  files = 0;
  bytes = 0;

  constructor(private readonly root: string) {}

  /** Writes `data` at `relative` (checked by the caller), and its .gz/.br copies when it warrants them. */
  writeWithCopies(relative: string, data: Uint8Array): void {
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
