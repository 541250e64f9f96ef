// The site without metrics (test/fixtures/plain-site, now 2026-03-15T08:30:00Z) and the empty site
// (test/fixtures/empty-site, now 2026-11-20T12:00:00Z), with values worked out by hand.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answer } from '../../src/render/answer.js';
import { route } from '../../src/routes/index.js';
import { apiFiles, buildScenario, ids } from '../helpers/build.js';
import type { Built, Json } from '../helpers/build.js';

describe('plain-site (metrics off)', () => {
  let built: Built;
  beforeAll(async () => {
    built = await buildScenario('plain-site');
  });
  afterAll(() => built?.cleanup());

  it('has no metrics_summary or impact_time key anywhere, and no metrics files', () => {
    for (const file of apiFiles(built)) {
      const text = built.files.get(file)!;
      expect(text, file).not.toContain('"metrics_summary"');
      expect(text, file).not.toContain('"impact_time"');
      expect(file).not.toMatch(/\/metrics/);
    }
  });

  it('answers metrics requests with 404', () => {
    for (const url of ['/api/v1/components/1/metrics', '/api/v1/components/2/metrics?show_calculations=true', '/api/v1/components/3/metrics?timeframe_start=2026-03-01']) {
      const r = route(url);
      expect(r.kind, url).toBe('api');
      if (r.kind === 'api') {
        expect(() => answer(built.site, r.request), url).toThrow(expect.objectContaining({ status: 404, code: 'not_found' }));
      }
    }
  });

  it('is under maintenance: underway maintenance, and a recovering incident is not current', () => {
    expect(built.json('api/v1/status.json')).toEqual({
      page: {
        name: 'Plain Fixture Status',
        state: 'under-maintenance',
        state_text: 'Maintenance is underway', // the project's default wording
        url: 'https://plain.example.org',
        links: { components: { href: '/v1/components', count: 3 }, notices: { href: '/v1/notices', count: 4 } },
        created_at: '2025-05-31T22:00:00.000Z', // 2025-06-01T00:00:00+02:00
        updated_at: '2026-03-15T08:05:00.000Z', // notice 2's underway update
      },
    });
    const states = Object.fromEntries(built.get('/api/v1/components').components.map((c: Json) => [c.id, c.state]));
    expect(states).toEqual({ 1: 'operational', 2: 'operational', 3: 'under-maintenance' });
  });

  it('orders and derives the notices', () => {
    const { notices, meta } = built.get('/api/v1/notices');
    // 2 began 03-15 08:05 · 4 began 03-15 07:00 · 1 began 03-10 08:00 · 3 created 02-01
    expect(ids(notices)).toEqual([2, 4, 1, 3]);
    expect(meta).toEqual({ count: 4, total_count: 4, next_page: null });
    const byId = new Map<number, Json>(notices.map((n: Json) => [n.id, n]));
    expect(byId.get(2)).toMatchObject({
      timeline_state: 'present',
      state: 'underway',
      began_at: '2026-03-15T08:05:00.000Z', // the hand-written underway update, not begins_at
      ended_at: null,
      begins_at: '2026-03-15T08:00:00.000Z',
      ends_at: '2026-03-15T10:00:00.000Z',
      latest_update: { id: 2002, state: 'underway' },
    });
    expect(byId.get(4)).toMatchObject({ timeline_state: 'present', state: 'recovering', ended_at: null });
    expect(byId.get(1)).toMatchObject({ timeline_state: 'past_recent', state: 'resolved', ended_at: '2026-03-10T09:00:00.000Z' });
    expect(byId.get(3)).toMatchObject({ timeline_state: 'present', tag_list: ['billing'] });
    // No auto transition is added to a maintenance already marked underway by hand.
    expect(built.json('api/v1/notices/2.json').notice.updates.map((u: Json) => u.id)).toEqual([2002, 2001]);
  });

  it('lists components in pre-order with children links', () => {
    const { components } = built.get('/api/v1/components');
    expect(ids(components)).toEqual([1, 2, 3]);
    expect(components[0]).toEqual({
      id: 1,
      state: 'operational',
      name: 'Storage',
      description: '',
      parent_id: null,
      links: { children: { href: '/api/v1/components?filter[parent_id_eq]=1', count: 1 } },
      created_at: '2025-06-01T00:00:00.000Z',
      updated_at: '2025-06-01T00:00:00.000Z',
    });
  });
});

describe('empty-site (site.yaml only)', () => {
  let built: Built;
  beforeAll(async () => {
    built = await buildScenario('empty-site');
  });
  afterAll(() => built?.cleanup());

  it('is operational with nothing to count', () => {
    expect(built.json('api/v1/status.json')).toEqual({
      page: {
        name: 'Empty Fixture Status',
        state: 'operational',
        state_text: 'All systems operational',
        url: 'https://empty.example.net/status', // {base_url} without the trailing slash
        links: { components: { href: '/v1/components', count: 0 }, notices: { href: '/v1/notices', count: 0 } },
        created_at: '2026-01-01T00:00:00.000Z',
        updated_at: '2026-01-01T00:00:00.000Z',
      },
    });
  });

  it('has one empty first page for each list and filter', () => {
    const empty = { count: 0, total_count: 0, next_page: null };
    expect(built.json('api/v1/components/q/page=1.json')).toEqual({ components: [], meta: empty });
    for (const url of ['/api/v1/components?filter[parent_id_null]=true', '/api/v1/components?filter[parent_id_null]=false']) {
      expect(built.get(url), url).toEqual({ components: [], meta: empty });
    }
    const lists = apiFiles(built).filter((f) => f.startsWith('api/v1/notices/q/'));
    expect(lists).toHaveLength(4 * 6); // (no type, 3 types) × (no timeline, 4 states, past)
    for (const file of lists) {
      expect(file).toMatch(/\/page=1\.json$/);
      expect(built.json(file), file).toEqual({ notices: [], meta: empty });
    }
  });

  it('has no metrics or notice files, and unknown ids are 404', () => {
    expect(apiFiles(built).filter((f) => /metrics|notices\/\d/.test(f))).toEqual([]);
    for (const url of ['/api/v1/notices/1', '/api/v1/components/1/metrics', '/api/v1/components?filter[parent_id_eq]=1']) {
      const r = route(url);
      if (r.kind !== 'api') throw new Error(url);
      expect(() => answer(built.site, r.request), url).toThrow(expect.objectContaining({ status: 404 }));
    }
  });
});
