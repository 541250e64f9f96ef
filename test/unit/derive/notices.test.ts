// Notice rules: state, began_at/ended_at, impact window, timeline_state, order.
import { describe, expect, it } from 'vitest';
import { compareNotices, deriveNotice } from '../../../src/derive/notices.js';
import type { DerivedNotice } from '../../../src/derive/index.js';
import type { Notice } from '../../../src/content/types.js';
import { DAY, general, ms, planned, pu, siteConfig, unplanned, uu } from '../../helpers/content.js';

const NOW = ms('2026-11-20T12:00:00Z');
const site = siteConfig();

function derive(notice: Notice, now = NOW): DerivedNotice {
  const derived = deriveNotice(notice, now, site);
  if (derived === null) throw new Error(`notice ${notice.id} was withheld`);
  return derived;
}

describe('unplanned: began_at, ended_at, state', () => {
  it('began at the first update, ended at the first resolved, state of the latest (by time, not file order)', () => {
    const n = derive(
      unplanned(1, [
        uu('2026-11-10T11:00:00Z', 'resolved'),
        uu('2026-11-10T09:00:00Z', 'investigating'),
        uu('2026-11-10T10:00:00Z', 'recovering'),
        uu('2026-11-10T12:00:00Z', 'resolved'),
      ]),
    );
    expect(n.state).toBe('resolved');
    expect(n.beganAt).toBe(ms('2026-11-10T09:00:00Z'));
    expect(n.endedAt).toBe(ms('2026-11-10T11:00:00Z'));
    expect(n.createdAt).toBe(ms('2026-11-10T09:00:00Z'));
    expect(n.updatedAt).toBe(ms('2026-11-10T12:00:00Z'));
  });

  it('ends at a false_alarm too; stays open while investigating, identified or recovering', () => {
    expect(derive(unplanned(1, [uu('2026-11-20T09:00:00Z', 'investigating'), uu('2026-11-20T09:10:00Z', 'false_alarm')])).endedAt).toBe(
      ms('2026-11-20T09:10:00Z'),
    );
    for (const state of ['investigating', 'identified', 'recovering'] as const) {
      const n = derive(unplanned(1, [uu('2026-11-20T09:00:00Z', 'investigating'), uu('2026-11-20T10:00:00Z', state)]));
      expect(n.endedAt, state).toBeNull();
      expect(n.timelineState, state).toBe('present');
    }
  });

  it('updated_at is the latest updated_at of the updates, which may be an edit of an older one', () => {
    const n = derive(
      unplanned(1, [
        uu('2026-11-20T09:00:00Z', 'investigating', { updatedAt: '2026-11-20T11:00:00Z' }),
        uu('2026-11-20T10:00:00Z', 'identified'),
      ]),
    );
    expect(n.updatedAt).toBe(ms('2026-11-20T11:00:00Z'));
  });

  it('explicit began_at and ended_at in the file win', () => {
    const n = derive(
      unplanned(1, [uu('2026-11-10T09:00:00Z', 'investigating'), uu('2026-11-10T10:00:00Z', 'resolved')], {
        beganAt: '2026-11-10T08:00:00Z',
        endedAt: '2026-11-10T09:30:00Z',
      }),
    );
    expect(n.beganAt).toBe(ms('2026-11-10T08:00:00Z'));
    expect(n.endedAt).toBe(ms('2026-11-10T09:30:00Z'));
  });

  it('an explicit began_at or ended_at still ahead of now has not occurred: null, and the notice is present until then', () => {
    const later = { beganAt: '2026-11-20T11:00:00Z', endedAt: '2026-11-21T09:00:00Z' };
    const n = derive(unplanned(1, [uu('2026-11-20T09:00:00Z', 'investigating')], later));
    expect(n).toMatchObject({ beganAt: ms('2026-11-20T11:00:00Z'), endedAt: null, timelineState: 'present' });
    const early = derive(unplanned(1, [uu('2026-11-20T09:00:00Z', 'investigating')], { beganAt: '2026-11-20T13:00:00Z' }));
    expect(early.beganAt).toBeNull();
    // Once now reaches it, the file's time is published.
    expect(derive(unplanned(1, [uu('2026-11-20T09:00:00Z', 'investigating')], later), ms('2026-11-21T09:00:00Z'))).toMatchObject({
      endedAt: ms('2026-11-21T09:00:00Z'),
      timelineState: 'past_recent',
    });
  });
});

describe('unplanned: impact window', () => {
  const resolved = (extra = {}) =>
    unplanned(
      1,
      [
        uu('2026-11-10T09:00:00Z', 'investigating'),
        uu('2026-11-10T09:20:00Z', 'identified'),
        uu('2026-11-10T10:00:00Z', 'recovering'),
        uu('2026-11-10T11:00:00Z', 'resolved'),
      ],
      extra,
    );

  it('runs from began_at to the first recovering/resolved update', () => {
    const n = derive(resolved());
    expect(n.impact).toEqual({ start: ms('2026-11-10T09:00:00Z'), end: ms('2026-11-10T10:00:00Z') });
    expect(n.impactSeconds).toBe(3600);
    const straight = derive(unplanned(2, [uu('2026-11-10T09:00:00Z', 'investigating'), uu('2026-11-10T09:45:00Z', 'resolved')]));
    expect(straight.impactSeconds).toBe(45 * 60);
  });

  it('runs to now while still investigating or identified', () => {
    const n = derive(unplanned(1, [uu('2026-11-20T10:00:00Z', 'investigating'), uu('2026-11-20T10:30:00Z', 'identified')]));
    expect(n.impact).toEqual({ start: ms('2026-11-20T10:00:00Z'), end: NOW });
    expect(n.impactSeconds).toBe(7200);
  });

  it('starts at an explicit began_at', () => {
    const n = derive(resolved({ beganAt: '2026-11-10T08:30:00Z' }));
    expect(n.impact).toEqual({ start: ms('2026-11-10T08:30:00Z'), end: ms('2026-11-10T10:00:00Z') });
    expect(n.impactSeconds).toBe(5400);
  });

  it('lasts impact_seconds when given, whatever the updates say', () => {
    const n = derive(resolved({ impactSeconds: 600 }));
    expect(n.impact).toEqual({ start: ms('2026-11-10T09:00:00Z'), end: ms('2026-11-10T09:10:00Z') });
    expect(n.impactSeconds).toBe(600);
    const longer = derive(resolved({ impactSeconds: 3 * 3600 }));
    expect(longer.impactSeconds).toBe(3 * 3600);
    expect(derive(resolved({ impactSeconds: 0 })).impactSeconds).toBe(0);
  });

  it('impact_seconds on an ongoing incident still stops at now', () => {
    const n = derive(unplanned(1, [uu('2026-11-20T11:00:00Z', 'investigating')], { impactSeconds: 7200 }));
    expect(n.impact).toEqual({ start: ms('2026-11-20T11:00:00Z'), end: NOW });
  });

  it('is none for a false alarm, even after a recovering update', () => {
    const n = derive(
      unplanned(1, [
        uu('2026-11-10T09:00:00Z', 'investigating'),
        uu('2026-11-10T09:30:00Z', 'recovering'),
        uu('2026-11-10T10:00:00Z', 'false_alarm'),
      ]),
    );
    expect(n.impact).toBeNull();
    expect(n.impactSeconds).toBe(0);
  });

  it('is none for planned and general notices', () => {
    const p = derive(
      planned(1, { beginsAt: '2026-11-10T09:00:00Z', endsAt: '2026-11-10T10:00:00Z' }, [pu('2026-11-01T00:00:00Z', 'scheduled')]),
    );
    expect(p.impact).toBeNull();
    expect(derive(general(2, [{ at: '2026-11-01T00:00:00Z' }])).impact).toBeNull();
  });
});

describe('planned and general', () => {
  it('planned: began at the first underway update, ended at the first complete/cancelled', () => {
    const n = derive(
      planned(1, { beginsAt: '2026-11-10T09:00:00Z', endsAt: '2026-11-10T11:00:00Z' }, [
        pu('2026-11-01T00:00:00Z', 'scheduled'),
        pu('2026-11-10T09:05:00Z', 'underway'),
        pu('2026-11-10T10:40:00Z', 'complete'),
      ]),
    );
    expect(n).toMatchObject({ state: 'complete', beganAt: ms('2026-11-10T09:05:00Z'), endedAt: ms('2026-11-10T10:40:00Z') });
    const cancelled = derive(
      planned(2, { beginsAt: '2026-11-30T09:00:00Z', endsAt: '2026-11-30T11:00:00Z' }, [
        pu('2026-11-01T00:00:00Z', 'scheduled'),
        pu('2026-11-02T00:00:00Z', 'cancelled'),
      ]),
    );
    expect(cancelled).toMatchObject({ state: 'cancelled', beganAt: null, endedAt: ms('2026-11-02T00:00:00Z') });
  });

  it('general: no state, no began/ended', () => {
    const n = derive(general(1, [{ at: '2026-11-01T00:00:00Z' }, { at: '2026-11-02T00:00:00Z' }]));
    expect(n).toMatchObject({ state: null, beganAt: null, endedAt: null, createdAt: ms('2026-11-01T00:00:00Z') });
    expect(n.updates.every((u) => u.state === null)).toBe(true);
  });
});

describe('timeline_state', () => {
  const endedAt = (offsetMs: number) =>
    unplanned(1, [uu('2026-11-01T00:00:00Z', 'investigating')], { endedAt: new Date(NOW - offsetMs).toISOString() });

  it('ended exactly 7 days ago is past_recent; 7 days and 1 ms is past_distant', () => {
    expect(derive(endedAt(7 * DAY)).timelineState).toBe('past_recent');
    expect(derive(endedAt(7 * DAY + 1)).timelineState).toBe('past_distant');
    expect(derive(endedAt(0)).timelineState).toBe('past_recent'); // ended_at <= now
    expect(derive(endedAt(-1)).timelineState).toBe('present'); // ends 1 ms from now
  });

  it('the same boundaries for a resolved update', () => {
    const at = (offsetMs: number) =>
      unplanned(1, [uu('2026-11-01T00:00:00Z', 'investigating'), uu(new Date(NOW - offsetMs).toISOString(), 'resolved')]);
    expect(derive(at(7 * DAY)).timelineState).toBe('past_recent');
    expect(derive(at(7 * DAY + 1)).timelineState).toBe('past_distant');
  });

  it('general: expires_at decides; without it, present', () => {
    const g = (expiresAt?: string) => general(1, [{ at: '2026-11-01T00:00:00Z' }], expiresAt ? { expiresAt } : {});
    expect(derive(g()).timelineState).toBe('present');
    expect(derive(g('2026-11-20T12:00:00Z')).timelineState).toBe('past_recent'); // expires_at <= now
    expect(derive(g('2026-11-20T12:00:00.001Z')).timelineState).toBe('present');
    expect(derive(g('2026-11-13T12:00:00Z')).timelineState).toBe('past_recent');
    expect(derive(g('2026-11-13T11:59:59.999Z')).timelineState).toBe('past_distant');
  });

  it('planned: future before begins_at while not started, present from begins_at, past once ended', () => {
    const p = (beginsAt: string, updates = [pu('2026-11-01T00:00:00Z', 'scheduled')], autoTransition = true) =>
      planned(1, { beginsAt, endsAt: '2026-12-31T00:00:00Z' }, updates, { autoTransition });
    expect(derive(p('2026-11-20T12:00:00.001Z')).timelineState).toBe('future');
    expect(derive(p('2026-11-20T12:00:00Z')).timelineState).toBe('present'); // now >= begins_at: underway
    expect(derive(p('2026-11-20T12:00:00Z', undefined, false)).timelineState).toBe('present'); // not started, but due
    // Started early by hand: no longer future.
    expect(derive(p('2026-11-25T00:00:00Z', [pu('2026-11-01T00:00:00Z', 'scheduled'), pu('2026-11-20T11:00:00Z', 'underway')])).timelineState).toBe(
      'present',
    );
    // Cancelled before its window: past, not future.
    expect(derive(p('2026-11-25T00:00:00Z', [pu('2026-11-01T00:00:00Z', 'scheduled'), pu('2026-11-19T00:00:00Z', 'cancelled')])).timelineState).toBe(
      'past_recent',
    );
  });

  it('unplanned notices are never future', () => {
    expect(derive(unplanned(1, [uu('2026-11-20T12:00:00Z', 'investigating')])).timelineState).toBe('present');
  });
});

describe('order', () => {
  it('newest first by began_at ?? begins_at ?? created_at, then id descending', () => {
    const notices = [
      derive(unplanned(1, [uu('2026-11-10T00:00:00Z', 'investigating')], { beganAt: '2026-11-09T00:00:00Z' })), // key 11-09
      derive(unplanned(2, [uu('2026-11-10T00:00:00Z', 'investigating')])), // key 11-10
      derive(general(3, [{ at: '2026-11-10T00:00:00Z' }])), // key 11-10, id 3 > 2
      derive(planned(4, { beginsAt: '2026-11-30T00:00:00Z', endsAt: '2026-11-30T01:00:00Z' }, [pu('2026-11-01T00:00:00Z', 'scheduled')])), // 11-30
      derive(
        planned(5, { beginsAt: '2026-11-01T00:00:00Z', endsAt: '2026-11-30T01:00:00Z' }, [
          pu('2026-10-01T00:00:00Z', 'scheduled'),
          pu('2026-11-15T00:00:00Z', 'underway'),
        ]),
      ), // began 11-15 wins over begins_at 11-01
      derive(general(6, [{ at: '2026-11-12T00:00:00Z' }])), // 11-12
    ];
    expect([...notices].sort(compareNotices).map((n) => n.id)).toEqual([4, 5, 6, 3, 2, 1]);
  });
});

describe('impact window with an explicit ended_at', () => {
  it('ends at ended_at when no recovering or resolved update says otherwise', () => {
    const n = deriveNotice(
      unplanned(1, [uu('2026-11-20T10:00:00Z', 'investigating')], { endedAt: '2026-11-20T11:00:00Z' }),
      ms('2026-11-21T00:00:00Z'),
      siteConfig(),
    )!;
    expect(n.impact).toEqual({ start: ms('2026-11-20T10:00:00Z'), end: ms('2026-11-20T11:00:00Z') });
    expect(n.impactSeconds).toBe(3600);
    expect(n.timelineState).toBe('past_recent');
  });
});
