// The `words` of metrics values (DESIGN 3.5).
import { formatDuration } from 'date-fns/formatDuration';

const UNITS = ['days', 'hours', 'minutes', 'seconds'] as const;

/** `2 days 3 hours 5 minutes`; `0 seconds` for zero. */
export function durationWords(seconds: number): string {
  if (seconds <= 0) return '0 seconds';
  const duration = {
    days: Math.floor(seconds / 86_400),
    hours: Math.floor((seconds % 86_400) / 3_600),
    minutes: Math.floor((seconds % 3_600) / 60),
    seconds: seconds % 60,
  };
  return formatDuration(duration, { format: [...UNITS] });
}

/** Floored to two decimals (`97.26%`), so any impact at all never reads `100.00%`. */
export function percentWords(percent: number, impacted: boolean): string {
  // Round away binary noise first: 99.99 * 100 is 9998.999…, which must floor to 9999.
  let hundredths = Math.floor(Math.round(percent * 100 * 1e6) / 1e6);
  if (impacted && hundredths >= 10_000) hundredths = 9_999;
  return `${(hundredths / 100).toFixed(2)}%`;
}
