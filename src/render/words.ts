import { formatDuration } from 'date-fns/formatDuration';
import { uptimeHundredths } from '../derive/uptime.js';

const UNITS = ['days', 'hours', 'minutes', 'seconds'] as const;

/** Results by seconds: a notice's impact is shown in its list item and its detail. */
const wordsCache = new Map<number, string>();
const WORDS_CACHE_SIZE = 10_000;

/** `2 days 3 hours 5 minutes`; `0 seconds` for zero. Bounded, for a long-running serve. */
export function durationWords(seconds: number): string {
  let words = wordsCache.get(seconds);
  if (words === undefined) {
    if (wordsCache.size >= WORDS_CACHE_SIZE) wordsCache.clear();
    wordsCache.set(seconds, (words = formatWords(seconds)));
  }
  return words;
}

function formatWords(seconds: number): string {
  if (seconds <= 0) return '0 seconds';
  const duration = {
    days: Math.floor(seconds / 86_400),
    hours: Math.floor((seconds % 86_400) / 3_600),
    minutes: Math.floor((seconds % 3_600) / 60),
    seconds: seconds % 60,
  };
  return formatDuration(duration, { format: [...UNITS] });
}

/** Uptime floored to two decimals (`97.26%`), as the API writes it. */
export function percentWords(impactSeconds: number, totalSeconds: number): string {
  return `${(uptimeHundredths(impactSeconds, totalSeconds) / 100).toFixed(2)}%`;
}
