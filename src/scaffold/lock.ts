// One lock per content folder for the commands that write content (`new`, `update`, `resolve`), held
// from reading the content to renaming the new file into place. Two people (or a person and a bot)
// posting at once then take turns: each reads what the other wrote, so neither update is lost and
// no two notices get the same id.
//
// The lock is a hidden file in the content folder (`.statuspress.lock`; hidden files are never read as
// content), created with O_EXCL, holding the owner's pid, host and a random token. A run that finds it
// waits, a bounded time, then fails loudly. A lock whose owner is gone (a run killed with SIGKILL, a
// crashed machine's file left behind) is taken over: under a second, short-lived exclusive file (the
// breaker), the taker re-reads the lock and removes it only if it is still the same dead owner's, so
// two takers never both take it, and a live owner's lock is never removed.
import { randomBytes } from 'node:crypto';
import { lstat, open, readFile, rm } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fail } from '../errors.js';
import { COMMAND } from '../errors/command.js';

export const LOCK_FILE = '.statuspress.lock';

/** How long a command waits for another to finish before giving up. */
export const DEFAULT_LOCK_WAIT_MS = 30_000;

/** A lock file without its owner written yet is given this long before it counts as abandoned. */
const UNWRITTEN_GRACE_MS = 5_000;

/**
 * A lock this old is abandoned whoever wrote it: an authoring command holds it for seconds at most,
 * and another machine's owner (a shared folder, a lock committed by mistake) cannot be asked.
 */
export const ABANDONED_AFTER_MS = 5 * 60_000;

interface Owner {
  pid: number;
  host: string;
  token: string;
}

export interface LockOptions {
  /** The longest wait for another command, in ms (default 30 s). */
  waitMs?: number;
}

/** Runs `task` holding the content folder's lock; the lock is released however `task` ends. */
export async function withContentLock<T>(contentDir: string, task: () => Promise<T>, options: LockOptions = {}): Promise<T> {
  const release = await acquire(contentDir, options.waitMs ?? DEFAULT_LOCK_WAIT_MS);
  try {
    return await task();
  } finally {
    await release();
  }
}

async function acquire(contentDir: string, waitMs: number): Promise<() => Promise<void>> {
  const file = path.join(contentDir, LOCK_FILE);
  const me: Owner = { pid: process.pid, host: hostname(), token: randomBytes(8).toString('hex') };
  const deadline = Date.now() + waitMs;
  let pause = 10;
  let holder: Owner | null = null;
  for (;;) {
    if (await create(file, me)) {
      return async () => {
        // Only our own lock: never one a taker put in its place after deciding ours was dead.
        if (sameOwner(await readOwner(file), me)) await rm(file, { force: true });
      };
    }
    await mustBeLockFile(file);
    holder = await readOwner(file);
    if (await abandoned(file, holder)) await takeOver(file, holder);
    else if (Date.now() >= deadline) throw fail(COMMAND.contentLocked, { lock: file, owner: describeOwner(holder), seconds: Math.round(waitMs / 1000) });
    else {
      await sleep(pause + Math.floor(Math.random() * pause));
      pause = Math.min(pause * 2, 200);
    }
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

/** The owner a lock file names; null when it is gone, unreadable or not (yet) written. */
async function readOwner(file: string): Promise<Owner | null> {
  const text = await readFile(file, 'utf8').catch(() => null);
  if (text === null) return null;
  try {
    const value = JSON.parse(text) as Partial<Owner>;
    if (typeof value.pid === 'number' && typeof value.host === 'string' && typeof value.token === 'string') {
      return { pid: value.pid, host: value.host, token: value.token };
    }
  } catch {
    // Being written, or not a lock of ours: judged by its age below.
  }
  return null;
}

const sameOwner = (a: Owner | null, b: Owner | null): boolean => a !== null && b !== null && a.token === b.token && a.pid === b.pid;

/**
 * Whether the lock's owner is gone: a process of this machine that no longer runs, a file never
 * written (or not a lock's text) that has aged, or any lock older than ABANDONED_AFTER_MS. Age is
 * the distance from now either way: a file dated in the future (a clock skewed, a `touch`) ages too.
 */
async function abandoned(file: string, owner: Owner | null): Promise<boolean> {
  const info = await lstat(file).catch(() => null);
  if (info === null) return false; // gone meanwhile: the next try creates it
  const age = Math.abs(Date.now() - info.mtimeMs);
  if (owner === null) return age > UNWRITTEN_GRACE_MS;
  if (age > ABANDONED_AFTER_MS) return true;
  // Another machine's process (a shared folder) cannot be asked: it is waited for, until it has aged.
  if (owner.host !== hostname()) return false;
  return !running(owner.pid);
}

/** A lock is a regular file statuspress wrote; a folder or a link in its place is refused, never removed. */
async function mustBeLockFile(file: string): Promise<void> {
  const info = await lstat(file).catch(() => null);
  if (info !== null && !info.isFile()) throw fail(COMMAND.contentLockForeign, { lock: file, kind: info.isDirectory() ? 'a folder' : info.isSymbolicLink() ? 'a link' : 'not a file' });
}

function running(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'; // alive, someone else's
  }
}

/** Removes an abandoned lock, if it is still the one judged abandoned, under the breaker file. */
async function takeOver(file: string, judged: Owner | null): Promise<void> {
  const breaker = `${file}.breaker`;
  const me: Owner = { pid: process.pid, host: hostname(), token: randomBytes(8).toString('hex') };
  if (!(await create(breaker, me))) {
    // Another run is taking it over; a breaker left by a run killed meanwhile is cleared the same way.
    const other = await readOwner(breaker);
    if (await abandoned(breaker, other)) {
      const still = await readOwner(breaker);
      if (other === null ? still === null : sameOwner(still, other)) await rm(breaker, { force: true });
    } else {
      await sleep(5);
    }
    return;
  }
  try {
    const now = await readOwner(file);
    const unchanged = judged === null ? now === null : sameOwner(now, judged);
    if (unchanged && (await abandoned(file, now))) await rm(file, { force: true });
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
