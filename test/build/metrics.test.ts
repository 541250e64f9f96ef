// Metrics of test/fixtures/metrics-site (now 2026-11-20T12:00:00Z), computed by hand.
//
// Default window: 2026-10-21 (today − 30 days) to 2026-11-20 (today), i.e. [2026-10-21T00:00Z,
// 2026-11-21T00:00Z) cut off at now 2026-11-20T12:00Z: total_time = 30 days 12 hours = 2,635,200 s.
// Impact windows (unplanned, not false_alarm):
//   101 on 4: [11-20 10:00, now 12:00) = 7200 s (ongoing)   103 on 4: [11-10 10:00, 11:00) = 3600 s
//   104 on 2: [11-10 10:30, 11:30) = 3600 s                 106 on 3: [11-13 09:00, +1800 s) = 1800 s
//   107 on 9: [11-05 13:00, 16:00) = 10800 s                20 on 8: [10-20 23:00, 10-21 01:00), 1 h inside
//   105 on 5 is a false alarm: not counted. Fillers 1–19 on 8 are before the window.
// percent = 100 − impact/total × 100, rounded to 12 decimals; words floored to 2 decimals.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answer } from '../../src/render/answer.js';
import { route } from '../../src/routes/index.js';
import { buildScenario, ids } from '../helpers/build.js';
import type { Built, Json } from '../helpers/build.js';

let built: Built;
beforeAll(async () => {
  built = await buildScenario('metrics-site');
});
afterAll(() => built?.cleanup());

const BASE = 'https://status.example.com/acme';
const TOTAL = 2_635_200;
const OVERLAPS =
  'filter[impact_timeframe_overlaps][]=2026-10-21T00:00:00.000Z&filter[impact_timeframe_overlaps][]=2026-11-20T12:00:00.000Z';

interface Expected {
  impact: number;
  impactWords: string;
  /** The counted notices, in API order. */
  notices: number[];
  percent: number;
  percentWords: string;
  mttr: [number, string];
  mtbf: [number, string];
}

const EXPECTED: Record<number, Expected> = {
  // 1 (Platform): 101, 103, 104 (through 4 and 2) and 106 (through 3). 103 ∪ 104 = [10:00, 11:30) = 5400 s,
  // so 7200 + 5400 + 1800 = 14400 s; 14400 / 2635200 = 1/183.
  1: {
    impact: 14400,
    impactWords: '4 hours',
    notices: [101, 106, 104, 103],
    percent: 99.453551912568,
    percentWords: '99.45%',
    mttr: [3600, '1 hour'],
    mtbf: [655200, '7 days 14 hours'], // (2635200 − 14400) / 4
  },
  // 2 (API, parent): its own 104 and its child's 101 and 103; the overlap of 103 and 104 counts once.
  2: {
    impact: 12600,
    impactWords: '3 hours 30 minutes',
    notices: [101, 104, 103],
    percent: 99.521857923497,
    percentWords: '99.52%',
    mttr: [4200, '1 hour 10 minutes'],
    mtbf: [874200, '10 days 2 hours 50 minutes'], // (2635200 − 12600) / 3
  },
  // 3 (Dashboard): 106 with impact_seconds 1800.
  3: {
    impact: 1800,
    impactWords: '30 minutes',
    notices: [106],
    percent: 99.931693989071,
    percentWords: '99.93%',
    mttr: [1800, '30 minutes'],
    mtbf: [2633400, '30 days 11 hours 30 minutes'],
  },
  // 4 (REST API, child): 101 and 103 only; 104 on its parent does not count toward it.
  4: {
    impact: 10800,
    impactWords: '3 hours',
    notices: [101, 103],
    percent: 99.590163934426,
    percentWords: '99.59%',
    mttr: [5400, '1 hour 30 minutes'],
    mtbf: [1312200, '15 days 4 hours 30 minutes'],
  },
  // 5 (GraphQL): only a false alarm: no counted notice, so MTTR 0 and MTBF = total_time.
  5: {
    impact: 0,
    impactWords: '0 seconds',
    notices: [],
    percent: 100,
    percentWords: '100.00%',
    mttr: [0, '0 seconds'],
    mtbf: [TOTAL, '30 days 12 hours'],
  },
  // 7 (Docs, under a metrics:false parent): only maintenance, which never counts.
  7: {
    impact: 0,
    impactWords: '0 seconds',
    notices: [],
    percent: 100,
    percentWords: '100.00%',
    mttr: [0, '0 seconds'],
    mtbf: [TOTAL, '30 days 12 hours'],
  },
  // 8 (Emails): 20 straddles the window start, clipped to one hour; the withheld 401 does not count.
  8: {
    impact: 3600,
    impactWords: '1 hour',
    notices: [20],
    percent: 99.863387978142,
    percentWords: '99.86%',
    mttr: [3600, '1 hour'],
    mtbf: [2631600, '30 days 11 hours'],
  },
  // 9 (CDN): 107, its impact from the began_at override.
  9: {
    impact: 10800,
    impactWords: '3 hours',
    notices: [107],
    percent: 99.590163934426,
    percentWords: '99.59%',
    mttr: [10800, '3 hours'],
    mtbf: [2624400, '30 days 9 hours'],
  },
};

describe.each(Object.keys(EXPECTED).map(Number))('component %i, default window', (id) => {
  const e = EXPECTED[id]!;

  it('has the hand-computed figures, without calculations', () => {
    expect(built.json(`api/v1/components/${id}/metrics.json`)).toEqual({
      component: { id, name: expect.any(String) },
      timeframe_start: '2026-10-21',
      timeframe_end: '2026-11-20',
      percentage_uptime: { percent: e.percent, words: e.percentWords },
      mean_time_to_recovery: { seconds: e.mttr[0], words: e.mttr[1] },
      mean_time_between_failures: { seconds: e.mtbf[0], words: e.mtbf[1] },
      url: `${BASE}/components/${id}/?timeframe_start=2026-10-21&timeframe_end=2026-11-20`,
    });
  });

  it('with calculations: the same figures, the data, and a notice link that lists exactly the counted notices', () => {
    const plain = built.json(`api/v1/components/${id}/metrics.json`);
    const calc = built.json(`api/v1/components/${id}/metrics/show_calculations=true.json`);
    expect(calc.percentage_uptime).toMatchObject(plain.percentage_uptime);
    expect(calc.mean_time_to_recovery).toMatchObject(plain.mean_time_to_recovery);
    expect(calc.mean_time_between_failures).toMatchObject(plain.mean_time_between_failures);
    for (const key of ['percentage_uptime', 'mean_time_to_recovery', 'mean_time_between_failures']) {
      expect(typeof calc[key].calculation, key).toBe('string');
    }
    expect(calc.percentage_uptime.calculation).toContain(String(TOTAL));
    expect(calc.percentage_uptime.calculation).toContain(String(e.impact));
    expect(calc.calculation_data_in_timeframe).toEqual({
      total_time: { seconds: TOTAL, words: '30 days 12 hours' },
      total_impact_time: { seconds: e.impact, words: e.impactWords },
      notices: { href: `/api/v1/notices?filter[metrics_component_id]=${id}&${OVERLAPS}`, count: e.notices.length },
    });
    const listed = built.get(calc.calculation_data_in_timeframe.notices.href);
    expect(listed.meta.total_count).toBe(calc.calculation_data_in_timeframe.notices.count);
    expect(ids(listed.notices)).toEqual(e.notices);
  });

  it('is summarised in the component list', () => {
    const c = built.get('/api/v1/components').components.find((x: Json) => x.id === id);
    expect(c.metrics_summary).toEqual({
      timeframe_start: '2026-10-21',
      timeframe_end: '2026-11-20',
      percentage_uptime: { percent: e.percent, words: e.percentWords },
      url: `${BASE}/components/${id}/`,
    });
  });
});

describe('metrics off for a component', () => {
  it('has no file, answers 404, and a null summary', () => {
    expect([...built.files.keys()].filter((f) => f.startsWith('api/v1/components/6/'))).toEqual([]);
    for (const url of ['/api/v1/components/6/metrics', '/api/v1/components/6/metrics?show_calculations=true']) {
      const r = route(url);
      expect(r.kind, url).toBe('api');
      if (r.kind === 'api') expect(() => answer(built.site, r.request)).toThrow(expect.objectContaining({ status: 404, code: 'not_found' }));
    }
    const r = route('/api/v1/components/99/metrics');
    if (r.kind === 'api') expect(() => answer(built.site, r.request)).toThrow(expect.objectContaining({ status: 404 }));
  });
});

describe('on-demand timeframes (as of the build)', () => {
  const onDemand = (url: string): Json => {
    const r = route(url);
    if (r.kind !== 'api') throw new Error(`${url}: ${r.kind}`);
    // Not prebuilt: `statuspress serve` computes it (other timeframes are not files).
    if (r.file !== null) expect(built.files.has(r.file), r.file).toBe(false);
    return answer(built.site, r.request);
  };

  it('one day with both overlapping incidents on component 2', () => {
    // [11-10 00:00, 11-11 00:00) = 86400 s; 103 ∪ 104 = 5400 s over 2 notices.
    const m = onDemand('/api/v1/components/2/metrics?timeframe_start=2026-11-10&timeframe_end=2026-11-10&show_calculations=true');
    expect(m).toMatchObject({
      timeframe_start: '2026-11-10',
      timeframe_end: '2026-11-10',
      percentage_uptime: { percent: 93.75, words: '93.75%' },
      mean_time_to_recovery: { seconds: 2700, words: '45 minutes' },
      mean_time_between_failures: { seconds: 40500, words: '11 hours 15 minutes' },
      url: `${BASE}/components/2/?timeframe_start=2026-11-10&timeframe_end=2026-11-10`,
      calculation_data_in_timeframe: {
        total_time: { seconds: 86400, words: '1 day' },
        total_impact_time: { seconds: 5400, words: '1 hour 30 minutes' },
        notices: { count: 2 },
      },
    });
    const listed = onDemand(m.calculation_data_in_timeframe.notices.href);
    expect(listed.meta.total_count).toBe(2);
    expect(ids(listed.notices)).toEqual([104, 103]);
  });

  it('an end after today is cut off at now', () => {
    // [11-20 00:00, now 12:00) = 43200 s; 101 has 7200 s of it.
    const m = onDemand('/api/v1/components/4/metrics?timeframe_start=2026-11-20&timeframe_end=2026-12-31');
    expect(m).toMatchObject({
      timeframe_start: '2026-11-20',
      timeframe_end: '2026-11-20',
      percentage_uptime: { percent: 83.333333333333, words: '83.33%' },
      mean_time_to_recovery: { seconds: 7200, words: '2 hours' },
      mean_time_between_failures: { seconds: 36000, words: '10 hours' },
    });
  });

  it('a window without incidents on a component with history', () => {
    const m = onDemand('/api/v1/components/8/metrics?timeframe_start=2026-11-01&timeframe_end=2026-11-07');
    expect(m).toMatchObject({
      percentage_uptime: { percent: 100, words: '100.00%' },
      mean_time_to_recovery: { seconds: 0, words: '0 seconds' },
      mean_time_between_failures: { seconds: 7 * 86400, words: '7 days' },
    });
  });

  it('rejects starts more than 12 months ago or after today, and a start after the end, naming the parameter', () => {
    expect(onDemand('/api/v1/components/1/metrics?timeframe_start=2025-11-20').timeframe_start).toBe('2025-11-20');
    for (const [query, message] of [
      ['timeframe_start=2025-11-19', 'timeframe_start must be at most 12 months ago (2025-11-20 or later)'],
      ['timeframe_start=2026-11-21', 'timeframe_start must not be after today (2026-11-20)'],
      ['timeframe_start=2026-11-10&timeframe_end=2026-11-09', 'timeframe_start must not be after timeframe_end'],
      ['timeframe_end=2026-10-20', 'timeframe_start must not be after timeframe_end'],
    ] as const) {
      const r = route(`/api/v1/components/1/metrics?${query}`);
      expect(r.kind, query).toBe('api');
      if (r.kind === 'api') {
        expect(() => answer(built.site, r.request), query).toThrow(expect.objectContaining({ status: 400, code: 'bad_request', message }));
      }
    }
  });
});
