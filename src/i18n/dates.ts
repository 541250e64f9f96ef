// Dates and times as a locale writes them, in a time zone (Intl, Node's full ICU), and the site's
// local days: where a day begins in its zone, 23 or 25 hours long when the clocks change.
import { PSEUDO_CLOSE, PSEUDO_LOCALE, PSEUDO_OPEN } from './pseudo.js';

const DAY_MS = 86_400_000;

type Style = 'day' | 'dateTime' | 'time' | 'month';

const OPTIONS: Record<Style, Intl.DateTimeFormatOptions> = {
  day: { day: 'numeric', month: 'short', year: 'numeric' },
  dateTime: { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZoneName: 'short' },
  time: { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZoneName: 'short' },
  month: { month: 'long', year: 'numeric' },
};

const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * English keeps the pages' own day-month-year order (`20 Nov 2026`): Intl's `en` writes `Nov 20,
 * 2026`, which reads as American; `en-GB` writes what the pages always have.
 */
const intlLocale = (locale: string): string => (locale === 'en' || locale === PSEUDO_LOCALE ? 'en-GB' : locale);

function formatter(style: Style, locale: string, zone: string): Intl.DateTimeFormat {
  const key = `${style} ${locale} ${zone}`;
  let format = formats.get(key);
  if (!format) formats.set(key, (format = new Intl.DateTimeFormat(intlLocale(locale), { ...OPTIONS[style], timeZone: zone })));
  return format;
}

const wrap = (locale: string, text: string): string => (locale === PSEUDO_LOCALE ? `${PSEUDO_OPEN}${text}${PSEUDO_CLOSE}` : text);


/**
 * Texts already written, by style, locale, zone and moment: a build writes the same moments many
 * times (its own time on every page, a notice's in each list that shows it, each of the 90 days of
 * every component's uptime bar). Bounded, for `serve`.
 */
const written = new Map<string, string>();
const WRITTEN_SIZE = 20_000;

function remembered(key: string, make: () => string): string {
  let text = written.get(key);
  if (text === undefined) {
    if (written.size >= WRITTEN_SIZE) written.clear();
    written.set(key, (text = make()));
  }
  return text;
}

/** `ms` written in `style`, remembered. */
const written1 = (style: Style, ms: number, locale: string, zone: string): string =>
  remembered(`${style} ${ms} ${locale} ${zone}`, () => wrap(locale, formatter(style, locale, zone).format(ms)));

/** `20 Nov 2026`, `20. Nov. 2026`: the day holding `ms` in `zone`. */
export const formatDate = (ms: number, locale: string, zone: string): string => written1('day', ms, locale, zone);

/** `20 Nov 2026, 10:05 UTC`, `21. Nov. 2026, 00:30 MEZ`: a moment, with the zone's abbreviation. */
export const formatDateTime = (ms: number, locale: string, zone: string): string => written1('dateTime', ms, locale, zone);

/** `10:05 UTC`. */
export const formatTime = (ms: number, locale: string, zone: string): string => written1('time', ms, locale, zone);

/** `November 2026`. */
export const formatMonth = (ms: number, locale: string, zone: string): string => written1('month', ms, locale, zone);

/** A window, its date written once within one day: `29 Nov 2026, 02:00–04:00 UTC` (about 50 µs a call: remembered). */
export const formatRange = (from: number, to: number, locale: string, zone: string): string =>
  remembered(`range ${from} ${to} ${locale} ${zone}`, () => wrap(locale, formatter('dateTime', locale, zone).formatRange(from, to)));

const partsFormats = new Map<string, Intl.DateTimeFormat>();

/** The wall clock of `ms` in `zone`: [year, month (1-12), day, hour, minute, second]. */
function wallClock(ms: number, zone: string): number[] {
  let format = partsFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone: zone, year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric', hourCycle: 'h23' });
    partsFormats.set(zone, format);
  }
  const part: Record<string, number> = {};
  for (const p of format.formatToParts(ms)) if (p.type !== 'literal') part[p.type] = Number(p.value);
  return [part.year!, part.month!, part.day!, part.hour!, part.minute!, part.second!];
}

/** How far `zone` is ahead of UTC at `ms`, in ms. */
export function zoneOffset(ms: number, zone: string): number {
  if (zone === 'UTC') return 0;
  const [y, mo, d, h, mi, s] = wallClock(ms, zone);
  return Date.UTC(y!, mo! - 1, d!, h!, mi!, s!) - (ms - (((ms % 1000) + 1000) % 1000));
}

/** The first moment of the day `yyyy-mm-dd` (as UTC's date parts) in `zone`: local midnight, or the first moment after it when midnight is skipped. */
function startOfDate(y: number, mo: number, d: number, zone: string): number {
  const midnight = Date.UTC(y, mo - 1, d);
  // The offset at a guess, then at the moment it gives: two steps settle every zone's change.
  let at = midnight - zoneOffset(midnight, zone);
  at = midnight - zoneOffset(at, zone);
  // Midnight did not happen (the clocks went forward over it): the day starts at the change.
  const [y2, mo2, d2] = wallClock(at, zone);
  if (y2 !== y || mo2 !== mo || d2 !== d) {
    while (localKey(at, zone) < `${y}-${pad(mo)}-${pad(d)}`) at += 60_000 * 15;
  }
  return at;
}

const pad = (n: number): string => String(n).padStart(2, '0');

/** `yyyy-mm-dd` of the day holding `ms` in `zone`. */
function localKey(ms: number, zone: string): string {
  const [y, mo, d] = wallClock(ms, zone);
  return `${String(y).padStart(4, '0')}-${pad(mo!)}-${pad(d!)}`;
}

export interface LocalDay {
  /** `yyyy-mm-dd` in the zone. */
  date: string;
  /** Its first moment and the next day's, epoch ms: 23, 24 or 25 hours apart. */
  start: number;
  end: number;
}

/** The day holding `ms` in `zone`. */
export function localDay(ms: number, zone: string): LocalDay {
  if (zone === 'UTC') {
    const start = ms - (((ms % DAY_MS) + DAY_MS) % DAY_MS);
    return { date: new Date(start).toISOString().slice(0, 10), start, end: start + DAY_MS };
  }
  const [y, mo, d] = wallClock(ms, zone);
  const start = startOfDate(y!, mo!, d!, zone);
  const next = new Date(Date.UTC(y!, mo! - 1, d! + 1));
  const end = startOfDate(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate(), zone);
  return { date: `${String(y).padStart(4, '0')}-${pad(mo!)}-${pad(d!)}`, start, end };
}

/** The first moment of the local day holding `ms`. */
export const startOfLocalDay = (ms: number, zone: string): number => localDay(ms, zone).start;

/** The next local midnight after `ms` (the start of the next local day). */
export const nextLocalMidnight = (ms: number, zone: string): number => localDay(ms, zone).end;

/**
 * The bounds of the `count` local days ending with today's (today's last bound is its end), oldest
 * first: `count + 1` moments. Remembered per (now, count, zone): every component's bar asks for the
 * same days; the array is shared, and frozen.
 */
export function localDayBounds(now: number, count: number, zone: string): readonly number[] {
  const key = `${now} ${count} ${zone}`;
  let bounds = boundsMade.get(key);
  if (!bounds) {
    if (boundsMade.size >= 64) boundsMade.clear();
    boundsMade.set(key, (bounds = Object.freeze(makeBounds(now, count, zone))));
  }
  return bounds;
}

const boundsMade = new Map<string, readonly number[]>();

function makeBounds(now: number, count: number, zone: string): number[] {
  const bounds = [localDay(now, zone).end];
  let day = localDay(now, zone);
  for (let i = 0; i < count; i++) {
    bounds.unshift(day.start);
    if (i < count - 1) day = localDay(day.start - 1, zone);
  }
  return bounds;
}
