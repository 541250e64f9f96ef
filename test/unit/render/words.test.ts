// The `words` of metrics values: date-fns formatDuration over days/hours/minutes/seconds,
// and percentages floored to two decimals that never read 100.00% when there was impact.
import { describe, expect, it } from 'vitest';
import { computeMetrics, defaultTimeframe } from '../../../src/derive/metrics.js';
import { deriveSite } from '../../../src/derive/index.js';
import { durationWords, percentWords } from '../../../src/render/words.js';
import { component, content, unplanned, uu } from '../../helpers/content.js';

describe('durationWords', () => {
  it.each([
    [0, '0 seconds'],
    [1, '1 second'],
    [59, '59 seconds'],
    [60, '1 minute'],
    [61, '1 minute 1 second'],
    [3600, '1 hour'],
    [5400, '1 hour 30 minutes'],
    [86_400, '1 day'],
    [2 * 86_400 + 3 * 3600 + 5 * 60, '2 days 3 hours 5 minutes'],
    [86_400 + 3600 + 60 + 1, '1 day 1 hour 1 minute 1 second'],
    [2 * 86_400 + 7, '2 days 7 seconds'],
    [40 * 86_400, '40 days'], // days are the largest unit: no months or weeks
    [2_635_200, '30 days 12 hours'],
    [366 * 86_400 + 59, '366 days 59 seconds'],
  ])('%i s → %s', (seconds, words) => {
    expect(durationWords(seconds)).toBe(words);
  });
});

describe('percentWords', () => {
  it.each([
    [27_000, 1_000_000, '97.30%'],
    [27_301, 1_000_000, '97.26%'], // 97.2699 floors, never rounds up
    [27_350, 1_000_000, '97.26%'], // 97.265
    [1, 100_000, '99.99%'], // 99.999
    [50, 100, '50.00%'],
    [100, 100, '0.00%'],
    [0, 100, '100.00%'],
    [1, 1000, '99.90%'],
  ])('%i s impact over %i s → %s', (impact, total, words) => {
    expect(percentWords(impact, total)).toBe(words);
  });

  it('is exact where floats are not: values whose × 100 is just below an integer in binary', () => {
    expect(0.29 * 100).toBeLessThan(29);
    // 99.71% uptime: 0.29% impact over 10,000 s.
    expect(percentWords(29, 10_000)).toBe('99.71%');
    expect(percentWords(9_971, 10_000)).toBe('0.29%');
    expect(percentWords(1, 10_000)).toBe('99.99%');
  });

  it('floors a percent that is truly just below a hundredth', () => {
    // 100 − 1,370,041 / 2,635,201 × 100 = 48.009999996…: the float rounds to 48.01 at 6 decimals.
    expect(percentWords(1_370_041, 2_635_201)).toBe('48.00%');
    expect(percentWords(104_881, 2_635_201)).toBe('96.01%');
  });

  it('reads 100.00% only without impact', () => {
    expect(percentWords(0, 2_635_200)).toBe('100.00%');
    expect(percentWords(1, 2_635_200 * 1000)).toBe('99.99%');
    expect(percentWords(0, 0)).toBe('100.00%');
  });

  it('the 48.00% case through the metrics of a real site', () => {
    const now = Date.parse('2026-11-20T12:00:01Z');
    const site = deriveSite(
      content({
        components: [component(1)],
        notices: [
          unplanned(1, [uu('2026-10-25T00:00:00Z', 'investigating'), uu('2026-11-20T00:00:00Z', 'resolved')], {
            components: [1],
            impactSeconds: 1_370_041,
          }),
        ],
      }),
      now,
    );
    const m = computeMetrics(site, 1, defaultTimeframe(now));
    expect(m.totalSeconds).toBe(2_635_201);
    expect(m.impactSeconds).toBe(1_370_041);
    expect(percentWords(m.impactSeconds, m.totalSeconds)).toBe('48.00%');
  });
});
