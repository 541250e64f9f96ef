// How `statuspress dev` tells what the clock does: a withheld update and when it appears ("withheld
// until 10:05:00Z (in 58 s)"), in the terminal and in the page's overlay alike, and what fell due
// when the clock moved the site on. This file is also bundled into the page's dev script, so it
// imports nothing but types.
import type { Moment, MomentKind } from '../derive/index.js';

/** An update dated after the moment shown: withheld until `at`. */
export interface WithheldUpdate {
  noticeId: number;
  subject: string;
  /** The notice's file, relative to the content folder. */
  file: string;
  /** Epoch ms. */
  at: number;
}

/** `10:05:00Z` on the day of `now` (UTC), else `2026-11-21T10:05:00Z`. */
export function untilText(at: number, now: number): string {
  const iso = new Date(at).toISOString().replace(/\.000Z$/, 'Z');
  return iso.slice(0, 10) === new Date(now).toISOString().slice(0, 10) ? iso.slice(11) : iso;
}

/** `58 s`, `4 min 2 s`, `3 h 5 min`, `2 d 4 h`: how long from now until `at`, rounded up to a second. */
export function waitText(at: number, now: number): string {
  const total = Math.max(0, Math.ceil((at - now) / 1000));
  const [d, h, m, s] = [Math.floor(total / 86_400), Math.floor(total / 3_600) % 24, Math.floor(total / 60) % 60, total % 60];
  if (d > 0) return h > 0 ? `${d} d ${h} h` : `${d} d`;
  if (h > 0) return m > 0 ? `${h} h ${m} min` : `${h} h`;
  if (m > 0) return s > 0 ? `${m} min ${s} s` : `${m} min`;
  return `${s} s`;
}

/** `notice 104 (API outage): an update withheld until 10:05:00Z (in 58 s)`. */
export function withheldText(update: WithheldUpdate, now: number): string {
  return `notice ${update.noticeId} (${update.subject}): an update withheld until ${untilText(update.at, now)} (in ${waitText(update.at, now)})`;
}

const DUE: Record<MomentKind, string> = {
  update: 'an update published',
  postmortem: 'its postmortem published',
  begins: 'begins_at reached',
  ends: 'ends_at reached',
  expires: 'expired',
  began: 'began_at reached',
  ended: 'ended_at reached',
  'impact-stops': 'its impact window ends',
  distant: 'no longer recent (past_distant)',
  'past-week': 'off the status page\'s past 7 days (local days)',
  calendar: 'off the maintenance calendar',
  day: 'off its components\' pages (older than 90 days)',
};

/** `notice 104: an update published; a new UTC day (metrics)`: what fell due, each thing once. */
export function dueText(moments: readonly Moment[]): string {
  const parts = moments.map((m) => (m.noticeId === null ? 'a new UTC day (metrics)' : `notice ${m.noticeId}: ${DUE[m.kind]}`));
  return [...new Set(parts)].join('; ');
}
