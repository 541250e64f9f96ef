// The checks the property tests share: walking a list's pages, the pagination envelope's promises,
// and the invariants of a metrics answer.
import { expect } from 'vitest';
import { DAY } from '../helpers/arbitraries.js';
import type { Json } from '../helpers/build.js';
import { expectedNotices, unionLength } from '../helpers/site-model.js';
import type { SiteModel } from '../helpers/site-model.js';
import { requestOf } from './harness.js';
import type { ApiOutput } from './harness.js';

export const PAGE_SIZE = 25;

/** Every page of the list whose first page is the file `first`, by following next_page through the prebuilt files. */
export function walk(site: ApiOutput, first: string): Json[] {
  const pages: Json[] = [site.json(first)];
  for (;;) {
    const next: string | null = pages[pages.length - 1].meta.next_page;
    if (next === null) return pages;
    const file = site.fileOf(next);
    expect(file, `${first}: next_page ${next} has no prebuilt file`).not.toBeNull();
    expect(requestOf(next), `${first}: next_page ${next} keeps the filter`).toEqual({ ...requestOf(`/${first}`), page: pages.length + 1 });
    pages.push(site.json(file!));
    expect(pages.length, `${first}: next_page never ends`).toBeLessThan(1_000);
  }
}

/**
 * The envelope's promises over one list's pages: `count` is the page's items, `total_count` the same
 * on every page, full pages but the last, next_page null exactly on the last, no record twice, and
 * the page past the end empty. Returns the ids over all pages, in order.
 */
export function checkPages(site: ApiOutput, first: string, collection: 'notices' | 'components', pages: Json[]): number[] {
  const total: number = pages[0].meta.total_count;
  const lastPage = Math.max(1, Math.ceil(total / PAGE_SIZE));
  expect(pages.length, `${first}: pages for total_count ${total}`).toBe(lastPage);
  pages.forEach((page, i) => {
    const where = `${first} page ${i + 1}`;
    const items: Json[] = page[collection];
    expect(page.meta.count, where).toBe(items.length);
    expect(page.meta.total_count, `${where}: total_count changes between pages`).toBe(total);
    expect(page.meta.next_page === null, `${where}: next_page null exactly on the last page`).toBe(i === pages.length - 1);
    expect(items.length, where).toBe(i < lastPage - 1 ? PAGE_SIZE : total - PAGE_SIZE * (lastPage - 1));
  });
  const pastEnd = site.json(first.replace(/page=1\.json$/, 'past-the-end.json'));
  expect(pastEnd, `${first}: the page past the end`).toEqual({ [collection]: [], meta: { count: 0, total_count: total, next_page: null } });
  const ids: number[] = pages.flatMap((page) => page[collection].map((item: Json) => item.id));
  expect(new Set(ids).size, `${first}: a record appears on two pages`).toBe(ids.length);
  expect(ids.length, `${first}: records over all pages`).toBe(total);
  return ids;
}

/** The first page of every prebuilt list of a collection (`api/v1/notices/q/.../page=1.json`). */
export const firstPages = (site: ApiOutput, collection: 'notices' | 'components'): string[] =>
  [...site.files.keys()].filter((f) => f.startsWith(`api/v1/${collection}/q/`) && f.endsWith('/page=1.json'));

/** A metrics answer without what only show_calculations adds. */
export function withoutCalculations(full: Json): Json {
  const copy = structuredClone(full);
  delete copy.calculation_data_in_timeframe;
  for (const key of ['percentage_uptime', 'mean_time_to_recovery', 'mean_time_between_failures']) delete copy[key].calculation;
  return copy;
}

/** Uptime words: floored to two decimals, and an impacted window never reads 100.00%. */
function percentWords(impact: number, total: number): string {
  let hundredths = total === 0 ? 10_000 : Math.floor((10_000 * (total - impact)) / total);
  if (impact > 0) hundredths = Math.min(hundredths, 9_999);
  return `${(hundredths / 100).toFixed(2)}%`;
}

export interface MetricsContext {
  /** The build's now. */
  now: number;
  /** total_count of the notice list at a link the answer prints. */
  listTotal: (href: string) => Promise<number> | number;
  /** The site as the content gives it (test/helpers/site-model.ts), for the counted notices and their impact. */
  model: SiteModel;
}

/**
 * The invariants of one metrics answer with calculations: 0 ≤ total_impact_time ≤ total_time,
 * 0 ≤ percent ≤ 100, total_time the timeframe's length (cut off at now), the formulas of uptime,
 * MTTR and MTBF over the printed numbers, the linked notice list's total_count, and the impact the content gives.
 */
export async function checkMetrics(full: Json, context: MetricsContext): Promise<void> {
  const data = full.calculation_data_in_timeframe;
  const total: number = data.total_time.seconds;
  const impact: number = data.total_impact_time.seconds;
  const count: number = data.notices.count;
  const percent: number = full.percentage_uptime.percent;
  const where = `metrics of ${full.component.id} ${full.timeframe_start}..${full.timeframe_end}`;

  expect(impact, `${where}: total_impact_time ≥ 0`).toBeGreaterThanOrEqual(0);
  expect(impact, `${where}: total_impact_time ≤ total_time`).toBeLessThanOrEqual(total);
  expect(percent, where).toBeGreaterThanOrEqual(0);
  expect(percent, where).toBeLessThanOrEqual(100);
  // The timeframe is [start 00:00Z, end + 1 day 00:00Z), cut off at now.
  const start = Date.parse(`${full.timeframe_start}T00:00:00Z`);
  const end = Math.min(Date.parse(`${full.timeframe_end}T00:00:00Z`) + DAY, context.now);
  expect(total, `${where}: total_time is the timeframe's length`).toBe(Math.round((end - start) / 1000));
  // Over the printed numbers: uptime = 100 - impact / total × 100, MTTR = impact / count,
  // MTBF = (total - impact) / count (0 and total with no counted notice), rounded to whole seconds.
  if (total > 0) expect(Math.abs(percent - (100 - (impact / total) * 100)), `${where}: percentage_uptime`).toBeLessThan(1e-9);
  else expect(percent, `${where}: an empty timeframe`).toBe(100);
  expect(full.mean_time_to_recovery.seconds, `${where}: MTTR`).toBe(count === 0 ? 0 : Math.round(impact / count));
  expect(full.mean_time_between_failures.seconds, `${where}: MTBF`).toBe(count === 0 ? total : Math.round((total - impact) / count));
  expect(full.percentage_uptime.words, where).toBe(percentWords(impact, total));
  // The linked list is the same timeframe and holds exactly the counted notices.
  const overlaps = new URL(data.notices.href, 'http://localhost').searchParams.getAll('filter[impact_timeframe_overlaps][]').map(Date.parse);
  expect(overlaps, `${where}: the linked list's timeframe`).toEqual([start, end]);
  expect(count, `${where}: notices.count is the linked list's total_count`).toBe(await context.listTotal(data.notices.href));
  const counted = expectedNotices(context.model, { metricsComponentId: full.component.id, impactOverlaps: [start, end] });
  expect(count, `${where}: the notices the content counts`).toBe(counted.length);
  const spans = counted.map((id) => context.model.notices.find((n) => n.id === id)!.impact!);
  expect(impact, `${where}: the union of the counted impact windows`).toBe(Math.round(unionLength(spans, start, end) / 1000));
}
