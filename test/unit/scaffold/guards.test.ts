// What keeps an author in a hurry from a silent mistake: an update dated before published ones
// (--backdate), an update to a notice nobody has touched for a day (--reopen), a file the build
// would refuse, and the content folder's lock.
import { spawn } from 'node:child_process';
import { mkdir, readFile, stat, symlink, utimes, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { readContent } from '../../../src/content/index.js';
import { StatuspressError } from '../../../src/errors/error.js';
import { newNotice } from '../../../src/scaffold/new.js';
import { ABANDONED_AFTER_MS, LOCK_FILE, withContentLock } from '../../../src/scaffold/lock.js';
import { resolveNotice, updateNotice } from '../../../src/scaffold/update.js';
import { refusal, snapshot, tempDir } from './helpers.js';

const T = (iso: string): number => Date.parse(iso);
const NOW = T('2026-11-21T00:00:00Z');
const SITE = 'name: Acme Status\nurl: https://status.acme.com\ncreated_at: 2024-01-01T00:00:00Z\n';
const INCIDENT =
  'id: 42\ntype: unplanned\nsubject: Elevated error rates\nupdates:\n  - at: 2026-11-20T23:40:00Z\n    state: identified\n    content: Found it.\n  - at: 2026-11-20T23:05:00Z\n    state: investigating\n    content: Looking.\n';
const WELCOME = 'id: 1\ntype: general\nsubject: Welcome to our status page\nupdates:\n  - at: 2026-11-18T09:00:00Z\n    content: Hello.\n';
const MAINTENANCE =
  'id: 7\ntype: planned\nsubject: Database upgrade\nbegins_at: 2026-12-01T02:00:00Z\nends_at: 2026-12-01T04:00:00Z\nupdates:\n  - at: 2026-11-10T09:00:00Z\n    state: scheduled\n    content: Planned.\n';

async function contentWith(notices: Record<string, string>): Promise<string> {
  const dir = path.join(await tempDir(), 'content');
  await mkdir(path.join(dir, 'notices'), { recursive: true });
  await mkdir(path.join(dir, 'components'));
  await writeFile(path.join(dir, 'site.yaml'), SITE);
  for (const [file, text] of Object.entries(notices)) await writeFile(path.join(dir, 'notices', file), text);
  return dir;
}

describe('update ids and --backdate', () => {
  it('gives the appended update the next rank in a file written newest first', async () => {
    const dir = await contentWith({ '42.yaml': INCIDENT });
    const changed = await updateNotice(dir, 42, { state: 'resolved', content: 'Fixed.', now: NOW });
    expect(changed.update).toEqual({ id: 42003, state: 'resolved' });
  });

  it('adds the update at the top of a file written newest first, so the file keeps its order', async () => {
    const dir = await contentWith({ '42.yaml': INCIDENT });
    const changed = await updateNotice(dir, 42, { state: 'resolved', content: 'Fixed.', now: NOW });
    expect(changed.update).toEqual({ id: 42003, state: 'resolved' });
    const text = await readFile(path.join(dir, 'notices/42.yaml'), 'utf8');
    expect(text).toBe(INCIDENT.replace('updates:\n', 'updates:\n  - at: 2026-11-21T00:00:00Z\n    state: resolved\n    content: Fixed.\n'));
    // No note that statuspress 0.1 numbered it otherwise: the file is newest first throughout.
    expect(changed.notes).toEqual([]);
    // At the same moment as the newest, it goes at the end (it ranks after it there).
    const same = await updateNotice(dir, 42, { state: 'resolved', content: 'Same second.', now: NOW });
    expect(same.update?.id).toBe(42004);
    expect((await readFile(path.join(dir, 'notices/42.yaml'), 'utf8')).trimEnd().endsWith('content: Same second.')).toBe(true);
  });

  it('refuses an --at before the latest published update unless --backdate, naming both times', async () => {
    const dir = await contentWith({ '42.yaml': INCIDENT });
    const before = await snapshot(dir);
    const error = await refusal(updateNotice(dir, 42, { state: 'identified', content: 'Earlier note.', at: '2026-11-20T23:30:00Z', now: NOW }));
    expect(error.code).toBe('usage/backdate-needed');
    expect(error.exitCode).toBe(2);
    expect(error.message).toContain('2026-11-20T23:30:00Z');
    expect(error.message).toContain('2026-11-20T23:40:00Z');
    expect(error.hint).toContain('--backdate');
    expect(await snapshot(dir)).toEqual(before);
    // resolve --at is the same rule.
    expect((await refusal(resolveNotice(dir, 42, { at: '2026-11-20T23:00:00Z', now: NOW }))).code).toBe('usage/backdate-needed');

    const changed = await updateNotice(dir, 42, { state: 'identified', content: 'Earlier note.', at: '2026-11-20T23:30:00Z', now: NOW, backdate: true });
    // Ranked between the two: the identified update of 23:40 is renumbered to 42003.
    expect(changed.update).toEqual({ id: 42002, state: 'identified' });
  });

  it('accepts an --at equal to the latest, or before an update still withheld', async () => {
    const dir = await contentWith({ '42.yaml': INCIDENT.replace('2026-11-20T23:40:00Z', '2026-11-21T06:00:00Z') });
    // The 06:00 update is not published as of NOW: nothing published is renumbered.
    const changed = await updateNotice(dir, 42, { state: 'identified', content: 'Found it.', at: '2026-11-20T23:50:00Z', now: NOW });
    expect(changed.update?.id).toBe(42002);
    const same = await updateNotice(dir, 42, { state: 'identified', content: 'Same moment.', at: '2026-11-20T23:50:00Z', now: NOW });
    expect(same.update?.id).toBe(42003);
  });
});

describe('a stale notice needs --reopen', () => {
  it('refuses a message to an announcement last updated three days ago, naming it, and writes nothing', async () => {
    const dir = await contentWith({ '1.yaml': WELCOME });
    const before = await snapshot(dir);
    const error = await refusal(updateNotice(dir, 1, { content: 'Rolling back the gateway', now: NOW }));
    expect(error.code).toBe('usage/stale-notice');
    expect(error.message).toBe('Notice 1 ("Welcome to our status page") was last updated 2 days ago; nothing was written');
    expect(error.hint).toContain('--reopen');
    expect(await snapshot(dir)).toEqual(before);
    const changed = await updateNotice(dir, 1, { content: 'More news.', now: NOW, reopen: true });
    expect(changed.after).toEqual({ id: 1, subject: 'Welcome to our status page', type: 'general', state: 'open' });
  });

  it('counts a resolved incident of yesterday as stale, and one of an hour ago as not', async () => {
    const dir = await contentWith({ '42.yaml': INCIDENT });
    expect((await refusal(updateNotice(dir, 42, { state: 'resolved', content: 'x', now: NOW + 25 * 3_600_000 }))).code).toBe('usage/stale-notice');
    await expect(updateNotice(dir, 42, { state: 'resolved', content: 'Fixed.', now: NOW })).resolves.toMatchObject({ before: { state: 'identified' }, after: { state: 'resolved' } });
  });

  it('never counts a maintenance whose window has not ended, and lets resolve end an old notice', async () => {
    const dir = await contentWith({ '7.yaml': MAINTENANCE, '42.yaml': INCIDENT });
    const moved = await updateNotice(dir, 7, { state: 'scheduled', content: 'Moved by a day.', beginsAt: '2026-12-02T02:00:00Z', endsAt: '2026-12-02T04:00:00Z', now: NOW });
    expect(moved.after).toMatchObject({ type: 'planned', state: 'scheduled' });
    const resolved = await resolveNotice(dir, 42, { now: NOW + 3 * 86_400_000 });
    expect(resolved.after.state).toBe('resolved');
  });
});

describe('a file the build would refuse is never written', () => {
  it('refuses an update that takes a notice past 1 MiB, naming the limit', async () => {
    const big = `${INCIDENT}  - at: 2026-11-20T23:45:00Z\n    state: identified\n    content: |\n${'      padding padding padding padding padding padding padding padding\n'.repeat(14_950)}`;
    const dir = await contentWith({ '42.yaml': big });
    expect(Buffer.byteLength(big)).toBeLessThan(1024 * 1024);
    expect((await readContent(dir)).notices).toHaveLength(1);
    const before = await snapshot(dir);
    const error = await refusal(updateNotice(dir, 42, { state: 'resolved', content: 'x'.repeat(4000), now: NOW }));
    expect(error.code).toBe('usage/edit-invalid');
    expect(error.message).toMatch(/1 MiB|1,048,576/);
    expect(await snapshot(dir)).toEqual(before);
  });
});

describe('the content folder lock', () => {
  it('is taken and released, and leaves nothing behind', async () => {
    const dir = await contentWith({ '42.yaml': INCIDENT });
    await withContentLock(dir, async () => {
      expect((await stat(path.join(dir, LOCK_FILE))).isFile()).toBe(true);
    });
    await expect(stat(path.join(dir, LOCK_FILE))).rejects.toThrow();
    await expect(withContentLock(dir, () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(stat(path.join(dir, LOCK_FILE))).rejects.toThrow();
  });

  it('makes a second command wait for the first, then fail loudly after its wait', async () => {
    const dir = await contentWith({ '42.yaml': INCIDENT });
    let release!: () => void;
    let taken!: () => void;
    const lockTaken = new Promise<void>((resolve) => (taken = resolve));
    const held = withContentLock(dir, () => {
      taken();
      return new Promise<void>((resolve) => (release = resolve));
    });
    await lockTaken;
    const before = await snapshot(dir);
    const error = await refusal(updateNotice(dir, 42, { state: 'resolved', content: 'Fixed.', now: NOW, lockWaitMs: 300 }));
    expect(error.code).toBe('usage/content-locked');
    expect(error.message).toContain(`process ${process.pid}`);
    expect(await snapshot(dir)).toEqual(before);
    // A command that waits long enough goes through once the first is done.
    const waiting = newNotice(dir, { type: 'general', subject: 'Later', now: NOW, lockWaitMs: 5000 });
    setTimeout(release, 100); // a head start, so that it is likely to wait; it passes either way
    await held;
    expect((await waiting).id).toBe(43);
  });

  it('judges and dates a change as of when it got the lock, not when it started waiting', async () => {
    // The command reads the clock itself (no `now`: when it reads it is the point). Date is faked,
    // timers are not, so the lock still waits: the clock moves a second (the resolution of
    // the dates it writes) while it does, well within its 10 s wait.
    const started = Math.floor(Date.now() / 1000) * 1000;
    vi.useFakeTimers({ toFake: ['Date'], now: started });
    try {
      // Notice 42 as of the clock: an incident posted to a minute ago.
      const minuteAgo = new Date(started - 60_000).toISOString().replace('.000Z', 'Z');
      const dir = await contentWith({ '42.yaml': INCIDENT.replaceAll(/2026-11-20T23:\d\d:00Z/g, minuteAgo) });
      let release!: () => void;
      let taken!: () => void;
      const lockTaken = new Promise<void>((resolve) => (taken = resolve));
      const held = withContentLock(dir, () => {
        taken();
        return new Promise<void>((resolve) => (release = resolve));
      });
      // Held before the command starts, or the command could take the lock first.
      await lockTaken;
      const waiting = resolveNotice(dir, 42, { content: 'A resolves.', lockWaitMs: 10_000 }).then(
        () => null,
        (e: unknown) => e,
      );
      // Another person resolves it a second later, while the first run waits.
      vi.setSystemTime(started + 1_000);
      const text = await readFile(path.join(dir, 'notices/42.yaml'), 'utf8');
      const later = new Date(started + 1_000).toISOString().replace('.000Z', 'Z');
      await writeFile(path.join(dir, 'notices/42.yaml'), `${text}  - at: ${later}\n    state: resolved\n    content: B resolves.\n`);
      release();
      await held;
      const error = await waiting;
      expect(error).toBeInstanceOf(StatuspressError);
      expect((error as StatuspressError).code).toBe('usage/notice-already-ended');
      expect(await readFile(path.join(dir, 'notices/42.yaml'), 'utf8')).not.toContain('A resolves.');
    } finally {
      vi.useRealTimers();
    }
  });

  it("takes over a lock whose process has ended (a killed run)", async () => {
    const dir = await contentWith({ '42.yaml': INCIDENT });
    const child = spawn(process.execPath, ['-e', '']);
    const dead = await new Promise<number>((resolve) => child.on('exit', () => resolve(child.pid!)));
    await writeFile(path.join(dir, LOCK_FILE), JSON.stringify({ pid: dead, host: hostname(), token: 'abc', at: Date.now() }));
    const changed = await updateNotice(dir, 42, { state: 'resolved', content: 'Fixed.', now: NOW, lockWaitMs: 1000 });
    expect(changed.update?.id).toBe(42003);
    await expect(stat(path.join(dir, LOCK_FILE))).rejects.toThrow();
    expect(await readFile(path.join(dir, 'notices/42.yaml'), 'utf8')).toContain('Fixed.');
  });

  it('refuses a folder or a link in the lock\'s place, removing nothing', async () => {
    const dir = await contentWith({ '42.yaml': INCIDENT });
    await mkdir(path.join(dir, LOCK_FILE));
    const folder = await refusal(updateNotice(dir, 42, { state: 'resolved', content: 'x', now: NOW, lockWaitMs: 100 }));
    expect(folder.code).toBe('usage/content-lock-foreign');
    expect(folder.message).toContain('is a folder');
    expect((await stat(path.join(dir, LOCK_FILE))).isDirectory()).toBe(true);
    const other = await contentWith({ '42.yaml': INCIDENT });
    await symlink('/nonexistent/x', path.join(other, LOCK_FILE));
    expect((await refusal(updateNotice(other, 42, { state: 'resolved', content: 'x', now: NOW, lockWaitMs: 100 }))).message).toContain('is a link');
  });

  it('takes over a lock that has aged by its own word: another machine\'s after five minutes, or dated that far ahead', async () => {
    const dir = await contentWith({ '42.yaml': INCIDENT });
    const lock = path.join(dir, LOCK_FILE);
    const otherMachine = (at: number): string => JSON.stringify({ pid: 1, host: 'laptop-of-bob', token: 'abc', at });
    await writeFile(lock, otherMachine(Date.now() - ABANDONED_AFTER_MS - 60_000));
    await expect(updateNotice(dir, 42, { state: 'identified', content: 'One.', now: NOW, lockWaitMs: 2000 })).resolves.toBeTruthy();
    await writeFile(lock, otherMachine(Date.now() + ABANDONED_AFTER_MS + 60_000));
    await expect(updateNotice(dir, 42, { state: 'identified', content: 'Two.', now: NOW, lockWaitMs: 2000 })).resolves.toBeTruthy();
    await expect(stat(lock)).rejects.toThrow();
    // Within five minutes either way it is waited for.
    await writeFile(lock, otherMachine(Date.now() - ABANDONED_AFTER_MS + 60_000));
    expect((await refusal(updateNotice(dir, 42, { state: 'resolved', content: 'x', now: NOW, lockWaitMs: 100 }))).code).toBe('usage/content-locked');
  });

  it('reads a lock\'s age from its text, never from the file\'s times: a fresh lock dated years back by the file system is waited for', async () => {
    const dir = await contentWith({ '42.yaml': INCIDENT });
    const lock = path.join(dir, LOCK_FILE);
    await writeFile(lock, JSON.stringify({ pid: 1, host: 'laptop-of-bob', token: 'abc', at: Date.now() }));
    const old = new Date('2020-01-01T00:00:00Z');
    await utimes(lock, old, old);
    expect((await refusal(updateNotice(dir, 42, { state: 'resolved', content: 'x', now: NOW, lockWaitMs: 100 }))).code).toBe('usage/content-locked');
    expect(JSON.parse(await readFile(lock, 'utf8'))).toMatchObject({ host: 'laptop-of-bob' });
  });

  it('takes over a file that is no lock once it has stayed so for the grace, and waits for one written meanwhile', async () => {
    const dir = await contentWith({ '42.yaml': INCIDENT });
    const lock = path.join(dir, LOCK_FILE);
    await writeFile(lock, 'garbage');
    // Dated by the file system in the future and in the past alike: only the run's own watch counts.
    await utimes(lock, new Date('2030-01-01T00:00:00Z'), new Date('2030-01-01T00:00:00Z'));
    let ran = false;
    await withContentLock(dir, async () => void (ran = true), { waitMs: 2000, graceMs: 50 });
    expect(ran).toBe(true);
    await expect(stat(lock)).rejects.toThrow();
    // A file being written (empty, then an owner's lock) is never taken over within the grace.
    await writeFile(lock, '');
    const waiting = withContentLock(dir, async () => 'taken', { waitMs: 300, graceMs: 10_000 }).catch((e: unknown) => e);
    expect(await waiting).toMatchObject({ code: 'usage/content-locked' });
    expect(await readFile(lock, 'utf8')).toBe('');
  });

  it('judges a lock written before locks held their time by its owner: a live one is waited for, a dead one taken over', async () => {
    const dir = await contentWith({ '42.yaml': INCIDENT });
    const lock = path.join(dir, LOCK_FILE);
    await writeFile(lock, JSON.stringify({ pid: process.pid, host: hostname(), token: 'older' }));
    const waiting = withContentLock(dir, async () => 'taken', { waitMs: 300, graceMs: 20 }).catch((e: unknown) => e);
    expect(await waiting).toMatchObject({ code: 'usage/content-locked' });
    expect(JSON.parse(await readFile(lock, 'utf8'))).toMatchObject({ token: 'older' });
    const child = spawn(process.execPath, ['-e', '']);
    const dead = await new Promise<number>((resolve) => child.on('exit', () => resolve(child.pid!)));
    await writeFile(lock, JSON.stringify({ pid: dead, host: hostname(), token: 'older' }));
    await expect(withContentLock(dir, async () => 'taken', { waitMs: 2000, graceMs: 20 })).resolves.toBe('taken');
  });

  it('gives up after its wait while a live run holds the breaker of an abandoned lock', async () => {
    const dir = await contentWith({ '42.yaml': INCIDENT });
    const lock = path.join(dir, LOCK_FILE);
    const child = spawn(process.execPath, ['-e', '']);
    const dead = await new Promise<number>((resolve) => child.on('exit', () => resolve(child.pid!)));
    await writeFile(lock, JSON.stringify({ pid: dead, host: hostname(), token: 'dead', at: Date.now() }));
    await writeFile(`${lock}.breaker`, JSON.stringify({ pid: process.pid, host: hostname(), token: 'taker', at: Date.now() }));
    const waiting = withContentLock(dir, async () => 'taken', { waitMs: 200 }).catch((e: unknown) => e);
    expect(await waiting).toMatchObject({ code: 'usage/content-locked' });
  });

  it('waits for a lock of another machine, naming it only when its name is plain', async () => {
    const dir = await contentWith({ '42.yaml': INCIDENT });
    await writeFile(path.join(dir, LOCK_FILE), JSON.stringify({ pid: 1, host: 'ci\u001b]0;pwned\u0007', token: 'abc', at: Date.now() }));
    const error = await refusal(updateNotice(dir, 42, { state: 'resolved', content: 'x', now: NOW, lockWaitMs: 100 }));
    expect(error.message).toContain('process 1 on another machine');
    expect(error.message).not.toContain('\u001b');
  });
});
