// route(): the one reading of a request address.
import { describe, expect, it } from 'vitest';
import { apiFilePath, apiHref, route } from '../../../src/routes/index.js';
import type { ApiRequest } from '../../../src/routes/index.js';

function api(url: string): { request: ApiRequest; file: string | null } {
  const r = route(url);
  if (r.kind !== 'api') throw new Error(`${url}: expected an API request, got ${r.kind}${r.kind === 'error' ? ` (${r.error.message})` : ''}`);
  return { request: r.request, file: r.file };
}

function error(url: string): { status: number; code: string; message: string } {
  const r = route(url);
  if (r.kind !== 'error') throw new Error(`${url}: expected an error, got ${r.kind}`);
  return { status: r.error.status, code: r.error.code, message: r.error.message };
}

describe('the Statuspage-compatible addresses (/api/v2)', () => {
  const V2: [string, string][] = [
    ['summary', 'v2Summary'],
    ['status', 'v2Status'],
    ['components', 'v2Components'],
    ['incidents', 'v2Incidents'],
    ['incidents/unresolved', 'v2UnresolvedIncidents'],
    ['scheduled-maintenances', 'v2Maintenances'],
    ['scheduled-maintenances/upcoming', 'v2UpcomingMaintenances'],
    ['scheduled-maintenances/active', 'v2ActiveMaintenances'],
  ];

  it('reads each endpoint with .json, without it and with a trailing slash, to its own file', () => {
    for (const [path, endpoint] of V2) {
      for (const url of [`/api/v2/${path}.json`, `/api/v2/${path}`, `/api/v2/${path}/`]) {
        expect(api(url), url).toEqual({ request: { endpoint }, file: `api/v2/${path}.json` });
      }
      expect(apiHref({ endpoint } as ApiRequest)).toBe(`/api/v2/${path}`);
      expect(apiFilePath({ endpoint } as ApiRequest)).toBe(`api/v2/${path}.json`);
    }
  });

  it('ignores a query, but refuses a filter as every endpoint does', () => {
    expect(api('/api/v2/summary.json?_=1700000000&page=2&callback=x').request).toEqual({ endpoint: 'v2Summary' });
    expect(error('/api/v2/incidents.json?filter[type_eq]=unplanned')).toMatchObject({ status: 400, code: 'bad_request' });
  });

  it('is reached only under /api/v2: the spec API\'s shorthands and other versions are 404s', () => {
    for (const url of ['/v1/summary', '/api/summary.json', '/api/v1/incidents/unresolved', '/api/v2']) {
      expect(error(url), url).toMatchObject({ status: 404, code: 'not_found' });
    }
    // Outside every API prefix: a file of the HTML site, which has none there.
    expect(route('/v2/summary.json')).toEqual({ kind: 'site', path: 'v2/summary.json' });
    expect(error('/api/v2/incidents/42.json').message).toBe('No API endpoint at /api/v2/incidents/42.json');
    // The v1 shorthand `/api/...` still reads as v1 beside /api/v2.
    expect(api('/api/status').request).toEqual({ endpoint: 'status' });
  });
});

describe('endpoints and link shapes', () => {
  it('reads the five endpoints', () => {
    expect(api('/api/v1/status').request).toEqual({ endpoint: 'status' });
    expect(api('/api/v1/components').request).toEqual({ endpoint: 'components', filter: {}, page: 1 });
    expect(api('/api/v1/notices').request).toEqual({ endpoint: 'notices', filter: {}, page: 1 });
    expect(api('/api/v1/notices/42').request).toEqual({ endpoint: 'notice', id: 42 });
    expect(api('/api/v1/components/3/metrics').request).toEqual({
      endpoint: 'metrics',
      componentId: 3,
      timeframe: {},
      showCalculations: false,
    });
  });

  it('accepts the spec link shapes /v1/... and /api/notices/<id>', () => {
    expect(api('/v1/components').request).toEqual(api('/api/v1/components').request);
    expect(api('/v1/notices').request).toEqual(api('/api/v1/notices').request);
    expect(api('/v1/status').request).toEqual({ endpoint: 'status' });
    expect(api('/api/notices/42').request).toEqual({ endpoint: 'notice', id: 42 });
  });

  it('accepts .json suffixes and a trailing slash', () => {
    expect(api('/api/v1/status.json').file).toBe('api/v1/status.json');
    expect(api('/api/v1/status/').request).toEqual({ endpoint: 'status' });
    expect(api('/api/v1/notices/42.json').request).toEqual({ endpoint: 'notice', id: 42 });
    expect(api('/api/v1/notices.json?page=2').request).toEqual({ endpoint: 'notices', filter: {}, page: 2 });
    expect(api('/api/v1/components/3/metrics.json?show_calculations=true').file).toBe(
      'api/v1/components/3/metrics/show_calculations=true.json',
    );
    expect(api('/api/v1/notices/').request).toEqual({ endpoint: 'notices', filter: {}, page: 1 });
  });

  it('maps requests to their prebuilt files', () => {
    expect(api('/api/v1/status').file).toBe('api/v1/status.json');
    expect(api('/api/v1/components').file).toBe('api/v1/components/q/page=1.json');
    expect(api('/api/v1/components?filter[parent_id_eq]=3').file).toBe('api/v1/components/q/parent_id_eq=3/page=1.json');
    expect(api('/api/v1/notices?filter[timeline_state_eq]=past&filter[type_eq]=planned&page=2').file).toBe(
      'api/v1/notices/q/type_eq=planned/timeline_state_eq=past/page=2.json',
    );
    expect(api('/api/notices/42').file).toBe('api/v1/notices/42.json');
    expect(api('/api/v1/components/3/metrics').file).toBe('api/v1/components/3/metrics.json');
    expect(api('/api/v1/components/3/metrics?show_calculations=true').file).toBe(
      'api/v1/components/3/metrics/show_calculations=true.json',
    );
    // Other timeframes are answered on demand.
    expect(api('/api/v1/components/3/metrics?timeframe_start=2026-11-01').file).toBeNull();
  });

  it('reads path-style addresses back into the same request', () => {
    const pathStyle = api('/api/v1/notices/q/type_eq=planned/page=2.json');
    expect(pathStyle.request).toEqual({ endpoint: 'notices', filter: { type: 'planned' }, page: 2 });
    expect(pathStyle.file).toBe('api/v1/notices/q/type_eq=planned/page=2.json');
    expect(api('/api/v1/components/q/parent_id_null=true/page=1.json').request).toEqual({
      endpoint: 'components',
      filter: { parentIdNull: true },
      page: 1,
    });
    expect(api('/api/v1/notices/q/metrics_component_id=2/impact_timeframe_overlaps=20261021T000000.000Z,20261120T120000.000Z/page=1.json').request).toEqual({
      endpoint: 'notices',
      filter: { metricsComponentId: 2, impactOverlaps: [Date.parse('2026-10-21T00:00:00Z'), Date.parse('2026-11-20T12:00:00Z')] },
      page: 1,
    });
    expect(api('/api/v1/components/3/metrics/show_calculations=true.json').request).toMatchObject({ showCalculations: true });
  });

  it('takes the basic timestamp form only where file names carry it: path-style, not the query string', () => {
    const basic = ['20261021T000000.000Z', '20261120T120000.000Z'];
    const request = api(`/api/v1/notices/q/impact_timeframe_overlaps=${basic.join(',')}/page=1.json`).request;
    // The extended form reads the same in both places.
    expect(api('/api/v1/notices?filter[impact_timeframe_overlaps][]=2026-10-21T00:00:00Z&filter[impact_timeframe_overlaps][]=2026-11-20T12:00:00Z').request).toEqual(request);
    expect(error(`/api/v1/notices?filter[impact_timeframe_overlaps][]=${basic[0]}&filter[impact_timeframe_overlaps][]=${basic[1]}`)).toEqual({
      status: 400,
      code: 'bad_request',
      message: `filter[impact_timeframe_overlaps][] must be ISO 8601 timestamps with a zone, not "${basic[0]}"`,
    });
  });

  it('apiHref and route agree on every printed link', () => {
    const requests: ApiRequest[] = [
      { endpoint: 'status' },
      { endpoint: 'components', filter: { parentIdEq: 3 }, page: 1 },
      { endpoint: 'components', filter: { parentIdNull: false, parentIdEq: 3 }, page: 4 },
      { endpoint: 'notices', filter: { type: 'planned', timelineState: 'past' }, page: 2 },
      { endpoint: 'notices', filter: { metricsComponentId: 2, impactOverlaps: [1_000_000, 2_000_000] }, page: 1 },
      { endpoint: 'notice', id: 42 },
      { endpoint: 'metrics', componentId: 3, timeframe: { start: Date.parse('2026-11-01'), end: Date.parse('2026-11-02') }, showCalculations: true },
    ];
    for (const request of requests) {
      const href = apiHref(request);
      expect(api(href).request, href).toEqual(request);
      expect(api(href).file, href).toBe(apiFilePath(request));
    }
    expect(apiHref({ endpoint: 'notices', filter: { type: 'planned' }, page: 2 })).toBe('/api/v1/notices?filter[type_eq]=planned&page=2');
  });
});

describe('query parameters', () => {
  it('reads brackets plain or percent-encoded (either case)', () => {
    const expected = { endpoint: 'notices', filter: { type: 'planned', timelineState: 'past' }, page: 1 };
    expect(api('/api/v1/notices?filter[type_eq]=planned&filter[timeline_state_eq]=past').request).toEqual(expected);
    expect(api('/api/v1/notices?filter%5Btype_eq%5D=planned&filter%5Btimeline_state_eq%5D=past').request).toEqual(expected);
    expect(api('/api/v1/notices?filter%5btype_eq%5d=planned&filter%5btimeline_state_eq%5d=past').request).toEqual(expected);
    expect(
      api('/api/v1/notices?filter%5Bimpact_timeframe_overlaps%5D%5B%5D=2026-11-01T00:00:00Z&filter%5Bimpact_timeframe_overlaps%5D%5B%5D=2026-11-02T00:00:00Z')
        .request,
    ).toMatchObject({ filter: { impactOverlaps: [Date.parse('2026-11-01T00:00:00Z'), Date.parse('2026-11-02T00:00:00Z')] } });
  });

  it('reads the component filters', () => {
    expect(api('/api/v1/components?filter[parent_id_null]=true').request).toMatchObject({ filter: { parentIdNull: true } });
    expect(api('/api/v1/components?filter[parent_id_null]=false').request).toMatchObject({ filter: { parentIdNull: false } });
    expect(api('/api/v1/components?filter[parent_id_eq]=7&page=3').request).toEqual({
      endpoint: 'components',
      filter: { parentIdEq: 7 },
      page: 3,
    });
    expect(error('/api/v1/components?filter[parent_id_null]=maybe')).toMatchObject({ status: 400 });
    expect(error('/api/v1/components?filter[parent_id_eq]=abc').message).toContain('filter[parent_id_eq]');
  });

  it('accepts every timeline_state and past, and rejects other values naming the parameter', () => {
    for (const t of ['future', 'present', 'past_recent', 'past_distant', 'past']) {
      expect(api(`/api/v1/notices?filter[timeline_state_eq]=${t}`).request).toMatchObject({ filter: { timelineState: t } });
    }
    for (const bad of ['/api/v1/notices?filter[timeline_state_eq]=recent', '/api/v1/notices?filter[type_eq]=outage']) {
      const e = error(bad);
      expect(e).toMatchObject({ status: 400, code: 'bad_request' });
      expect(e.message).toContain(bad.includes('type_eq') ? 'filter[type_eq]' : 'filter[timeline_state_eq]');
    }
  });

  it('rejects an unknown filter with a 400 naming it', () => {
    for (const [url, name] of [
      ['/api/v1/notices?filter[colour_eq]=red', 'filter[colour_eq]'],
      ['/api/v1/notices?filter%5Bstate_eq%5D=resolved', 'filter[state_eq]'],
      ['/api/v1/components?filter[type_eq]=planned', 'filter[type_eq]'],
      ['/api/v1/notices?filter[parent_id_null]=true', 'filter[parent_id_null]'],
      ['/api/v1/status?filter[x]=1', 'filter[x]'],
      ['/api/v1/notices/42?filter[type_eq]=planned', 'filter[type_eq]'],
      ['/api/v1/components/3/metrics?filter[type_eq]=planned', 'filter[type_eq]'],
    ] as const) {
      const e = error(url);
      expect(e.status, url).toBe(400);
      expect(e.message, url).toContain(name);
    }
  });

  it.each(['0', '-1', 'abc', '1.5', '', '1e3', ' 1'])('rejects page=%j with a 400 naming page', (value) => {
    const e = error(`/api/v1/notices?page=${encodeURIComponent(value)}`);
    expect(e).toMatchObject({ status: 400, code: 'bad_request' });
    expect(e.message).toContain('page');
    expect(error(`/api/v1/components?page=${encodeURIComponent(value)}`).status).toBe(400);
  });

  it('rejects repeated parameters', () => {
    for (const url of [
      '/api/v1/notices?page=1&page=2',
      '/api/v1/notices?filter[type_eq]=planned&filter[type_eq]=general',
      '/api/v1/notices?filter[type_eq]=planned&filter%5Btype_eq%5D=planned',
      '/api/v1/components?filter[parent_id_eq]=1&filter[parent_id_eq]=2',
      '/api/v1/components/3/metrics?timeframe_start=2026-11-01&timeframe_start=2026-11-02',
      '/api/v1/components/3/metrics?show_calculations=true&show_calculations=true',
      '/api/v1/notices/q/type_eq=planned/page=1.json?filter[type_eq]=planned',
    ]) {
      expect(error(url).status, url).toBe(400);
    }
  });

  it('takes impact_timeframe_overlaps exactly twice, as timestamps with a zone, start before end', () => {
    const key = 'filter[impact_timeframe_overlaps][]';
    const two = api(`/api/v1/notices?${key}=2026-11-01T00:00:00Z&${key}=2026-11-02T00:00:00%2B02:00`).request;
    expect(two).toMatchObject({ filter: { impactOverlaps: [Date.parse('2026-11-01T00:00:00Z'), Date.parse('2026-11-01T22:00:00Z')] } });
    for (const query of [
      `${key}=2026-11-01T00:00:00Z`,
      `${key}=2026-11-01T00:00:00Z&${key}=2026-11-02T00:00:00Z&${key}=2026-11-03T00:00:00Z`,
      `${key}=2026-11-01&${key}=2026-11-02`,
      `${key}=2026-11-01T00:00:00&${key}=2026-11-02T00:00:00`,
      `${key}=yesterday&${key}=today`,
      `${key}=2026-02-30T00:00:00Z&${key}=2026-03-02T00:00:00Z`,
      `${key}=2026-11-02T00:00:00Z&${key}=2026-11-01T00:00:00Z`,
      'filter[impact_timeframe_overlaps]=2026-11-01T00:00:00Z',
    ]) {
      const e = error(`/api/v1/notices?${query}`);
      expect(e.status, query).toBe(400);
      expect(e.message, query).toContain('filter[impact_timeframe_overlaps]');
    }
  });

  it('takes equal impact_timeframe_overlaps timestamps: a zero-length timeframe is valid, only an end before the start is not', () => {
    // docs/api.md: a notice matches when impact.start < end and impact.end > start; for start = end
    // that is a notice whose impact window holds that instant. Only `end < start` is backwards.
    const key = 'filter[impact_timeframe_overlaps][]';
    const at = Date.parse('2026-11-01T00:00:00Z');
    expect(api(`/api/v1/notices?${key}=2026-11-01T00:00:00Z&${key}=2026-11-01T00:00:00Z`).request).toMatchObject({ filter: { impactOverlaps: [at, at] } });
    // The same instant written in two zones is still equal.
    expect(api(`/api/v1/notices?${key}=2026-11-01T00:00:00Z&${key}=2026-11-01T02:00:00%2B02:00`).request).toMatchObject({ filter: { impactOverlaps: [at, at] } });
    expect(api('/api/v1/notices/q/impact_timeframe_overlaps=20261101T000000.000Z,20261101T000000.000Z/page=1.json').request).toMatchObject({
      filter: { impactOverlaps: [at, at] },
    });
    expect(error(`/api/v1/notices?${key}=2026-11-01T00:00:00.001Z&${key}=2026-11-01T00:00:00Z`)).toEqual({
      status: 400,
      code: 'bad_request',
      message: `${key}: the end (second value) is before the start`,
    });
  });

  it('reads metrics parameters, rejecting malformed dates and booleans', () => {
    expect(api('/api/v1/components/3/metrics?timeframe_start=2026-11-01&timeframe_end=2026-11-10&show_calculations=true').request).toEqual({
      endpoint: 'metrics',
      componentId: 3,
      timeframe: { start: Date.parse('2026-11-01'), end: Date.parse('2026-11-10') },
      showCalculations: true,
    });
    expect(api('/api/v1/components/3/metrics?show_calculations=false').request).toMatchObject({ showCalculations: false });
    for (const [query, name] of [
      ['timeframe_start=2026-13-01', 'timeframe_start'],
      ['timeframe_start=2026-02-30', 'timeframe_start'],
      ['timeframe_end=20261101', 'timeframe_end'],
      ['timeframe_end=2026-11-01T00:00:00Z', 'timeframe_end'],
      ['show_calculations=yes', 'show_calculations'],
    ] as const) {
      const e = error(`/api/v1/components/3/metrics?${query}`);
      expect(e.status, query).toBe(400);
      expect(e.message, query).toContain(name);
    }
  });
});

describe('addresses that are not served', () => {
  it('never routes outside the output folder', () => {
    for (const url of [
      '/../../etc/passwd',
      '/api/../../etc/passwd',
      '/%2e%2e/%2e%2e/etc/passwd',
      '/%2E%2E/etc/passwd',
      '/api/v1/..%2f..%2fetc%2fpasswd',
      '/api/v1/notices/..%2F..%2F_statuspress%2Fbuild.json',
      '/assets%2F..%2F..%2Fetc%2Fpasswd',
      '/api/v1/status%00.json',
      '/index.html%00',
      '/a%5C..%5C..%5Cetc%5Cpasswd',
    ]) {
      const r = route(url);
      if (r.kind === 'site') {
        // Dot segments are resolved away by the URL parser: whatever is left stays inside the folder.
        expect(r.path.split('/'), url).not.toContain('..');
        expect(r.path, url).not.toMatch(/[\0\\]/);
        expect(r.path.startsWith('/'), url).toBe(false);
        expect(r.path.startsWith('_statuspress'), url).toBe(false);
      } else if (r.kind === 'error') {
        expect(r.error.status, url).toBeGreaterThanOrEqual(400);
      } else {
        throw new Error(`${url} routed to an API request`);
      }
    }
    expect(error('/api/v1/..%2f..%2fetc%2fpasswd').status).toBe(404);
    expect(error('/api/v1/status%00.json').status).toBe(404);
  });

  it('answers 404 for the build state in any spelling', () => {
    for (const url of ['/_statuspress/', '/_statuspress/build.json', '/%5Fstatuspress/build.json', '/x/../_statuspress/build.json', '/_statuspress']) {
      expect(error(url), url).toMatchObject({ status: 404, code: 'not_found' });
    }
  });

  it('answers 404 for unknown endpoints and ids that are not positive integers', () => {
    for (const url of [
      '/api/v1/incidents',
      '/api/v3/status',
      '/api/v2/nothing',
      '/api/v2/incidents/42',
      '/api/v2/scheduled-maintenances/past',
      '/api/v2/summary/extra',
      '/api/v1/status/extra',
      '/api/v1/notices/abc',
      '/api/v1/notices/0',
      '/api/v1/notices/-1',
      '/api/v1/notices/1.5',
      '/api/v1/notices/42/updates',
      '/api/v1/components/3',
      '/api/v1/components/3/uptime',
      '/api/v1/components/3/metrics/extra/more',
      '/api/v1/notices/q/colour_eq=red/page=1.json',
      '/api/v1',
      '/api',
    ]) {
      expect(error(url).status, url).toBe(404);
    }
  });

  it('leaves other addresses to the HTML site', () => {
    expect(route('/')).toEqual({ kind: 'site', path: '' });
    expect(route('/notices/42/')).toEqual({ kind: 'site', path: 'notices/42/' });
    expect(route('/components/3/?timeframe_start=2026-11-01')).toEqual({ kind: 'site', path: 'components/3/' });
  });
});
