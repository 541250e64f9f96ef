// deriveSite with an earlier derivation of the same content: the notices settled by then are
// reused, and the site is the one derived afresh, at every later moment.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadContent, validateContent } from '../../../src/content/index.js';
import { deriveSite } from '../../../src/derive/index.js';
import type { Content } from '../../../src/content/types.js';
import { component, content, DAY, general, HOUR, ms, planned, pu, unplanned, uu } from '../../helpers/content.js';

const NOW = ms('2026-11-20T10:00:00Z');

/** Notices near every edge: ongoing, an impact window, ended just past and just within 7 days, a window ahead, an expiry ahead, a postmortem to come. */
const edges = (): Content =>
  content({
    components: [component(1), component(2, { parentId: 1 })],
    notices: [
      unplanned(1, [uu('2025-01-01T00:00:00Z', 'investigating'), uu('2025-01-01T02:00:00Z', 'resolved')], { components: [2] }),
      unplanned(2, [uu('2026-11-20T08:00:00Z', 'investigating')], { components: [2] }),
      unplanned(3, [uu('2026-11-01T08:00:00Z', 'investigating')], { components: [1], impactSeconds: 3600 }),
      unplanned(4, [uu('2026-11-10T00:00:00Z', 'investigating')], { components: [1], impactSeconds: 30 * 86400 }),
      unplanned(5, [uu('2026-11-13T09:00:00Z', 'investigating'), uu('2026-11-13T09:59:59Z', 'resolved')], { components: [1] }),
      unplanned(6, [uu('2026-11-13T10:00:01Z', 'investigating'), uu('2026-11-13T10:30:00Z', 'resolved')], { components: [1] }),
      unplanned(7, [uu('2026-10-01T00:00:00Z', 'investigating'), uu('2026-10-01T01:00:00Z', 'resolved')], { components: [1], postmortem: { at: '2026-11-21T00:00:00Z', content: 'Later.' } }),
      planned(8, { beginsAt: '2026-11-20T12:00:00Z', endsAt: '2026-11-20T14:00:00Z' }, [pu('2026-11-01T00:00:00Z', 'scheduled')], { components: [2] }),
      planned(9, { beginsAt: '2025-06-01T00:00:00Z', endsAt: '2025-06-01T02:00:00Z' }, [pu('2025-05-01T00:00:00Z', 'scheduled')], { components: [2] }),
      general(10, [{ at: '2026-11-01T00:00:00Z' }], { expiresAt: '2026-11-21T00:00:00Z' }),
      general(11, [{ at: '2024-01-01T00:00:00Z' }]),
      unplanned(12, [uu('2026-11-19T00:00:00Z', 'investigating'), uu('2026-11-20T11:00:00Z', 'resolved')], { components: [2] }),
    ],
  });

describe('deriveSite from an earlier derivation', () => {
  const later = [1, 60_000, HOUR, 2 * HOUR + 1, 4 * HOUR, 14 * HOUR, DAY, 8 * DAY, 40 * DAY, 400 * DAY];

  it('is the site derived afresh, at every later moment, chained as the moments chain it', async () => {
    const dir = path.join(import.meta.dirname, '../../fixtures/metrics-site/content');
    const fixture = validateContent(await loadContent(dir)).value!;
    for (const [name, of] of [['edges', edges()], ['metrics-site', fixture]] as const) {
      let earlier = deriveSite(of, NOW);
      let shared = 0;
      for (const offset of later) {
        const then = deriveSite(of, NOW + offset, earlier);
        expect(then, `${name} +${offset} ms`).toEqual(deriveSite(of, NOW + offset));
        shared += then.notices.filter((n) => earlier.noticesById.get(n.id) === n).length;
        earlier = then;
      }
      // Settled notices were taken as they were: the reuse is real, not a derivation each time.
      expect(shared, name).toBeGreaterThan(0);
    }
  });

  it('takes nothing of another content, or of a later moment', () => {
    const one = edges();
    const other = edges();
    const earlier = deriveSite(one, NOW + DAY);
    expect(deriveSite(other, NOW + 2 * DAY, earlier).notices.some((n) => earlier.notices.includes(n))).toBe(false);
    // Derived at a later moment than asked: nothing of it holds before.
    expect(deriveSite(one, NOW, earlier).notices.some((n) => earlier.notices.includes(n))).toBe(false);
    expect(deriveSite(one, NOW, earlier)).toEqual(deriveSite(one, NOW));
  });
});
