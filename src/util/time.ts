// Time helpers shared by the API, the CLI and derivation. Everything is epoch ms in UTC.

const ISO = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;
const BASIC = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(\.\d{3})?Z$/;

export const DAY_MS = 86_400_000;

/** setTimeout's longest wait (2^31 - 1 ms, about 24.8 days); a longer one fires at once. */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * Parses an ISO 8601 timestamp in the extended form (`2026-11-20T10:05:00Z`, `-` and `:` written)
 * that carries a zone: the one form statuspress reads from people, in content, `--now` and query
 * strings alike. Null if not one, or if its UTC instant falls outside the years 0000-9999
 * (`0000-01-01T00:00:00+01:00` is in year -1), which no output format could write. `anyYear` lifts
 * that limit, for messages.
 */
export function parseTimestamp(text: string, options: { anyYear?: boolean } = {}): number | null {
  const m = ISO.exec(text);
  if (!m) return null;
  const [, y, mo, d, h, mi, s = '00', frac = '', zone] = m;
  if (!validCalendar(+y!, +mo!, +d!) || +h! > 23 || +mi! > 59 || +s > 59) return null;
  let offset = 0;
  if (zone !== undefined && zone !== 'Z') {
    const [hours, minutes] = [+zone.slice(1, 3), +zone.slice(4, 6)];
    if (hours > 23 || minutes > 59) return null;
    offset = (zone[0] === '-' ? -1 : 1) * (hours * 60 + minutes) * 60_000;
  }
  // Arithmetic, not Date.parse of a rebuilt string: validation parses every timestamp of every file.
  const ms = utc(+y!, +mo!, +d!, +h!, +mi!, +s, frac ? +frac.slice(1, 4).padEnd(3, '0') : 0) - offset;
  return options.anyYear || (ms >= YEAR_0 && ms < YEAR_10000) ? ms : null;
}

/** 400 Gregorian years, which repeat the calendar exactly: 146,097 days. */
const ERA_MS = 146_097 * 86_400_000;

/** Date.UTC with a 1-based month, for every year 0-9999: Date.UTC reads years 0-99 as 1900-1999. */
function utc(y: number, month: number, d: number, h = 0, mi = 0, s = 0, ms = 0): number {
  return y < 100 ? Date.UTC(y + 400, month - 1, d, h, mi, s, ms) - ERA_MS : Date.UTC(y, month - 1, d, h, mi, s, ms);
}

/** Parses `yyyy-mm-dd` to the epoch ms of its 00:00Z; null if not a real date. */
export function parseDate(text: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m || !validCalendar(+m[1]!, +m[2]!, +m[3]!)) return null;
  return utc(+m[1]!, +m[2]!, +m[3]!);
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function validCalendar(y: number, m: number, d: number): boolean {
  if (m < 1 || m > 12 || d < 1) return false;
  const leap = y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
  return d <= (m === 2 && leap ? 29 : DAYS_IN_MONTH[m - 1]!);
}

const PAD2 = Array.from({ length: 100 }, (_, i) => String(i).padStart(2, '0'));
const PAD3 = Array.from({ length: 1000 }, (_, i) => String(i).padStart(3, '0'));
/** 10000-01-01T00:00:00Z: from here on toISOString writes six-digit years. */
export const YEAR_10000 = 253_402_300_800_000;
/** 0000-01-01T00:00:00Z: before it, toISOString writes `-000001-…`. */
export const YEAR_0 = -62_167_219_200_000;

/**
 * `YYYY-MM-DDThh:mm:ss.sssZ`, the API's one timestamp format: exactly what toISOString() gives.
 * Computed with integer arithmetic (days to civil date, H. Hinnant's algorithm), a fraction of
 * toISOString()'s cost, because a build formats every timestamp several times.
 */
export function formatTimestamp(ms: number): string {
  if (!Number.isInteger(ms) || ms < 0 || ms >= YEAR_10000) return new Date(ms).toISOString();
  const days = Math.floor(ms / DAY_MS);
  let rest = ms - days * DAY_MS;
  // Days since 0000-03-01, split into 400-year eras, so leap days fall at the end of each year.
  const shifted = days + 719_468;
  const era = Math.floor(shifted / 146_097);
  const dayOfEra = shifted - era * 146_097;
  const yearOfEra = Math.floor((dayOfEra - Math.floor(dayOfEra / 1_460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365);
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const marchMonth = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * marchMonth + 2) / 5) + 1;
  const month = marchMonth < 10 ? marchMonth + 3 : marchMonth - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  const hours = Math.floor(rest / 3_600_000);
  rest -= hours * 3_600_000;
  const minutes = Math.floor(rest / 60_000);
  rest -= minutes * 60_000;
  const seconds = Math.floor(rest / 1_000);
  const yyyy = year < 1000 ? String(year).padStart(4, '0') : String(year);
  return `${yyyy}-${PAD2[month]}-${PAD2[day]}T${PAD2[hours]}:${PAD2[minutes]}:${PAD2[seconds]}.${PAD3[rest - seconds * 1_000]}Z`;
}

/** `yyyy-mm-dd` of the UTC day holding ms. */
export const formatDate = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** Start (00:00Z) of the UTC day holding ms. */
export const startOfUtcDay = (ms: number): number => ms - (((ms % DAY_MS) + DAY_MS) % DAY_MS);

/** `20261120T100500.000Z`: a timestamp safe in file names on every host. */
export const formatBasicTimestamp = (ms: number): string => formatTimestamp(ms).replace(/[-:]/g, '');

/**
 * Parses the basic form `20261120T100500.000Z` that formatBasicTimestamp writes into file names, and
 * path-style addresses therefore carry; null if not one. Nothing people write is read with it.
 */
export function parseBasicTimestamp(text: string): number | null {
  const m = BASIC.exec(text);
  return m ? parseTimestamp(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}${m[7] ?? ''}Z`) : null;
}
