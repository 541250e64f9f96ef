// eventsBetween: each kind of event, with its stable id, from two derived builds of the same content.
import { describe, expect, it } from 'vitest';
import { deriveSite } from '../../../src/derive/index.js';
import { eventsBetween } from '../../../src/notify/events.js';
import { snapshotOf } from '../../../src/notify/snapshot.js';
import { component, content, general, ms, planned, pu, unplanned, uu } from '../../helpers/content.js';
import type { Notice } from '../../../src/types.js';

const T = (minutes: number): string => new Date(ms('2026-11-20T10:00:00Z') + minutes * 60_000).toISOString();
const components = [component(1, { name: 'API' }), component(2, { name: 'Website' }), component(3, { name: 'REST API', parentId: 1 })];

/** The events from the build of `notices` at `before` to the build of `later` (default: the same notices) at `after`. */
function between(notices: Notice[], before: string, after: string, later: Notice[] = notices): { id: string; type: string }[] {
  const previous = snapshotOf(deriveSite(content({ components, notices }), ms(before)));
  return eventsBetween(previous, deriveSite(content({ components, notices: later }), ms(after))).map((e) => ({ id: e.id, type: e.type }));
}

describe('eventsBetween', () => {
  it('a new incident: published, then the states it changes (the component, its parent, the page)', () => {
    const incident = unplanned(42, [uu(T(5), 'investigating')], { components: [3] });
    const events = between([incident], T(0), T(10));
    expect(events).toEqual([
      { id: 'notice-42-published', type: 'notice.published' },
      { id: `component-1-degraded-${T(10)}`, type: 'component.state_changed' },
      { id: `component-3-degraded-${T(10)}`, type: 'component.state_changed' },
      { id: `page-degraded-${T(10)}`, type: 'page.state_changed' },
    ]);
  });

  it('an update posted is one event, with the update id; several come oldest first', () => {
    const before = unplanned(42, [uu(T(5), 'investigating')], { components: [3] });
    const after = unplanned(42, [uu(T(5), 'investigating'), uu(T(20), 'identified'), uu(T(15), 'investigating')], { components: [3] });
    expect(between([before], T(10), T(25), [after])).toEqual([
      { id: 'update-42003', type: 'notice.updated' },
      { id: 'update-42002', type: 'notice.updated' },
    ]);
  });

  it('resolving: the update, then the states back to operational', () => {
    const before = unplanned(42, [uu(T(5), 'investigating')], { components: [3] });
    const after = unplanned(42, [uu(T(5), 'investigating'), uu(T(30), 'resolved')], { components: [3] });
    expect(between([before], T(10), T(35), [after]).map((e) => e.id)).toEqual([
      'update-42002',
      `component-1-operational-${T(35)}`,
      `component-3-operational-${T(35)}`,
      `page-operational-${T(35)}`,
    ]);
  });

  it('maintenance starts and ends by the clock, with no change to the content', () => {
    const maintenance = planned(7, { beginsAt: T(60), endsAt: T(120) }, [pu(T(0), 'scheduled')], { components: [2] });
    expect(between([maintenance], T(30), T(61))).toEqual([
      { id: 'maintenance-7-started', type: 'maintenance.started' },
      { id: `component-2-under-maintenance-${T(61)}`, type: 'component.state_changed' },
      { id: `page-under-maintenance-${T(61)}`, type: 'page.state_changed' },
    ]);
    expect(between([maintenance], T(61), T(125)).map((e) => e.id)).toEqual(['maintenance-7-ended', `component-2-operational-${T(125)}`, `page-operational-${T(125)}`]);
    // Both between two runs: started, then ended, and no state changed on the whole.
    expect(between([maintenance], T(30), T(125)).map((e) => e.id)).toEqual(['maintenance-7-started', 'maintenance-7-ended']);
  });

  it('a manual underway update is an update posted, not a start by the clock', () => {
    const before = planned(7, { beginsAt: T(60), endsAt: T(120) }, [pu(T(0), 'scheduled')]);
    const after = planned(7, { beginsAt: T(60), endsAt: T(120) }, [pu(T(0), 'scheduled'), pu(T(50), 'underway')]);
    expect(between([before], T(30), T(55), [after]).map((e) => e.id)).toEqual(['update-7002', `page-under-maintenance-${T(55)}`]);
  });

  it('a notice dated in the future appears when its first update is published', () => {
    const later = general(5, [{ at: T(90) }]);
    expect(between([later], T(0), T(60))).toEqual([]);
    expect(between([later], T(60), T(90))).toEqual([{ id: 'notice-5-published', type: 'notice.published' }]);
  });

  it('nothing for the same build, a removed notice, a new component, or a notice published with several updates', () => {
    const incident = unplanned(42, [uu(T(5), 'investigating'), uu(T(6), 'identified')], { components: [3] });
    expect(between([incident], T(10), T(10))).toEqual([]);
    expect(between([incident], T(10), T(20), []).map((e) => e.type)).toEqual(['component.state_changed', 'component.state_changed', 'page.state_changed']);
    // A published notice is one event, carrying its latest update.
    const previous = snapshotOf(deriveSite(content({ components }), ms(T(0))));
    const [event, ...rest] = eventsBetween(previous, deriveSite(content({ components, notices: [incident] }), ms(T(10))));
    expect(event).toMatchObject({ id: 'notice-42-published', update: { id: 42002, state: 'identified' } });
    expect(rest.every((e) => e.type !== 'notice.updated')).toBe(true);
    // A component added since the previous build changes no state.
    const fewer = snapshotOf(deriveSite(content({ components, notices: [incident] }), ms(T(10))));
    const more = [...components, component(4, { name: 'Status emails' })];
    expect(eventsBetween(fewer, deriveSite(content({ components: more, notices: [incident] }), ms(T(11))))).toEqual([]);
  });

  it('components added, removed or moved: no event for the one new or gone, but the states it changes (a parent\'s, the page\'s) are sent', () => {
    const ids = (before: Parameters<typeof content>[0], after: Parameters<typeof content>[0]): string[] =>
      eventsBetween(snapshotOf(deriveSite(content(before), ms(T(10)))), deriveSite(content(after), ms(T(20)))).map((e) => e.id);
    const on = (...affected: number[]): Notice => unplanned(42, [uu(T(5), 'investigating')], { components: affected });
    // Added already degraded (named by the incident in the same commit): nothing, the page was degraded already.
    const more = [...components, component(4, { name: 'Status emails' })];
    expect(ids({ components, notices: [on(3)] }, { components: more, notices: [on(3, 4)] })).toEqual([]);
    // Added under a parent that was operational: the parent's change is sent, and the page's.
    const child = [...components, component(4, { name: 'GraphQL', parentId: 2 })];
    expect(ids({ components, notices: [] }, { components: child, notices: [on(4)] })).toEqual([
      'notice-42-published',
      `component-2-degraded-${T(20)}`,
      `page-degraded-${T(20)}`,
    ]);
    // The degraded one removed: nothing for it; its parent is operational again (the page follows the open incident).
    expect(ids({ components, notices: [on(3)] }, { components: components.filter((c) => c.id !== 3), notices: [on()] })).toEqual([`component-1-operational-${T(20)}`]);
    // Moved to another parent: its state is the same, its parents' change.
    const moved = components.map((c) => (c.id === 3 ? { ...c, parentId: 2 } : c));
    expect(ids({ components, notices: [on(3)] }, { components: moved, notices: [on(3)] })).toEqual([`component-1-operational-${T(20)}`, `component-2-degraded-${T(20)}`]);
  });
});
