// `statuspress dev` and the clock: with a clock the test moves by hand, the site shown moves on at the
// next moment the clock changes it (src/derive/next-change.ts) without any file changing: the update
// that was withheld appears in the page and the API, open pages are told to reload, and the withheld
// updates are told with when they appear. One timer at a time, capped, set again after each change,
// cleared on close. Talks HTTP on 127.0.0.1 only; no test waits for real minutes.
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { systemClock } from '../../src/dev/clock.js';
import { MAX_TIMER_MS } from '../../src/util/time.js';
import type { Clock } from '../../src/dev/clock.js';
import { untilText, waitText, withheldText } from '../../src/dev/clock-text.js';
import { startDev } from '../../src/dev/index.js';
import type { RunningDev } from '../../src/dev/index.js';
import { Events } from './events.js';
import type { Retimed } from '../../src/dev/state.js';

const FIXTURE = path.join(import.meta.dirname, '../fixtures/valid-minimal/content');
const START = Date.parse('2026-11-20T10:04:02Z');
/** Notice 42's first update, withheld at START. */
const FIRST = Date.parse('2026-11-20T10:05:00Z');

/** A clock that moves only when told, and records the timers set on it. */
class FakeClock implements Clock {
  readonly timers = new Set<{ fire: () => void; at: number; wait: number }>();
  constructor(public t: number) {}
  now(): number {
    return this.t;
  }
  setTimer(fire: () => void, wait: number): unknown {
    const timer = { fire, at: this.t + wait, wait };
    this.timers.add(timer);
    return timer;
  }
  clear(timer: unknown): void {
    this.timers.delete(timer as { fire: () => void; at: number; wait: number });
  }
  /** The one timer set, which must be the only one. */
  only(): { fire: () => void; at: number; wait: number } {
    expect(this.timers.size).toBe(1);
    return [...this.timers][0]!;
  }
  /** Moves to `t` and fires the timers due by then. */
  moveTo(t: number): void {
    this.t = t;
    for (const timer of [...this.timers]) {
      if (timer.at > t) continue;
      this.timers.delete(timer);
      timer.fire();
    }
  }
}

/** The events of the dev stream, as they arrive. */

const text = async (url: string): Promise<string> => (await fetch(url, { signal: AbortSignal.timeout(5_000) })).text();

let work: string;
let clock: FakeClock;
let dev: RunningDev;
const clocked: Retimed[] = [];
const streams: Events[] = [];

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'statuspress-dev-clock-'));
  await cp(FIXTURE, path.join(work, 'content'), { recursive: true });
  clock = new FakeClock(START);
  dev = await startDev({ contentDir: path.join(work, 'content'), templatesDir: path.join(work, 'templates'), port: 0, clock, onClock: (r) => clocked.push(r) });
});

afterEach(() => {
  for (const events of streams.splice(0)) events.close();
});

afterAll(async () => {
  await dev?.close();
  await rm(work, { recursive: true, force: true });
});

async function listen(): Promise<Events> {
  const events = new Events();
  await events.open(dev.url);
  streams.push(events);
  return events;
}

describe('statuspress dev and the clock', () => {
  it('withholds the update dated ahead, says until when, and waits for exactly that moment', async () => {
    expect(await text(`${dev.url}/api/v1/notices`)).not.toContain('"id":42,');
    expect(dev.state.withheld().map((u) => [u.noticeId, new Date(u.at).toISOString()])).toEqual([
      [42, '2026-11-20T10:05:00.000Z'],
      [42, '2026-11-20T10:35:00.000Z'],
    ]);
    expect(withheldText(dev.state.withheld()[0]!, START)).toBe('notice 42 (Elevated error rates on the REST API): an update withheld until 10:05:00Z (in 58 s)');
    // The overlay hears of them as soon as a page listens.
    const events = await listen();
    const withheld = (await events.waitFor('withheld')).data as { now: number; updates: { noticeId: number; at: number }[] };
    expect(withheld.now).toBe(START);
    expect(withheld.updates.map((u) => [u.noticeId, u.at])).toEqual([[42, FIRST], [42, Date.parse('2026-11-20T10:35:00Z')]]);
    // One timer, for 58 s of the clock: neither a tick nor a busy loop.
    expect(clock.only().wait).toBe(58_000);
  });

  it('shows the update once the clock reaches it: derived again, the page and the API show it, pages reloaded', async () => {
    const events = await listen();
    const before = events.seen.length;
    clock.moveTo(FIRST - 1);
    expect(clocked).toHaveLength(0); // not yet: the timer is not due
    clock.moveTo(FIRST);
    expect(await events.waitFor('reload', before)).toEqual({ event: 'reload', data: null });
    expect(clocked.map((r) => [r.now, r.due.map((m) => [m.kind, m.noticeId])])).toEqual([[FIRST, [['update', 42]]]]);
    const { notice } = JSON.parse(await text(`${dev.url}/api/v1/notices/42`)) as { notice: { updates: unknown[] } };
    expect(notice.updates).toHaveLength(1);
    expect(await text(`${dev.url}/notices/42/`)).toContain('We are investigating elevated error rates.');
    // The second update is still withheld, and the overlay is told so; the timer waits for it.
    // (The page heard of them on connecting too, as of the moment shown then.)
    const withheld = (await events.waitFor('withheld', before, (data) => (data as { now: number }).now === FIRST)).data as { now: number; updates: { at: number }[] };
    expect(withheld).toMatchObject({ now: FIRST, updates: [{ at: Date.parse('2026-11-20T10:35:00Z') }] });
    expect(clock.only().at).toBe(Date.parse('2026-11-20T10:35:00Z'));
  });

  it("serves the page's dev script with the withheld panel and its countdown", async () => {
    const script = await text(`${dev.url}/__statuspress/dev.js`);
    expect(script).toContain('statuspress-dev-withheld');
    expect(script).toContain('withheld until');
    expect(await text(`${dev.url}/__statuspress/dev.css`)).toContain('.statuspress-dev-withheld');
  });

  it('sets the timer again after a content change, for the new next moment', async () => {
    const events = await listen();
    const before = events.seen.length;
    await writeFile(
      path.join(work, 'content/notices/45-soon.yaml'),
      'id: 45\ntype: general\nsubject: Soon\nupdates:\n  - at: 2026-11-20T10:06:00Z\n    content: In a minute.\n',
    );
    await events.waitFor('reload', before);
    await events.waitFor('withheld', before, (data) => (data as { updates: unknown[] }).updates.length === 2);
    expect(clock.only().at).toBe(Date.parse('2026-11-20T10:06:00Z'));
    expect(dev.state.withheld().map((u) => u.noticeId)).toEqual([45, 42]);
  });

  it('moves the site on as of the clock when asked for a page long after the moment shown, without a reload', async () => {
    // Ten seconds on: nothing new is derived; a minute after the moment shown the page is as of the clock.
    const asOf = async (): Promise<string | undefined> => /as of <time datetime="([^"]+)"/.exec(await text(`${dev.url}/`))?.[1];
    clock.t = FIRST + 10_000;
    expect(await asOf()).toBe('2026-11-20T10:05:00.000Z');
    clock.t = FIRST + 60_000;
    expect(await asOf()).toBe('2026-11-20T10:06:00.000Z');
    // The moment at 10:06 still fires: the notice appears and pages reload.
    const events = await listen();
    const before = events.seen.length;
    clock.moveTo(Date.parse('2026-11-20T10:06:00Z'));
    await events.waitFor('reload', before);
    expect(await text(`${dev.url}/api/v1/notices/45`)).toContain('"subject":"Soon"');
  });

  it('waits in steps no longer than a timer can hold, checking the clock after each', async () => {
    await writeFile(
      path.join(work, 'content/notices/46-next-year.yaml'),
      'id: 46\ntype: general\nsubject: Next year\nupdates:\n  - at: 2027-12-01T00:00:00Z\n    content: Much later.\n',
    );
    // Leave only the far moment: move past everything else first (the midnights of the metrics among them).
    for (const name of ['42-api-errors.yaml', '43-db-upgrade.yaml', '44-new-region.yaml', '45-soon.yaml']) await rm(path.join(work, 'content/notices', name));
    await writeFile(path.join(work, 'content/site.yaml'), 'name: Acme Status\nurl: https://acme.github.io/status/\ncreated_at: 2024-01-01T00:00:00Z\nmetrics: false\n');
    const events = await listen();
    // Each change derives again and sets the timer again; wait until the last one has.
    for (let i = 0; i < 500; i++) {
      if (dev.state.withheld().length === 1 && clock.timers.size === 1 && [...clock.timers][0]!.wait === MAX_TIMER_MS) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const first = clock.only();
    expect(first.wait).toBe(MAX_TIMER_MS);
    const reloads = events.seen.filter((e) => e.event === 'reload').length;
    const retimes = clocked.length;
    clock.moveTo(first.at);
    // Fired early for its moment: nothing derived, nothing reloaded, the timer set for the rest.
    expect(clocked).toHaveLength(retimes);
    const second = clock.only();
    expect(second.at - clock.now()).toBe(Math.min(MAX_TIMER_MS, Date.parse('2027-12-01T00:00:00Z') - clock.now()));
    expect(events.seen.filter((e) => e.event === 'reload')).toHaveLength(reloads);
  });

  it('clears its timer on close', async () => {
    expect(clock.timers.size).toBe(1);
    await dev.close();
    expect(clock.timers.size).toBe(0);
    dev = undefined as unknown as RunningDev;
  });
});

describe('the real clock', () => {
  it('given a start, runs on from it at the machine pace', () => {
    // The machine's clock, moved by hand: the same moments every run.
    vi.useFakeTimers({ now: Date.parse('2026-11-26T12:00:00Z'), toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    try {
      const c = systemClock(START);
      expect(c.now()).toBe(START);
      let fired = 0;
      c.setTimer(() => fired++, 30);
      vi.advanceTimersByTime(29);
      expect(fired).toBe(0);
      vi.advanceTimersByTime(1);
      expect(fired).toBe(1);
      expect(c.now()).toBe(START + 30);
      expect(systemClock().now()).toBe(Date.parse('2026-11-26T12:00:00.030Z'));
    } finally {
      vi.useRealTimers();
    }
  });

  it('never fires a wait longer than setTimeout can hold at once: it waits the longest it can', () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    try {
      const c = systemClock();
      let fired = false;
      c.setTimer(() => (fired = true), 2 ** 40);
      vi.advanceTimersByTime(MAX_TIMER_MS - 1);
      expect(fired).toBe(false);
      vi.advanceTimersByTime(1);
      expect(fired).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('what dev says of the clock', () => {
  it('says when a withheld update appears, and in how long', () => {
    expect(untilText(FIRST, START)).toBe('10:05:00Z');
    expect(untilText(Date.parse('2026-11-21T10:05:00.250Z'), START)).toBe('2026-11-21T10:05:00.250Z');
    expect(waitText(FIRST, START)).toBe('58 s');
    expect(waitText(FIRST, FIRST - 500)).toBe('1 s');
    expect(waitText(FIRST, FIRST)).toBe('0 s');
    expect(waitText(FIRST + 4 * 60_000, START)).toBe('4 min 58 s');
    expect(waitText(START + 3 * 3_600_000, START)).toBe('3 h');
    expect(waitText(START + 3 * 3_600_000 + 5 * 60_000, START)).toBe('3 h 5 min');
    expect(waitText(START + 2 * 86_400_000 + 4 * 3_600_000, START)).toBe('2 d 4 h');
  });
});
