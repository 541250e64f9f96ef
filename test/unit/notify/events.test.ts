// eventsBetween: each kind of event, with its stable id, from two derived builds of the same content;
// and updates matched by time and text, whatever their ids: inserted, renumbered, edited, migrated.
import { describe, expect, it } from 'vitest';
import { deriveSite } from '../../../src/derive/index.js';
import { compare, eventsBetween } from '../../../src/notify/events.js';
import { snapshotOf, textHash } from '../../../src/notify/snapshot.js';
import { component, content, general, ms, planned, pu, unplanned, uu } from '../../helpers/content.js';
import type { Notice } from '../../../src/content/types.js';

const T = (minutes: number): string => new Date(ms('2026-11-20T10:00:00Z') + minutes * 60_000).toISOString();
/** The event id of an update: its notice, its time and the hash of its text (docs/notifications.md). */
const updateEvent = (notice: number, at: string, text: string): string => `update-${notice}-${new Date(ms(at)).toISOString()}-${textHash(text)}`;
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

  it('an update posted is one event, its id made of the notice, its time and its text; several come oldest first', () => {
    const before = unplanned(42, [uu(T(5), 'investigating')], { components: [3] });
    const after = unplanned(42, [uu(T(5), 'investigating'), uu(T(20), 'identified'), uu(T(15), 'investigating')], { components: [3] });
    expect(between([before], T(10), T(25), [after])).toEqual([
      { id: updateEvent(42, T(15), 'Update 3 of notice 42'), type: 'notice.updated' },
      { id: updateEvent(42, T(20), 'Update 2 of notice 42'), type: 'notice.updated' },
    ]);
    expect(updateEvent(42, T(15), 'Update 3 of notice 42')).toMatch(/^update-42-2026-11-20T10:15:00\.000Z-[0-9a-f]{16}$/);
  });

  it('resolving: the update, then the states back to operational', () => {
    const before = unplanned(42, [uu(T(5), 'investigating')], { components: [3] });
    const after = unplanned(42, [uu(T(5), 'investigating'), uu(T(30), 'resolved')], { components: [3] });
    expect(between([before], T(10), T(35), [after]).map((e) => e.id)).toEqual([
      updateEvent(42, T(30), 'Update 2 of notice 42'),
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
    expect(between([before], T(30), T(55), [after]).map((e) => e.id)).toEqual([updateEvent(7, T(50), 'Update 2 of notice 7'), `page-under-maintenance-${T(55)}`]);
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

describe('updates matched by time and text, not by id (ids count updates in time order)', () => {
  const text = (t: string): { content: string } => ({ content: t });
  const ids = (notice: Notice): number[] => deriveSite(content({ components, notices: [notice] }), ms(T(60))).notices[0]!.updates.map((u) => u.id);

  it('an update inserted before published ones is sent once, with its own text; the ones it renumbered are not sent again, and the change is told', () => {
    const before = unplanned(42, [uu(T(5), 'investigating', text('First.')), uu(T(20), 'identified', text('Found it.'))], { components: [3] });
    // A hand edit puts an update of minute 10 between them: "Found it." is now 42003.
    const after = unplanned(42, [uu(T(5), 'investigating', text('First.')), uu(T(10), 'investigating', text('Inserted.')), uu(T(20), 'identified', text('Found it.'))], { components: [3] });
    expect(ids(after)).toEqual([42001, 42002, 42003]);
    const previous = snapshotOf(deriveSite(content({ components, notices: [before] }), ms(T(30))));
    const { events, renumbered } = compare(previous, deriveSite(content({ components, notices: [after] }), ms(T(40))));
    expect(events.map((e) => [e.id, e.update?.content, e.update?.id])).toEqual([[updateEvent(42, T(10), 'Inserted.'), 'Inserted.', 42002]]);
    expect(renumbered).toEqual([{ notice: 42, ids: [[42002, 42003]] }]);
    // Inserted at the end of the file, dated earlier: the same.
    const appended = unplanned(42, [uu(T(5), 'investigating', text('First.')), uu(T(20), 'identified', text('Found it.')), uu(T(10), 'investigating', text('Inserted.'))], { components: [3] });
    const again = compare(previous, deriveSite(content({ components, notices: [appended] }), ms(T(40))));
    expect(again.events.map((e) => e.update?.content)).toEqual(['Inserted.']);
    expect(again.renumbered).toEqual([{ notice: 42, ids: [[42002, 42003]] }]);
  });

  it('an update edited in place (its text, or its time) is not news: no event', () => {
    const before = unplanned(42, [uu(T(5), 'investigating', text('First.')), uu(T(20), 'identified', text('Fuond it.'))]);
    const retyped = unplanned(42, [uu(T(5), 'investigating', text('First.')), uu(T(20), 'identified', text('Found it.'))]);
    const retimed = unplanned(42, [uu(T(5), 'investigating', text('First.')), uu(T(21), 'identified', text('Fuond it.'))]);
    for (const after of [retyped, retimed]) expect(between([before], T(30), T(40), [after])).toEqual([]);
    // Both changed: a new update, sent.
    const replaced = unplanned(42, [uu(T(5), 'investigating', text('First.')), uu(T(22), 'identified', text('Found it.'))]);
    expect(between([before], T(30), T(40), [replaced]).map((e) => e.id)).toEqual([updateEvent(42, T(22), 'Found it.')]);
  });

  it('the same text at the same moment twice is one event', () => {
    const before = unplanned(42, [uu(T(5), 'investigating', text('First.'))]);
    const after = unplanned(42, [uu(T(5), 'investigating', text('First.')), uu(T(20), 'identified', text('Again.')), uu(T(20), 'identified', text('Again.'))]);
    expect(between([before], T(10), T(30), [after]).map((e) => e.id)).toEqual([updateEvent(42, T(20), 'Again.')]);
  });

  it('the clock\'s transitions keep their ids and events when an update is inserted before them', () => {
    const window = { beginsAt: T(60), endsAt: T(120) };
    const before = planned(7, window, [pu(T(0), 'scheduled', text('Soon.'))]);
    const after = planned(7, window, [pu(T(0), 'scheduled', text('Soon.')), pu(T(-10), 'scheduled', text('Planned.'))]);
    const previous = snapshotOf(deriveSite(content({ components, notices: [before] }), ms(T(61))));
    const { events, renumbered } = compare(previous, deriveSite(content({ components, notices: [after] }), ms(T(125))));
    expect(events.map((e) => e.id)).toEqual([updateEvent(7, T(-10), 'Planned.'), 'maintenance-7-ended', `page-operational-${T(125)}`]);
    expect(renumbered).toEqual([{ notice: 7, ids: [[7001, 7002]] }]);
  });

  it('a format-1 record\'s ids (positions in the file then) name the update at that position now', () => {
    // As the old version numbered them: by position, whatever the times.
    const file = unplanned(42, [uu(T(5), 'investigating', text('First.')), uu(T(20), 'identified', text('Second.')), uu(T(15), 'identified', text('Third.'))]);
    const site = deriveSite(content({ components, notices: [file] }), ms(T(30)));
    const previous = { ...snapshotOf(site), notices: new Map([[42, [42001, 42002].map((id) => ({ id, at: null, hash: null }))]]) };
    const { events, renumbered } = compare(previous, site);
    // 42001 and 42002 were "First." and "Second."; "Third." (position 3) is new; "Second." is 42003 now.
    expect(events.map((e) => e.update?.content)).toEqual(['Third.']);
    expect(renumbered).toEqual([{ notice: 42, ids: [[42002, 42003]] }]);
    // An id past the end of the file names nothing.
    const gone = { ...snapshotOf(site), notices: new Map([[42, [42001, 42002, 42003, 42004].map((id) => ({ id, at: null, hash: null }))]]) };
    expect(compare(gone, site).events).toEqual([]);
  });
});
