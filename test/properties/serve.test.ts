// Properties of `statuspress serve` over random valid sites: it answers prebuilt requests with the
// files' bytes, what it computes on demand equals the prebuilt files where both exist, and the
// answers only it can give (any metrics timeframe, any filter combination) keep the same promises.
// Each run builds a site with build(), serves it on 127.0.0.1 (port 0, no rate limit), checks both
// kinds of answer on it and closes it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { answer, serialize } from '../../src/render/answer.js';
import { apiHref } from '../../src/routes/index.js';
import { serve } from '../../src/serve/server.js';
import { readState } from '../../src/serve/build-state.js';
import { DAY, scenarioArb } from '../helpers/arbitraries.js';
import { expectedNotices } from '../helpers/site-model.js';
import type { SiteModel } from '../helpers/site-model.js';
import { request } from '../http/client.js';
import { checkMetrics, PAGE_SIZE, withoutCalculations } from './checks.js';
import { params, requestOf, timeLimit, withBuiltSite } from './harness.js';
import type { BuiltSite } from './harness.js';

const RUNS = 10;
/** A generous guess of one run's time, for the time limits. */
const MS_PER_RUN = 1_000;
/** Prebuilt answers compared per run (status and every kind of file come up over the runs). */
const SAMPLE = 30;

type Get = (path: string) => ReturnType<typeof request>;

/** Runs `use` against a server of the built site; always closes it. */
async function withServer<T>(site: BuiltSite, use: (get: Get) => Promise<T>): Promise<T> {
  const running = await serve({ dir: site.dir, host: '127.0.0.1', port: 0, rateLimit: 0, drainMs: 1_000 });
  try {
    return await use((path) => request(running.url, path));
  } finally {
    await running.close();
  }
}

/** The answers of the API in the output (not the hosts' 404 bodies, not the past-the-end pages). */
const answerFiles = (site: BuiltSite): string[] =>
  [...site.files.keys()].filter((f) => f.startsWith('api/v1/') && !f.endsWith('/past-the-end.json')).sort();

const dateOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** The earliest timeframe_start allowed: the same day a year before today (the month's last day if it has none). */
function twelveMonthsBefore(today: number): number {
  const d = new Date(today);
  const lastDay = new Date(Date.UTC(d.getUTCFullYear() - 1, d.getUTCMonth() + 1, 0)).getUTCDate();
  return Date.UTC(d.getUTCFullYear() - 1, d.getUTCMonth(), Math.min(d.getUTCDate(), lastDay));
}

type WindowPick = { from: number; length: number } | { notice: number; touch: 'before' | 'after'; length: number };

/** An impact_timeframe_overlaps window: relative to now, or touching a notice's impact window from either side. */
function overlapsWindow(model: SiteModel, pick: WindowPick): [number, number] {
  const impacts = model.notices.flatMap((n) => (n.impact ? [n.impact] : []));
  if ('from' in pick || impacts.length === 0) {
    const from = 'from' in pick ? pick.from : 0;
    return [model.now + from, model.now + from + pick.length];
  }
  const impact = impacts[pick.notice % impacts.length]!;
  return pick.touch === 'before' ? [impact.start - pick.length, impact.start] : [impact.end, impact.end + pick.length];
}

const timeframeArb = fc.record({
  component: fc.nat(),
  /** Days from today: mostly valid starts, some before the 12-month limit or after today. */
  startDay: fc.oneof(fc.integer({ min: -380, max: 0 }), fc.integer({ min: -370, max: -360 }), fc.integer({ min: -3, max: 3 })),
  /** Length in days; negative puts the end before the start; long ones run past today. */
  days: fc.oneof(fc.integer({ min: -2, max: 40 }), fc.integer({ min: 0, max: 400 })),
});
const filterArb = fc.record(
  {
    type: fc.constantFrom('unplanned', 'planned', 'general'),
    timelineState: fc.constantFrom('future', 'present', 'past_recent', 'past_distant', 'past'),
    component: fc.nat(),
    overlaps: fc.oneof(
      fc.record({ from: fc.integer({ min: -40 * DAY, max: DAY }), length: fc.integer({ min: 0, max: 40 * DAY }) }),
      // A window that ends where a notice's impact starts, or starts where it ends: touching is not overlapping.
      fc.record({ notice: fc.nat(), touch: fc.constantFrom('before', 'after'), length: fc.integer({ min: 0, max: 3 * DAY }) }),
    ),
  },
  { requiredKeys: [] },
);
type Timeframe = typeof timeframeArb extends fc.Arbitrary<infer T> ? T : never;
type Filter = typeof filterArb extends fc.Arbitrary<infer T> ? T : never;

/** Prebuilt answers over HTTP and on demand equal the files' bytes; answers with no file of their own equal the file they must. */
async function checkPrebuilt(site: BuiltSite, get: Get, picks: number[]): Promise<void> {
  // What the server loads for on-demand answers: the build's recorded state.
  const state = await readState(site.dir);
  const files = answerFiles(site);
  const sample = [...new Set(['api/v1/status.json', ...picks.map((p) => files[p % files.length]!)])];
  for (const file of sample) {
    const request = requestOf(`/${file}`);
    const bytes = site.files.get(file)!;
    // The on-demand path, on the state the server loads, gives the file's bytes.
    expect(serialize(answer(state, request)), `${file}: computed on demand`).toBe(bytes);
    // Over HTTP, at its canonical address and with a .json suffix.
    const href = apiHref(request);
    for (const path of [href, href.replace(/^([^?]*)/, '$1.json')]) {
      const res = await get(path);
      expect(res.status, `${path}: ${res.body.slice(0, 200)}`).toBe(200);
      expect(res.body, path).toBe(bytes);
    }
    // Requests with no file of their own whose answer the server must compute, and must equal a file.
    if (request.endpoint === 'notices' || request.endpoint === 'components') {
      const body = JSON.parse(bytes);
      if (body.meta.next_page !== null) continue;
      // The page after the last: on demand here, `past-the-end.json` on static hosts.
      const after = apiHref({ ...request, page: request.page + 1 });
      expect(site.fileOf(after), after).toBeNull();
      const res = await get(after);
      expect(res.status, after).toBe(200);
      const pastEnd = file.replace(/page=\d+\.json$/, 'past-the-end.json');
      expect(res.body, `${after}: the page past the end`).toBe(site.files.get(pastEnd));
      expect(body.meta.total_count, after).toBeLessThanOrEqual(request.page * PAGE_SIZE);
    }
    if (request.endpoint === 'metrics') {
      // The default window spelt out: not a file, the same answer.
      const today = Math.floor(site.model.now / DAY) * DAY;
      const timeframe = { start: today - 30 * DAY, end: today };
      const spelt = apiHref({ ...request, timeframe });
      expect(site.fileOf(spelt), spelt).toBeNull();
      const res = await get(spelt);
      expect(res.status, spelt).toBe(200);
      expect(res.body, `${spelt}: the default window, computed`).toBe(bytes);
    }
  }
}

/** Metrics timeframes and filter combinations the server computes: the same promises as the prebuilt answers. */
async function checkComputed(site: BuiltSite, get: Get, timeframes: Timeframe[], filters: Filter[]): Promise<void> {
  const { model } = site;
  const today = Math.floor(model.now / DAY) * DAY;
  for (const t of timeframes) {
    const component = model.components.length ? model.components[t.component % model.components.length]! : null;
    const start = today + t.startDay * DAY;
    const end = start + t.days * DAY;
    const path = `/api/v1/components/${component?.id ?? 1}/metrics?timeframe_start=${dateOf(start)}&timeframe_end=${dateOf(end)}`;
    const full = await get(`${path}&show_calculations=true`);
    if (component === null || !component.metrics) {
      expect(full.status, `${path}: no metrics for this component`).toBe(404);
      continue;
    }
    const invalid = start < twelveMonthsBefore(today) || start > today || start > end;
    expect(full.status, `${path}: ${full.body.slice(0, 200)}`).toBe(invalid ? 400 : 200);
    if (invalid) continue;
    // The timeframe asked for; an end after today is cut off at today.
    expect([full.json().timeframe_start, full.json().timeframe_end], path).toEqual([dateOf(start), dateOf(Math.min(end, today))]);
    await checkMetrics(full.json(), {
      now: model.now,
      model,
      listTotal: async (href) => {
        const res = await get(href);
        expect(res.status, href).toBe(200);
        return res.json().meta.total_count;
      },
    });
    const plain = await get(path);
    expect(plain.json(), `${path}: without calculations`).toEqual(withoutCalculations(full.json()));
  }
  for (const f of filters) {
    const filter = {
      ...(f.type === undefined ? {} : { type: f.type }),
      ...(f.timelineState === undefined ? {} : { timelineState: f.timelineState }),
      ...(f.component === undefined || model.components.length === 0
        ? {}
        : { metricsComponentId: model.components[f.component % model.components.length]!.id }),
      ...(f.overlaps === undefined ? {} : { impactOverlaps: overlapsWindow(model, f.overlaps) }),
    };
    // Every page over HTTP, following next_page.
    const ids: number[] = [];
    let next: string | null = apiHref({ endpoint: 'notices', filter, page: 1 });
    let total: number | null = null;
    for (let page = 1; next !== null; page++) {
      const res = await get(next);
      expect(res.status, `${next}: ${res.body.slice(0, 200)}`).toBe(200);
      const body = res.json();
      expect(body.meta.count, next).toBe(body.notices.length);
      total ??= body.meta.total_count;
      expect(body.meta.total_count, next).toBe(total);
      ids.push(...body.notices.map((n: { id: number }) => n.id));
      next = body.meta.next_page;
      expect(next === null, `${next}: next_page null exactly on the last page`).toBe(ids.length === total);
      expect(page).toBeLessThan(100);
    }
    expect(ids, `notices for ${JSON.stringify(filter)}`).toEqual(expectedNotices(model, filter));
  }
}

describe('properties of statuspress serve over random sites', () => {
  // One property, so that each site is built once for both kinds of answer.
  it(
    'answers prebuilt requests with the files’ bytes and its on-demand answers equal the prebuilt files; it computes any metrics timeframe and any filter combination with the same promises as the prebuilt answers',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          // Large one way at a time: lists of several pages, at a fraction of a whole build's cost.
          scenarioArb({ bothLarge: false, maxComponents: 27, maxNotices: 40 }),
          fc.array(fc.nat(), { minLength: SAMPLE, maxLength: SAMPLE }),
          fc.array(timeframeArb, { minLength: 1, maxLength: 6 }),
          fc.array(filterArb, { minLength: 1, maxLength: 4 }),
          (scenario, picks, timeframes, filters) =>
            withBuiltSite(scenario, (site) =>
              withServer(site, async (get) => {
                await checkPrebuilt(site, get, picks);
                await checkComputed(site, get, timeframes, filters);
              }),
            ),
        ),
        params(RUNS, MS_PER_RUN),
      );
    },
    timeLimit(RUNS, MS_PER_RUN),
  );
});
