// What the write thread (write-worker.ts) and its writer in the calling thread (thread.ts) say to each other.
import type { MessagePort } from 'node:worker_threads';
import type { DatesWritten } from '../i18n/dates.js';
import type { DatesToWrite } from '../render/site/dates-ahead.js';

/** What the write thread is started with (workerData). */
export interface WriteThreadData {
  /** The build's folder, which every path is relative to. */
  root: string;
  /** A port the thread also posts its first failure to, which the writer reads without waiting. */
  failures: MessagePort;
  /** A port the thread posts the dates it wrote ahead to (DatesAhead), which the writer reads without waiting. */
  dates: MessagePort;
}

/** The dates the thread wrote ahead, each language's (render/site/dates-ahead.ts); none when it could not. */
export type DatesAhead = DatesWritten[];

/** Files to write: file i is bytes `ends[i-1]..ends[i]` of `bytes` (0 for the first), transferred, not copied. */
export interface Batch {
  paths: string[];
  ends: number[];
  bytes: ArrayBuffer;
}

/**
 * To the thread: the dates to write ahead (before any file: the thread is idle while the content is
 * validated), a batch of files, then 'end' once all are given.
 */
export type ToWriteThread = { ahead: DatesToWrite } | Batch | 'end';

/** A failure to write, as the thread had it. */
export interface WriteFailure {
  error: string;
  code?: string;
  stack?: string;
}

/** From the thread: what it wrote once it was given 'end', or its first failure (after which it writes nothing). */
export type FromWriteThread = { done: { files: number; bytes: number } } | WriteFailure;
