// The write thread: writes the files of the batches it is given, and the .gz/.br copies of those that
// warrant them, by the same rules as FileWriter (compress.ts). Started by ThreadWriter (thread.ts)
// from this module bundled as one script (`./write-worker.ts?worker`), so it loads in a few
// milliseconds from src/ under the tests and from lib/ alike: it needs Node's built-ins and compress.ts only.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { compressPair, warrantsCopies } from './compress.js';
import type { Batch, FromWriteThread, ToWriteThread, WriteFailure, WriteThreadData } from './thread-messages.js';

/** Writes batches into `root`: the thread's work, apart from its messages. */
export class BatchWriter {
  private readonly made = new Set<string>();
  files = 0;
  bytes = 0;

  constructor(private readonly root: string) {}

  write(batch: Batch): void {
    const all = Buffer.from(batch.bytes);
    batch.paths.forEach((relative, i) => {
      const data = all.subarray(i === 0 ? 0 : batch.ends[i - 1], batch.ends[i]);
      this.save(relative, data);
      if (!warrantsCopies(relative, data.byteLength)) return;
      const [gzip, br] = compressPair(data);
      this.save(`${relative}.gz`, gzip);
      this.save(`${relative}.br`, br);
    });
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

if (parentPort && (workerData as Partial<WriteThreadData> | null)?.failures) {
  const { root, failures } = workerData as WriteThreadData;
  const port = parentPort;
  const writer = new BatchWriter(root);
  let failed = false;
  port.on('message', (message: ToWriteThread) => {
    if (failed) return;
    try {
      if (message !== 'end') return writer.write(message);
      port.postMessage({ done: { files: writer.files, bytes: writer.bytes } } satisfies FromWriteThread);
      port.close();
    } catch (caught) {
      failed = true;
      const error = caught as NodeJS.ErrnoException;
      const failure: WriteFailure = { error: error.message, ...(error.code ? { code: error.code } : {}), ...(error.stack ? { stack: error.stack } : {}) };
      failures.postMessage(failure);
      port.postMessage(failure satisfies FromWriteThread);
    }
  });
}
