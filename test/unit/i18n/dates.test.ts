// Dates in a zone and the site's local days, across the changes of the clocks.
import { describe, expect, it } from 'vitest';
import { formatDateTime, localDay, localDayBounds, nextLocalMidnight } from '../../../src/i18n/index.js';
import { ms } from '../../helpers/content.js';

const HOUR = 3_600_000;

describe('local days', () => {
  it('an incident at 23:30 UTC on 20 November is at 00:30 on the 21st in Berlin', () => {
    const at = ms('2026-11-20T23:30:00Z');
    expect(formatDateTime(at, 'de', 'Europe/Berlin')).toBe('21. Nov. 2026, 00:30 MEZ');
    expect(formatDateTime(at, 'en', 'UTC')).toBe('20 Nov 2026, 23:30 UTC');
    expect(localDay(at, 'Europe/Berlin')).toEqual({ date: '2026-11-21', start: ms('2026-11-21T00:00:00+01:00'), end: ms('2026-11-22T00:00:00+01:00') });
  });

  it('a day is 23 hours when the clocks go forward and 25 when they go back', () => {
    const spring = localDay(ms('2026-03-29T12:00:00Z'), 'Europe/Berlin');
    expect(spring.date).toBe('2026-03-29');
    expect(spring.end - spring.start).toBe(23 * HOUR);
    const autumn = localDay(ms('2026-10-25T12:00:00Z'), 'Europe/Berlin');
    expect(autumn.end - autumn.start).toBe(25 * HOUR);
    expect(autumn.start).toBe(ms('2026-10-25T00:00:00+02:00'));
    expect(autumn.end).toBe(ms('2026-10-26T00:00:00+01:00'));
  });

  it('a day whose midnight does not happen begins when the clocks change', () => {
    // Santiago moves from 00:00 to 01:00 on 6 September 2026.
    const day = localDay(ms('2026-09-06T12:00:00Z'), 'America/Santiago');
    expect(day.date).toBe('2026-09-06');
    expect(day.start).toBe(ms('2026-09-06T01:00:00-03:00'));
    expect(day.end - day.start).toBe(23 * HOUR);
  });

  it('a day in the years 0000-0999 is that day, in any zone (years 0-99 once walked the clock towards year 50 from 1950, for ever)', () => {
    for (const zone of ['Europe/Berlin', 'Asia/Kathmandu', 'America/St_Johns', 'Pacific/Chatham']) {
      for (const at of ['0050-01-10T10:00:00Z', '0099-12-31T11:00:00Z', '0100-01-01T11:00:00Z', '0999-06-15T10:00:00Z']) {
        const day = localDay(ms(at), zone);
        expect(day.date).toBe(at.slice(0, 10));
        expect(day.start <= ms(at) && ms(at) < day.end).toBe(true);
        // Local mean time then: every day 24 hours, and the next begins where this one ends.
        expect(day.end - day.start).toBe(24 * HOUR);
        expect(localDay(day.end, zone).start).toBe(day.end);
      }
    }
  });

  it('bounds of consecutive days meet, across a change', () => {
    const bounds = localDayBounds(ms('2026-10-27T10:00:00Z'), 4, 'Europe/Berlin');
    expect(bounds).toEqual(['2026-10-24T00:00:00+02:00', '2026-10-25T00:00:00+02:00', '2026-10-26T00:00:00+01:00', '2026-10-27T00:00:00+01:00', '2026-10-28T00:00:00+01:00'].map(ms));
    expect(nextLocalMidnight(ms('2026-11-20T23:30:00Z'), 'Europe/Berlin')).toBe(ms('2026-11-22T00:00:00+01:00'));
    expect(nextLocalMidnight(ms('2026-11-20T22:30:00Z'), 'Europe/Berlin')).toBe(ms('2026-11-21T00:00:00+01:00'));
  });
});
