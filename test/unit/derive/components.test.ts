// The component tree, state bubbling and page state, through deriveSite.
import { describe, expect, it } from 'vitest';
import { lineage, orderTree } from '../../../src/derive/components.js';
import { deriveSite } from '../../../src/derive/index.js';
import type { Notice } from '../../../src/content/types.js';
import { component, content, general, ms, planned, pu, unplanned, uu } from '../../helpers/content.js';

const NOW = ms('2026-11-20T12:00:00Z');

describe('order', () => {
  it('depth-first pre-order; siblings by position, then id; unpositioned after positioned', () => {
    const components = [
      component(9),
      component(8, { position: 1 }),
      component(7, { parentId: 8, position: 5 }),
      component(6, { parentId: 8, position: 5 }),
      component(5, { parentId: 8 }),
      component(4, { parentId: 8, position: -1 }),
      component(3, { parentId: 6 }),
      component(2, { parentId: 3 }),
      component(1),
    ];
    const ordered = orderTree(components);
    expect(ordered.map((o) => o.component.id)).toEqual([8, 4, 6, 3, 2, 7, 5, 1, 9]);
    expect(Object.fromEntries(ordered.map((o) => [o.component.id, o.children]))).toEqual({
      8: [4, 6, 7, 5],
      4: [],
      6: [3],
      3: [2],
      2: [],
      7: [],
      5: [],
      1: [],
      9: [],
    });
    const site = deriveSite(content({ components }), NOW);
    expect(site.components.map((c) => c.id)).toEqual([8, 4, 6, 3, 2, 7, 5, 1, 9]);
  });

  it('position 0 sorts before 1 and does not count as missing', () => {
    expect(orderTree([component(1, { position: 1 }), component(2, { position: 0 }), component(3)]).map((o) => o.component.id)).toEqual([2, 1, 3]);
  });

  it('does not overflow the stack on a deep tree', () => {
    const deep = Array.from({ length: 20_000 }, (_, i) => component(i + 1, { parentId: i === 0 ? null : i }));
    const ordered = orderTree(deep);
    expect(ordered).toHaveLength(20_000);
    expect(ordered[19_999]!.component.id).toBe(20_000);
  });

  it('lineage lists a component and its ancestors, nearest first', () => {
    const lines = lineage([component(1), component(2, { parentId: 1 }), component(3, { parentId: 2 })]);
    expect(lines.get(3)).toEqual([3, 2, 1]);
    expect(lines.get(1)).toEqual([1]);
  });
});

describe('state', () => {
  // 1 → 2 → 3, 1 → 4; 5 alone.
  const tree = [component(1), component(2, { parentId: 1 }), component(3, { parentId: 2 }), component(4, { parentId: 1 }), component(5)];
  const states = (notices: Notice[]) =>
    Object.fromEntries(deriveSite(content({ components: tree, notices }), NOW).components.map((c) => [c.id, c.state]));
  const incident = (id: number, components: number[], state: 'investigating' | 'identified' | 'recovering' | 'resolved' | 'false_alarm') =>
    unplanned(id, [uu('2026-11-20T09:00:00Z', 'investigating'), uu('2026-11-20T10:00:00Z', state)], { components });
  const maintenance = (id: number, components: number[], beginsAt = '2026-11-20T11:00:00Z', endsAt = '2026-11-20T13:00:00Z') =>
    planned(id, { beginsAt, endsAt }, [pu('2026-11-01T00:00:00Z', 'scheduled')], { components });

  it('a current incident degrades its components and their ancestors, not siblings or descendants', () => {
    expect(states([incident(1, [2], 'identified')])).toEqual({
      1: 'degraded',
      2: 'degraded',
      3: 'operational',
      4: 'operational',
      5: 'operational',
    });
  });

  it('recovering, resolved and false_alarm incidents are not current', () => {
    for (const state of ['recovering', 'resolved', 'false_alarm'] as const) {
      expect(Object.values(states([incident(1, [3], state)])), state).toEqual(Array(5).fill('operational'));
    }
  });

  it('underway maintenance puts components and ancestors under maintenance; scheduled or future does not', () => {
    expect(states([maintenance(1, [3])])).toMatchObject({ 1: 'under-maintenance', 2: 'under-maintenance', 3: 'under-maintenance', 4: 'operational' });
    expect(Object.values(states([maintenance(1, [3], '2026-11-21T00:00:00Z', '2026-11-21T01:00:00Z')]))).toEqual(Array(5).fill('operational'));
    const manual = planned(2, { beginsAt: '2026-11-20T11:00:00Z', endsAt: '2026-11-20T13:00:00Z' }, [pu('2026-11-01T00:00:00Z', 'scheduled')], {
      components: [3],
      autoTransition: false,
    });
    expect(Object.values(states([manual]))).toEqual(Array(5).fill('operational'));
    // Completed by the clock: no longer affects anything.
    expect(Object.values(states([maintenance(3, [3], '2026-11-20T08:00:00Z', '2026-11-20T09:00:00Z')]))).toEqual(Array(5).fill('operational'));
  });

  it('degraded beats under-maintenance, whichever notice comes first and wherever they meet', () => {
    const a = states([maintenance(1, [4]), incident(2, [3], 'investigating')]);
    expect(a).toEqual({ 1: 'degraded', 2: 'degraded', 3: 'degraded', 4: 'under-maintenance', 5: 'operational' });
    const b = states([incident(1, [3], 'investigating'), maintenance(2, [3, 4])]);
    expect(b).toEqual({ 1: 'degraded', 2: 'degraded', 3: 'degraded', 4: 'under-maintenance', 5: 'operational' });
    // Newest notice first: here the incident (began 11:30) is applied before the maintenance (11:00),
    // which must not overwrite degraded on 1.
    const late = unplanned(3, [uu('2026-11-20T11:30:00Z', 'investigating')], { components: [4] });
    const c = states([maintenance(4, [1, 5]), late]);
    expect(c).toEqual({ 1: 'degraded', 2: 'operational', 3: 'operational', 4: 'degraded', 5: 'under-maintenance' });
  });

  it('notices that are withheld or past change nothing', () => {
    const future = unplanned(1, [uu('2026-11-20T12:00:01Z', 'investigating')], { components: [3] });
    const ended = unplanned(2, [uu('2026-11-20T09:00:00Z', 'investigating')], { components: [3], endedAt: '2026-11-20T10:00:00Z' });
    expect(Object.values(states([future, ended]))).toEqual(Array(5).fill('operational'));
  });
});

describe('page', () => {
  const tree = [component(1, { updatedAt: '2026-06-01T00:00:00Z' }), component(2)];

  it('state: degraded > under-maintenance > operational, from present notices', () => {
    const page = (notices: Notice[]) => deriveSite(content({ components: tree, notices }), NOW).page.state;
    const current = unplanned(1, [uu('2026-11-20T09:00:00Z', 'investigating')], { components: [1] });
    const recovering = unplanned(2, [uu('2026-11-20T09:00:00Z', 'investigating'), uu('2026-11-20T09:30:00Z', 'recovering')], { components: [1] });
    const underway = planned(3, { beginsAt: '2026-11-20T11:00:00Z', endsAt: '2026-11-20T13:00:00Z' }, [pu('2026-11-01T00:00:00Z', 'scheduled')], {
      components: [2],
    });
    const noComponents = unplanned(4, [uu('2026-11-20T09:00:00Z', 'identified')]);
    expect(page([])).toBe('operational');
    expect(page([recovering])).toBe('operational');
    expect(page([underway])).toBe('under-maintenance');
    expect(page([underway, current])).toBe('degraded');
    expect(page([current, underway])).toBe('degraded');
    expect(page([recovering, underway])).toBe('under-maintenance');
    // A current incident listing no component still degrades the page.
    expect(page([noComponents])).toBe('degraded');
  });

  it('updated_at: the latest of site created_at, component updated_at and published notice updated_at', () => {
    const site = (notices: Notice[], components = tree) =>
      deriveSite(content({ site: { createdAt: ms('2024-01-01T00:00:00Z') }, components, notices }), NOW).page.updatedAt;
    expect(site([], [])).toBe(ms('2024-01-01T00:00:00Z'));
    expect(site([])).toBe(ms('2026-06-01T00:00:00Z'));
    const edited = general(1, [{ at: '2026-11-01T00:00:00Z', updatedAt: '2026-11-19T00:00:00Z' }]);
    expect(site([edited])).toBe(ms('2026-11-19T00:00:00Z'));
    const withheld = general(2, [{ at: '2026-11-21T00:00:00Z' }]);
    const partly = unplanned(3, [uu('2026-11-10T00:00:00Z', 'investigating'), uu('2026-11-20T12:00:01Z', 'resolved')]);
    // Only the published update of 3 counts; 2 is not published at all.
    expect(site([withheld, partly])).toBe(ms('2026-11-10T00:00:00Z'));
    // An auto transition is an update like any other.
    const auto = planned(4, { beginsAt: '2026-11-20T11:00:00Z', endsAt: '2026-11-20T13:00:00Z' }, [pu('2026-11-01T00:00:00Z', 'scheduled')]);
    expect(site([auto])).toBe(ms('2026-11-20T11:00:00Z'));
  });

  it('lists published notices newest first and counts only them', () => {
    const derived = deriveSite(
      content({
        notices: [
          general(1, [{ at: '2026-11-01T00:00:00Z' }]),
          general(2, [{ at: '2026-11-21T00:00:00Z' }]),
          general(3, [{ at: '2026-11-02T00:00:00Z' }]),
        ],
      }),
      NOW,
    );
    expect(derived.notices.map((n) => n.id)).toEqual([3, 1]);
    expect([...derived.noticesById.keys()].sort()).toEqual([1, 3]);
  });
});
