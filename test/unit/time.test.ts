// Timestamps and dates as the API and CLI read them: a zone is required, the calendar is checked.
import { describe, expect, it } from 'vitest';
import { DAY_MS, formatBasicTimestamp, formatTimestamp, parseBasicTimestamp, parseDate, parseTimestamp, startOfUtcDay } from '../../src/util/time.js';

describe('parseTimestamp', () => {
  it.each([
    ['2026-11-20T10:05:00Z', Date.UTC(2026, 10, 20, 10, 5)],
    ['2026-11-20T10:05:00.250Z', Date.UTC(2026, 10, 20, 10, 5, 0, 250)],
    ['2026-11-20T12:05:00+02:00', Date.UTC(2026, 10, 20, 10, 5)],
    ['2026-11-20T10:05Z', Date.UTC(2026, 10, 20, 10, 5)],
    ['2024-02-29T00:00:00Z', Date.UTC(2024, 1, 29)],
    ['2000-02-29T00:00:00Z', Date.UTC(2000, 1, 29)],
  ])('%s', (text, ms) => {
    expect(parseTimestamp(text)).toBe(ms);
  });

  // The basic form names files only: people write the extended form, in content, --now and queries.
  it.each(['2026-11-20T10:05:00', '2026-11-20', '2026-02-29T00:00:00Z', '1900-02-29T00:00:00Z', '2026-04-31T00:00:00Z', '2026-13-01T00:00:00Z', '2026-11-20T24:00:00Z', 'yesterday', '20261120T100500.000Z', '20261120T100500Z'])(
    'rejects %s',
    (text) => {
      expect(parseTimestamp(text)).toBeNull();
    },
  );

  it('round-trips the file-safe form through parseBasicTimestamp, which reads nothing else', () => {
    const t = Date.UTC(2026, 9, 23, 0, 0, 0, 7);
    expect(formatBasicTimestamp(t)).toBe('20261023T000000.007Z');
    expect(parseBasicTimestamp(formatBasicTimestamp(t))).toBe(t);
    expect(parseBasicTimestamp('20261120T100500Z')).toBe(Date.UTC(2026, 10, 20, 10, 5));
    expect(parseBasicTimestamp('2026-11-20T10:05:00Z')).toBeNull();
    expect(parseBasicTimestamp('20260230T000000Z')).toBeNull();
  });
});

describe('parseTimestamp against Date.parse', () => {
  it('agrees with Date.parse on zoned timestamps across years, fractions and offsets', () => {
    let seed = 7;
    const random = (n: number): number => {
      seed = (seed * 48_271) % 2_147_483_647;
      return seed % n;
    };
    const two = (n: number): string => String(n).padStart(2, '0');
    for (let i = 0; i < 5_000; i++) {
      const year = String(random(10_000)).padStart(4, '0');
      const month = two(1 + random(12));
      const day = two(1 + random(28));
      const time = `${two(random(24))}:${two(random(60))}:${two(random(60))}`;
      const fraction = ['', '.5', '.25', '.123', '.1234567'][random(5)]!;
      const zone = ['Z', `+${two(random(24))}:${two(random(60))}`, `-${two(random(24))}:${two(random(60))}`][random(3)]!;
      const text = `${year}-${month}-${day}T${time}${fraction}${zone}`;
      // Date.parse keeps only milliseconds: compare with the fraction cut to three digits.
      expect(parseTimestamp(text), text).toBe(Date.parse(text.replace(/(\.\d{3})\d+/, '$1')));
    }
  });

  it('agrees with Date.parse on the last days of every month in years 0-99 and around leap centuries', () => {
    const years = [...Array.from({ length: 100 }, (_, y) => y), 100, 400, 1600, 1900, 2000, 2100, 2400, 9999];
    for (const y of years) {
      for (let month = 1; month <= 12; month++) {
        for (const day of [28, 29, 30, 31]) {
          const date = `${String(y).padStart(4, '0')}-${String(month).padStart(2, '0')}-${day}`;
          const expected = Date.parse(`${date}T00:00:00Z`);
          // Date.parse rolls an impossible day over into the next month; parseTimestamp refuses it.
          const real = new Date(expected).getUTCDate() === day;
          expect(parseTimestamp(`${date}T12:30:00+02:00`), date).toBe(real ? expected + 10.5 * 3_600_000 : null);
          expect(parseDate(date), date).toBe(real ? expected : null);
        }
      }
    }
  });

  it('rejects offsets past 23:59', () => {
    expect(parseTimestamp('2026-01-01T00:00:00+24:00')).toBeNull();
    expect(parseTimestamp('2026-01-01T00:00:00+00:60')).toBeNull();
    expect(parseTimestamp('2026-01-01T00:00:00+23:59')).toBe(Date.parse('2026-01-01T00:00:00+23:59'));
  });
});

describe('parseDate and startOfUtcDay', () => {
  it('reads real dates only', () => {
    expect(parseDate('2026-11-20')).toBe(Date.UTC(2026, 10, 20));
    expect(parseDate('2026-11-31')).toBeNull();
    expect(parseDate('2026-1-5')).toBeNull();
  });

  it('finds the UTC day of a moment', () => {
    expect(startOfUtcDay(Date.UTC(2026, 10, 20, 23, 59, 59, 999))).toBe(Date.UTC(2026, 10, 20));
  });
});

describe('formatTimestamp', () => {
  it('gives exactly what toISOString() gives, at calendar edges', () => {
    const edges = [
      0,
      1,
      999,
      Date.UTC(1970, 0, 1, 23, 59, 59, 999),
      Date.UTC(1999, 11, 31, 23, 59, 59, 999),
      Date.UTC(2000, 1, 29, 12),
      Date.UTC(2000, 2, 1),
      Date.UTC(2024, 1, 29, 23, 59, 59, 999),
      Date.UTC(2100, 1, 28),
      Date.UTC(2100, 2, 1),
      Date.UTC(9999, 11, 31, 23, 59, 59, 999),
    ];
    for (const ms of edges) expect(formatTimestamp(ms), String(ms)).toBe(new Date(ms).toISOString());
  });

  it('gives exactly what toISOString() gives for every day from 1970 to 2200 and random instants', () => {
    for (let ms = 0; ms < Date.UTC(2200, 0, 1); ms += DAY_MS) {
      const at = ms + ((ms / DAY_MS) % 997) * 86_311; // a different time of day each day
      if (formatTimestamp(at) !== new Date(at).toISOString()) expect(formatTimestamp(at)).toBe(new Date(at).toISOString());
    }
    let seed = 1;
    for (let i = 0; i < 20_000; i++) {
      seed = (seed * 48_271) % 2_147_483_647;
      const ms = Math.floor((seed / 2_147_483_647) * Date.UTC(9999, 11, 31));
      if (formatTimestamp(ms) !== new Date(ms).toISOString()) expect(formatTimestamp(ms)).toBe(new Date(ms).toISOString());
    }
  });

  it('falls back to toISOString() outside years 1970-9999', () => {
    for (const ms of [-1, Date.UTC(1969, 6, 20, 20, 17), Date.UTC(10000, 0, 1), 1.5]) {
      expect(formatTimestamp(ms)).toBe(new Date(ms).toISOString());
    }
  });
});
