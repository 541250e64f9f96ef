// One lock per content folder for the commands that write content (`new`, `update`, `resolve`), held
// from reading the content to renaming the new file into place. Two people (or a person and a bot)
// posting at once then take turns: each reads what the other wrote, so neither update is lost and
// no two notices get the same id.
//
// The lock is a hidden file in the content folder (`.statuspress.lock`; hidden files are never read as
// content), created with O_EXCL, holding the owner's pid, host, a random token and the time it was
// taken. A run that finds it waits, a bounded time, then fails loudly. A lock whose owner is gone (a
// run killed with SIGKILL, a crashed machine's file left behind) is taken over: under a second,
// short-lived exclusive file (the breaker), the taker re-reads the lock and removes it only if it is
// still the same dead owner's, so two takers never both take it. A live owner's lock is removed only
// once it is five minutes old by its owner's word (a command holds it for seconds).
// Locks written before their time was (`{pid, host, token}`) are judged by their owner alone.
//
// A lock's age is read from what its owner wrote in it, never from the file system's times: those come
// from the kernel's clock, which the process's own clock need not agree with (another machine sharing
// the folder, a test under faketime), and compared with it a lock taken a moment ago looked months old.
import { randomBytes } from 'node:crypto';
import { lstat, open, readFile, rm } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fail } from '../errors/error.js';
import { COMMAND } from '../errors/command.js';
import { alive } from '../util/alive.js';

export const LOCK_FILE = '.statuspress.lock';

/** How long a command waits for another to finish before giving up. */
export const DEFAULT_LOCK_WAIT_MS = 30_000;

/**
 * A lock file without its owner written yet (or holding text that is no lock) counts as abandoned
 * once this run has seen it so, unchanged, for this long.
 */
export const UNWRITTEN_GRACE_MS = 5_000;

/**
 * A lock this old is abandoned whoever wrote it: an authoring command holds it for seconds at most,
 * and another machine's owner (a shared folder, a lock committed by mistake) cannot be asked.
 */
export const ABANDONED_AFTER_MS = 5 * 60_000;

interface Owner {
  pid: number;
  host: string;
  token: string;
  /** When the owner took the lock, epoch ms by its clock; null in a lock written before the time was. */
  at: number | null;
}

export interface LockOptions {
  /** The longest wait for another command, in ms (default 30 s). */
  waitMs?: number;
  /** How long a lock without an owner in it is waited for before it is taken over (default 5 s). */
  graceMs?: number;
}

/** Runs `task` holding the content folder's lock; the lock is released however `task` ends. */
export async function withContentLock<T>(contentDir: string, task: () => Promise<T>, options: LockOptions = {}): Promise<T> {
  const release = await acquire(contentDir, options.waitMs ?? DEFAULT_LOCK_WAIT_MS, options.graceMs ?? UNWRITTEN_GRACE_MS);
  try {
    return await task();
  } finally {
    await release();
  }
}

async function acquire(contentDir: string, waitMs: number, graceMs: number): Promise<() => Promise<void>> {
  const file = path.join(contentDir, LOCK_FILE);
  const deadline = performance.now() + waitMs;
  // Watched apart: the lock, and the breaker of a run taking it over.
  const unwritten = { lock: new Unwritten(graceMs), breaker: new Unwritten(graceMs) };
  let pause = 10;
  let holder: Owner | null = null;
  for (;;) {
    const me = newOwner();
    if (await create(file, me)) {
      return async () => {
        // Only our own lock: never one a taker put in its place after deciding ours was dead.
        if (sameOwner((await readLock(file))?.owner ?? null, me)) await rm(file, { force: true });
      };
    }
    await mustBeLockFile(file);
    const seen = await readLock(file);
    holder = seen?.owner ?? null;
    if (seen !== null && abandoned(seen, unwritten.lock)) {
      await takeOver(file, seen, unwritten);
      // A taker that stays (another run's breaker, alive) must not keep this run past its wait.
      if (performance.now() < deadline || (await readLock(file)) === null) continue;
    }
    if (performance.now() >= deadline) throw fail(COMMAND.contentLocked, { lock: file, owner: describeOwner(holder), seconds: Math.round(waitMs / 1000) });
    await sleep(pause + Math.floor(Math.random() * pause));
    pause = Math.min(pause * 2, 200);
  }
}

/** Creates the lock file with `owner` in it; false when it exists. Other failures (a read-only folder) are errors. */
async function create(file: string, owner: Owner): Promise<boolean> {
  let handle;
  try {
    handle = await open(file, 'wx', 0o644);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw fail(COMMAND.noContentFolder, { dir: path.dirname(file) });
    throw fail(COMMAND.editWriteFailed, { target: file, detail: (error as Error).message }, { cause: error });
  }
  try {
    await handle.writeFile(JSON.stringify(owner));
  } finally {
    await handle.close();
  }
  return true;
}

const newOwner = (): Owner => ({ pid: process.pid, host: hostname(), token: randomBytes(8).toString('hex'), at: Date.now() });

/** A lock file as read: its text, and the owner it names (null when not, or not yet, written as a lock). */
interface SeenLock {
  text: string;
  owner: Owner | null;
}

/** The lock file as it is now; null when it is gone or unreadable. */
async function readLock(file: string): Promise<SeenLock | null> {
  const text = await readFile(file, 'utf8').catch(() => null);
  if (text === null) return null;
  return { text, owner: ownerIn(text) };
}

function ownerIn(text: string): Owner | null {
  try {
    const value = JSON.parse(text) as Partial<Owner>;
    if (typeof value.pid === 'number' && typeof value.host === 'string' && typeof value.token === 'string') {
      if (value.at === undefined) return { pid: value.pid, host: value.host, token: value.token, at: null };
      if (typeof value.at === 'number' && Number.isFinite(value.at)) return { pid: value.pid, host: value.host, token: value.token, at: value.at };
    }
  } catch {
    // Being written, or not a lock of ours: waited for a while (Unwritten).
  }
  return null;
}

const sameOwner = (a: Owner | null, b: Owner | null): boolean => a !== null && b !== null && a.token === b.token && a.pid === b.pid;

/**
 * How long this run has seen a lock file without an owner in it, unchanged: the file's own times
 * cannot say (see the top of this file), so the run watches it on its monotonic clock.
 */
class Unwritten {
  private text: string | null = null;
  private since = 0;
  constructor(private readonly graceMs: number) {}

  /** Whether `text` has been seen, unchanged, for longer than the grace. */
  aged(text: string): boolean {
    if (text !== this.text) {
      this.text = text;
      this.since = performance.now();
    }
    return performance.now() - this.since > this.graceMs;
  }
}

/**
 * Whether the lock's owner is gone: a process of this machine that no longer runs, a file never
 * written as a lock that this run has watched for the grace, or any lock taken more than
 * ABANDONED_AFTER_MS ago by its owner's word. Age is the distance from now either way: a lock dated
 * in the future (a clock skewed) ages too.
 */
function abandoned(seen: SeenLock, unwritten: Unwritten): boolean {
  const { owner } = seen;
  if (owner === null) return unwritten.aged(seen.text);
  if (owner.at !== null && Math.abs(Date.now() - owner.at) > ABANDONED_AFTER_MS) return true;
  // Another machine's process (a shared folder) cannot be asked: it is waited for, until it has aged.
  if (owner.host !== hostname()) return false;
  return !running(owner.pid);
}

/** A lock is a regular file statuspress wrote; a folder or a link in its place is refused, never removed. */
async function mustBeLockFile(file: string): Promise<void> {
  const info = await lstat(file).catch(() => null);
  if (info !== null && !info.isFile()) throw fail(COMMAND.contentLockForeign, { lock: file, kind: info.isDirectory() ? 'a folder' : info.isSymbolicLink() ? 'a link' : 'not a file' });
}

const running = (pid: number): boolean => pid === process.pid || alive(pid);

/** Removes an abandoned lock, if it is still the one judged abandoned, under the breaker file. */
async function takeOver(file: string, judged: SeenLock, unwritten: { lock: Unwritten; breaker: Unwritten }): Promise<void> {
  const breaker = `${file}.breaker`;
  if (!(await create(breaker, newOwner()))) {
    // Another run is taking it over; a breaker left by a run killed meanwhile is cleared the same way.
    const other = await readLock(breaker);
    if (other !== null && abandoned(other, unwritten.breaker)) {
      const still = await readLock(breaker);
      if (still !== null && still.text === other.text) await rm(breaker, { force: true });
    } else {
      await sleep(5);
    }
    return;
  }
  try {
    const now = await readLock(file);
    const unchanged = now !== null && (judged.owner === null ? now.text === judged.text : sameOwner(now.owner, judged.owner));
    if (unchanged && abandoned(now, unwritten.lock)) await rm(file, { force: true });
  } finally {
    await rm(breaker, { force: true });
  }
}

/** The owner as printed: its pid, and its host when it is another machine's and named plainly (the file may hold anything). */
function describeOwner(owner: Owner | null): string {
  if (owner === null) return 'another command';
  if (owner.host === hostname()) return `process ${owner.pid}`;
  return /^[A-Za-z0-9.-]{1,64}$/.test(owner.host) ? `process ${owner.pid} on ${owner.host}` : `process ${owner.pid} on another machine`;
}
