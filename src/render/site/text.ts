// How the pages write durations and windows for a reader: at most two units, rounded ("15 days 5
// hours", "2 Stunden 5 Minuten"), short forms inside the uptime bars ("6 h 12 min"), and a window
// within one day with its date written once. The API's `words` (render/words.ts) keep their own,
// longer English form: pages never print those, and nothing here changes them.
import { formatRange, momentView } from '../../i18n/dates.js';
import type { Messages } from '../../i18n/make.js';
import type { Lang, TimeView } from './format.js';

const UNITS = [
  { seconds: 86_400, key: 'day' },
  { seconds: 3_600, key: 'hour' },
  { seconds: 60, key: 'minute' },
  { seconds: 1, key: 'second' },
] as const;

/** The largest unit of `seconds` and the next, rounded to the next: [count, unit index] pairs, zeros left out. */
function twoUnits(seconds: number): [number, number][] {
  const whole = Math.max(0, Math.round(seconds));
  if (whole === 0) return [[0, 3]];
  const top = UNITS.findIndex((u) => whole >= u.seconds);
  if (top === 3) return [[whole, 3]];
  const small = UNITS[top + 1]!.seconds;
  const total = Math.round(whole / small);
  const ratio = UNITS[top]!.seconds / small;
  const parts: [number, number][] = [[Math.floor(total / ratio), top]];
  if (total % ratio !== 0) parts.push([total % ratio, top + 1]);
  return parts;
}

const join = (parts: string[], m: Messages): string => (parts.length === 1 ? parts[0]! : m.t('duration.two', { first: parts[0]!, second: parts[1]! }));

const written = (seconds: number, m: Messages, prefix: 'duration' | 'duration.short'): string => join(twoUnits(seconds).map(([n, u]) => m.t(`${prefix}.${UNITS[u]!.key}`, { count: n })), m);

/** `15 days 5 hours`, `6 hours 12 minutes`, `45 seconds`: at most two units, the second rounded. */
export const durationText = (seconds: number, m: Messages): string => written(seconds, m, 'duration');

/** `6 h 12 min`, `2 d 3 h`: the same two units, short. */
export const shortDuration = (seconds: number, m: Messages): string => written(seconds, m, 'duration.short');

export interface WindowView {
  from: TimeView;
  to: TimeView;
  /** `29 Nov 2026, 02:00–04:00 UTC` within one day, else `29 Nov 2026, 02:00 UTC – 30 Nov 2026, 02:00 UTC`. */
  text: string;
}

/**
 * A window as one line, its date written once when it begins and ends on the same day (Intl's
 * formatRange). The page's script writes it again in the reader's zone (`<time datetime data-until>`).
 */
export function windowView(from: number, to: number, lang: Lang): WindowView {
  const { m, zone } = lang;
  return { from: momentView(from, m.locale, zone), to: momentView(to, m.locale, zone), text: formatRange(from, to, m.locale, zone) };
}
