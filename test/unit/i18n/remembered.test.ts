// Texts the i18n module remembers instead of making again: each must be the text Intl (or the
// message) gives for that very call, however the calls before it went.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatMonth, makeMessages } from '../../../src/i18n/index.js';
import { momentView } from '../../../src/i18n/dates.js';
import type { Catalogue, MessageKey } from '../../../src/i18n/index.js';
import { YEAR_0, YEAR_10000 } from '../../../src/util/time.js';

// Zones a quarter hour off the hour, half-hour daylight saving, and the usual ones.
const ZONES = ['UTC', 'Europe/Berlin', 'Asia/Kathmandu', 'Australia/Lord_Howe', 'America/St_Johns', 'Pacific/Chatham', 'America/Santiago'];
const LOCALES = ['en', 'de', 'ja', 'ar'];
const intl = (locale: string) => (locale === 'en' ? 'en-GB' : locale);

describe('days and months, remembered by the day in UTC and by the quarter hour elsewhere', () => {
  it('are what Intl writes for every moment, in every zone, in any order of calls', () => {
    const from = Date.UTC(1975, 0, 1);
    const to = Date.UTC(2040, 0, 1);
    // Moments near each other (the same quarter hour, either side of a midnight) and far apart.
    const moment = fc.oneof(fc.integer({ min: from, max: to }), fc.tuple(fc.integer({ min: 0, max: 4 * 96 }), fc.constantFrom(-420_000, -1, 0, 1, 420_000)).map(([q, d]) => Date.UTC(2026, 9, 24) + q * 15 * 60_000 + d));
    fc.assert(
      fc.property(fc.array(fc.tuple(moment, fc.constantFrom(...ZONES), fc.constantFrom(...LOCALES)), { minLength: 1, maxLength: 40 }), (calls) => {
        for (const [ms, zone, locale] of calls) {
          expect(formatDate(ms, locale, zone)).toBe(new Intl.DateTimeFormat(intl(locale), { day: 'numeric', month: 'short', year: 'numeric', timeZone: zone }).format(ms));
          expect(formatMonth(ms, locale, zone)).toBe(new Intl.DateTimeFormat(intl(locale), { month: 'long', year: 'numeric', timeZone: zone }).format(ms));
        }
      }),
      { numRuns: 200 },
    );
  });

  it('are what Intl writes in every year a timestamp may have, years 0000-0099 apart from 1900-1999', () => {
    // Date.UTC reads years 0-99 as 1900-1999: January 50 must not be remembered as January 1950's text.
    const moments = [Date.UTC(1950, 0, 10), Date.UTC(1950, 0, 10) - 1900 * 365.2425 * 86_400_000, Date.UTC(1999, 11, 31, 23), Date.UTC(1999, 11, 31, 23) - 1900 * 365.2425 * 86_400_000];
    for (const ms of [...moments, ...moments.reverse()]) {
      for (const locale of LOCALES) expect(formatMonth(ms, locale, 'UTC')).toBe(new Intl.DateTimeFormat(intl(locale), { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(ms));
    }
    fc.assert(
      fc.property(fc.array(fc.integer({ min: YEAR_0, max: YEAR_10000 - 1 }), { minLength: 1, maxLength: 40 }), (calls) => {
        for (const ms of calls) expect(formatMonth(ms, 'en', 'UTC')).toBe(new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(ms));
      }),
      { numRuns: 200 },
    );
  });
});

describe('moments, remembered by the moment', () => {
  // Every shipped language and a regional tag.
  const languages = ['en', 'de', 'fr', 'es', 'pt-BR', 'ja', 'ar', 'de-AT'];
  it('are what Intl writes for every moment, in any order of calls', () => {
    const from = Date.UTC(1900, 0, 1);
    const to = Date.UTC(2100, 0, 1);
    // Many moments of a few days, and moments anywhere.
    const moment = fc.oneof(fc.integer({ min: from, max: to }), fc.tuple(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 86_399_999 })).map(([day, at]) => Date.UTC(2026, 10, 20 + day) + at));
    fc.assert(
      fc.property(fc.array(fc.tuple(moment, fc.constantFrom(...languages)), { minLength: 1, maxLength: 60 }), (calls) => {
        for (const [ms, locale] of calls) {
          const options: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZoneName: 'short', timeZone: 'UTC' };
          expect(formatDateTime(ms, locale, 'UTC')).toBe(new Intl.DateTimeFormat(intl(locale), options).format(ms));
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('messages, remembered by key and count', () => {
  const catalogue = {
    'a.plain': 'Fish & chips',
    'a.count': { one: '{count} day', other: '{count} days' },
    'a.both': { one: '{name}: {count} day', other: '{name}: {count} days' },
  } as unknown as Catalogue;
  const key = (k: string) => k as MessageKey;

  it('gives each call its own plural form, number and params', () => {
    const m = makeMessages('en', catalogue);
    expect(m.t(key('a.count'), { count: 1 })).toBe('1 day');
    expect(m.t(key('a.count'), { count: 2 })).toBe('2 days');
    expect(m.t(key('a.count'), { count: 1 })).toBe('1 day');
    expect(m.t(key('a.count'), { count: 1234 })).toBe('1,234 days');
    // A param beside count is not forgotten.
    expect(m.t(key('a.both'), { count: 1, name: 'API' })).toBe('API: 1 day');
    expect(m.t(key('a.both'), { count: 1, name: 'Web' })).toBe('Web: 1 day');
    // Text and HTML remembered apart.
    expect(m.t(key('a.plain'))).toBe('Fish & chips');
    expect(m.html(key('a.plain'))).toBe('Fish &amp; chips');
    expect(m.t(key('a.plain'))).toBe('Fish & chips');
    // A count given as text is written as given.
    expect(m.t(key('a.count'), { count: '3' })).toBe('3 days');
  });

  it('picks Arabic plural forms by count, each time', () => {
    const m = makeMessages('ar', { 'a.count': { zero: 'z{count}', one: 'o{count}', two: 't{count}', few: 'f{count}', many: 'm{count}', other: 'x{count}' } } as unknown as Catalogue);
    const forms = [0, 1, 2, 3, 11, 100, 3, 2, 1, 0].map((n) => m.t(key('a.count'), { count: n })[0]);
    expect(forms).toEqual(['z', 'o', 't', 'f', 'm', 'x', 'f', 't', 'o', 'z']);
  });
});

describe('moments as pages show them, remembered', () => {
  const view = (ms: number, locale: string, zone: string) => ({
    iso: new Date(ms).toISOString(),
    text: new Intl.DateTimeFormat(intl(locale), { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZoneName: 'short', timeZone: zone }).format(ms),
  });

  it('never take one moment for another: a minute n and the moment n milliseconds after 1970, either side of 1970', () => {
    // 29,000,000 minutes after 1970 is in 2025; 29,000,000 ms after it, 08:03:20 on its first day.
    for (const ms of [29_000_000 * 60_000, 29_000_000, 2 * 60_000, 2, 3, -60_000, -1, 0, 59_999, 60_001]) {
      expect(momentView(ms, 'en', 'UTC')).toEqual(view(ms, 'en', 'UTC'));
    }
    for (const ms of [29_000_000, 29_000_000 * 60_000, 2, 2 * 60_000]) expect(momentView(ms, 'de', 'Europe/Berlin')).toEqual(view(ms, 'de', 'Europe/Berlin'));
  });

  it('are what Intl writes for every moment, whole minutes or not, in any order of calls', () => {
    const moment = fc.oneof(
      fc.integer({ min: YEAR_0, max: YEAR_10000 - 1 }),
      fc.integer({ min: -5_000_000, max: 5_000_000 }).map((minute) => minute * 60_000),
      fc.integer({ min: -5_000_000, max: 5_000_000 }),
    );
    fc.assert(
      fc.property(fc.array(fc.tuple(moment, fc.constantFrom(...ZONES.slice(0, 3)), fc.constantFrom(...LOCALES)), { minLength: 1, maxLength: 40 }), (calls) => {
        for (const [ms, zone, locale] of calls) expect(momentView(ms, locale, zone)).toEqual(view(ms, locale, zone));
      }),
      { numRuns: 200 },
    );
  });
});
