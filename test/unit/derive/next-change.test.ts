// nextChange and pendingMoments: every instant after `now` at which the clock alone changes the site,
// each kind of moment on its own, ties, candidates that change nothing, and nothing pending (null).
// The last test checks against deriveSite itself that no change is missed between two moments.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadContent, validateContent } from '../../../src/content/index.js';
import { deriveSite, onPastWeek } from '../../../src/derive/index.js';
import { changesAfter, nextChange, pendingMoments, reminderMoments } from '../../../src/derive/next-change.js';
import type { Moment } from '../../../src/derive/next-change.js';
import type { Content, Notice } from '../../../src/content/types.js';
import { component, content, DAY, general, ms, planned, pu, unplanned, uu } from '../../helpers/content.js';

const NOW = ms('2026-11-20T10:04:02Z');
/** A site without metrics, so the next UTC midnight is no moment of its own. */
const noMetrics = (...notices: Notice[]): Content => content({ site: { metrics: false }, components: [component(1)], notices });
const at = (moments: Moment[]): [string, string, number | null][] => moments.map((m) => [new Date(m.at).toISOString(), m.kind, m.noticeId]);

describe('nextChange', () => {
  it('is null when nothing is pending: no future times, metrics off', () => {
    const old = unplanned(1, [uu('2026-01-01T00:00:00Z', 'investigating'), uu('2026-01-01T01:00:00Z', 'resolved')], { components: [1] });
    expect(nextChange(noMetrics(), NOW)).toBeNull();
    expect(nextChange(noMetrics(old), NOW)).toBeNull();
    expect(pendingMoments(noMetrics(old), NOW)).toEqual([]);
  });

  it("is an update's `at`: the withheld update is published then", () => {
    const n = unplanned(7, [uu('2026-11-20T10:00:00Z', 'investigating'), uu('2026-11-20T10:05:00Z', 'identified')]);
    expect(nextChange(noMetrics(n), NOW)).toBe(ms('2026-11-20T10:05:00Z'));
    expect(at(pendingMoments(noMetrics(n), NOW))).toEqual([['2026-11-20T10:05:00.000Z', 'update', 7]]);
    // A notice with no published update yet appears at its first update.
    const unseen = general(8, [{ at: '2026-11-21T00:00:00Z' }]);
    expect(nextChange(noMetrics(unseen), NOW)).toBe(ms('2026-11-21T00:00:00Z'));
  });

  it('is exactly after now: an update at now is published already, one a millisecond later is not', () => {
    const n = unplanned(7, [uu('2026-11-20T10:00:00Z', 'investigating'), uu(new Date(NOW).toISOString(), 'identified'), uu(new Date(NOW + 1).toISOString(), 'resolved')]);
    // resolved at NOW + 1 publishes it, ends it (past_recent), takes it off the pages' past week at
    // the start of the seventh (UTC) day after and makes it past_distant 7 × 24 hours later.
    expect(at(pendingMoments(noMetrics(n), NOW))).toEqual([
      [new Date(NOW + 1).toISOString(), 'update', 7],
      ['2026-11-27T00:00:00.000Z', 'past-week', 7],
      [new Date(NOW + 1 + 7 * DAY + 1).toISOString(), 'distant', 7],
    ]);
  });

  it("is a maintenance's begins_at and ends_at: the auto transitions", () => {
    const n = planned(20, { beginsAt: '2026-11-20T11:00:00Z', endsAt: '2026-11-20T12:00:00Z' }, [pu('2026-11-01T00:00:00Z', 'scheduled')]);
    expect(at(pendingMoments(noMetrics(n), NOW))).toEqual([
      ['2026-11-20T11:00:00.000Z', 'begins', 20],
      ['2026-11-20T12:00:00.000Z', 'ends', 20],
      ['2026-11-27T00:00:00.000Z', 'past-week', 20],
      ['2026-11-27T12:00:00.001Z', 'distant', 20],
      ['2027-11-20T12:00:00.001Z', 'calendar', 20],
    ]);
  });

  it('is begins_at without auto transitions too (upcoming becomes present), but not ends_at', () => {
    const n = planned(21, { beginsAt: '2026-11-20T11:00:00Z', endsAt: '2026-11-20T12:00:00Z' }, [pu('2026-11-01T00:00:00Z', 'scheduled')], { autoTransition: false });
    expect(at(pendingMoments(noMetrics(n), NOW)).filter(([, kind]) => kind !== 'calendar')).toEqual([['2026-11-20T11:00:00.000Z', 'begins', 21]]);
  });

  it('drops candidates that change nothing: the window of a cancelled or unannounced maintenance', () => {
    const window = { beginsAt: '2026-11-20T11:00:00Z', endsAt: '2026-11-20T12:00:00Z' };
    const cancelled = planned(22, window, [pu('2026-11-01T00:00:00Z', 'scheduled'), pu('2026-11-02T00:00:00Z', 'cancelled')]);
    // Its ends_at + 7 days passed long ago; only the calendar still lists it, for a year after ends_at.
    expect(at(pendingMoments(noMetrics(cancelled), NOW))).toEqual([['2027-11-20T12:00:00.001Z', 'calendar', 22]]);
    // Announced only after its window: nothing happens at begins_at or ends_at, everything at the announcement.
    const late = planned(23, window, [pu('2026-11-20T13:00:00Z', 'scheduled')]);
    expect(nextChange(noMetrics(late), NOW)).toBe(ms('2026-11-20T13:00:00Z'));
    expect(pendingMoments(noMetrics(late), NOW).map((m) => m.kind)).not.toContain('begins');
  });

  it("is a general notice's expires_at, and seven days and a millisecond later", () => {
    const n = general(30, [{ at: '2026-11-01T00:00:00Z' }], { expiresAt: '2026-11-20T18:00:00Z' });
    expect(at(pendingMoments(noMetrics(n), NOW))).toEqual([
      ['2026-11-20T18:00:00.000Z', 'expires', 30],
      ['2026-11-27T18:00:00.001Z', 'distant', 30],
    ]);
  });

  it('is the moment a notice passes from past_recent to past_distant', () => {
    const n = unplanned(40, [uu('2026-11-10T00:00:00Z', 'investigating'), uu('2026-11-14T09:00:00Z', 'resolved')]);
    expect(at(pendingMoments(noMetrics(n), NOW))).toEqual([
      ['2026-11-21T00:00:00.000Z', 'past-week', 40],
      ['2026-11-21T09:00:00.001Z', 'distant', 40],
    ]);
    const site = (t: number) => deriveSite(noMetrics(n), t).notices[0]!.timelineState;
    expect(site(ms('2026-11-21T09:00:00Z'))).toBe('past_recent');
    expect(site(ms('2026-11-21T09:00:00.001Z'))).toBe('past_distant');
  });

  it("is the local midnight a notice leaves the status page's past 7 days, in the site's zone", () => {
    // Ended 15 Nov 00:30 in Berlin: listed on the local days 15 to 21 Nov, off at Berlin's midnight
    // of 22 Nov (21 Nov 23:00Z); the API's past_distant follows at 7 × 24 hours.
    const n = unplanned(45, [uu('2026-11-14T20:00:00Z', 'investigating'), uu('2026-11-14T23:30:00Z', 'resolved')]);
    const berlin = content({ site: { metrics: false, timeZone: 'Europe/Berlin' }, components: [component(1)], notices: [n] });
    expect(at(pendingMoments(berlin, ms('2026-11-21T12:00:00Z')))).toEqual([
      ['2026-11-21T23:00:00.000Z', 'past-week', 45],
      ['2026-11-21T23:30:00.001Z', 'distant', 45],
    ]);
    expect(nextChange(berlin, ms('2026-11-21T12:00:00Z'))).toBe(ms('2026-11-21T23:00:00Z'));
    const listed = (t: number) => onPastWeek(deriveSite(berlin, t).notices[0]!, t, 'Europe/Berlin');
    expect(listed(ms('2026-11-21T22:59:59.999Z'))).toBe(true);
    expect(listed(ms('2026-11-21T23:00:00Z'))).toBe(false);
  });

  it('is the local midnight off the past 7 days across a 25-hour day (New York, 1 Nov 2026)', () => {
    // Ended 26 Oct 12:00 EDT (16:00Z); the local days 26 Oct to 1 Nov hold it; 1 Nov has 25 hours,
    // so it leaves at New York's midnight of 2 Nov, 05:00Z (EST), 7 × 24 hours + 1 after its day began.
    const n = unplanned(46, [uu('2026-10-26T15:00:00Z', 'investigating'), uu('2026-10-26T16:00:00Z', 'resolved')]);
    const ny = content({ site: { metrics: false, timeZone: 'America/New_York' }, components: [component(1)], notices: [n] });
    // The API's past_distant is 7 × 24 hours after the end, 11 hours later.
    expect(at(pendingMoments(ny, ms('2026-11-01T12:00:00Z')))).toEqual([
      ['2026-11-02T05:00:00.000Z', 'past-week', 46],
      ['2026-11-02T16:00:00.001Z', 'distant', 46],
    ]);
    const listed = (t: number) => onPastWeek(deriveSite(ny, t).notices[0]!, t, 'America/New_York');
    expect(listed(ms('2026-11-02T04:59:59.999Z'))).toBe(true);
    expect(listed(ms('2026-11-02T05:00:00Z'))).toBe(false);
  });

  it('is a began_at or ended_at written in the file, reached', () => {
    const n = unplanned(50, [uu('2026-11-20T09:00:00Z', 'investigating')], { beganAt: '2026-11-20T10:30:00Z', endedAt: '2026-11-20T11:00:00Z' });
    expect(at(pendingMoments(noMetrics(n), NOW)).slice(0, 2)).toEqual([
      ['2026-11-20T10:30:00.000Z', 'began', 50],
      ['2026-11-20T11:00:00.000Z', 'ended', 50],
    ]);
  });

  it('never falls past the year 9999, however long an impact_seconds a pull request gives', () => {
    for (const impactSeconds of [Number.MAX_SAFE_INTEGER, 9e15, 8_000_000_000_000]) {
      const n = unplanned(61, [uu('2026-11-20T10:00:00Z', 'investigating')], { impactSeconds });
      expect(nextChange(noMetrics(n), NOW)).toBeNull();
      expect([...changesAfter(noMetrics(n), NOW)]).toEqual([]);
    }
    // The last instant of 9999 still counts.
    const last = unplanned(62, [uu('2026-11-20T10:00:00Z', 'investigating')], { impactSeconds: (ms('9999-12-31T23:59:59Z') - ms('2026-11-20T10:00:00Z')) / 1000 });
    expect(nextChange(noMetrics(last), NOW)).toBe(ms('9999-12-31T23:59:59Z'));
  });

  it('is the end of an impact_seconds window still growing with the clock', () => {
    const n = unplanned(60, [uu('2026-11-20T10:00:00Z', 'investigating')], { impactSeconds: 600 });
    expect(at(pendingMoments(noMetrics(n), NOW))).toEqual([['2026-11-20T10:10:00.000Z', 'impact-stops', 60]]);
    const impact = (t: number) => deriveSite(noMetrics(n), t).notices[0]!.impact;
    expect(impact(ms('2026-11-20T10:09:59Z'))!.end).toBe(ms('2026-11-20T10:09:59Z'));
    expect(impact(ms('2026-11-20T10:20:00Z'))!.end).toBe(ms('2026-11-20T10:10:00Z'));
    // An incident still investigating without impact_seconds grows with every instant: no moment.
    expect(nextChange(noMetrics(unplanned(61, [uu('2026-11-20T10:00:00Z', 'investigating')])), NOW)).toBeNull();
  });

  it('is the next UTC midnight when a component publishes metrics, and not otherwise', () => {
    const withMetrics = content({ components: [component(1)] });
    expect(at(pendingMoments(withMetrics, NOW))).toEqual([['2026-11-21T00:00:00.000Z', 'day', null]]);
    expect(nextChange(content({ components: [component(1, { metrics: false })] }), NOW)).toBeNull();
    expect(nextChange(content({ site: { metrics: false }, components: [component(1)] }), NOW)).toBeNull();
    expect(nextChange(content(), NOW)).toBeNull();
    // At midnight exactly, the next one is a day later.
    expect(nextChange(withMetrics, ms('2026-11-21T00:00:00Z'))).toBe(ms('2026-11-22T00:00:00Z'));
  });

  it("is also the midnight of the site's zone, when the uptime bars count its days", () => {
    const berlin = content({ site: { timeZone: 'Europe/Berlin' }, components: [component(1)] });
    // Berlin's midnight (23:00Z) comes before UTC's: both move what the pages show.
    expect(at(pendingMoments(berlin, NOW))).toEqual([
      ['2026-11-20T23:00:00.000Z', 'day', null],
      ['2026-11-21T00:00:00.000Z', 'day', null],
    ]);
    // A notice leaves a component's page at the local midnight its day leaves the 90 days.
    const n = unplanned(72, [uu('2026-08-23T05:00:00Z', 'investigating'), uu('2026-08-23T06:00:00Z', 'resolved')], { components: [1] });
    const site = content({ site: { metrics: false, timeZone: 'Europe/Berlin' }, components: [component(1)], notices: [n] });
    expect(at(pendingMoments(site, NOW))).toEqual([['2026-11-20T23:00:00.000Z', 'day', 72]]);
  });

  it("is the midnight a past notice leaves the 90 days its components' pages list", () => {
    // Ended on 2026-08-23: listed while that day is among the last 90 (up to 2026-11-20), not from 2026-11-21.
    const n = unplanned(70, [uu('2026-08-23T05:00:00Z', 'investigating'), uu('2026-08-23T06:00:00Z', 'resolved')], { components: [1] });
    expect(at(pendingMoments(noMetrics(n), NOW))).toEqual([['2026-11-21T00:00:00.000Z', 'day', 70]]);
    // A day earlier it is a day away; a notice listing no component is on no component's page.
    expect(nextChange(noMetrics(n), NOW - DAY)).toBeNull();
    expect(nextChange(noMetrics(unplanned(71, [uu('2026-08-23T05:00:00Z', 'investigating'), uu('2026-08-23T06:00:00Z', 'resolved')])), NOW)).toBeNull();
  });

  it('lists every moment that ties, and returns the instant once', () => {
    const tie = '2026-11-20T11:00:00Z';
    const a = unplanned(80, [uu('2026-11-20T09:00:00Z', 'investigating'), uu(tie, 'resolved')]);
    const b = general(81, [{ at: tie }]);
    const c = planned(82, { beginsAt: tie, endsAt: '2026-11-20T12:00:00Z' }, [pu(tie, 'scheduled')]);
    const all = noMetrics(a, b, c);
    expect(nextChange(all, NOW)).toBe(ms(tie));
    expect(at(pendingMoments(all, NOW).filter((m) => m.at === ms(tie)))).toEqual([
      ['2026-11-20T11:00:00.000Z', 'update', 80],
      ['2026-11-20T11:00:00.000Z', 'update', 81],
      ['2026-11-20T11:00:00.000Z', 'update', 82],
      ['2026-11-20T11:00:00.000Z', 'begins', 82],
    ]);
  });

  it('is the earliest of all kinds across notices and the site', () => {
    const all = content({
      components: [component(1)],
      notices: [general(1, [{ at: '2026-11-22T00:00:00Z' }]), unplanned(2, [uu('2026-11-20T09:00:00Z', 'investigating'), uu('2026-11-20T23:00:00Z', 'resolved')])],
    });
    expect(nextChange(all, NOW)).toBe(ms('2026-11-20T23:00:00Z'));
    expect(nextChange(all, ms('2026-11-20T23:00:00Z'))).toBe(ms('2026-11-21T00:00:00Z'));
    expect(nextChange(all, ms('2026-11-21T00:00:00Z'))).toBe(ms('2026-11-22T00:00:00Z'));
  });
});

describe('nextChange against deriveSite', () => {
  /** What a reader can see of a derived site, besides the clock's own advance and running totals. */
  const seen = (c: Content, t: number): string => {
    const site = deriveSite(c, t);
    return JSON.stringify({
      notices: site.notices.map((n) => [n.id, n.state, n.timelineState, onPastWeek(n, t, c.site.timeZone), n.updates.map((u) => u.id), n.beganAt, n.endedAt, n.impact?.start ?? null]),
      components: site.components.map((x) => [x.id, x.state]),
      page: site.page,
    });
  };

  it('misses no change on the fixture site between one moment and the next, over four weeks', async () => {
    const dir = path.join(import.meta.dirname, '../../fixtures/metrics-site/content');
    const { value } = validateContent(await loadContent(dir));
    const fixture = value!;
    let t = ms('2026-11-01T00:00:00Z');
    const end = ms('2026-11-29T00:00:00Z');
    let moments = 0;
    while (t < end) {
      const next = nextChange(fixture, t)!;
      expect(next).toBeGreaterThan(t);
      // The shortcut nextChange takes agrees with the full list.
      expect(pendingMoments(fixture, t)[0]!.at).toBe(next);
      // Nothing changes from t up to the instant before the next moment.
      for (const probe of [t + 1, Math.floor((t + next) / 2), next - 1]) if (probe > t && probe < next) expect(seen(fixture, probe)).toBe(seen(fixture, t));
      t = next;
      moments++;
    }
    // Metrics are on: at least every midnight, and the fixture's own times besides.
    expect(moments).toBeGreaterThan(28);
  });
});

describe('changesAfter', () => {
  it('gives what nextChange asked again at each moment gives, over four weeks, in zones with and without a clock change', async () => {
    const dir = path.join(import.meta.dirname, '../../fixtures/metrics-site/content');
    const fixture = validateContent(await loadContent(dir)).value!;
    const start = ms('2026-10-20T05:30:00Z');
    const end = ms('2026-11-17T00:00:00Z');
    // Berlin's clocks go back on 25 October and New York's on 1 November: days of 25 hours, and
    // local midnights that are not UTC's, inside the four weeks.
    for (const timeZone of ['UTC', 'Europe/Berlin', 'America/New_York', 'Asia/Kolkata']) {
      const zoned: Content = { ...fixture, site: { ...fixture.site, timeZone } };
      const asked: number[] = [];
      for (let t = nextChange(zoned, start); t !== null && t < end; t = nextChange(zoned, t)) asked.push(t);
      const walked: number[] = [];
      for (const t of changesAfter(zoned, start)) {
        if (t >= end) break;
        walked.push(t);
      }
      expect(walked, timeZone).toEqual(asked);
      expect(asked.length, timeZone).toBeGreaterThan(28);
    }
  });

  it('ends when nothing is pending', () => {
    expect([...changesAfter(noMetrics(), NOW)]).toEqual([]);
    const n = unplanned(7, [uu('2026-11-20T10:00:00Z', 'investigating'), uu('2026-11-20T10:05:00Z', 'resolved')]);
    expect([...changesAfter(noMetrics(n), NOW)].map((t) => new Date(t).toISOString())).toEqual(['2026-11-20T10:05:00.000Z', '2026-11-27T00:00:00.000Z', '2026-11-27T10:05:00.001Z']);
  });
});

describe('reminderMoments', () => {
  it('is each lead before begins_at of the maintenances not begun, soonest first; nothing for others', () => {
    const wed = planned(3, { beginsAt: '2026-11-25T02:00:00Z', endsAt: '2026-11-25T04:00:00Z' }, [pu('2026-11-19T00:00:00Z', 'scheduled')]);
    const begun = planned(4, { beginsAt: '2026-11-20T09:00:00Z', endsAt: '2026-11-20T11:00:00Z' }, [pu('2026-11-19T00:00:00Z', 'scheduled')]);
    const incident = unplanned(5, [uu('2026-11-20T09:00:00Z', 'investigating')]);
    const moments = reminderMoments([wed, begun, incident], NOW, [DAY, 2 * 3_600_000, DAY]);
    expect(moments.map((m) => [new Date(m.at).toISOString(), m.noticeId, m.leadMs])).toEqual([
      ['2026-11-24T02:00:00.000Z', 3, DAY],
      ['2026-11-25T00:00:00.000Z', 3, 2 * 3_600_000],
    ]);
    // Reminders change nothing readers see: the site's next change is the maintenance beginning.
    expect(nextChange(noMetrics(wed), NOW)).toBe(ms('2026-11-25T02:00:00Z'));
  });
});
