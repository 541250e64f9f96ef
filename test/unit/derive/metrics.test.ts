// Metrics: timeframe rules, the union of impact windows, and the spec's formulas.
import { describe, expect, it } from 'vitest';
import { computeMetrics, countedNotices, resolveTimeframe, unionLength } from '../../../src/derive/metrics.js';
import type { ResolvedTimeframe, TimeframeProblem } from '../../../src/derive/metrics.js';
import { deriveSite } from '../../../src/derive/index.js';
import { component, content, DAY, HOUR, ms, planned, pu, unplanned, uu } from '../../helpers/content.js';

const NOW = ms('2026-11-20T12:00:00Z');

/** Days as the request layer hands them over: epoch ms of their 00:00Z. */
interface Days {
  start?: string;
  end?: string;
}
const input = ({ start, end }: Days): { start?: number; end?: number } => ({
  ...(start === undefined ? {} : { start: ms(`${start}T00:00:00Z`) }),
  ...(end === undefined ? {} : { end: ms(`${end}T00:00:00Z`) }),
});

function resolve(days: Days, now: number): ResolvedTimeframe {
  const result = resolveTimeframe(input(days), now);
  if (!result.ok) throw new Error(`${JSON.stringify(days)}: ${JSON.stringify(result.problem)}`);
  return result.timeframe;
}

function rejects(days: Days, now: number, problem: TimeframeProblem): void {
  expect(resolveTimeframe(input(days), now), JSON.stringify(days)).toEqual({ ok: false, problem });
}

describe('resolveTimeframe', () => {
  it('defaults to the past 30 days: today − 30 days to today, cut off at now', () => {
    expect(resolve({}, NOW)).toEqual({
      startDate: '2026-10-21',
      endDate: '2026-11-20',
      span: { start: ms('2026-10-21T00:00:00Z'), end: NOW },
    });
  });

  it('at midnight the default window is exactly 30 days', () => {
    const midnight = ms('2026-11-20T00:00:00Z');
    const tf = resolve({}, midnight);
    expect(tf.span).toEqual({ start: ms('2026-10-21T00:00:00Z'), end: midnight });
    expect(tf.span.end - tf.span.start).toBe(30 * DAY);
  });

  it('covers whole days [start 00:00Z, end + 1 day 00:00Z) in the past', () => {
    expect(resolve({ start: '2026-11-01', end: '2026-11-07' }, NOW)).toEqual({
      startDate: '2026-11-01',
      endDate: '2026-11-07',
      span: { start: ms('2026-11-01T00:00:00Z'), end: ms('2026-11-08T00:00:00Z') },
    });
    expect(resolve({ start: '2026-11-05', end: '2026-11-05' }, NOW).span).toEqual({
      start: ms('2026-11-05T00:00:00Z'),
      end: ms('2026-11-06T00:00:00Z'),
    });
  });

  it('cuts an end after today off at now', () => {
    expect(resolve({ start: '2026-11-01', end: '2027-03-01' }, NOW)).toEqual({
      startDate: '2026-11-01',
      endDate: '2026-11-20',
      span: { start: ms('2026-11-01T00:00:00Z'), end: NOW },
    });
    expect(resolve({ start: '2026-11-20' }, NOW).span).toEqual({ start: ms('2026-11-20T00:00:00Z'), end: NOW });
  });

  it('takes a start at most 12 months ago', () => {
    expect(resolve({ start: '2025-11-20' }, NOW).startDate).toBe('2025-11-20');
    rejects({ start: '2025-11-19' }, NOW, { field: 'start', rule: 'more-than-12-months-ago', date: '2025-11-20' });
    rejects({ start: '2020-01-01', end: '2020-01-31' }, NOW, { field: 'start', rule: 'more-than-12-months-ago', date: '2025-11-20' });
    // On 29 February, twelve months back is 28 February.
    const leap = ms('2028-02-29T10:00:00Z');
    expect(resolve({ start: '2027-02-28' }, leap).startDate).toBe('2027-02-28');
    rejects({ start: '2027-02-27' }, leap, { field: 'start', rule: 'more-than-12-months-ago', date: '2027-02-28' });
  });

  it('rejects a start after today, and a start after the end', () => {
    rejects({ start: '2026-11-21' }, NOW, { field: 'start', rule: 'after-today', date: '2026-11-20' });
    rejects({ start: '2026-11-21', end: '2026-11-30' }, NOW, { field: 'start', rule: 'after-today', date: '2026-11-20' });
    rejects({ start: '2026-11-10', end: '2026-11-09' }, NOW, { field: 'start', rule: 'after-end' });
    // The default start is today − 30 days: an end before it is a start after the end.
    rejects({ end: '2026-10-20' }, NOW, { field: 'start', rule: 'after-end' });
  });

  // Malformed dates never get here: the request layer reads them (test/unit/routes/parse.test.ts).
});

describe('unionLength', () => {
  const W = { start: 0, end: 1000 };
  it('adds disjoint spans and counts overlaps once', () => {
    expect(unionLength([], W)).toBe(0);
    expect(unionLength([{ start: 100, end: 200 }, { start: 300, end: 400 }], W)).toBe(200);
    expect(unionLength([{ start: 100, end: 300 }, { start: 200, end: 400 }], W)).toBe(300);
    expect(unionLength([{ start: 100, end: 500 }, { start: 200, end: 300 }], W)).toBe(400); // nested
    expect(unionLength([{ start: 100, end: 200 }, { start: 200, end: 300 }], W)).toBe(200); // touching
    expect(unionLength([{ start: 100, end: 200 }, { start: 100, end: 200 }], W)).toBe(100); // identical
  });

  it('does not depend on the order of the spans', () => {
    const spans = [
      { start: 600, end: 700 },
      { start: 100, end: 300 },
      { start: 650, end: 900 },
      { start: 250, end: 260 },
      { start: 0, end: 50 },
    ];
    expect(unionLength(spans, W)).toBe(50 + 200 + 300);
    expect(unionLength([...spans].reverse(), W)).toBe(550);
  });

  it('clips to the window', () => {
    expect(unionLength([{ start: -500, end: 100 }], W)).toBe(100);
    expect(unionLength([{ start: 900, end: 5000 }], W)).toBe(100);
    expect(unionLength([{ start: -5, end: 5000 }], W)).toBe(1000);
    expect(unionLength([{ start: -500, end: 0 }, { start: 1000, end: 1200 }], W)).toBe(0);
    expect(unionLength([{ start: 10, end: 10 }], W)).toBe(0);
  });
});

describe('computeMetrics', () => {
  // 1 → 2 (child), 3 alone.
  const components = [component(1), component(2, { parentId: 1 }), component(3)];
  const notices = [
    // A on 2: impact [11-10 10:00, 11:00) to the recovering update.
    unplanned(
      10,
      [uu('2026-11-10T10:00:00Z', 'investigating'), uu('2026-11-10T11:00:00Z', 'recovering'), uu('2026-11-10T12:00:00Z', 'resolved')],
      { components: [2] },
    ),
    // B on 1: impact [11-10 10:30, 12:00).
    unplanned(11, [uu('2026-11-10T10:30:00Z', 'investigating'), uu('2026-11-10T12:00:00Z', 'resolved')], { components: [1] }),
    // C on 2: false alarm, never counted.
    unplanned(12, [uu('2026-11-10T09:00:00Z', 'investigating'), uu('2026-11-10T13:00:00Z', 'false_alarm')], { components: [2] }),
    // D on 2: ongoing since 11-20 11:00, one hour by now.
    unplanned(13, [uu('2026-11-20T11:00:00Z', 'identified')], { components: [2] }),
    // E on 2: maintenance, never counted.
    planned(14, { beginsAt: '2026-11-10T00:00:00Z', endsAt: '2026-11-10T23:00:00Z' }, [pu('2026-11-01T00:00:00Z', 'scheduled')], {
      components: [2],
    }),
    // F, G, H on 3 on 11-12, with impact_seconds 100, 100 and 200.
    unplanned(15, [uu('2026-11-12T01:00:00Z', 'investigating'), uu('2026-11-12T05:00:00Z', 'resolved')], { components: [3], impactSeconds: 100 }),
    unplanned(16, [uu('2026-11-12T02:00:00Z', 'investigating'), uu('2026-11-12T05:00:00Z', 'resolved')], { components: [3], impactSeconds: 100 }),
    unplanned(17, [uu('2026-11-12T03:00:00Z', 'investigating'), uu('2026-11-12T05:00:00Z', 'resolved')], { components: [3], impactSeconds: 200 }),
  ];
  const site = deriveSite(content({ components, notices }), NOW);
  const metrics = (id: number, days: Days) => computeMetrics(site, id, resolve(days, NOW));

  it('a parent counts its descendants; overlapping windows count once', () => {
    // [11-10 10:00, 12:00) over 86400 s, two notices.
    const m = metrics(1, { start: '2026-11-10', end: '2026-11-10' });
    expect(m.notices.map((n) => n.id)).toEqual([11, 10]);
    expect(m).toMatchObject({ totalSeconds: 86400, impactSeconds: 7200, percent: 91.666666666667, mttrSeconds: 3600, mtbfSeconds: 39600 });
  });

  it('a child does not count its parent', () => {
    const m = metrics(2, { start: '2026-11-10', end: '2026-11-10' });
    expect(m.notices.map((n) => n.id)).toEqual([10]);
    expect(m).toMatchObject({ totalSeconds: 86400, impactSeconds: 3600, percent: 95.833333333333, mttrSeconds: 3600, mtbfSeconds: 82800 });
  });

  it('the default window counts an ongoing incident up to now', () => {
    const m = metrics(2, {});
    expect(m.notices.map((n) => n.id)).toEqual([13, 10]);
    // 7200 / 2635200 = 1/366.
    expect(m).toMatchObject({ totalSeconds: 2_635_200, impactSeconds: 7200, percent: 99.726775956284, mttrSeconds: 3600, mtbfSeconds: 1_314_000 });
  });

  it('rounds MTTR and MTBF to the nearest second and percent to 12 decimals', () => {
    const m = metrics(3, { start: '2026-11-12', end: '2026-11-12' });
    expect(m.notices).toHaveLength(3);
    // 400 / 3 = 133.33 → 133; (86400 − 400) / 3 = 28666.67 → 28667; 100 − 400/86400·100 = 99.537037037037…
    expect(m).toMatchObject({ totalSeconds: 86400, impactSeconds: 400, percent: 99.537037037037, mttrSeconds: 133, mtbfSeconds: 28667 });
  });

  it('with no counted notice: percent 100, MTTR 0, MTBF = total_time', () => {
    expect(metrics(3, { start: '2026-11-01', end: '2026-11-07' })).toMatchObject({
      notices: [],
      totalSeconds: 7 * 86400,
      impactSeconds: 0,
      percent: 100,
      mttrSeconds: 0,
      mtbfSeconds: 7 * 86400,
    });
  });

  it('an empty timeframe (start today, at midnight) reads 100% and does not divide by zero', () => {
    const midnight = ms('2026-11-20T00:00:00Z');
    const m = computeMetrics(site, 1, resolve({ start: '2026-11-20' }, midnight));
    expect(m).toMatchObject({ totalSeconds: 0, impactSeconds: 0, percent: 100, mttrSeconds: 0, mtbfSeconds: 0 });
  });

  it('a window touching an impact window only at its edge does not count it (half-open spans)', () => {
    // A's impact is [11-10 10:00, 11:00).
    expect(countedNotices(site, 2, ms('2026-11-10T11:00:00Z'), ms('2026-11-10T12:00:00Z')).map((n) => n.id)).toEqual([]);
    expect(countedNotices(site, 2, ms('2026-11-10T09:00:00Z'), ms('2026-11-10T10:00:00Z')).map((n) => n.id)).toEqual([]);
    expect(countedNotices(site, 2, ms('2026-11-10T10:59:59Z'), ms('2026-11-10T12:00:00Z')).map((n) => n.id)).toEqual([10]);
    expect(countedNotices(site, 2, ms('2026-11-10T10:00:00Z') - HOUR, ms('2026-11-10T10:00:00Z') + 1).map((n) => n.id)).toEqual([10]);
  });
});
