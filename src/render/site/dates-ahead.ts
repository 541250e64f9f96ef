// The dates of the texts ahead (ahead.ts) written in each of the site's languages. A module of its
// own, with nothing but dates and timestamps, as the write thread runs it too.
import { datesAhead } from '../../i18n/dates.js';
import type { DatesWritten } from '../../i18n/dates.js';
import { parseTimestamp } from '../../time.js';

/** What the dates are written from: the moments and windows as written in the content, the site's languages and zone. */
export interface DatesToWrite {
  /** When each update was published, as written: the thread that writes them reads them (parseTimestamp), not the build. */
  moments: string[];
  /** Each maintenance window's beginning and end as written, one after the other. */
  windows: string[];
  /** The site's languages and zone, as site.yaml names them. */
  locales: string[];
  zone: string;
}

/**
 * `moments` and `windows` written in each of `locales` in `zone` (i18n/dates.ts remembers them in
 * this thread too). A moment or window that is not one, or a zone Intl does not know, gives no date
 * (validation will say so).
 */
export function writeDatesAhead({ moments, windows, locales, zone }: DatesToWrite): DatesWritten[] {
  const parsed = moments.map((at) => parseTimestamp(at)).filter((ms): ms is number => ms !== null);
  const pairs: number[] = [];
  for (let i = 0; i + 1 < windows.length; i += 2) {
    const from = parseTimestamp(windows[i]!);
    const to = parseTimestamp(windows[i + 1]!);
    if (from !== null && to !== null && from < to) pairs.push(from, to);
  }
  const written: DatesWritten[] = [];
  for (const locale of locales) {
    try {
      written.push(datesAhead(parsed, pairs, locale, zone));
    } catch {
      break; // RangeError: the zone
    }
  }
  return written;
}
