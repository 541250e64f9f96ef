// The notify record: the previous state kept in a file, read and replaced under a lock, so
// two runs on one machine take turns and the second finds the first's events already claimed. (A
// site's published state, the other source, is read by site-state.ts.)
import { randomUUID } from 'node:crypto';
import { closeSync, constants, openSync, rmSync, writeSync } from 'node:fs';
import type { Stats } from 'node:fs';
import { link, mkdir, open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { quote } from '../content/quote.js';
import { fail, StatuspressError } from '../errors/error.js';
import { COMMAND } from '../errors/command.js';
import { STOPPING } from './send.js';
import type { NotifyRecord } from './snapshot.js';
import { parseRecord, RECORD_FORMAT, recordJson } from './snapshot.js';

/** What was found where the previous state should be. */
export type Previous =
  /**
   * `migrated`: the record's format when it was older than this version's (upgraded as read), else
   * null. `audience`: a site's state file's, the audience whose view it is (null: the public's).
   */
  | { kind: 'found'; record: NotifyRecord; migrated?: number | null; audience?: string | null }
  /** Nothing there: a first run. */
  | { kind: 'none' }
  /** The site's state file is of another format (another version of statuspress): counted as none. */
  | { kind: 'other-format' };

/** The largest record read: the URL form's limit, far above a record of SENT_KEPT_MAX sent ids. */
export const MAX_RECORD_BYTES = 64 * 2 ** 20;

/** What a file that is not a regular file is, in words. */
const kindOf = (info: Stats): string =>
  info.isDirectory() ? 'a folder' : info.isFIFO() ? 'a FIFO (named pipe)' : info.isSocket() ? 'a socket' : info.isCharacterDevice() || info.isBlockDevice() ? 'a device' : 'not a regular file';

/**
 * The record in `file`. Only a regular file is read (opened without waiting, so a FIFO is refused at
 * once, never waited on), at most MAX_RECORD_BYTES. Throws `usage/notify-previous-not-record` for
 * anything that is not a record, `usage/notify-record-newer` for a newer version's record, and
 * `notify/previous-unreadable` for a record that is damaged or a file that cannot be read. No
 * message quotes the file.
 */
export async function readRecordFile(file: string): Promise<Previous> {
  const unreadable = (detail: string, cause?: unknown): never => {
    throw fail(COMMAND.notifyPreviousUnreadable, { from: file, detail, file: true }, cause === undefined ? {} : { cause });
  };
  const notRecord = (reason: string): never => {
    throw fail(COMMAND.notifyPreviousNotRecord, { file, reason });
  };
  let handle;
  try {
    handle = await open(file, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'none' };
    return unreadable((error as NodeJS.ErrnoException).code ?? 'unreadable', error);
  }
  let text: string;
  try {
    const info = await handle.stat();
    if (!info.isFile()) return notRecord(`it is ${kindOf(info)}, not a file`);
    if (info.size > MAX_RECORD_BYTES) return notRecord(`it is larger than ${MAX_RECORD_BYTES / 2 ** 20} MiB`);
    // Read to its end, not to the size seen: the file may be growing. One byte past the limit is enough to refuse it.
    // The buffer starts at the size seen and grows as needed: one of the limit's size for every run
    // (a record is kilobytes) kept the garbage collector busier than the rest of the run.
    let buffer = Buffer.alloc(Math.min(MAX_RECORD_BYTES, info.size) + 1);
    let size = 0;
    for (;;) {
      if (size === buffer.length) {
        const grown = Buffer.alloc(Math.min(MAX_RECORD_BYTES + 1, buffer.length * 2));
        buffer.copy(grown, 0, 0, size);
        buffer = grown;
      }
      const { bytesRead } = await handle.read(buffer, size, buffer.length - size, null);
      if (bytesRead === 0) break;
      size += bytesRead;
      if (size > MAX_RECORD_BYTES) return notRecord(`it is larger than ${MAX_RECORD_BYTES / 2 ** 20} MiB`);
    }
    text = buffer.toString('utf8', 0, size);
  } catch (error) {
    if (error instanceof StatuspressError) throw error;
    return unreadable((error as NodeJS.ErrnoException).code ?? 'unreadable', error);
  } finally {
    await handle.close().catch(() => undefined);
  }
  const parsed = parseRecord(text);
  switch (parsed.kind) {
    case 'record':
      return { kind: 'found', record: parsed.record, migrated: parsed.format < RECORD_FORMAT ? parsed.format : null };
    case 'newer':
      throw fail(COMMAND.notifyRecordNewer, { file, format: parsed.format, reads: RECORD_FORMAT });
    case 'damaged':
      return unreadable(`a notify record, but damaged: ${parsed.reason}`);
    case 'not-record':
      return notRecord(parsed.reason);
  }
}

/**
 * Files a run must not leave behind however it ends: the record's lock and a temporary record.
 * Removed by `finally` blocks, and, when SIGINT or SIGTERM stops the process while one is there (or
 * it exits at once), by the handlers below, which then let the signal end the process as it would
 * have (exit code 128 + its number).
 */
const held = new Set<string>();

function removeHeld(): void {
  for (const file of held) rmSync(file, { force: true });
  held.clear();
}

function onSignal(signal: NodeJS.Signals): void {
  removeHeld();
  unlisten();
  // Nothing else listens: end as the signal would have ended the process.
  if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
}

function unlisten(): void {
  listening = false;
  for (const signal of STOPPING) process.removeListener(signal, onSignal);
  process.removeListener('exit', removeHeld);
}

let listening = false;

function listen(): void {
  if (listening) return;
  listening = true;
  for (const signal of STOPPING) process.on(signal, onSignal);
  process.on('exit', removeHeld);
}

function release(file: string): void {
  held.delete(file);
  if (held.size === 0) unlisten();
}

/** Replaces `file` with `record` whole: written beside it, then renamed over it. */
export async function writeRecordFile(file: string, record: NotifyRecord): Promise<void> {
  const temporary = `${file}.${process.pid}-${Math.random().toString(36).slice(2, 8)}.tmp`;
  try {
    await mkdir(path.dirname(path.resolve(file)), { recursive: true });
    listen();
    held.add(temporary);
    const handle = await open(temporary, 'wx');
    try {
      await handle.writeFile(recordJson(record));
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw fail(COMMAND.notifyRecordNotWritten, { file, detail: (error as Error).message }, { cause: error });
  } finally {
    release(temporary);
  }
}

export interface LockOptions {
  /** How long to wait for another run's lock, ms. */
  waitMs: number;
  /** A lock older than this was left by a run that died (a run holds it for milliseconds), ms. */
  staleMs: number;
  /** How long a lock may go without its owner's time before it counts as stale, ms (5 s). */
  graceMs?: number;
  sleep: (ms: number) => Promise<void>;
  /** The clock of the time written in a lock and read back out of one (default: `Date.now`). */
  now?: () => number;
}

export const DEFAULT_LOCK: Omit<LockOptions, 'sleep'> = { waitMs: 30_000, staleMs: 120_000 };

/** Its owner writes its time microseconds after making it: a lock without one for this long never will. */
const UNWRITTEN_GRACE_MS = 5_000;

/**
 * Runs `fn` holding `<file>.lock`, created exclusively: another run waits for it to go (up to
 * `waitMs`, then `notify/record-locked`); a lock older than `staleMs` is removed first.
 */
export async function withLock<T>(file: string, options: LockOptions, fn: () => Promise<T>): Promise<T> {
  const lock = `${file}.lock`;
  const now = options.now ?? Date.now;
  await mkdir(path.dirname(path.resolve(lock)), { recursive: true }).catch(() => undefined);
  const started = performance.now();
  const watched = { text: '', since: performance.now() };
  // Listening the whole time it waits, not only around each try: a signal that arrives while the
  // handlers listen is delivered to them later, and had they been removed by then it would be lost
  // (the run went on waiting, SIGTERM ignored). With nothing held, a handler just ends the process.
  listen();
  let got = false;
  let mine = '';
  try {
    for (let pause = 10; ; pause = Math.min(pause * 2, 200)) {
      // Made synchronously, the handlers listening: a signal is then handled once the lock is in
      // `held`, never between its making and that, which would leave it behind.
      listen(); // again: another run in this process may have stopped listening when it let go
      let made = false;
      try {
        const fd = openSync(lock, 'wx');
        made = true;
        held.add(lock);
        mine = `${process.pid} ${new Date(now()).toISOString()}\n`;
        try {
          writeSync(fd, mine);
        } finally {
          closeSync(fd);
        }
        break;
      } catch (error) {
        // Ours only if this attempt made it: another run in this process may hold the same lock.
        if (made) {
          rmSync(lock, { force: true });
          held.delete(lock);
        }
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
          throw fail(COMMAND.notifyRecordNotWritten, { file: lock, detail: (error as Error).message }, { cause: error });
        }
      }
      const seen = await readAtMostFile(lock, 4096);
      if (seen !== null && lockAge(seen, now(), watched, Math.min(options.staleMs, options.graceMs ?? UNWRITTEN_GRACE_MS)) > options.staleMs) {
        await removeStaleLock(lock, seen);
        continue;
      }
      if (performance.now() - started > options.waitMs) {
        // Whose it is, as its text says (`<pid> <time>`): any file could be there, so escaped and short.
        const owner = await readAtMostFile(lock, 4096);
        throw fail(COMMAND.notifyRecordLocked, { lock, owner: owner === null || owner.trim() === '' ? null : quote(owner.trim(), 100) });
      }
      await options.sleep(pause);
    }
    got = true;
  } finally {
    if (!got && held.size === 0) unlisten();
  }
  try {
    return await fn();
  } finally {
    // Only while it is still ours: had another run taken it over as stale, it is that run's now.
    if ((await readAtMostFile(lock, 4096)) === mine) await rm(lock, { force: true });
    release(lock);
  }
}

/**
 * How old a lock is by the time its owner wrote in it (`<pid> <time>`), never by the file system's
 * times: those come from the kernel's clock, which this process's clock need not agree with (a test
 * under faketime saw every fresh lock as months old). A lock without a time (being written, or no
 * lock of ours: empty after a crash) is stale once this run has seen it unchanged, on its monotonic
 * clock (`watched`), for a few seconds: waiting `staleMs` for it would outlast every run's wait.
 */
function lockAge(text: string, now: number, watched: { text: string; since: number }, graceMs: number): number {
  const at = Date.parse(/^\d+ (\S+)\n/.exec(text)?.[1] ?? '');
  if (Number.isFinite(at)) return Math.abs(now - at);
  if (text !== watched.text) Object.assign(watched, { text, since: performance.now() });
  const seen = performance.now() - watched.since;
  return seen > graceMs ? Infinity : seen;
}

/** The first `max` bytes of a regular file as text; null when it is not one or cannot be read. */
async function readAtMostFile(file: string, max: number): Promise<string | null> {
  const handle = await open(file, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0)).catch(() => null);
  if (handle === null) return null;
  try {
    if (!(await handle.stat()).isFile()) return null;
    const buffer = Buffer.alloc(max);
    const { bytesRead } = await handle.read(buffer, 0, max, 0);
    return buffer.toString('utf8', 0, bytesRead);
  } catch {
    return null;
  } finally {
    await handle.close().catch(() => undefined);
  }
}

/**
 * Removes the stale lock whose text was `seen`. Two runs can find the same stale lock: the second
 * must not remove the fresh lock the first has made meanwhile, so the lock is moved aside first and
 * put back when it is not the one seen.
 */
export async function removeStaleLock(lock: string, seen: string): Promise<void> {
  const aside = `${lock}.${process.pid}-${randomUUID()}`;
  try {
    await rename(lock, aside);
  } catch {
    return; // gone already: another run removed it
  }
  const text = await readAtMostFile(aside, 4096);
  // Another run's fresh lock: back in place, unless a third run has made one in the meantime.
  if (text !== seen) await link(aside, lock).catch(() => undefined);
  await rm(aside, { force: true });
}
