// The Statuspage-compatible answers of small sites in each state: operational, degraded at each
// impact, under maintenance, both at once, an unresolved incident, upcoming and active maintenance,
// and the lists' selections and limits (docs/api.md "How the model maps onto Statuspage's"). Every
// site's answers are also checked against Statuspage's schemas and, fact by fact, against its spec API.
import { describe, expect, it } from 'vitest';
import { component, content, general, planned, pu, unplanned, uu } from '../../../helpers/content.js';
import type { Json } from '../../../helpers/build.js';
import { v2Site } from './helpers.js';

// Component tree: 1 (API) > 2 (REST) > 3 (v3 endpoints); 4 (Web) on its own.
const TREE = [component(1, { name: 'API' }), component(2, { parentId: 1, name: 'REST' }), component(3, { parentId: 2, name: 'v3' }), component(4, { name: 'Web' })];
const OPEN = [uu('2026-11-20T11:00:00Z', 'investigating')];
const WINDOW = { beginsAt: '2026-11-20T11:00:00Z', endsAt: '2026-11-20T13:00:00Z' };

describe('a site in each state', () => {
  it('operational: everything operational, indicator none with the operational text, nothing listed', () => {
    const s = v2Site(content({ components: TREE }));
    expect(s.problems()).toEqual([]);
    expect(s.get('/api/v2/status').status).toEqual({ indicator: 'none', description: 'All good' });
    expect(Object.values(s.statuses())).toEqual(['operational', 'operational', 'operational', 'operational']);
    for (const address of ['/api/v2/incidents', '/api/v2/incidents/unresolved', '/api/v2/scheduled-maintenances', '/api/v2/scheduled-maintenances/upcoming', '/api/v2/scheduled-maintenances/active']) {
      expect(s.ids(address), address).toEqual([]);
    }
  });

  it.each([
    [undefined, 'degraded_performance', 'minor'],
    ['minor', 'degraded_performance', 'minor'],
    ['major', 'partial_outage', 'major'],
    ['critical', 'major_outage', 'critical'],
  ] as const)('degraded by an incident of impact %s: %s on the component and its ancestors only, indicator %s', (impact, status, indicator) => {
    const s = v2Site(content({ components: TREE, notices: [unplanned(9, OPEN, { components: [2], ...(impact ? { impact } : {}) })] }));
    expect(s.problems()).toEqual([]);
    expect(s.statuses()).toEqual({ '1': status, '2': status, '3': 'operational', '4': 'operational' });
    expect(s.get('/api/v2/status').status).toEqual({ indicator, description: 'Trouble' });
    expect(s.get('/api/v2/incidents/unresolved').incidents[0]).toMatchObject({ id: '9', status: 'investigating', impact: indicator });
  });

  it('the worst status and the worst impact win', () => {
    const s = v2Site(
      content({
        components: TREE,
        notices: [unplanned(9, OPEN, { components: [3], impact: 'minor' }), unplanned(10, OPEN, { components: [2], impact: 'critical' }), unplanned(11, OPEN, { components: [4], impact: 'major' })],
      }),
    );
    expect(s.problems()).toEqual([]);
    expect(s.statuses()).toEqual({ '1': 'major_outage', '2': 'major_outage', '3': 'degraded_performance', '4': 'partial_outage' });
    expect(s.get('/api/v2/status').status.indicator).toBe('critical');
  });

  it('under maintenance: under_maintenance up the tree, indicator maintenance, the maintenance active', () => {
    const s = v2Site(content({ components: TREE, notices: [planned(20, WINDOW, [pu('2026-11-19T09:00:00Z', 'scheduled')], { components: [3] })] }));
    expect(s.problems()).toEqual([]);
    expect(s.statuses()).toEqual({ '1': 'under_maintenance', '2': 'under_maintenance', '3': 'under_maintenance', '4': 'operational' });
    expect(s.get('/api/v2/status').status).toEqual({ indicator: 'maintenance', description: 'Maintenance' });
    expect(s.ids('/api/v2/scheduled-maintenances/active')).toEqual(['20']);
    expect(s.ids('/api/v2/scheduled-maintenances/upcoming')).toEqual([]);
    expect(s.get('/api/v2/summary').scheduled_maintenances.map((m: Json) => m.status)).toEqual(['in_progress']);
  });

  it('an incident and a maintenance at once: the outage wins where both reach, each keeps its own elsewhere, the page is degraded', () => {
    const s = v2Site(
      content({
        components: TREE,
        notices: [planned(20, WINDOW, [pu('2026-11-19T09:00:00Z', 'scheduled')], { components: [2, 4] }), unplanned(9, OPEN, { components: [3], impact: 'major' })],
      }),
    );
    expect(s.problems()).toEqual([]);
    expect(s.statuses()).toEqual({ '1': 'partial_outage', '2': 'partial_outage', '3': 'partial_outage', '4': 'under_maintenance' });
    expect(s.get('/api/v2/status').status).toEqual({ indicator: 'major', description: 'Trouble' });
  });

  it('an incident recovering is unresolved (monitoring) but degrades nothing; resolved and false alarms are resolved', () => {
    const s = v2Site(
      content({
        components: TREE,
        notices: [
          unplanned(9, [uu('2026-11-20T10:00:00Z', 'identified'), uu('2026-11-20T11:00:00Z', 'recovering')], { components: [2] }),
          unplanned(8, [uu('2026-11-20T08:00:00Z', 'investigating'), uu('2026-11-20T09:00:00Z', 'resolved')], { components: [2] }),
          unplanned(7, [uu('2026-11-20T07:00:00Z', 'investigating'), uu('2026-11-20T07:30:00Z', 'false_alarm')], { components: [4] }),
        ],
      }),
    );
    expect(s.problems()).toEqual([]);
    expect(s.ids('/api/v2/incidents/unresolved')).toEqual(['9']);
    expect(Object.values(s.statuses())).toEqual(['operational', 'operational', 'operational', 'operational']);
    expect(s.get('/api/v2/status').status.indicator).toBe('none');
    const incidents: Json[] = s.get('/api/v2/incidents').incidents;
    expect(incidents.map((i) => [i.id, i.status, i.monitoring_at, i.resolved_at])).toEqual([
      ['9', 'monitoring', '2026-11-20T11:00:00.000Z', null],
      ['8', 'resolved', null, '2026-11-20T09:00:00.000Z'],
      ['7', 'resolved', null, '2026-11-20T07:30:00.000Z'],
    ]);
  });

  it('upcoming: scheduled ahead, and scheduled with its window come but not started by hand; cancelled maintenance is completed', () => {
    const s = v2Site(
      content({
        components: TREE,
        notices: [
          planned(20, { beginsAt: '2026-11-25T02:00:00Z', endsAt: '2026-11-25T04:00:00Z' }, [pu('2026-11-19T09:00:00Z', 'scheduled')], { components: [3] }),
          planned(21, WINDOW, [pu('2026-11-19T09:00:00Z', 'scheduled')], { components: [4], autoTransition: false }),
          planned(22, { beginsAt: '2026-11-22T02:00:00Z', endsAt: '2026-11-22T04:00:00Z' }, [pu('2026-11-19T09:00:00Z', 'scheduled'), pu('2026-11-20T09:00:00Z', 'cancelled')]),
        ],
      }),
    );
    expect(s.problems()).toEqual([]);
    expect(s.ids('/api/v2/scheduled-maintenances/upcoming')).toEqual(['20', '21']);
    expect(s.ids('/api/v2/scheduled-maintenances/active')).toEqual([]);
    expect(s.ids('/api/v2/scheduled-maintenances')).toEqual(['20', '22', '21']);
    const [upcoming] = s.get('/api/v2/scheduled-maintenances/upcoming').scheduled_maintenances;
    expect(upcoming).toMatchObject({ status: 'scheduled', impact: 'maintenance', scheduled_for: '2026-11-25T02:00:00.000Z', scheduled_until: '2026-11-25T04:00:00.000Z', started_at: '2026-11-19T09:00:00.000Z', resolved_at: null });
    const cancelled = s.get('/api/v2/scheduled-maintenances').scheduled_maintenances.find((m: Json) => m.id === '22');
    expect(cancelled).toMatchObject({ status: 'completed', resolved_at: '2026-11-20T09:00:00.000Z' });
    expect(Object.values(s.statuses())).toEqual(['operational', 'operational', 'operational', 'operational']);
  });

  it('leaves announcements out of every answer', () => {
    const s = v2Site(content({ components: TREE, notices: [general(5, [{ at: '2026-11-20T10:00:00Z' }]), unplanned(9, OPEN)] }));
    expect(s.problems()).toEqual([]);
    const all = JSON.stringify(['/api/v2/summary', '/api/v2/incidents', '/api/v2/scheduled-maintenances'].map((a) => s.get(a)));
    expect(all).not.toContain('"id":"5"');
    expect(s.ids('/api/v2/incidents')).toEqual(['9']);
  });

  it('an incident ended by the file’s ended_at is not unresolved, whatever its last state, and degrades nothing', () => {
    const s = v2Site(content({ components: TREE, notices: [unplanned(9, OPEN, { components: [2], endedAt: '2026-11-20T11:30:00Z' })] }));
    expect(s.problems()).toEqual([]);
    expect(s.ids('/api/v2/incidents/unresolved')).toEqual([]);
    expect(s.get('/api/v2/incidents').incidents[0]).toMatchObject({ status: 'investigating', resolved_at: '2026-11-20T11:30:00.000Z' });
    expect(s.statuses()['2']).toBe('operational');
  });
});

describe('the 50 most recent', () => {
  // Incident i began i hours before now; the two unresolved ones are the oldest of all.
  const at = (hoursAgo: number): string => new Date(Date.parse('2026-11-20T12:00:00Z') - hoursAgo * 3_600_000).toISOString();
  const resolvedIncident = (i: number) => unplanned(i, [uu(at(i), 'investigating'), uu(at(i - 0.5), 'resolved')]);
  const notices = [...Array.from({ length: 60 }, (_, i) => resolvedIncident(i + 1)), unplanned(100, [uu(at(200), 'investigating')]), unplanned(101, [uu(at(300), 'identified')])];

  it('incidents.json lists 50, newest first, always with every unresolved incident', () => {
    const s = v2Site(content({ components: TREE, notices }));
    expect(s.problems()).toEqual([]);
    const ids = s.ids('/api/v2/incidents');
    expect(ids).toHaveLength(50);
    expect(ids.slice(0, 48)).toEqual(Array.from({ length: 48 }, (_, i) => String(i + 1)));
    expect(ids.slice(48)).toEqual(['100', '101']);
    expect(s.ids('/api/v2/incidents/unresolved')).toEqual(['100', '101']);
  });

  it('with 50 or fewer, lists them all', () => {
    const s = v2Site(content({ components: TREE, notices: notices.slice(0, 50) }));
    expect(s.ids('/api/v2/incidents')).toHaveLength(50);
    expect(v2Site(content({ components: TREE, notices: notices.slice(0, 3) })).ids('/api/v2/incidents')).toEqual(['1', '2', '3']);
  });

  it('scheduled-maintenances.json lists 50, keeping the upcoming and active ones', () => {
    const done = (i: number) =>
      planned(i, { beginsAt: at(i), endsAt: at(i - 0.5) }, [pu(at(i + 24), 'scheduled')], { autoTransition: true });
    const maintenances = [
      ...Array.from({ length: 55 }, (_, i) => done(i + 1)),
      planned(200, { beginsAt: '2026-12-01T00:00:00Z', endsAt: '2026-12-01T01:00:00Z' }, [pu(at(500), 'scheduled')], { autoTransition: false }),
    ];
    const s = v2Site(content({ components: TREE, notices: maintenances }));
    expect(s.problems()).toEqual([]);
    const ids = s.ids('/api/v2/scheduled-maintenances');
    expect(ids).toHaveLength(50);
    expect(ids[0]).toBe('200');
    expect(ids.slice(1)).toEqual(Array.from({ length: 49 }, (_, i) => String(i + 1)));
  });
});
