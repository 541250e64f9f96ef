// Timestamps and dates as the API and CLI read them: a zone is required, the calendar is checked.
import { describe, expect, it } from 'vitest';
import { formatBasicTimestamp, parseDate, parseTimestamp, startOfUtcDay } from '../../src/time.js';

describe('parseTimestamp', () => {
  it.each([
    ['2026-11-20T10:05:00Z', Date.UTC(2026, 10, 20, 10, 5)],
    ['2026-11-20T10:05:00.250Z', Date.UTC(2026, 10, 20, 10, 5, 0, 250)],
    ['2026-11-20T12:05:00+02:00', Date.UTC(2026, 10, 20, 10, 5)],
    ['2026-11-20T10:05Z', Date.UTC(2026, 10, 20, 10, 5)],
    ['20261120T100500.000Z', Date.UTC(2026, 10, 20, 10, 5)],
    ['2024-02-29T00:00:00Z', Date.UTC(2024, 1, 29)],
    ['2000-02-29T00:00:00Z', Date.UTC(2000, 1, 29)],
  ])('%s', (text, ms) => {
    expect(parseTimestamp(text)).toBe(ms);
  });

  it.each(['2026-11-20T10:05:00', '2026-11-20', '2026-02-29T00:00:00Z', '1900-02-29T00:00:00Z', '2026-04-31T00:00:00Z', '2026-13-01T00:00:00Z', '2026-11-20T24:00:00Z', 'yesterday'])(
    'rejects %s',
    (text) => {
      expect(parseTimestamp(text)).toBeNull();
    },
  );

  it('round-trips the file-safe form', () => {
    const t = Date.UTC(2026, 9, 23, 0, 0, 0, 7);
    expect(formatBasicTimestamp(t)).toBe('20261023T000000.007Z');
    expect(parseTimestamp(formatBasicTimestamp(t))).toBe(t);
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
