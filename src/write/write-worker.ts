// The write thread: writes the files of the batches it is given, and the .gz/.br copies of those that
// warrant them, by the same rules as FileWriter (compress.ts). Started by ThreadWriter (thread.ts)
// from this module bundled as one script (`./write-worker.ts?worker`), so it loads in a few
// milliseconds from src/ under the tests and from lib/ alike: it needs Node's built-ins, compress.ts,
// and for the dates it writes ahead while it waits for files, i18n/dates.ts.
import { parentPort, workerData } from 'node:worker_threads';
import type { MessagePort } from 'node:worker_threads';
import { datesBuffers } from '../i18n/dates.js';
import { writeDatesAhead } from '../render/site/dates-ahead.js';
import type { DatesToWrite } from '../render/site/dates-ahead.js';
import { FolderFiles } from './folder-files.js';
import type { Batch, DatesAhead, FromWriteThread, ToWriteThread, WriteFailure, WriteThreadData } from './thread-messages.js';

/** Writes batches into `root`: the thread's work, apart from its messages. */
export class BatchWriter {
  private readonly folder: FolderFiles;

  constructor(root: string) {
    this.folder = new FolderFiles(root);
  }

  get files(): number {
    return this.folder.files;
  }

  get bytes(): number {
    return this.folder.bytes;
  }

  write(batch: Batch): void {
    const all = Buffer.from(batch.bytes);
    batch.paths.forEach((relative, i) => this.folder.writeWithCopies(relative, all.subarray(i === 0 ? 0 : batch.ends[i - 1], batch.ends[i])));
  }
}

if (parentPort && (workerData as Partial<WriteThreadData> | null)?.failures) {
  const { root, failures, dates } = workerData as WriteThreadData;
  const port = parentPort;
  const writer = new BatchWriter(root);
  let failed = false;
  port.on('message', (message: ToWriteThread) => {
    if (failed) return;
    if (typeof message === 'object' && 'ahead' in message) return aheadOf(message.ahead, dates);
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
  warmIntl();
}

/** Writes the dates ahead and posts them to `to`: only ever a head start, so what fails posts none (the build's thread writes them itself). */
function aheadOf(texts: DatesToWrite, to: MessagePort): void {
  let written: DatesAhead = [];
  try {
    written = writeDatesAhead(texts);
  } catch {
    // None.
  }
  to.postMessage(written, written.flatMap(datesBuffers));
}

/**
 * ICU loads its data for the whole process when the first Intl object of each kind is made in it,
 * whatever its language and zone: 20–60 ms for the first date formatter, 5–8 ms for the first
 * number and list formatters, 3 ms for the first range of dates. Made here, while this thread waits
 * for the content to be read, so that the build's thread, whose time is the build's, finds the data
 * loaded when its pages write their first dates and numbers (1–2 ms then, in any language).
 */
function warmIntl(): void {
  try {
    const dates = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
    dates.format(0);
    dates.formatRange(0, 3_600_000);
    new Intl.NumberFormat('en').format(0);
    new Intl.ListFormat('en', { type: 'unit', style: 'short' }).format(['a', 'b']);
  } catch {
    // Only ever a head start: a Node whose Intl lacks one of them says so where the build uses it.
  }
}
