// Statuspage's resources field by field: the page and its id, components as groups, incidents and
// maintenances with their updates and what each update moved (docs/api.md).
import { describe, expect, it } from 'vitest';
import { pageId } from '../../../../src/render/statuspage/mapping.js';
import { component, content, planned, pu, unplanned, uu } from '../../../helpers/content.js';
import type { Json } from '../../../helpers/build.js';
import { v2Site } from './helpers.js';

describe('the page', () => {
  it('has a Statuspage-style id from the url: 12 of [0-9a-z], stable, another for another url', () => {
    const a = v2Site(content({ site: { url: 'https://status.acme.com' } })).get('/api/v2/status').page;
    expect(a.id).toMatch(/^[0-9a-z]{12}$/);
    expect(a.id).toBe(pageId('https://status.acme.com'));
    expect(v2Site(content({ site: { url: 'https://status.acme.com' } })).get('/api/v2/status').page.id).toBe(a.id);
    expect(pageId('https://status.acme.com/b')).not.toBe(a.id);
    expect(a).toEqual({ id: a.id, name: 'Unit Status', url: 'https://status.acme.com', time_zone: 'Etc/UTC', updated_at: '2024-01-01T00:00:00.000Z' });
  });
});

describe('components', () => {
  const s = v2Site(
    content({
      site: { metrics: true },
      components: [
        component(5, { name: 'API', description: 'Everything', position: 2, updatedAt: '2024-06-01T10:00:00Z' }),
        component(7, { name: 'Web', position: 1, metrics: false }),
        component(6, { parentId: 5, name: 'REST', position: 9 }),
        component(8, { parentId: 5, name: 'GraphQL', position: -3 }),
        component(9, { parentId: 6, name: 'v3' }),
      ],
    }),
  );
  const byId = (): Record<string, Json> => Object.fromEntries(s.get('/api/v2/components').components.map((c: Json) => [c.id, c]));

  it('come in the spec API’s order; position counts from 1 among siblings, whatever the content’s positions', () => {
    expect(s.problems()).toEqual([]);
    expect(s.get('/api/v2/components').components.map((c: Json) => [c.id, c.position])).toEqual([
      ['7', 1],
      ['5', 2],
      ['8', 1],
      ['6', 2],
      ['9', 1],
    ]);
  });

  it('a parent is a group listing its children; a child names it as group_id, a nested group too', () => {
    const c = byId();
    expect(c['5']).toMatchObject({ group: true, group_id: null, components: ['8', '6'] });
    expect(c['6']).toMatchObject({ group: true, group_id: '5', components: ['9'] });
    expect(c['9']).toMatchObject({ group: false, group_id: '6' });
    expect(c['9']).not.toHaveProperty('components');
    expect(c['7']).not.toHaveProperty('components');
  });

  it('empty descriptions are null, showcase follows published metrics, start_date is the day created', () => {
    const c = byId();
    expect(c['5']).toMatchObject({ description: 'Everything', showcase: true, start_date: '2024-01-01', updated_at: '2024-06-01T10:00:00.000Z', only_show_if_degraded: false });
    expect(c['7']).toMatchObject({ description: null, showcase: false });
    const noMetrics = v2Site(content({ site: { metrics: false }, components: [component(1)] }));
    expect(noMetrics.get('/api/v2/components').components[0].showcase).toBe(false);
  });
});

describe('incidents and their updates', () => {
  const s = v2Site(
    content({
      components: [component(1, { name: 'API' }), component(2, { parentId: 1, name: 'REST' }), component(3, { name: 'Web' })],
      notices: [
        unplanned(
          42,
          [
            uu('2026-11-20T08:00:00Z', 'investigating', { content: 'Looking.' }),
            uu('2026-11-20T08:30:00Z', 'identified', { content: 'Found it.', updatedAt: '2026-11-20T08:40:00Z' }),
            uu('2026-11-20T09:00:00Z', 'recovering'),
            uu('2026-11-20T09:30:00Z', 'investigating'),
            uu('2026-11-20T10:00:00Z', 'resolved'),
          ],
          { components: [3, 2], impact: 'major', subject: 'Errors', beganAt: '2026-11-20T07:50:00Z' },
        ),
      ],
    }),
  );
  const incident = (): Json => s.get('/api/v2/incidents').incidents[0];

  it('carry the notice’s facts in Statuspage’s fields', () => {
    expect(s.problems()).toEqual([]);
    const { components, ...rest } = incident();
    delete rest.incident_updates;
    expect(rest).toEqual({
      id: '42',
      name: 'Errors',
      status: 'resolved',
      created_at: '2026-11-20T08:00:00.000Z',
      updated_at: '2026-11-20T10:00:00.000Z',
      monitoring_at: '2026-11-20T09:00:00.000Z',
      resolved_at: '2026-11-20T10:00:00.000Z',
      impact: 'major',
      shortlink: 'https://status.unit.test/notices/42/',
      started_at: '2026-11-20T07:50:00.000Z',
      page_id: s.get('/api/v2/status').page.id,
    });
    // In the file's order, as full components.
    expect(components.map((c: Json) => c.id)).toEqual(['3', '2']);
    expect(components[1]).toEqual(s.get('/api/v2/components').components.find((c: Json) => c.id === '2'));
  });

  it('list updates newest first, each with what it moved for the components the notice lists', () => {
    const moved = (from: string, to: string) => [
      { code: '3', name: 'Web', old_status: from, new_status: to },
      { code: '2', name: 'REST', old_status: from, new_status: to },
    ];
    expect(incident().incident_updates.map((u: Json) => [u.id, u.status, u.affected_components])).toEqual([
      ['42005', 'resolved', moved('partial_outage', 'operational')],
      ['42004', 'investigating', moved('operational', 'partial_outage')],
      ['42003', 'monitoring', moved('partial_outage', 'operational')],
      ['42002', 'identified', null],
      ['42001', 'investigating', moved('operational', 'partial_outage')],
    ]);
    expect(incident().incident_updates[3]).toEqual({
      id: '42002',
      status: 'identified',
      body: 'Found it.',
      incident_id: '42',
      created_at: '2026-11-20T08:30:00.000Z',
      updated_at: '2026-11-20T08:40:00.000Z',
      display_at: '2026-11-20T08:30:00.000Z',
      affected_components: null,
      deliver_notifications: false,
      custom_tweet: null,
      tweet_id: null,
    });
  });

  it('a notice that lists no components moves none', () => {
    const bare = v2Site(content({ notices: [unplanned(1, [uu('2026-11-20T08:00:00Z', 'investigating')])] }));
    expect(bare.get('/api/v2/incidents').incidents[0].incident_updates[0].affected_components).toBeNull();
  });

  it('a maintenance’s automatic transitions move its components in and out of maintenance', () => {
    const m = v2Site(
      content({
        components: [component(1, { name: 'API' })],
        notices: [planned(7, { beginsAt: '2026-11-20T09:00:00Z', endsAt: '2026-11-20T10:00:00Z' }, [pu('2026-11-18T09:00:00Z', 'scheduled')], { components: [1] })],
      }),
    );
    expect(m.problems()).toEqual([]);
    const [maintenance] = m.get('/api/v2/scheduled-maintenances').scheduled_maintenances;
    expect(maintenance).toMatchObject({ status: 'completed', started_at: '2026-11-18T09:00:00.000Z', resolved_at: '2026-11-20T10:00:00.000Z', monitoring_at: null });
    expect(maintenance.incident_updates.map((u: Json) => [u.id, u.status, u.body, u.affected_components?.[0]?.new_status ?? null])).toEqual([
      ['7902', 'completed', 'Auto complete.', 'operational'],
      ['7901', 'in_progress', 'Auto underway.', 'under_maintenance'],
      ['7001', 'scheduled', 'Update 1 of notice 7', null],
    ]);
  });
});

describe('hostile text', () => {
  it('comes out as plain JSON strings, exactly as written, in keys of Statuspage’s shape only', () => {
    const evil = '__proto__ <script>alert("x")</script> "},{"id":"1" \u2028 {{constructor}} \u202Eevil';
    const s = v2Site(
      content({
        site: { name: evil, stateText: { operational: evil, degraded: evil, 'under-maintenance': evil } },
        components: [component(1, { name: '__proto__', description: evil }), component(2, { parentId: 1, name: 'constructor' })],
        notices: [unplanned(3, [uu('2026-11-20T10:00:00Z', 'investigating', { content: evil })], { subject: evil, components: [1, 2] })],
      }),
    );
    expect(s.problems()).toEqual([]);
    const summary = s.get('/api/v2/summary');
    expect(summary.page.name).toBe(evil);
    expect(summary.status.description).toBe(evil);
    expect(summary.components.map((c: Json) => c.name)).toEqual(['__proto__', 'constructor']);
    expect(summary.components[0].description).toBe(evil);
    expect(summary.incidents[0].name).toBe(evil);
    expect(summary.incidents[0].incident_updates[0].body).toBe(evil);
    expect(summary.incidents[0].incident_updates[0].affected_components.map((c: Json) => c.name)).toEqual(['__proto__', 'constructor']);
    // Names are values, never keys: nothing reached a prototype.
    expect(({} as Record<string, unknown>).alert).toBeUndefined();
    expect(Object.getPrototypeOf(summary.components[0])).toBe(Object.prototype);
  });
});
