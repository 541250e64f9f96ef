// Publishing (updates after now are withheld) and planned auto transitions (underway at begins_at, complete at ends_at).
import { describe, expect, it } from 'vitest';
import { deriveNotice } from '../../../src/derive/notices.js';
import { publishedUpdates } from '../../../src/derive/updates.js';
import { general, ms, planned, pu, siteConfig, unplanned, uu } from '../../helpers/content.js';

const NOW = ms('2026-11-20T12:00:00Z');
const site = siteConfig({ transitionText: { underway: 'Started by the clock.', complete: 'Finished by the clock.' } });

describe('withheld updates', () => {
  it('publishes updates at or before now, withholds later ones, oldest first, ids from ranks in time (withheld ones count)', () => {
    const n = unplanned(7, [
      uu('2026-11-20T12:00:00.001Z', 'resolved'),
      uu('2026-11-20T11:00:00Z', 'identified'),
      uu('2026-11-20T10:00:00Z', 'investigating'),
      uu('2026-11-20T12:00:00Z', 'recovering'),
    ]);
    const updates = publishedUpdates(n, NOW, site);
    expect(updates.map((u) => [u.id, u.state])).toEqual([
      [7001, 'investigating'],
      [7002, 'identified'],
      [7003, 'recovering'],
    ]);
    const derived = deriveNotice(n, NOW, site)!;
    expect(derived.state).toBe('recovering');
    expect(derived.endedAt).toBeNull(); // the resolved update is not published yet
  });

  it('leaves out a notice none of whose updates is published', () => {
    expect(deriveNotice(unplanned(1, [uu('2026-11-20T12:00:01Z', 'investigating')]), NOW, site)).toBeNull();
    expect(deriveNotice(general(2, [{ at: '2026-12-01T00:00:00Z' }]), NOW, site)).toBeNull();
    expect(
      deriveNotice(planned(3, { beginsAt: '2026-11-01T00:00:00Z', endsAt: '2026-11-02T00:00:00Z' }, [pu('2026-11-21T00:00:00Z', 'scheduled')]), NOW, site),
    ).toBeNull();
  });

  it('keeps ids stable when updates are appended', () => {
    const before = unplanned(5, [uu('2026-11-20T10:00:00Z', 'investigating')]);
    const after = unplanned(5, [uu('2026-11-20T10:00:00Z', 'investigating'), uu('2026-11-20T11:00:00Z', 'resolved')]);
    expect(publishedUpdates(before, NOW, site).map((u) => u.id)).toEqual([5001]);
    expect(publishedUpdates(after, NOW, site).map((u) => u.id)).toEqual([5001, 5002]);
  });

  it('carries content, at and updated_at through', () => {
    const [u] = publishedUpdates(
      general(9, [{ at: '2026-11-20T10:00:00Z', updatedAt: '2026-11-20T10:30:00Z', content: '**Markdown** as written\n' }]),
      NOW,
      site,
    );
    expect(u).toEqual({
      id: 9001,
      at: ms('2026-11-20T10:00:00Z'),
      updatedAt: ms('2026-11-20T10:30:00Z'),
      state: null,
      content: '**Markdown** as written\n',
    });
  });
});

describe('planned auto transitions', () => {
  const window = { beginsAt: '2026-11-20T10:00:00Z', endsAt: '2026-11-20T12:00:00Z' };
  const scheduled = [pu('2026-11-01T00:00:00Z', 'scheduled')];
  const states = (updates: { id: number; state: string | null; at: number }[]) =>
    updates.map((u) => [u.id, u.state, new Date(u.at).toISOString()]);

  it('adds nothing before begins_at', () => {
    const n = planned(42, { beginsAt: '2026-11-20T12:00:00.001Z', endsAt: '2026-11-20T13:00:00Z' }, scheduled);
    expect(states(publishedUpdates(n, NOW, site))).toEqual([[42001, 'scheduled', '2026-11-01T00:00:00.000Z']]);
  });

  it('adds underway (id ×1000+901) at begins_at once now >= begins_at', () => {
    const n = planned(42, { beginsAt: '2026-11-20T12:00:00Z', endsAt: '2026-11-20T13:00:00Z' }, scheduled);
    const updates = publishedUpdates(n, NOW, site);
    expect(states(updates)).toEqual([
      [42001, 'scheduled', '2026-11-01T00:00:00.000Z'],
      [42901, 'underway', '2026-11-20T12:00:00.000Z'],
    ]);
    expect(updates[1]).toMatchObject({ content: 'Started by the clock.', updatedAt: ms('2026-11-20T12:00:00Z') });
    const derived = deriveNotice(n, NOW, site)!;
    expect(derived).toMatchObject({ state: 'underway', beganAt: ms('2026-11-20T12:00:00Z'), endedAt: null, timelineState: 'present' });
  });

  it('adds underway and complete (902) at ends_at once now >= ends_at', () => {
    const n = planned(42, window, scheduled);
    const updates = publishedUpdates(n, NOW, site);
    expect(states(updates)).toEqual([
      [42001, 'scheduled', '2026-11-01T00:00:00.000Z'],
      [42901, 'underway', '2026-11-20T10:00:00.000Z'],
      [42902, 'complete', '2026-11-20T12:00:00.000Z'],
    ]);
    expect(updates[2]!.content).toBe('Finished by the clock.');
    expect(deriveNotice(n, NOW, site)).toMatchObject({
      state: 'complete',
      beganAt: ms('2026-11-20T10:00:00Z'),
      endedAt: ms('2026-11-20T12:00:00Z'),
      updatedAt: ms('2026-11-20T12:00:00Z'),
      timelineState: 'past_recent',
    });
  });

  it('completes a maintenance marked underway by hand, adding only 902', () => {
    const n = planned(42, window, [pu('2026-11-01T00:00:00Z', 'scheduled'), pu('2026-11-20T10:05:00Z', 'underway')]);
    expect(states(publishedUpdates(n, NOW, site))).toEqual([
      [42001, 'scheduled', '2026-11-01T00:00:00.000Z'],
      [42002, 'underway', '2026-11-20T10:05:00.000Z'],
      [42902, 'complete', '2026-11-20T12:00:00.000Z'],
    ]);
    expect(deriveNotice(n, NOW, site)!.beganAt).toBe(ms('2026-11-20T10:05:00Z'));
  });

  it('adds nothing with auto_transition off, or once complete or cancelled', () => {
    expect(publishedUpdates(planned(1, window, scheduled, { autoTransition: false }), NOW, site)).toHaveLength(1);
    const cancelled = planned(2, window, [pu('2026-11-01T00:00:00Z', 'scheduled'), pu('2026-11-02T00:00:00Z', 'cancelled')]);
    expect(publishedUpdates(cancelled, NOW, site).map((u) => u.state)).toEqual(['scheduled', 'cancelled']);
    const done = planned(3, window, [pu('2026-11-01T00:00:00Z', 'scheduled'), pu('2026-11-20T10:00:00Z', 'underway'), pu('2026-11-20T11:00:00Z', 'complete')]);
    expect(publishedUpdates(done, NOW, site).map((u) => u.id)).toEqual([3001, 3002, 3003]);
  });

  it('a cancellation dated after now does not stop the transition as of now', () => {
    const n = planned(4, window, [pu('2026-11-01T00:00:00Z', 'scheduled'), pu('2026-11-21T00:00:00Z', 'cancelled')]);
    expect(publishedUpdates(n, NOW, site).map((u) => u.id)).toEqual([4001, 4901, 4902]);
  });

  it('never puts the transition before a late-posted scheduled update', () => {
    // Posted after begins_at: the transition follows it, so the latest state is still the transition's.
    const n = planned(5, window, [pu('2026-11-20T10:30:00Z', 'scheduled')]);
    const updates = publishedUpdates(n, ms('2026-11-20T11:00:00Z'), site);
    expect(states(updates)).toEqual([
      [5001, 'scheduled', '2026-11-20T10:30:00.000Z'],
      [5901, 'underway', '2026-11-20T10:30:00.000Z'],
    ]);
    expect(deriveNotice(n, ms('2026-11-20T11:00:00Z'), site)!.state).toBe('underway');
  });

  it('never touches unplanned or general notices', () => {
    expect(publishedUpdates(unplanned(1, [uu('2026-11-01T00:00:00Z', 'investigating')]), NOW, site)).toHaveLength(1);
    expect(publishedUpdates(general(2, [{ at: '2026-11-01T00:00:00Z' }]), NOW, site)).toHaveLength(1);
  });
});
