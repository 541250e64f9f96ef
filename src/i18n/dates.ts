// Dates and times as a locale writes them, in a time zone (Intl, Node's full ICU), and the site's
// local days: where a day begins in its zone, 23 or 25 hours long when the clocks change.
import { madeOnce } from '../util/made-once.js';
import { DAY_MS, formatDate as formatUtcDate, formatTimestamp, startOfUtcDay } from '../util/time.js';
import { PSEUDO_CLOSE, PSEUDO_LOCALE, PSEUDO_OPEN } from './pseudo.js';

type Style = 'day' | 'dateTime' | 'time' | 'month';

const OPTIONS: Record<Style, Intl.DateTimeFormatOptions> = {
  day: { day: 'numeric', month: 'short', year: 'numeric' },
  dateTime: { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZoneName: 'short' },
  time: { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZoneName: 'short' },
  month: { month: 'long', year: 'numeric' },
};

/**
 * English keeps the pages' own day-month-year order (`20 Nov 2026`): Intl's `en` writes `Nov 20,
 * 2026`, which reads as American; `en-GB` writes what the pages always have.
 */
const intlLocale = (locale: string): string => (locale === 'en' || locale === PSEUDO_LOCALE ? 'en-GB' : locale);

const wrap = (locale: string, text: string): string => (locale === PSEUDO_LOCALE ? `${PSEUDO_OPEN}${text}${PSEUDO_CLOSE}` : text);

/** One style's formatter for a locale and zone, and the texts it has written, by moment (by `from` and `to` for ranges). */
interface Writer {
  format: Intl.DateTimeFormat;
  texts: Map<number, string>;
  ranges: Map<number, Map<number, string>>;
  /** Moments as pages show them (momentView), in the `dateTime` style. */
  views: Map<number, MomentView>;
}

/** A moment as pages show it: ISO 8601 for `<time datetime>`, and as the locale writes it in the zone. */
export interface MomentView {
  iso: string;
  /** `20 Nov 2026, 10:05 UTC`. */
  text: string;
}

/**
 * Texts already written, by locale and zone, style and moment: a build writes the same moments many
 * times (its own time on every page, a notice's in each list that shows it, each of the 90 days of
 * every component's uptime bar). Each map is bounded, for `serve`: the first text kept past
 * WRITTEN_SIZE empties it.
 */
const writers = new Map<string, Partial<Record<Style, Writer>>>();
const WRITTEN_SIZE = 20_000;

function kept<K, V>(made: Map<K, V>, key: K, value: V): V {
  if (made.size >= WRITTEN_SIZE) made.clear();
  made.set(key, value);
  return value;
}
let last: { locale: string; zone: string; writers: Partial<Record<Style, Writer>> } | null = null;

function writerOf(style: Style, locale: string, zone: string): Writer {
  if (last === null || last.locale !== locale || last.zone !== zone) {
    last = { locale, zone, writers: madeOnce(writers, `${locale} ${zone}`, () => ({})) };
  }
  // Each style's formatter made when first used: one costs milliseconds to make.
  return (last.writers[style] ??= { format: new Intl.DateTimeFormat(intlLocale(locale), { ...OPTIONS[style], timeZone: zone }), texts: new Map(), ranges: new Map(), views: new Map() });
}

/**
 * A day's text is the same all day, and a month's all month: in UTC remembered by the day or the
 * month; elsewhere by the quarter hour, as every zone's offset has been a whole number of quarter
 * hours since 1979 (before, some were not: by the moment).
 */
const QUARTER_MS = 15 * 60_000;
const QUARTERS_SINCE = Date.UTC(1980, 0, 1);
/** The first moment of the UTC month: counted back from the day, as Date.UTC reads years 0-99 as 1900-1999. */
const utcMonthOf = (ms: number): number => startOfUtcDay(ms) - (new Date(ms).getUTCDate() - 1) * DAY_MS;
function dayKey(style: Style, ms: number, zone: string): number {
  if (style !== 'day' && style !== 'month') return ms;
  if (zone === 'UTC') return style === 'day' ? startOfUtcDay(ms) : utcMonthOf(ms);
  return ms < QUARTERS_SINCE ? ms : ms - (ms % QUARTER_MS);
}

function written(style: Style, ms: number, locale: string, zone: string): string {
  const writer = writerOf(style, locale, zone);
  const key = dayKey(style, ms, zone);
  return writer.texts.get(key) ?? kept(writer.texts, key, wrap(locale, writer.format.format(ms)));
}

/** `20 Nov 2026`, `20. Nov. 2026`: the day holding `ms` in `zone`. */
export const formatDate = (ms: number, locale: string, zone: string): string => written('day', ms, locale, zone);

/** `20 Nov 2026, 10:05 UTC`, `21. Nov. 2026, 00:30 MEZ`: a moment, with the zone's abbreviation. */
export const formatDateTime = (ms: number, locale: string, zone: string): string => written('dateTime', ms, locale, zone);

/** A moment as pages show it, made once: a build shows each on several pages. Shared, so frozen. */
export function momentView(ms: number, locale: string, zone: string): MomentView {
  const writer = writerOf('dateTime', locale, zone);
  return writer.views.get(ms) ?? kept(writer.views, ms, Object.freeze({ iso: formatTimestamp(ms), text: wrap(locale, writer.format.format(ms)) }));
}

/** `November 2026`. */
export const formatMonth = (ms: number, locale: string, zone: string): string => written('month', ms, locale, zone);

/** A window, its date written once within one day: `29 Nov 2026, 02:00–04:00 UTC`. */
export function formatRange(from: number, to: number, locale: string, zone: string): string {
  const writer = writerOf('dateTime', locale, zone);
  const byEnd = writer.ranges.get(from) ?? kept(writer.ranges, from, new Map<number, string>());
  return madeOnce(byEnd, to, () => wrap(locale, rangeText(writer.format, from, to, locale, zone)));
}

/**
 * A window as Intl writes it, unless the zone's offset differs at its two ends (the clocks change
 * inside it): Intl then writes the parts the ends share once, zone name included, so Berlin's
 * 00:30Z–01:30Z on the night the clocks go back read `02:30 MESZ` (one moment, no end) and
 * 23:00Z–03:00Z `01:00–04:00 Uhr MEZ` (its start an hour late). Then each end is written whole,
 * with its own zone name (the end's date left out when it is the start's day), joined as Intl
 * joins a range in that language.
 */
function rangeText(format: Intl.DateTimeFormat, from: number, to: number, locale: string, zone: string): string {
  if (zoneOffset(from, zone) === zoneOffset(to, zone)) return format.formatRange(from, to);
  const end = localKey(from, zone) === localKey(to, zone) ? writerOf('time', locale, zone).format.format(to) : format.format(to);
  return `${format.format(from)}${rangeSeparator(format)}${end}`;
}

/** What a language writes between the two ends of a range (` – `, `～`), as Intl's own ranges have it. */
function rangeSeparator(format: Intl.DateTimeFormat): string {
  const parts = format.formatRangeToParts(Date.UTC(2000, 0, 1), Date.UTC(2001, 1, 2));
  const firstEnd = parts.findIndex((part) => part.source === 'endRange');
  let between = '';
  for (let i = firstEnd - 1; i >= 0 && parts[i]!.source === 'shared'; i--) between = parts[i]!.value + between;
  return between;
}

const partsFormats = new Map<string, Intl.DateTimeFormat>();

/** The wall clock of `ms` in `zone`: [year, month (1-12), day, hour, minute, second]. */
function wallClock(ms: number, zone: string): number[] {
  const format = madeOnce(partsFormats, zone, () => new Intl.DateTimeFormat('en-US', { timeZone: zone, year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric', hourCycle: 'h23' }));
  const part: Record<string, number> = {};
  for (const p of format.formatToParts(ms)) if (p.type !== 'literal') part[p.type] = Number(p.value);
  return [part.year!, part.month!, part.day!, part.hour!, part.minute!, part.second!];
}

/** Date.UTC with a 1-based month, for every year: Date.UTC reads years 0-99 as 1900-1999. */
function utcOf(y: number, mo: number, d: number, h = 0, mi = 0, s = 0): number {
  return new Date(Date.UTC(2000, 0, 1, h, mi, s)).setUTCFullYear(y, mo - 1, d);
}

/** How far `zone` is ahead of UTC at `ms`, in ms. */
export function zoneOffset(ms: number, zone: string): number {
  if (zone === 'UTC') return 0;
  const [y, mo, d, h, mi, s] = wallClock(ms, zone);
  return utcOf(y!, mo!, d!, h!, mi!, s!) - (ms - (((ms % 1000) + 1000) % 1000));
}

/** The first moment of the day `yyyy-mm-dd` (as UTC's date parts) in `zone`: local midnight, or the first moment after it when midnight is skipped. */
function startOfDate(y: number, mo: number, d: number, zone: string): number {
  const midnight = utcOf(y, mo, d);
  // The offset at a guess, then at the moment it gives: two steps settle every zone's change.
  let at = midnight - zoneOffset(midnight, zone);
  at = midnight - zoneOffset(at, zone);
  // Midnight did not happen (the clocks went forward over it): the day starts at the change.
  const [y2, mo2, d2] = wallClock(at, zone);
  if (y2 !== y || mo2 !== mo || d2 !== d) {
    // A quarter hour at a time, for at most two days (Samoa skipped a whole one): bounded whatever the zone's data.
    const date = `${String(y).padStart(4, '0')}-${pad(mo)}-${pad(d)}`;
    for (let quarters = 0; quarters < 192 && localKey(at, zone) < date; quarters++) at += 60_000 * 15;
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

export function localDay(ms: number, zone: string): LocalDay {
  if (zone === 'UTC') {
    const start = startOfUtcDay(ms);
    return utcDays.get(start) ?? kept(utcDays, start, Object.freeze({ date: formatUtcDate(start), start, end: start + DAY_MS }));
  }
  const [y, mo, d] = wallClock(ms, zone);
  const start = startOfDate(y!, mo!, d!, zone);
  const next = new Date(utcOf(y!, mo!, d! + 1));
  const end = startOfDate(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate(), zone);
  return { date: `${String(y).padStart(4, '0')}-${pad(mo!)}-${pad(d!)}`, start, end };
}

/** UTC's days by their first moment, made once each: history and the bars ask for the same few hundred days thousands of times. */
const utcDays = new Map<number, LocalDay>();

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
