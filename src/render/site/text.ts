// How the pages write durations and windows for a reader: at most two units, rounded ("15 days 5
// hours"), short forms inside the uptime bars ("6 h 12 min"), and a window within one day with its
// date written once. The API's `words` (render/words.ts) keep their own, longer form: pages never
// print those, and nothing here changes them.
import type { TimeView } from './format.js';

const UNITS = [
  { seconds: 86_400, one: 'day', many: 'days', short: 'd' },
  { seconds: 3_600, one: 'hour', many: 'hours', short: 'h' },
  { seconds: 60, one: 'minute', many: 'minutes', short: 'min' },
  { seconds: 1, one: 'second', many: 'seconds', short: 's' },
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

/** `15 days 5 hours`, `6 hours 12 minutes`, `45 seconds`: at most two units, the second rounded. */
export function durationText(seconds: number): string {
  return twoUnits(seconds)
    .map(([n, u]) => `${n} ${n === 1 ? UNITS[u]!.one : UNITS[u]!.many}`)
    .join(' ');
}

/** `6 h 12 min`, `2 d 3 h`: the same two units, short. */
export function shortDuration(seconds: number): string {
  return twoUnits(seconds)
    .map(([n, u]) => `${n} ${UNITS[u]!.short}`)
    .join(' ');
}

export interface WindowView {
  from: TimeView;
  to: TimeView;
  /** `29 Nov 2026, 02:00–04:00 UTC` within one day, else `29 Nov 2026, 22:00 UTC to 30 Nov 2026, 02:00 UTC`. */
  text: string;
}

/**
 * A window as one line, its date written once when it begins and ends on the same day. The page's
 * script writes it again in the reader's zone, by the same rule (`<time datetime data-until>`).
 */
export function windowView(from: TimeView, to: TimeView): WindowView {
  const sameDay = from.iso.slice(0, 10) === to.iso.slice(0, 10);
  return { from, to, text: sameDay ? `${from.text.slice(0, -' UTC'.length)}–${to.iso.slice(11, 16)} UTC` : `${from.text} to ${to.text}` };
}
