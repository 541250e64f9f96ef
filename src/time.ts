// Time helpers shared by the API, the CLI and derivation. Everything is epoch ms in UTC.

const ISO = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;
const BASIC = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(\.\d{3})?Z$/;

export const DAY_MS = 86_400_000;

/** Parses an ISO 8601 timestamp that carries a zone (or the basic `20261120T100500.000Z` form); null if not one. */
export function parseTimestamp(text: string): number | null {
  const m = ISO.exec(text) ?? BASIC.exec(text);
  if (!m) return null;
  const [, y, mo, d, h, mi, s = '00', frac = '', zone] = m;
  const offset = zone === undefined || zone === 'Z' ? 'Z' : zone;
  if (!validCalendar(+y!, +mo!, +d!) || +h! > 23 || +mi! > 59 || +s > 59) return null;
  const ms = frac ? frac.slice(1, 4).padEnd(3, '0') : '000';
  const value = Date.parse(`${y}-${mo}-${d}T${h}:${mi}:${s}.${ms}${offset}`);
  return Number.isNaN(value) ? null : value;
}

/** Parses `yyyy-mm-dd` to the epoch ms of its 00:00Z; null if not a real date. */
export function parseDate(text: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m || !validCalendar(+m[1]!, +m[2]!, +m[3]!)) return null;
  return Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!);
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function validCalendar(y: number, m: number, d: number): boolean {
  if (m < 1 || m > 12 || d < 1) return false;
  const leap = y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
  return d <= (m === 2 && leap ? 29 : DAYS_IN_MONTH[m - 1]!);
}

/** `YYYY-MM-DDThh:mm:ss.sssZ`, the API's one timestamp format. */
export const formatTimestamp = (ms: number): string => new Date(ms).toISOString();

/** `yyyy-mm-dd` of the UTC day holding ms. */
export const formatDate = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** Start (00:00Z) of the UTC day holding ms. */
export const startOfUtcDay = (ms: number): number => ms - (((ms % DAY_MS) + DAY_MS) % DAY_MS);

/** `20261120T100500.000Z`: a timestamp safe in file names on every host. */
export const formatBasicTimestamp = (ms: number): string => formatTimestamp(ms).replace(/[-:]/g, '');
