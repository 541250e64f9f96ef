// The severity colours of the built-in stylesheet tell each other apart: any two differ by at least
// 15 in CIEDE2000 and by at least 10 in lightness (L*), in the light and the dark scheme, so a reader
// who sees hue poorly still tells a minor day from a major one; maintenance is one colour, the same
// in the states, the bars and the key.
import { describe, expect, it } from 'vitest';
import { ciede2000, lab, schemes } from '../../../helpers/colour.js';

const SEVERITIES = ['--operational', '--maintenance', '--degraded', '--partial', '--outage'];

describe('CIEDE2000', () => {
  it('gives the published test data’s differences (Sharma, Wu and Dalal 2005, pairs 1, 7, 17 and 34)', () => {
    expect(ciede2000([50, 2.6772, -79.7751], [50, 0, -82.7485])).toBeCloseTo(2.0425, 4);
    expect(ciede2000([50, 0, 0], [50, -1, 2])).toBeCloseTo(2.3669, 4);
    expect(ciede2000([50, 2.5, 0], [73, 25, -18])).toBeCloseTo(27.1492, 4);
    expect(ciede2000([2.0776, 0.0795, -1.135], [0.9033, -0.0636, -0.5514])).toBeCloseTo(0.9082, 4);
  });
});

describe('the severity colours', () => {
  it.each(['light', 'dark'] as const)('differ pairwise by 15 in CIEDE2000 and 10 in L* in the %s scheme', (scheme) => {
    const colours = schemes()[scheme];
    const close: string[] = [];
    for (const [i, a] of SEVERITIES.entries()) {
      for (const b of SEVERITIES.slice(i + 1)) {
        const [la, lb] = [lab(colours[a]!), lab(colours[b]!)];
        const difference = ciede2000(la, lb);
        const lightness = Math.abs(la[0] - lb[0]);
        if (difference < 15 || lightness < 10) close.push(`${a} ${colours[a]} and ${b} ${colours[b]}: ΔE00 ${difference.toFixed(1)}, ΔL* ${lightness.toFixed(1)}`);
      }
    }
    expect(close).toEqual([]);
  });

  it.each(['light', 'dark'] as const)('are the days’ colours too, maintenance one colour (%s)', (scheme) => {
    const colours = schemes()[scheme];
    const days = { '--day-ok': '--operational', '--day-maintenance': '--maintenance', '--day-minor': '--degraded', '--day-major': '--partial', '--day-critical': '--outage' };
    for (const [day, state] of Object.entries(days)) expect(colours[day], day).toBe(colours[state]);
  });
});
