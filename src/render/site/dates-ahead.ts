// The dates of the texts ahead (ahead.ts) written in each of the site's languages. A module of its
// own, with nothing but dates and timestamps, as the write thread runs it too.
import { datesAhead, REMEMBERED_MOMENTS } from '../../i18n/dates.js';
import type { DatesWritten } from '../../i18n/dates.js';

/** What the dates are written from: the moments and windows as written in the content, the site's languages and zone. */
export interface DatesToWrite {
  /** When each update was published, as written: the thread that writes them reads them, not the build. */
  moments: string[];
  /** Each maintenance window's beginning and end as written, one after the other. */
  windows: string[];
  /** The site's languages and zone, as site.yaml names them. */
  locales: string[];
  zone: string;
}

/**
 * `moments` and `windows` written in each of `locales` in `zone`, for the pages' thread to keep
 * (rememberDates). A moment or window that is not one, or a zone Intl does not know, gives no date
 * (validation will say so). Each moment once, however often it is given (the build sends them as
 * written, repeats and all: ahead.ts); none when there are more than are remembered: on 10,000
 * notices (48,843 moments) writing them ahead slowed validation by 0.1 s and the pages no sooner.
 *
 * Read with Date.parse, not the content's own parser: texts are kept by the moment they write, so a
 * text for a string the content's rules refuse is never asked for, and the thread reads 10,000
 * moments in a few milliseconds instead of tens (its parser runs cold here, once).
 */
export function writeDatesAhead({ moments, windows, locales, zone }: DatesToWrite): DatesWritten[] {
  const distinct = new Set<number>();
  for (const moment of moments) {
    const ms = Date.parse(moment);
    if (Number.isFinite(ms)) distinct.add(ms);
  }
  const parsed = distinct.size > REMEMBERED_MOMENTS ? [] : [...distinct];
  const pairs: number[] = [];
  for (let i = 0; i + 1 < windows.length; i += 2) {
    const from = Date.parse(windows[i]!);
    const to = Date.parse(windows[i + 1]!);
    if (Number.isFinite(from) && Number.isFinite(to) && from < to) pairs.push(from, to);
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
