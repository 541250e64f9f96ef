// The schemas themselves: they must accept what the spec allows and reject what it does not, or every
// whole-build test that relies on them proves nothing.
import { describe, expect, it } from 'vitest';
import { apiSchemas, conformanceProblems, errorBody, keyOrderProblems, schemaForFile } from './api.js';

const metricsOn = apiSchemas({ metrics: true });
const metricsOff = apiSchemas({ metrics: false });

const T = '2026-11-20T10:00:00.000Z';

const update = (state?: string) => ({ id: 42001, ...(state ? { state } : {}), content: 'Hi', created_at: T, updated_at: T });

function unplannedList(metrics: boolean) {
  return {
    id: 42,
    type: 'unplanned',
    timeline_state: 'present',
    subject: 'Errors',
    url: 'https://status.example.com/notices/42/',
    tag_list: ['api'],
    created_at: T,
    updated_at: T,
    links: { self: '/api/notices/42' },
    latest_update: update('investigating'),
    state: 'investigating',
    began_at: T,
    ended_at: null,
    ...(metrics ? { impact_time: { seconds: 7200, words: '2 hours' } } : {}),
  };
}

function generalDetail() {
  return {
    id: 7,
    type: 'general',
    timeline_state: 'past_recent',
    subject: 'Hello',
    url: 'https://status.example.com/notices/7/',
    tag_list: [],
    created_at: T,
    updated_at: T,
    links: { self: '/api/notices/7' },
    components: [],
    updates: [update()],
  };
}

function plannedDetail() {
  return {
    id: 8,
    type: 'planned',
    timeline_state: 'future',
    subject: 'Upgrade',
    url: 'https://status.example.com/notices/8/',
    tag_list: [],
    created_at: T,
    updated_at: T,
    links: { self: '/api/notices/8' },
    state: 'scheduled',
    began_at: null,
    ended_at: null,
    begins_at: T,
    ends_at: T,
    components: [
      { id: 3, state: 'operational', name: 'API', description: '', parent_id: null, created_at: T, updated_at: T },
    ],
    updates: [update('scheduled')],
  };
}

/** A copy of obj without key. */
function without<T extends object>(obj: T, key: keyof T): Partial<T> {
  const copy: Partial<T> = { ...obj };
  delete copy[key];
  return copy;
}

const noticeList = (notices: unknown[]) => ({
  notices,
  meta: { count: notices.length, total_count: notices.length, next_page: null },
});

describe('notice schemas', () => {
  it('accept a notice of each type with its exact key set', () => {
    expect(conformanceProblems(metricsOn.noticeList, noticeList([unplannedList(true)]))).toEqual([]);
    expect(conformanceProblems(metricsOff.noticeList, noticeList([unplannedList(false)]))).toEqual([]);
    expect(conformanceProblems(metricsOn.noticeDetail, { notice: generalDetail() })).toEqual([]);
    expect(conformanceProblems(metricsOn.noticeDetail, { notice: plannedDetail() })).toEqual([]);
  });

  it('require impact_time on unplanned notices of a metrics site and forbid it elsewhere', () => {
    expect(conformanceProblems(metricsOn.noticeList, noticeList([unplannedList(false)]))).not.toEqual([]);
    expect(conformanceProblems(metricsOff.noticeList, noticeList([unplannedList(true)]))).not.toEqual([]);
    const planned = { ...plannedDetail(), impact_time: { seconds: 0, words: '0 seconds' } };
    expect(conformanceProblems(metricsOn.noticeDetail, { notice: planned })).not.toEqual([]);
  });

  it('forbid state, began_at and ended_at on general notices and state on their updates', () => {
    for (const extra of [{ state: 'resolved' }, { began_at: null }, { ended_at: null }]) {
      expect(conformanceProblems(metricsOn.noticeDetail, { notice: { ...generalDetail(), ...extra } })).not.toEqual([]);
    }
    const stated = { ...generalDetail(), updates: [update('resolved')] };
    expect(conformanceProblems(metricsOn.noticeDetail, { notice: stated })).not.toEqual([]);
  });

  it('require begins_at/ends_at exactly on planned notices, and a state on their updates', () => {
    const noBegins = without(plannedDetail(), 'begins_at');
    expect(conformanceProblems(metricsOn.noticeDetail, { notice: noBegins })).not.toEqual([]);
    const unplannedWithWindow = { ...unplannedList(true), begins_at: T, ends_at: T };
    expect(conformanceProblems(metricsOn.noticeList, noticeList([unplannedWithWindow]))).not.toEqual([]);
    const stateless = { ...plannedDetail(), updates: [update()] };
    expect(conformanceProblems(metricsOn.noticeDetail, { notice: stateless })).not.toEqual([]);
    const wrongState = { ...plannedDetail(), state: 'resolved' };
    expect(conformanceProblems(metricsOn.noticeDetail, { notice: wrongState })).not.toEqual([]);
  });

  it('keep latest_update to the list and components/updates to the detail', () => {
    const listWithUpdates = { ...unplannedList(true), updates: [update('investigating')] };
    expect(conformanceProblems(metricsOn.noticeList, noticeList([listWithUpdates]))).not.toEqual([]);
    const detailWithLatest = { ...generalDetail(), latest_update: update() };
    expect(conformanceProblems(metricsOn.noticeDetail, { notice: detailWithLatest })).not.toEqual([]);
  });

  it('reject timestamps that are not YYYY-MM-DDThh:mm:ss.sssZ', () => {
    for (const bad of ['2026-11-20T10:00:00Z', '2026-11-20T10:00:00.000+00:00', '2026-02-31T10:00:00.000Z', '2026-11-20']) {
      expect(conformanceProblems(metricsOn.noticeDetail, { notice: { ...generalDetail(), created_at: bad } }), bad).not.toEqual([]);
    }
  });

  it('report keys out of the table order', () => {
    const { subject, ...rest } = generalDetail();
    const moved = { ...rest, subject };
    expect(metricsOn.noticeDetail.safeParse({ notice: moved }).success).toBe(true);
    expect(keyOrderProblems(metricsOn.noticeDetail, { notice: moved })).toEqual([
      expect.stringContaining('$.notice: keys in order'),
    ]);
    const badUpdate = { ...generalDetail(), updates: [{ content: 'x', id: 1, created_at: T, updated_at: T }] };
    expect(keyOrderProblems(metricsOn.noticeDetail, { notice: badUpdate })).toEqual([
      expect.stringContaining('$.notice.updates[0]'),
    ]);
  });
});

describe('envelope, page, components, metrics, errors', () => {
  it('checks the pagination meta', () => {
    const body = noticeList([unplannedList(true)]);
    expect(conformanceProblems(metricsOn.noticeList, { ...body, meta: { ...body.meta, count: 2 } })).not.toEqual([]);
    expect(conformanceProblems(metricsOn.noticeList, { ...body, meta: { ...body.meta, next_page: '/api/v1/notices' } })).not.toEqual([]);
    expect(conformanceProblems(metricsOn.noticeList, { ...body, meta: { ...body.meta, next_page: '/api/v1/notices?page=2' } })).toEqual([]);
    expect(
      conformanceProblems(metricsOn.noticeList, {
        ...body,
        meta: { ...body.meta, next_page: '/api/v1/notices?filter[type_eq]=planned&page=12' },
      }),
    ).toEqual([]);
    const noMeta = without(body, 'meta');
    expect(conformanceProblems(metricsOn.noticeList, noMeta)).not.toEqual([]);
  });

  it('has metrics_summary on components exactly on a metrics site', () => {
    const c = {
      id: 1,
      state: 'operational',
      name: 'API',
      description: '',
      parent_id: null,
      metrics_summary: null,
      links: { children: { href: '/api/v1/components?filter[parent_id_eq]=1', count: 0 } },
      created_at: T,
      updated_at: T,
    };
    const list = (item: unknown) => ({ components: [item], meta: { count: 1, total_count: 1, next_page: null } });
    expect(conformanceProblems(metricsOn.componentList, list(c))).toEqual([]);
    const plain = without(c, 'metrics_summary');
    expect(conformanceProblems(metricsOff.componentList, list(plain))).toEqual([]);
    expect(conformanceProblems(metricsOff.componentList, list(c))).not.toEqual([]);
    expect(conformanceProblems(metricsOn.componentList, list(plain))).not.toEqual([]);
  });

  it('checks the metrics result with and without calculations', () => {
    const plain = {
      component: { id: 2, name: 'API' },
      timeframe_start: '2026-10-21',
      timeframe_end: '2026-11-20',
      percentage_uptime: { percent: 99.5, words: '99.50%' },
      mean_time_to_recovery: { seconds: 60, words: '1 minute' },
      mean_time_between_failures: { seconds: 0, words: '0 seconds' },
      url: 'https://s.example.com/components/2/?timeframe_start=2026-10-21&timeframe_end=2026-11-20',
    };
    expect(conformanceProblems(metricsOn.metricsResult, plain)).toEqual([]);
    expect(conformanceProblems(metricsOn.metricsResultWithCalculations, plain)).not.toEqual([]);
    const href =
      '/api/v1/notices?filter[metrics_component_id]=2&filter[impact_timeframe_overlaps][]=2026-10-21T00:00:00.000Z&filter[impact_timeframe_overlaps][]=2026-11-20T12:00:00.000Z';
    const calc = {
      ...plain,
      percentage_uptime: { ...plain.percentage_uptime, calculation: 'x' },
      mean_time_to_recovery: { ...plain.mean_time_to_recovery, calculation: 'x' },
      mean_time_between_failures: { ...plain.mean_time_between_failures, calculation: 'x' },
      calculation_data_in_timeframe: {
        total_time: { seconds: 1, words: '1 second' },
        total_impact_time: { seconds: 0, words: '0 seconds' },
        notices: { href, count: 0 },
      },
    };
    expect(conformanceProblems(metricsOn.metricsResultWithCalculations, calc)).toEqual([]);
    const oneTimestamp = { ...calc.calculation_data_in_timeframe, notices: { href: href.replace(/&filter\[impact[^&]*$/, ''), count: 0 } };
    expect(
      conformanceProblems(metricsOn.metricsResultWithCalculations, { ...calc, calculation_data_in_timeframe: oneTimestamp }),
    ).not.toEqual([]);
    expect(conformanceProblems(metricsOn.metricsResult, { ...plain, timeframe_start: '2026-1-1' })).not.toEqual([]);
    expect(conformanceProblems(metricsOn.metricsResult, { ...plain, percentage_uptime: { percent: 99.5, words: '99.5%' } })).not.toEqual([]);
  });

  it('checks the page and the error body', () => {
    const page = {
      name: 'X',
      state: 'operational',
      state_text: 'ok',
      url: 'https://s.example.com',
      links: { components: { href: '/v1/components', count: 0 }, notices: { href: '/v1/notices', count: 0 } },
      created_at: T,
      updated_at: T,
    };
    expect(conformanceProblems(metricsOn.status, { page })).toEqual([]);
    expect(conformanceProblems(metricsOn.status, { page: { ...page, state: 'down' } })).not.toEqual([]);
    expect(conformanceProblems(errorBody, { error: { status: 404, code: 'not_found', message: 'No notice with id 999' } })).toEqual([]);
    expect(conformanceProblems(errorBody, { error: { status: 404, message: 'x' } })).not.toEqual([]);
  });

  it('maps output paths to schemas', () => {
    expect(schemaForFile(metricsOn, 'api/v1/status.json')).toBe(metricsOn.status);
    expect(schemaForFile(metricsOn, 'api/v1/components/q/parent_id_eq=3/page=1.json')).toBe(metricsOn.componentList);
    expect(schemaForFile(metricsOn, 'api/v1/notices/q/type_eq=planned/timeline_state_eq=past/page=2.json')).toBe(metricsOn.noticeList);
    expect(schemaForFile(metricsOn, 'api/v1/notices/42.json')).toBe(metricsOn.noticeDetail);
    expect(schemaForFile(metricsOn, 'api/v1/components/3/metrics.json')).toBe(metricsOn.metricsResult);
    expect(schemaForFile(metricsOn, 'api/v1/components/3/metrics/show_calculations=true.json')).toBe(
      metricsOn.metricsResultWithCalculations,
    );
    expect(schemaForFile(metricsOn, 'api/v1/other.json')).toBeNull();
  });
});
