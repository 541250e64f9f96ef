// The 90-day uptime bar of a component: one cell a day, coloured by that day's downtime, computed
// from the same impact windows as the metrics (overlapping incidents count once).
import type { DerivedNotice, DerivedSite } from '../../derive/index.js';
import { overlaps, unionLength } from '../../derive/metrics.js';
import { DAY_MS, startOfUtcDay } from '../../time.js';

export const BAR_DAYS = 90;

export interface UptimeDay {
  /** 00:00Z of the day. */
  start: number;
  /** Seconds of impact within the day (up to now, for today). */
  downSeconds: number;
  /** Seconds of the day that count: the day up to now, and nothing before the component existed. */
  countedSeconds: number;
  /** The counted notices whose impact touches the day. */
  notices: DerivedNotice[];
}

const computed = new WeakMap<DerivedSite, Map<number, UptimeDay[]>>();

/** The last BAR_DAYS days of a component with metrics, oldest first; computed once per site (two pages show them). */
export function uptimeDays(site: DerivedSite, componentId: number): UptimeDay[] {
  let bySite = computed.get(site);
  if (!bySite) computed.set(site, (bySite = new Map()));
  let days = bySite.get(componentId);
  if (!days) bySite.set(componentId, (days = computeDays(site, componentId)));
  return days;
}

function computeDays(site: DerivedSite, componentId: number): UptimeDay[] {
  const today = startOfUtcDay(site.now);
  const first = today - (BAR_DAYS - 1) * DAY_MS;
  const created = site.componentsById.get(componentId)!.source.createdAt;
  const counting = (site.metricsNotices.get(componentId) ?? []).filter((n) => overlaps(n.impact!, first, site.now));
  const days: UptimeDay[] = [];
  for (let start = first; start <= today; start += DAY_MS) {
    const window = { start: Math.max(start, created), end: Math.min(start + DAY_MS, site.now) };
    const notices = counting.filter((n) => overlaps(n.impact!, start, start + DAY_MS));
    const countedSeconds = Math.max(0, Math.round((window.end - window.start) / 1000));
    const downSeconds = countedSeconds === 0 ? 0 : Math.round(unionLength(notices.map((n) => n.impact!), window) / 1000);
    days.push({ start, downSeconds, countedSeconds, notices });
  }
  return days;
}

/** How a day is coloured: no data, none, under 1% of the day down, under 5%, or more. */
export function dayLevel(day: UptimeDay): 'none' | 'ok' | 'minor' | 'partial' | 'major' {
  if (day.countedSeconds === 0) return 'none';
  const share = day.downSeconds / day.countedSeconds;
  if (day.downSeconds === 0) return 'ok';
  if (share < 0.01) return 'minor';
  if (share < 0.05) return 'partial';
  return 'major';
}
