// How the pages write times and states. Times are written in UTC, in words a reader can take in at a
// glance (`20 Nov 2026, 10:05 UTC`), inside <time datetime> so the page's script can show them in
// the reader's own zone; the same build gives the same bytes wherever it runs.
import type { NoticeState, NoticeType, State } from '../../types.js';
import { formatTimestamp } from '../../time.js';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

export interface TimeView {
  /** ISO 8601, for `<time datetime>`. */
  iso: string;
  /** `20 Nov 2026, 10:05 UTC`. */
  text: string;
}

/** A moment as the pages show it. */
export function timeView(ms: number): TimeView {
  const iso = formatTimestamp(ms);
  return { iso, text: `${dayText(ms)}, ${iso.slice(11, 16)} UTC` };
}

/** `20 Nov 2026`. */
export function dayText(ms: number): string {
  const iso = formatTimestamp(ms);
  return `${Number(iso.slice(8, 10))} ${MONTHS[Number(iso.slice(5, 7)) - 1]} ${iso.slice(0, 4)}`;
}

/** `November 2026`, and a key that sorts by month. */
export function monthOf(ms: number): { key: string; text: string } {
  const iso = formatTimestamp(ms);
  return { key: iso.slice(0, 7), text: `${MONTH_NAMES[Number(iso.slice(5, 7)) - 1]} ${iso.slice(0, 4)}` };
}

export const STATE_LABEL: Record<State, string> = {
  operational: 'Operational',
  degraded: 'Degraded',
  'under-maintenance': 'Under maintenance',
};

export const NOTICE_STATE_LABEL: Record<NoticeState, string> = {
  investigating: 'Investigating',
  identified: 'Identified',
  recovering: 'Recovering',
  resolved: 'Resolved',
  false_alarm: 'False alarm',
  scheduled: 'Scheduled',
  underway: 'Underway',
  complete: 'Complete',
  cancelled: 'Cancelled',
};

export const TYPE_LABEL: Record<NoticeType, string> = {
  unplanned: 'Incident',
  planned: 'Maintenance',
  general: 'Announcement',
};

/** Plural, for headings and the history's tabs. */
export const TYPE_PLURAL: Record<NoticeType, string> = {
  unplanned: 'Incidents',
  planned: 'Maintenance',
  general: 'Announcements',
};

/** A metrics window as the component page shows it: `23 Oct 2026 to 22 Nov 2026` (from its yyyy-mm-dd days). */
export function windowText(startDate: string, endDate: string): string {
  const day = (date: string): string => `${Number(date.slice(8, 10))} ${MONTHS[Number(date.slice(5, 7)) - 1]} ${date.slice(0, 4)}`;
  return `${day(startDate)} to ${day(endDate)}`;
}
