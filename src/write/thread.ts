// A writer that hands the files to a thread of its own, which writes them and their compressed
// copies while the calling thread renders. Files go in batches: their bytes encoded into one buffer
// that is transferred, not copied (cloning 30 MB of strings took the main thread 0.4 s).
//
// The thread runs write-worker.ts, an ordinary module, bundled into one script when statuspress is
// built (and when the tests load this file): see the `?worker` import below and scripts/site-modules.js.
import { MessageChannel, receiveMessageOnPort, Worker } from 'node:worker_threads';
import type { MessagePort } from 'node:worker_threads';
import type { OutputFile } from '../render/types.js';
import { checkedPath } from './files.js';
import type { Bound, Writer, Written } from './files.js';
import type { DatesWritten } from '../i18n/dates.js';
import type { DatesToWrite } from '../render/site/dates-ahead.js';
import type { Batch, DatesAhead, FromWriteThread, ToWriteThread, WriteFailure, WriteThreadData } from './thread-messages.js';
import WRITE_WORKER from './write-worker.ts?worker';

/** Files per batch: large enough that posting costs little, small enough that the thread starts early. */
const BATCH_FILES = 64;
/**
 * Characters per batch, whichever comes first: a batch's strings stay alive until it is posted, and
 * 64 API list pages (25 KB each on 40,000 notices) lived long enough to be copied into the old
 * generation, where they piled up as garbage until the next full collection.
 */
const BATCH_CHARS = 128 * 1024;

/**
 * The thread's young generation, in MB: where V8 starts one (three times its first semi-space of
 * 1 MB), kept from growing. The dates the thread writes ahead (10,000 texts at once on 2,000
 * notices) grew it to V8's largest, and a young generation that large is cycled through page by page
 * while the files are written and compressed after it: twice the page faults, and 0.15 s more of
 * the thread's CPU, which on two cores the build's thread waited for (11 alternated builds each:
 * 1.58 s against 1.52 s of wall time). The thread's own objects are small and short-lived (its
 * files' bytes live outside V8's heap): it needs no more.
 */
const YOUNG_GENERATION_MB = 3;

export class ThreadWriter implements Writer {
  private readonly worker: Worker;
  private readonly done: Promise<{ files: number; bytes: number }>;
  /** The thread's first failure, read without waiting each time a batch goes: the build stops there, not at the end. */
  private readonly failures: MessagePort;
  /** Where the dates it writes ahead come back. */
  private readonly dates: MessagePort;
  private readonly seen = new Set<string>();
  private readonly paths: string[] = [];
  private batch: OutputFile[] = [];
  private batchChars = 0;
  private failure: Error | null = null;
  private bound: Bound | null = null;
  private files = 0;
  private bytes = 0;

  /** Starts the thread now, so it has started by the time files come. */
  constructor(root: string) {
    const { port1, port2 } = new MessageChannel();
    const dates = new MessageChannel();
    const data: WriteThreadData = { root, failures: port2, dates: dates.port2 };
    this.worker = new Worker(WRITE_WORKER, { eval: true, workerData: data, transferList: [port2, dates.port2], resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB } });
    this.failures = port1;
    this.failures.unref();
    this.dates = dates.port1;
    this.dates.unref();
    this.done = new Promise((resolve, reject) => {
      this.worker.on('message', (message: FromWriteThread) => ('done' in message ? resolve(message.done) : reject(rebuilt(message))));
      this.worker.once('error', reject);
      this.worker.once('exit', (code) => reject(Object.assign(new Error(`the write thread stopped (exit code ${code})`), { code: 'EWRITER' })));
    });
    // Awaited by settle(); a failure before then must not be an unhandled rejection.
    this.done.catch(() => undefined);
  }

  put(file: OutputFile): void {
    const relative = checkedPath(file.path);
    if (this.seen.has(relative)) throw new Error(`internal: output path "${file.path}" is not a unique relative path`);
    this.seen.add(relative);
    this.paths.push(relative);
    this.batch.push(file);
    this.batchChars += file.contents.length;
    if (this.batch.length === BATCH_FILES || this.batchChars >= BATCH_CHARS) this.flush();
  }

  limit(bound: Bound): void {
    this.bound = bound;
  }

  ahead(texts: DatesToWrite): void {
    this.worker.postMessage({ ahead: texts } satisfies ToWriteThread);
  }

  datesWritten(): DatesWritten[] {
    return (receiveMessageOnPort(this.dates)?.message as DatesAhead | undefined) ?? [];
  }

  async settle(): Promise<Written> {
    this.flush();
    this.worker.postMessage('end' satisfies ToWriteThread);
    try {
      const { files, bytes } = await this.done;
      return { paths: this.paths, files, bytes };
    } finally {
      this.failures.close();
      this.dates.close();
    }
  }

  async stop(): Promise<void> {
    this.failures.close();
    this.dates.close();
    await this.worker.terminate();
  }

  private flush(): void {
    const files = this.batch;
    this.batch = [];
    this.batchChars = 0;
    const failed = this.failure === null ? receiveMessageOnPort(this.failures) : undefined;
    if (failed) this.failure = rebuilt(failed.message as WriteFailure);
    if (this.failure) throw this.failure;
    if (files.length === 0) return;
    const batch = encodeBatch(files);
    // Measured as encoded: a refused file is never posted, nor anything after it.
    if (this.bound) for (const end of batch.ends) this.bound(++this.files, this.bytes + end);
    this.bytes += batch.ends.at(-1)!;
    this.worker.postMessage(batch satisfies ToWriteThread, [batch.bytes]);
  }
}

/** The thread's error as this thread would have had it: its message, its code (ENOSPC ...) and its stack. */
function rebuilt({ error, code, stack }: WriteFailure): Error {
  return Object.assign(new Error(error), code === undefined ? {} : { code }, stack === undefined ? {} : { stack });
}

/** The files as one batch, encoded straight into one buffer of its own (never Buffer's shared pool, so it can be transferred). */
function encodeBatch(files: readonly OutputFile[]): Batch {
  const ends: number[] = [];
  let end = 0;
  for (const { contents } of files) ends.push((end += typeof contents === 'string' ? Buffer.byteLength(contents) : contents.byteLength));
  const bytes = Buffer.allocUnsafeSlow(end);
  files.forEach(({ contents }, i) => {
    const at = i === 0 ? 0 : ends[i - 1]!;
    if (typeof contents === 'string') bytes.write(contents, at);
    else bytes.set(contents, at);
  });
  return { paths: files.map((f) => f.path), ends, bytes: bytes.buffer as ArrayBuffer };
}
