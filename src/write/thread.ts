// The files are written and compressed in a thread of its own, while the calling thread renders.
import { isMainThread, MessageChannel, parentPort, receiveMessageOnPort, Worker, workerData } from 'node:worker_threads';
import type { MessagePort } from 'node:worker_threads';
import { checkedPath, FileWriter } from './files.js';
import type { Bound, Writer, Written } from './files.js';
import { workerFile } from './bundle-file.js';
import type { OutputFile } from './types.js';
// This module bundled as one script, under the tests; null in lib/, where the module is a file already.
import SOURCE_BUNDLE from './thread.ts?source-worker';

/** workerData.role of a write thread. */
export const WRITE_ROLE = 'statuspress-write';

interface WriteData {
  role: typeof WRITE_ROLE;
  root: string;
  /** A port the thread also posts its first failure to, read without waiting each time a batch goes. */
  failures: MessagePort;
}
/** File i is bytes `ends[i-1]..ends[i]` of `bytes` (0 for the first), transferred, not copied. */
type Batch = { paths: string[]; ends: number[]; bytes: ArrayBuffer };
type Failure = { error: string; code?: string; stack?: string };
type FromThread = { done: { files: number; bytes: number } } | Failure;

/** Files per batch, or bytes, whichever comes first: few messages, and the thread starts early. */
const BATCH_FILES = 64;
const BATCH_BYTES = 256 * 1024;

export class ThreadWriter implements Writer {
  private readonly worker: Worker;
  private readonly done: Promise<{ files: number; bytes: number }>;
  private readonly failures: MessagePort;
  private readonly seen = new Set<string>();
  /**
   * The batch being filled, each file encoded into its bytes as it comes: a page's text held until
   * its batch went outlived the young generation, and the old one filled with them.
   */
  private batch = { paths: [] as string[], ends: [] as number[], bytes: Buffer.allocUnsafeSlow(BATCH_BYTES) };
  private given = { files: 0, bytes: 0 };

  /** Starts the thread now, so it has started by the time files come. */
  constructor(root: string, private readonly bound?: Bound) {
    const { port1, port2 } = new MessageChannel();
    this.worker = new Worker(workerFile(import.meta.url, SOURCE_BUNDLE), { workerData: { role: WRITE_ROLE, root, failures: port2 } satisfies WriteData, transferList: [port2] });
    this.failures = port1;
    this.failures.unref();
    this.done = new Promise((resolve, reject) => {
      this.worker.on('message', (message: FromThread) => ('done' in message ? resolve(message.done) : reject(rebuilt(message))));
      this.worker.once('error', reject);
      this.worker.once('exit', (code) => reject(Object.assign(new Error(`the write thread stopped (exit code ${code})`), { code: 'EWRITER' })));
    });
    this.done.catch(() => undefined); // awaited by settle()
  }

  async write(files: Iterable<OutputFile>): Promise<void> {
    for (const { path: file, contents } of files) {
      const relative = checkedPath(file);
      if (this.seen.has(relative)) throw new Error(`internal: output path "${file}" is not a unique relative path`);
      this.seen.add(relative);
      const size = typeof contents === 'string' ? Buffer.byteLength(contents) : contents.byteLength;
      // Measured before it is encoded: a refused file is never posted.
      this.bound?.(++this.given.files, (this.given.bytes += size));
      const used = this.batch.ends.at(-1) ?? 0;
      if (used + size > this.batch.bytes.byteLength) this.flush(Math.max(size, BATCH_BYTES));
      const at = this.batch.ends.at(-1) ?? 0;
      if (typeof contents === 'string') this.batch.bytes.write(contents, at);
      else this.batch.bytes.set(contents, at);
      this.batch.paths.push(relative);
      this.batch.ends.push(at + size);
      if (this.batch.paths.length === BATCH_FILES) this.flush();
    }
  }

  async settle(): Promise<Written> {
    this.flush();
    this.worker.postMessage('end');
    try {
      const { files, bytes } = await this.done;
      return { paths: [...this.seen], files, bytes };
    } finally {
      this.failures.close();
    }
  }

  async stop(): Promise<void> {
    this.failures.close();
    await this.worker.terminate();
  }

  /** Posts the batch, if it holds a file, and starts the next with room for `room` bytes. */
  private flush(room = BATCH_BYTES): void {
    const failed = receiveMessageOnPort(this.failures);
    if (failed) throw rebuilt(failed.message as Failure);
    const { paths, ends, bytes } = this.batch;
    if (paths.length > 0) {
      // Its own buffer (never Buffer's shared pool), so it can be transferred, not copied.
      this.worker.postMessage({ paths, ends, bytes: bytes.buffer as ArrayBuffer } satisfies Batch, [bytes.buffer as ArrayBuffer]);
    }
    this.batch = { paths: [], ends: [], bytes: paths.length > 0 || room > bytes.byteLength ? Buffer.allocUnsafeSlow(room) : bytes };
  }
}

/** The write thread's work: the batches it is given written with a FileWriter, until 'end'. */
function serveWrites(port: MessagePort, { root, failures }: WriteData): void {
  const writer = new FileWriter(root);
  let failed = false;
  port.on('message', (message: Batch | 'end') => {
    if (failed) return;
    try {
      if (message !== 'end') {
        const all = Buffer.from(message.bytes);
        return message.paths.forEach((relative, i) => writer.withCopies(relative, all.subarray(i === 0 ? 0 : message.ends[i - 1], message.ends[i])));
      }
      port.postMessage({ done: { files: writer.files, bytes: writer.bytes } } satisfies FromThread);
      port.close();
    } catch (caught) {
      failed = true;
      const error = caught as NodeJS.ErrnoException;
      const failure: Failure = { error: error.message, ...(error.code ? { code: error.code } : {}), ...(error.stack ? { stack: error.stack } : {}) };
      failures.postMessage(failure);
      port.postMessage(failure satisfies FromThread);
    }
  });
}

/** The thread's error as this thread would have had it: its message, its code (ENOSPC ...) and its stack. */
function rebuilt({ error, code, stack }: Failure): Error {
  return Object.assign(new Error(error), code === undefined ? {} : { code }, stack === undefined ? {} : { stack });
}

/**
 * A writer into `root`: with `thread`, a write thread when the system gives one (not in a container
 * out of them), else one in this thread.
 */
export function openWriter(root: string, { thread = false, bound }: { thread?: boolean; bound?: Bound } = {}): Writer {
  if (thread) {
    try {
      return new ThreadWriter(root, bound);
    } catch {
      // EAGAIN and the like: written here
    }
  }
  return new FileWriter(root, bound);
}

if (!isMainThread && (workerData as { role?: unknown } | null)?.role === WRITE_ROLE) serveWrites(parentPort!, workerData as WriteData);
