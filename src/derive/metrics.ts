// Metrics: timeframe rules, the union of impact windows, and the spec's formulas. Nothing here
// knows about requests: a timeframe outside the rules is a typed problem, which render/metrics.ts
// turns into the 400 naming the parameter (from the error catalogue's api/timeframe-… entries).
import { DEFAULT_WINDOW_DAYS, TIMEFRAME_MONTHS } from '../util/limits.js';
import { madeOnce } from '../util/made-once.js';
import { DAY_MS, formatDate, startOfUtcDay } from '../util/time.js';
import type { DerivedNotice, DerivedSite, Span } from './types.js';

export { DEFAULT_WINDOW_DAYS } from '../util/limits.js';

/** The UTC days a component's uptime bar shows, and whose notices its page lists (next-change.ts, render/site). */
export const BAR_DAYS = 90;

/** The days asked for, as epoch ms of their 00:00Z; either may be absent (the default window). */
export interface TimeframeInput {
  start?: number;
  end?: number;
}

export interface ResolvedTimeframe {
  startDate: string;
  endDate: string;
  /** [start 00:00Z, end + 1 day 00:00Z) cut off at now. */
  span: Span;
}

/** Why a timeframe cannot be computed; `date` is the limit it crossed (yyyy-mm-dd). */
export type TimeframeProblem =
  | { field: 'start'; rule: 'more-than-12-months-ago'; date: string }
  | { field: 'start'; rule: 'after-today'; date: string }
  | { field: 'start'; rule: 'after-end' };

export type TimeframeResult = { ok: true; timeframe: ResolvedTimeframe } | { ok: false; problem: TimeframeProblem };

export interface MetricsFigures<T = DerivedNotice> {
  timeframe: ResolvedTimeframe;
  /** The counted notices, in API order. */
  notices: T[];
  totalSeconds: number;
  impactSeconds: number;
  percent: number;
  mttrSeconds: number;
  mtbfSeconds: number;
}

/**
 * Applies the defaults (the past DEFAULT_WINDOW_DAYS days) and the range rules: a start at most TIMEFRAME_MONTHS months ago, not
 * after today, not after the end. An end after today is cut off at now.
 */
export function resolveTimeframe(input: TimeframeInput, now: number): TimeframeResult {
  const today = startOfUtcDay(now);
  const start = input.start ?? today - DEFAULT_WINDOW_DAYS * DAY_MS;
  const end = input.end ?? today;
  const earliest = monthsBefore(today);
  if (start < earliest) return { ok: false, problem: { field: 'start', rule: 'more-than-12-months-ago', date: formatDate(earliest) } };
  if (start > today) return { ok: false, problem: { field: 'start', rule: 'after-today', date: formatDate(today) } };
  if (start > end) return { ok: false, problem: { field: 'start', rule: 'after-end' } };
  const cutEnd = Math.min(end, today);
  return {
    ok: true,
    timeframe: { startDate: formatDate(start), endDate: formatDate(cutEnd), span: { start, end: Math.min(cutEnd + DAY_MS, now) } },
  };
}

/** The earliest day a timeframe may start on as of `now` (TIMEFRAME_MONTHS before today), as epoch ms of its 00:00Z. */
export const earliestStart = (now: number): number => monthsBefore(startOfUtcDay(now));

/** The same day TIMEFRAME_MONTHS months before `day`, or the last day of that month when it is shorter. */
function monthsBefore(day: number): number {
  const d = new Date(day);
  const month = d.getUTCMonth() - TIMEFRAME_MONTHS;
  const lastDay = new Date(Date.UTC(d.getUTCFullYear(), month + 1, 0)).getUTCDate();
  return Date.UTC(d.getUTCFullYear(), month, Math.min(d.getUTCDate(), lastDay));
}

/** The one overlap test, shared by the metrics and the `impact_timeframe_overlaps` filter. */
export const overlaps = (impact: Span, start: number, end: number): boolean =>
  impact.start < end && impact.end > start;

/** The notices counting toward a component whose impact overlaps [start, end). */
export function countedNotices(site: DerivedSite, componentId: number, start: number, end: number): DerivedNotice[] {
  return (site.metricsNotices.get(componentId) ?? []).filter((n) => overlaps(n.impact!, start, end));
}

/** Length in ms of the union of the spans clipped to the window: overlapping incidents count once. */
export function unionLength(spans: Span[], window: Span): number {
  const clipped = spans
    .map((s) => ({ start: Math.max(s.start, window.start), end: Math.min(s.end, window.end) }))
    .filter((s) => s.end > s.start)
    .sort((a, b) => a.start - b.start);
  let total = 0;
  let cursor = -Infinity;
  for (const s of clipped) {
    const from = Math.max(s.start, cursor);
    if (s.end > from) total += s.end - from;
    cursor = Math.max(cursor, s.end);
  }
  return total;
}

/** The spec's formulas over whole seconds, so the printed calculation reproduces the printed result. */
export function computeMetrics(site: DerivedSite, componentId: number, timeframe: ResolvedTimeframe): MetricsFigures {
  return figuresOf(site.metricsNotices.get(componentId) ?? [], timeframe);
}

/**
 * The figures of a timeframe from the notices that count toward a component at any time (each with
 * its impact window). Pure, with no other input: the component page's picker runs this same code in
 * the browser over the page's data file, so its figures are the API's to the digit.
 */
export function figuresOf<T extends { impact: Span | null }>(counting: readonly T[], timeframe: ResolvedTimeframe): MetricsFigures<T> {
  const { span } = timeframe;
  const notices = counting.filter((n) => n.impact !== null && overlaps(n.impact, span.start, span.end));
  const totalSeconds = Math.round((span.end - span.start) / 1000);
  const impactSeconds = Math.round(unionLength(notices.map((n) => n.impact!), span) / 1000);
  const count = notices.length;
  const percent = totalSeconds === 0 ? 100 : 100 - (impactSeconds / totalSeconds) * 100;
  return {
    timeframe,
    notices,
    totalSeconds,
    impactSeconds,
    percent: Math.round(percent * 1e12) / 1e12,
    mttrSeconds: count === 0 ? 0 : Math.round(impactSeconds / count),
    mtbfSeconds: count === 0 ? totalSeconds : Math.round((totalSeconds - impactSeconds) / count),
  };
}

const defaults = new WeakMap<DerivedSite, Map<number, MetricsFigures>>();

/** The default window's figures of a component, computed once per site (the list and the metrics file share them). */
export function defaultMetrics(site: DerivedSite, componentId: number): MetricsFigures {
  return madeOnce(madeOnce(defaults, site, () => new Map()), componentId, () => computeMetrics(site, componentId, defaultTimeframe(site.now)));
}

/** The default window (the past DEFAULT_WINDOW_DAYS days), which always keeps the rules. */
export function defaultTimeframe(now: number): ResolvedTimeframe {
  const resolved = resolveTimeframe({}, now);
  if (!resolved.ok) throw new Error('The default metrics window broke the timeframe rules');
  return resolved.timeframe;
}

/** One day of `dayFigures`: its bounds, the impact within it (the union, up to now) and the notices touching it. */
export interface DayFigures<T> {
  start: number;
  end: number;
  /** Seconds of the day up to now. */
  countedSeconds: number;
  impactSeconds: number;
  notices: T[];
}

/**
 * The figures of consecutive days given by their boundaries (`bounds`: the start of each day, then
 * the end of the last, epoch ms), cut off at `now`, with each day's own. The days are an input, not
 * UTC by rule, so a reader's local days can be given instead. The whole span goes through
 * `figuresOf`, so its uptime is what the metrics API gives for the same window.
 */
export function dayFigures<T extends { impact: Span | null }>(counting: readonly T[], bounds: readonly number[], now: number): { figures: MetricsFigures<T>; days: DayFigures<T>[] } {
  const first = bounds[0]!;
  const last = bounds[bounds.length - 1]!;
  const timeframe: ResolvedTimeframe = {
    startDate: formatDate(first),
    endDate: formatDate(bounds[Math.max(0, bounds.length - 2)]!),
    span: { start: first, end: Math.max(first, Math.min(last, now)) },
  };
  const figures = figuresOf(counting, timeframe);
  const days: DayFigures<T>[] = [];
  for (let i = 0; i + 1 < bounds.length; i++) {
    const start = bounds[i]!;
    const end = bounds[i + 1]!;
    const cut = { start, end: Math.max(start, Math.min(end, now)) };
    const notices = figures.notices.filter((n) => overlaps(n.impact!, cut.start, cut.end));
    days.push({
      start,
      end,
      countedSeconds: Math.round((cut.end - cut.start) / 1000),
      impactSeconds: notices.length === 0 ? 0 : Math.round(unionLength(notices.map((n) => n.impact!), cut) / 1000),
      notices,
    });
  }
  return { figures, days };
}
