// test/fixtures/metrics-site built with now = 2026-11-20T12:00:00Z: pagination, ordering, filters and
// every derived value, each worked out by hand from the fixture files and the rules of docs/content.md.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readContent } from '../../src/content/index.js';
import { deriveSite } from '../../src/derive/index.js';
import { answer } from '../../src/render/answer.js';
import { route } from '../../src/routes/index.js';
import { allPages, apiFiles, buildScenario, contentDir, ids } from '../helpers/build.js';
import type { Built, Json } from '../helpers/build.js';

let built: Built;
beforeAll(async () => {
  built = await buildScenario('metrics-site');
});
afterAll(() => built?.cleanup());

const BASE = 'https://status.example.com/acme';
const FILLERS = Array.from({ length: 19 }, (_, i) => 19 - i); // 19, 18, …, 1: one incident every 14 days in 2026

/**
 * All 34 published notices, newest first by began_at ?? begins_at ?? created_at, then id descending:
 * 201 begins 11-25 · 204 begins 11-22 (cancelled, never began) · 202 began 11-20 11:00 (auto underway) ·
 * 101 began 11-20 10:00 · 205 begins 11-20 08:00 (never began) · 302 created 11-19 09:00 ·
 * 203 began 11-19 01:00 · 105 11-15 · 106 11-13 · 104 began 11-10 10:30 · 303 and 103 both 11-10 10:00
 * (303 first: id descending) · 107 began_at override 11-05 13:00 · 301 created 11-01 · 20 began 10-20 · fillers.
 */
const ALL = [201, 204, 202, 101, 205, 302, 203, 105, 106, 104, 303, 103, 107, 301, 20, ...FILLERS];
const TIMELINE: Record<number, string> = {
  201: 'future',
  202: 'present',
  101: 'present',
  205: 'present', // auto_transition off: still scheduled after begins_at, so not future
  302: 'present', // general without expires_at
  303: 'present', // expires after now
  203: 'past_recent', // completed 11-19 03:00
  105: 'past_recent', // false alarm 11-15 08:20
  106: 'past_recent', // resolved 11-13 12:00: exactly 7 days before now
  301: 'past_recent', // expired 11-18
  204: 'past_distant', // cancelled 11-11 09:00, although begins_at is after now
  104: 'past_distant',
  103: 'past_distant',
  107: 'past_distant',
  20: 'past_distant',
  ...Object.fromEntries(FILLERS.map((id) => [id, 'past_distant'])),
};
const TYPE = (id: number): string => (id >= 300 ? 'general' : id >= 200 ? 'planned' : 'unplanned');
const select = (type?: string, timeline?: string): number[] =>
  ALL.filter(
    (id) =>
      (type === undefined || TYPE(id) === type) &&
      (timeline === undefined || TIMELINE[id] === timeline || (timeline === 'past' && TIMELINE[id]!.startsWith('past_'))),
  );

describe('page', () => {
  it('is degraded by the ongoing incident, with the custom wording, counts and updated_at', () => {
    expect(built.json('api/v1/status.json')).toEqual({
      page: {
        name: 'Metrics Fixture Status',
        state: 'degraded', // 101 investigating beats 202 underway
        state_text: 'Something is broken',
        url: BASE,
        links: { components: { href: '/v1/components', count: 9 }, notices: { href: '/v1/notices', count: 34 } },
        created_at: '2024-01-01T00:00:00.000Z',
        // The latest updated_at of a published update: 101's second update, edited at 11:30.
        // (302's and 101's later updates and all of 401 are after now and do not count.)
        updated_at: '2026-11-20T11:30:00.000Z',
      },
    });
  });
});

describe('components', () => {
  it('lists the tree in pre-order, siblings by position then id', () => {
    const { components, meta } = built.get('/api/v1/components');
    // 1 (pos 1) → 3 (pos 1), 2 (pos 2) → 5 (pos 1), 4 (none); 6 (pos 2) → 7; 9 (pos 2, id 9 > 6); 8 (none)
    expect(ids(components)).toEqual([1, 3, 2, 5, 4, 6, 7, 9, 8]);
    expect(meta).toEqual({ count: 9, total_count: 9, next_page: null });
  });

  it('bubbles states up to ancestors; degraded beats under-maintenance', () => {
    const states = Object.fromEntries(built.get('/api/v1/components').components.map((c: Json) => [c.id, c.state]));
    expect(states).toEqual({
      1: 'degraded', // 101 on 4 bubbles up; 202 on 5 would make it under-maintenance
      2: 'degraded',
      3: 'operational', // 203 complete, 106 resolved
      4: 'degraded', // 101 investigating
      5: 'under-maintenance', // 202 underway (auto transition)
      6: 'under-maintenance', // through its child 7
      7: 'under-maintenance',
      8: 'operational', // 205 scheduled, 204 cancelled, 401 not published
      9: 'operational',
    });
  });

  it('filters by parent_id_null true/false and parent_id_eq, alone and together', () => {
    const list = (q: string): number[] => ids(built.get(`/api/v1/components?${q}`).components);
    expect(list('filter[parent_id_null]=true')).toEqual([1, 6, 9, 8]);
    expect(list('filter[parent_id_null]=false')).toEqual([3, 2, 5, 4, 7]);
    expect(list('filter[parent_id_eq]=1')).toEqual([3, 2]);
    expect(list('filter[parent_id_eq]=2')).toEqual([5, 4]);
    expect(list('filter[parent_id_eq]=6')).toEqual([7]);
    expect(list('filter[parent_id_eq]=4')).toEqual([]);
    expect(list('filter[parent_id_null]=false&filter[parent_id_eq]=2')).toEqual([5, 4]);
    expect(list('filter[parent_id_null]=true&filter[parent_id_eq]=1')).toEqual([]);
  });

  it('gives each component its fields, children count and metrics summary (null with metrics off)', () => {
    const byId = new Map<number, Json>(built.get('/api/v1/components').components.map((c: Json) => [c.id, c]));
    expect(byId.get(4)).toMatchObject({
      id: 4,
      name: 'REST API',
      description: 'REST endpoints',
      parent_id: 2,
      links: { children: { href: '/api/v1/components?filter[parent_id_eq]=4', count: 0 } },
      created_at: '2024-01-01T00:00:00.000Z',
      updated_at: '2026-06-01T00:00:00.000Z',
    });
    expect(byId.get(3)!.description).toBe('');
    expect(byId.get(1)!.parent_id).toBeNull();
    expect(byId.get(1)!.links.children.count).toBe(2);
    expect(byId.get(2)!.links.children.count).toBe(2);
    expect(byId.get(6)!.links.children.count).toBe(1);
    expect(byId.get(6)!.metrics_summary).toBeNull();
    expect(byId.get(7)!.metrics_summary).not.toBeNull(); // its own metrics are on
    expect(byId.get(2)!.metrics_summary).toEqual({
      timeframe_start: '2026-10-21',
      timeframe_end: '2026-11-20',
      percentage_uptime: { percent: 99.521857923497, words: '99.52%' },
      url: `${BASE}/components/2/`,
    });
  });
});

describe('notice lists', () => {
  it('order all notices newest first, 25 a page, with a next_page chain over total_count', () => {
    const pages = allPages(built, '/api/v1/notices');
    expect(pages.map((p) => p.meta)).toEqual([
      { count: 25, total_count: 34, next_page: '/api/v1/notices?page=2' },
      { count: 9, total_count: 34, next_page: null },
    ]);
    expect(pages.flatMap((p) => ids(p.notices))).toEqual(ALL);
    expect(built.files.has('api/v1/notices/q/page=3.json')).toBe(false);
  });

  it('answers a page past the end with an empty list and next_page null', () => {
    const r = route('/api/v1/notices?page=3');
    expect(r.kind === 'api' && r.file).toBe('api/v1/notices/q/page=3.json');
    if (r.kind !== 'api') return;
    expect(answer(built.site, r.request)).toEqual({ notices: [], meta: { count: 0, total_count: 34, next_page: null } });
  });

  const FILTERS: [string | undefined, string | undefined][] = [];
  for (const type of [undefined, 'unplanned', 'planned', 'general']) {
    for (const timeline of [undefined, 'future', 'present', 'past_recent', 'past_distant', 'past']) FILTERS.push([type, timeline]);
  }

  it.each(FILTERS)('filter type_eq=%s timeline_state_eq=%s: the right notices, paged, next_page keeping the filters', (type, timeline) => {
    const query = [type && `filter[type_eq]=${type}`, timeline && `filter[timeline_state_eq]=${timeline}`].filter(Boolean);
    const url = `/api/v1/notices${query.length ? `?${query.join('&')}` : ''}`;
    const expected = select(type, timeline);
    const pages = allPages(built, url);
    expect(pages.flatMap((p) => ids(p.notices))).toEqual(expected);
    expect(pages.length).toBe(Math.max(1, Math.ceil(expected.length / 25)));
    pages.forEach((p, i) => {
      expect(p.meta.total_count).toBe(expected.length);
      expect(p.meta.count).toBe(p.notices.length);
      if (i < pages.length - 1) {
        expect(p.meta.count).toBe(25);
        expect(p.meta.next_page).toBe(`/api/v1/notices?${[...query, `page=${i + 2}`].join('&')}`);
      } else {
        expect(p.meta.next_page).toBeNull();
      }
    });
    for (const n of pages.flatMap((p) => p.notices)) {
      if (type) expect(n.type).toBe(type);
      if (timeline) expect(n.timeline_state.startsWith(timeline)).toBe(true);
    }
  });

  it('paginates the filters that fill more than a page, and stops exactly at 25', () => {
    expect(select('unplanned')).toHaveLength(26);
    expect(select(undefined, 'past')).toHaveLength(28);
    expect(select('unplanned', 'past')).toHaveLength(25);
    expect(built.get('/api/v1/notices?filter[type_eq]=unplanned&filter[timeline_state_eq]=past').meta).toEqual({
      count: 25,
      total_count: 25,
      next_page: null,
    });
    expect(built.get('/api/v1/notices?filter[type_eq]=unplanned&page=2')).toMatchObject({
      meta: { count: 1, total_count: 26, next_page: null },
      notices: [{ id: 1 }],
    });
    // The filters may come in either order and percent-encoded; the answer is the same file.
    const a = route('/api/v1/notices?filter[timeline_state_eq]=past&filter[type_eq]=planned');
    const b = route('/api/v1/notices?filter%5Btype_eq%5D=planned&filter%5Btimeline_state_eq%5D=past');
    expect(a.kind === 'api' && a.file).toBe('api/v1/notices/q/type_eq=planned/timeline_state_eq=past/page=1.json');
    expect(b.kind === 'api' && b.file).toBe('api/v1/notices/q/type_eq=planned/timeline_state_eq=past/page=1.json');
  });

  it('gives every notice its timeline_state', () => {
    const seen = Object.fromEntries(allPages(built, '/api/v1/notices').flatMap((p) => p.notices.map((n: Json) => [n.id, n.timeline_state])));
    expect(seen).toEqual(Object.fromEntries(ALL.map((id) => [id, TIMELINE[id]])));
  });

  it('carries the latest update in the list, as the first update of the detail', () => {
    for (const n of allPages(built, '/api/v1/notices').flatMap((p) => p.notices)) {
      expect(n.latest_update, `notice ${n.id}`).toEqual(built.json(`api/v1/notices/${n.id}.json`).notice.updates[0]);
    }
  });
});

describe('notice derivation', () => {
  const detail = (id: number): Json => built.json(`api/v1/notices/${id}.json`).notice;
  const updateIds = (id: number): number[] => detail(id).updates.map((u: Json) => u.id);

  it('101: ongoing, still investigating; the update dated after now is withheld', () => {
    const n = detail(101);
    expect(n).toMatchObject({
      type: 'unplanned',
      timeline_state: 'present',
      subject: 'Elevated error rates on the REST API',
      url: `${BASE}/notices/101/`,
      tag_list: ['api', 'rest'],
      created_at: '2026-11-20T10:00:00.000Z',
      updated_at: '2026-11-20T11:30:00.000Z',
      links: { self: '/api/notices/101' },
      state: 'investigating',
      began_at: '2026-11-20T10:00:00.000Z',
      ended_at: null,
      impact_time: { seconds: 7200, words: '2 hours' }, // 10:00 to now
    });
    expect(n.components.map((c: Json) => [c.id, c.state])).toEqual([[4, 'degraded']]);
    expect(n.updates).toEqual([
      {
        id: 101002,
        state: 'investigating',
        content: 'Still investigating; errors affect about 5% of requests.',
        created_at: '2026-11-20T10:45:00.000Z',
        updated_at: '2026-11-20T11:30:00.000Z',
      },
      {
        id: 101001,
        state: 'investigating',
        content: 'We are investigating elevated error rates.',
        created_at: '2026-11-20T10:00:00.000Z',
        updated_at: '2026-11-20T10:00:00.000Z',
      },
    ]);
  });

  it('103/104: began at the first update, ended at the first resolved, impact to the first recovering/resolved', () => {
    expect(detail(103)).toMatchObject({
      state: 'resolved',
      began_at: '2026-11-10T10:00:00.000Z',
      ended_at: '2026-11-10T12:00:00.000Z',
      impact_time: { seconds: 3600, words: '1 hour' }, // to the recovering update at 11:00
    });
    // Written out of time order in the file: "first" and "latest" are by time, and so are the ids (rank in time).
    expect(detail(104)).toMatchObject({
      state: 'resolved',
      created_at: '2026-11-10T10:30:00.000Z',
      updated_at: '2026-11-10T11:30:00.000Z',
      began_at: '2026-11-10T10:30:00.000Z',
      ended_at: '2026-11-10T11:30:00.000Z',
      impact_time: { seconds: 3600, words: '1 hour' },
    });
    expect(detail(104).updates.map((u: Json) => [u.id, u.state])).toEqual([
      [104003, 'resolved'],
      [104002, 'identified'],
      [104001, 'investigating'],
    ]);
  });

  it('105: a false alarm ends the notice and has no impact', () => {
    expect(detail(105)).toMatchObject({
      state: 'false_alarm',
      began_at: '2026-11-15T08:00:00.000Z',
      ended_at: '2026-11-15T08:20:00.000Z',
      impact_time: { seconds: 0, words: '0 seconds' },
    });
  });

  it('106: impact_seconds overrides the impact window', () => {
    expect(detail(106)).toMatchObject({
      began_at: '2026-11-13T09:00:00.000Z',
      ended_at: '2026-11-13T12:00:00.000Z',
      impact_time: { seconds: 1800, words: '30 minutes' },
    });
  });

  it('107: an explicit began_at wins, and the impact runs from it', () => {
    expect(detail(107)).toMatchObject({
      created_at: '2026-11-05T14:00:00.000Z',
      began_at: '2026-11-05T13:00:00.000Z',
      ended_at: '2026-11-05T16:00:00.000Z',
      impact_time: { seconds: 10800, words: '3 hours' },
    });
  });

  it('201: a future maintenance has not begun', () => {
    expect(detail(201)).toMatchObject({
      timeline_state: 'future',
      state: 'scheduled',
      began_at: null,
      ended_at: null,
      begins_at: '2026-11-25T02:00:00.000Z',
      ends_at: '2026-11-25T04:00:00.000Z',
    });
    expect(updateIds(201)).toEqual([201001]);
  });

  it('202: underway by an auto transition at begins_at (id ×1000+901, the site wording)', () => {
    const n = detail(202);
    expect(n).toMatchObject({
      state: 'underway',
      began_at: '2026-11-20T11:00:00.000Z',
      ended_at: null,
      updated_at: '2026-11-20T11:00:00.000Z',
    });
    expect(n.updates[0]).toEqual({
      id: 202901,
      state: 'underway',
      content: 'The maintenance window has started.',
      created_at: '2026-11-20T11:00:00.000Z',
      updated_at: '2026-11-20T11:00:00.000Z',
    });
    expect(updateIds(202)).toEqual([202901, 202001]);
    expect(n.components.map((c: Json) => c.id).sort()).toEqual([5, 7]);
  });

  it('203: underway and complete by auto transitions (901, 902)', () => {
    const n = detail(203);
    expect(n).toMatchObject({
      timeline_state: 'past_recent',
      state: 'complete',
      created_at: '2026-11-12T10:00:00.000Z',
      updated_at: '2026-11-19T03:00:00.000Z',
      began_at: '2026-11-19T01:00:00.000Z',
      ended_at: '2026-11-19T03:00:00.000Z',
    });
    expect(n.updates.map((u: Json) => [u.id, u.state, u.created_at, u.content])).toEqual([
      [203902, 'complete', '2026-11-19T03:00:00.000Z', 'The maintenance window has ended.'],
      [203901, 'underway', '2026-11-19T01:00:00.000Z', 'The maintenance window has started.'],
      [203001, 'scheduled', '2026-11-12T10:00:00.000Z', 'We will swap dashboard hardware.'],
    ]);
  });

  it('204: cancelled ends a maintenance that never began; 205 with auto_transition off stays scheduled', () => {
    expect(detail(204)).toMatchObject({ state: 'cancelled', began_at: null, ended_at: '2026-11-11T09:00:00.000Z' });
    expect(updateIds(204)).toEqual([204002, 204001]);
    expect(detail(205)).toMatchObject({ timeline_state: 'present', state: 'scheduled', began_at: null, ended_at: null });
    expect(updateIds(205)).toEqual([205001]);
  });

  it('general notices: no state keys; expires_at decides past; withheld updates do not show', () => {
    for (const id of [301, 302, 303]) {
      const n = detail(id);
      expect(n, `notice ${id}`).not.toHaveProperty('state');
      expect(n).not.toHaveProperty('began_at');
      expect(n).not.toHaveProperty('ended_at');
      expect(n).not.toHaveProperty('impact_time');
      for (const update of n.updates) expect(update).not.toHaveProperty('state');
    }
    expect(detail(302)).toMatchObject({ tag_list: ['support'], updated_at: '2026-11-19T09:00:00.000Z' });
    expect(updateIds(302)).toEqual([302001]);
    expect(detail(301).timeline_state).toBe('past_recent');
    expect(detail(303).timeline_state).toBe('present');
  });

  it('the notice whose every update is after now is missing everywhere', () => {
    expect(built.files.has('api/v1/notices/401.json')).toBe(false);
    const r = route('/api/v1/notices/401');
    expect(r.kind).toBe('api');
    if (r.kind === 'api') expect(() => answer(built.site, r.request)).toThrow(expect.objectContaining({ status: 404 }));
    for (const file of apiFiles(built)) {
      const text = built.files.get(file)!;
      expect(text, file).not.toContain('"id":401,');
      expect(text, file).not.toContain('401001');
    }
  });

  it('nothing dated after now leaks into any file, the build state included', () => {
    for (const [file, text] of built.files) {
      expect(text, file).not.toContain('posted after now');
      expect(text, file).not.toContain('Email delays');
    }
  });

  it('publishes 401 once now reaches its first update', async () => {
    const later = deriveSite(await readContent(contentDir('metrics-site')), Date.parse('2026-11-21T09:00:00Z'));
    expect(later.noticesById.get(401)?.state).toBe('investigating');
    expect(later.componentsById.get(8)?.state).toBe('degraded');
  });
});
