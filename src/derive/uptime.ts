// The 90-day bar of a component: each day coloured by the worst thing that happened in it (the worst
// impact of the incidents touching it, else maintenance, else nothing), and the uptime of exactly the
// days it shows, computed by the metrics code from the same day boundaries (overlapping incidents
// count once).
import type { Impact } from '../content/types.js';
import { localDay, localDayBounds } from '../i18n/dates.js';
import { madeOnce } from '../util/made-once.js';
import { BAR_DAYS, dayFigures } from './metrics.js';
import type { MetricsFigures } from './metrics.js';
import { impactOf } from './severity.js';
import type { DerivedNotice, DerivedSite } from './types.js';

/** How a day is drawn: before the component existed, nothing, maintenance, or its worst incident's impact. */
export type DayLevel = 'none' | 'ok' | 'maintenance' | Impact;
export type EventKind = 'maintenance' | Impact;

const RANK: Record<DayLevel, number> = { none: 0, ok: 0, maintenance: 1, minor: 2, major: 3, critical: 4 };

export interface DayEvent {
  notice: DerivedNotice;
  kind: EventKind;
  /** Seconds of the day it took (its impact window, or the maintenance's window, within the day up to now). */
  seconds: number;
}

export interface UptimeDay {
  /** The day's first moment (local midnight in the site's zone). */
  start: number;
  level: DayLevel;
  /** Incidents first (worst first), then maintenance. */
  events: DayEvent[];
}

export interface UptimeBar {
  days: UptimeDay[];
  /** Each day as `yyyy-mm-dd` in the site's zone. */
  dayKeys: string[];
  /** How many of the days count (the component existed), and their figures; null when none does. */
  counted: number;
  figures: MetricsFigures | null;
  /** The same of the last NARROW_DAYS days, which a phone shows. */
  narrow: { counted: number; figures: MetricsFigures | null };
}

/** The days a bar shows on a narrow screen (the newest), each at least 6 px wide on a phone. */
export const NARROW_DAYS = 30;

const computed = new WeakMap<DerivedSite, Map<number, UptimeBar>>();
const maintenance = new WeakMap<DerivedSite, Map<number, DerivedNotice[]>>();

/** The last BAR_DAYS days of a component with metrics, oldest first; computed once per site (two pages show them). */
export function uptimeBar(site: DerivedSite, componentId: number): UptimeBar {
  return madeOnce(madeOnce(computed, site, () => new Map()), componentId, () => computeBar(site, componentId));
}

function computeBar(site: DerivedSite, componentId: number): UptimeBar {
  // The site's local days: 23 or 25 hours long where the clocks change.
  const bounds = localDayBounds(site.now, BAR_DAYS, site.site.timeZone);
  const dayKeys = dayKeysOf(bounds, site.site.timeZone);
  const created = site.componentsById.get(componentId)!.source.createdAt;
  // Days that ended before the component was created have no data, and do not count.
  let firstCounted = 0;
  while (firstCounted < BAR_DAYS && bounds[firstCounted + 1]! <= created) firstCounted++;
  const days: UptimeDay[] = [];
  for (let i = 0; i < firstCounted; i++) days.push({ start: bounds[i]!, level: 'none', events: [] });
  if (firstCounted === BAR_DAYS) return { days, dayKeys, counted: 0, figures: null, narrow: { counted: 0, figures: null } };
  const counting = site.metricsNotices.get(componentId) ?? [];
  const { figures, days: counted } = dayFigures(counting, bounds.slice(firstCounted), site.now);
  const narrowFrom = Math.max(firstCounted, BAR_DAYS - NARROW_DAYS);
  const narrow = { counted: BAR_DAYS - narrowFrom, figures: dayFigures(counting, bounds.slice(narrowFrom), site.now).figures };
  const planned = maintenanceOf(site).get(componentId) ?? [];
  for (const day of counted) {
    const end = Math.min(day.end, site.now);
    const events: DayEvent[] = day.notices.map((notice) => ({ notice, kind: impactOf(notice), seconds: within(notice.impact!.start, notice.impact!.end, day.start, end) }));
    events.sort((a, b) => RANK[b.kind] - RANK[a.kind] || a.notice.impact!.start - b.notice.impact!.start || a.notice.id - b.notice.id);
    for (const notice of planned) {
      const seconds = within(notice.beganAt!, notice.endedAt ?? site.now, day.start, end);
      if (seconds > 0 || (notice.beganAt! >= day.start && notice.beganAt! < end)) events.push({ notice, kind: 'maintenance', seconds });
    }
    days.push({ start: day.start, level: events.reduce<DayLevel>((worst, e) => (RANK[e.kind] > RANK[worst] ? e.kind : worst), 'ok'), events });
  }
  return { days, dayKeys, counted: BAR_DAYS - firstCounted, figures, narrow };
}

const keysMade = new WeakMap<readonly number[], string[]>();

/** `yyyy-mm-dd` of each day the bar shows; the same for every component (the bounds are shared), made once. */
function dayKeysOf(bounds: readonly number[], zone: string): string[] {
  return madeOnce(keysMade, bounds, () => bounds.slice(0, BAR_DAYS).map((start) => localDay(start, zone).date));
}

/**
 * Uptime in hundredths of a percent (9726 for 97.26%), from the whole seconds the percent is computed
 * from, floored as the API floors it. Integer arithmetic: flooring the rounded float instead reads
 * 48.009999996 as 48.01%. Any impact at all never reads 100.00%.
 */
export function uptimeHundredths(impactSeconds: number, totalSeconds: number): number {
  const hundredths = totalSeconds <= 0 ? 10_000 : Math.floor((10_000 * (totalSeconds - impactSeconds)) / totalSeconds);
  return impactSeconds > 0 && hundredths >= 10_000 ? 9_999 : hundredths;
}

/** Whole seconds of [start, end) within [dayStart, dayEnd). */
const within = (start: number, end: number, dayStart: number, dayEnd: number): number => Math.max(0, Math.round((Math.min(end, dayEnd) - Math.max(start, dayStart)) / 1000));

/**
 * For each component, the maintenance that took place on it or on a part of it (planned notices that
 * began and were not cancelled), oldest first; computed once per site, each notice walked up its
 * components' ancestry once.
 */
function maintenanceOf(site: DerivedSite): Map<number, DerivedNotice[]> {
  return madeOnce(maintenance, site, () => {
    const since = site.now - (BAR_DAYS + 1) * 86_400_000;
    const taken = site.notices.filter(
      (notice) => notice.type === 'planned' && notice.beganAt !== null && notice.state !== 'cancelled' && !(notice.endedAt !== null && notice.endedAt < since),
    );
    return byReachedComponent(site, taken.reverse());
  });
}

/**
 * `notices` by every component each one affects, listed or through a part of it (a notice reaches
 * the components it lists and their ancestors), each list in the order given; each notice walks up
 * its components' ancestry once.
 */
export function byReachedComponent(site: Pick<DerivedSite, 'componentsById'>, notices: Iterable<DerivedNotice>): Map<number, DerivedNotice[]> {
  const result = new Map<number, DerivedNotice[]>();
  for (const notice of notices) {
    const reached = new Set<number>();
    for (const listed of notice.source.components) {
      for (let c = site.componentsById.get(listed); c && !reached.has(c.id); c = c.source.parentId === null ? undefined : site.componentsById.get(c.source.parentId)) {
        reached.add(c.id);
      }
    }
    for (const id of reached) madeOnce(result, id, () => []).push(notice);
  }
  return result;
}
