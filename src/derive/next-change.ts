// When the clock alone changes the site: every instant after `now` at which deriving (and so
// rendering) the same content gives a different site, with what falls due then. `statuspress dev`
// re-derives at the next one; the rule lives here, in one place, so that anything else that must
// know when the page moves by itself asks the same function.
//
// How it is exact without restating every rule: each notice's own times give candidate instants (an
// update's `at`, begins_at, ends_at, expires_at, a began_at or ended_at in the file, the end of an
// `impact_seconds` window, seven days and a millisecond after any of them, the local midnight seven
// local days after any of them, a year and a millisecond after ends_at, the next UTC midnight and
// the next midnight of the site's zone), and a candidate counts only if deriving the notice just
// before it and at it gives different facts. A candidate that changes nothing (the ends_at of a
// cancelled maintenance, the begins_at of a maintenance not yet announced) is dropped.
import type { Content, Notice } from '../content/types.js';
import { nextLocalMidnight, startOfLocalDay } from '../i18n/dates.js';
import { madeOnce } from '../util/made-once.js';
import { DAY_MS, startOfUtcDay, YEAR_10000 } from '../util/time.js';
import { publishedContent } from './updates.js';
import { BAR_DAYS } from './metrics.js';
import { CALENDAR_PAST_MS, deriveNotice, listedAt, onPastWeek, RECENT_DAYS, RECENT_MS, startOfLocalDaysBack } from './notices.js';
import type { DerivedNotice } from './types.js';

/** What falls due at a moment. */
export type MomentKind =
  /** An update's `at`: it is published (updates dated after `now` are withheld). */
  | 'update'
  /** An incident's postmortem's `at`: it is published (withheld until then, like an update). */
  | 'postmortem'
  /** A planned notice's begins_at: no longer upcoming; with auto_transition, `underway`. */
  | 'begins'
  /** A planned notice's ends_at: with auto_transition, `complete`. */
  | 'ends'
  /** A general notice's expires_at: it becomes past. */
  | 'expires'
  /** A began_at written in the file is reached (until then it is null). */
  | 'began'
  /** An ended_at written in the file is reached: the notice ends. */
  | 'ended'
  /** An impact window that grows with the clock stops at began_at + impact_seconds. */
  | 'impact-stops'
  /** Seven days (and a millisecond) after a notice ended: past_recent becomes past_distant in the API. */
  | 'distant'
  /**
   * The local midnight (the site's zone) at which a past notice leaves the status page's "Past 7
   * days": the start of the seventh local day after the one it ended on.
   */
  | 'past-week'
  /** A year (and a millisecond) after a maintenance's ends_at: maintenance.ics no longer lists it. */
  | 'calendar'
  /**
   * The next UTC midnight (the default metrics window and the picker's bounds move) or the next
   * midnight of the site's zone (the 90-day uptime bars move), when the site has published
   * metrics (noticeId null); or the local midnight at which a past notice leaves the 90 days its
   * components' pages list (noticeId set).
   */
  | 'day';

export interface Moment {
  /** Epoch ms, after `now`. */
  at: number;
  kind: MomentKind;
  /** The notice it concerns; null for the whole site. */
  noticeId: number | null;
}

/** Order of kinds at one instant, so the list is the same for the same content and `now`. */
const KIND_ORDER: readonly MomentKind[] = ['update', 'postmortem', 'begins', 'ends', 'expires', 'began', 'ended', 'impact-stops', 'distant', 'past-week', 'calendar', 'day'];

/**
 * An instant at which something might fall due, and whether it does: sources list candidates
 * cheaply and check each only when asked, so nextChange checks just the soonest few.
 */
interface Candidate extends Moment {
  counts(): boolean;
}

/**
 * The sources of candidates, each a pure function of content and `now` giving instants after `now`.
 * A new rule that depends on the clock (a local midnight) adds its
 * kind above and its source here; nextChange and pendingMoments both read this list.
 */
const SOURCES: readonly ((content: Content, now: number) => Candidate[])[] = [noticeCandidates, metricsDay];

const candidates = (content: Content, now: number): Candidate[] => SOURCES.flatMap((source) => source(content, now));

/**
 * The earliest instant after `now` at which the site derived from `content` differs from the site
 * as of `now`, or null when the clock alone will never change it. Pure: the same content and `now`
 * give the same answer.
 *
 * What does not count: what changes with every instant rather than at one (an impact window still
 * running to `now`, the metrics' running totals, the page's "as of" time). The moment such a window
 * stops growing does count (`impact-stops`).
 */
export function nextChange(content: Content, now: number): number | null {
  for (const at of changesAfter(content, now)) return at;
  return null;
}

/**
 * When the output of `content` built as of `now` next changes by time alone, epoch ms, or null:
 * asked of the published content only, so a withheld update's time is never told.
 */
export const nextPublishedChange = (content: Content, now: number): number | null => nextChange(publishedContent(content, now), now);

/**
 * nextChange(content, now), then nextChange(content, that), and so on: each instant at which the
 * site changes by time alone, soonest first, for as long as the caller takes them. The candidates
 * are listed once per day: they depend on `now` only through the UTC and the local day it falls
 * on (the next midnights, the days the components' pages list), so within a day those of a later
 * instant are the earlier list's after it.
 */
export function* changesAfter(content: Content, now: number): Generator<number> {
  const zone = content.site.timeZone;
  for (let at = now; ; ) {
    const dayEnds = Math.min(startOfUtcDay(at) + DAY_MS, nextLocalMidnight(at, zone));
    // Soonest first, checked only until one counts: dev asks after every edit of a large site.
    const sorted = candidates(content, at).sort((a, b) => a.at - b.at);
    let i = 0;
    for (; at < dayEnds; i++) {
      while (i < sorted.length && (sorted[i]!.at <= at || !sorted[i]!.counts())) i++;
      if (i === sorted.length) return;
      yield (at = sorted[i]!.at);
    }
  }
}

/**
 * Every moment after `now` at which the clock alone changes the site, by time (then kind, then
 * notice id). Moments tie when several things fall due at one instant: each is listed.
 */
export function pendingMoments(content: Content, now: number): Moment[] {
  return candidates(content, now)
    .filter((c) => c.counts())
    .map(({ at, kind, noticeId }) => ({ at, kind, noticeId }))
    .sort((a, b) => a.at - b.at || KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind) || (a.noticeId ?? 0) - (b.noticeId ?? 0));
}

/**
 * The next UTC midnight, when any component publishes metrics (their default window is by UTC day),
 * and the next midnight of the site's zone (the uptime bars count its days), when that differs.
 */
function metricsDay(content: Content, now: number): Candidate[] {
  if (!content.site.metrics || !content.components.some((c) => c.metrics)) return [];
  const utc = startOfUtcDay(now) + DAY_MS;
  const local = nextLocalMidnight(now, content.site.timeZone);
  return [utc, ...(local === utc ? [] : [local])].map((at) => ({ at, kind: 'day' as const, noticeId: null, counts: () => true }));
}

/** Each notice's candidates, counting when deriving the notice just before and at the instant differs. */
function noticeCandidates(content: Content, now: number): Candidate[] {
  const result: Candidate[] = [];
  // The days as of `now`, looked up once: Intl's wall clock is the costly part, not the notices.
  const zone = content.site.timeZone;
  const leaving = listedSince(now, zone);
  const days: Days = { leaving, stays: nextLocalMidnight(leaving, zone), midnight: nextLocalMidnight(now, zone) };
  for (const notice of content.notices) {
    const own = candidatesOf(notice, now, zone, days);
    if (own.length === 0) continue;
    const derive = memo((t: number) => deriveNotice(notice, t, content.site));
    for (const { at, kind } of own) result.push({ at, kind, noticeId: notice.id, counts: () => changesAt(notice, at, derive, content.site.timeZone) });
  }
  return result;
}

/** As of `now`: the first instant of the day leaving the 90 days at the next local midnight, the next day's, and that midnight. */
interface Days {
  leaving: number;
  stays: number;
  midnight: number;
}

/** The instants after `now` at which this notice might change, each with what it would be. */
function candidatesOf(notice: Notice, now: number, zone: string, { leaving, stays, midnight }: Days): { at: number; kind: MomentKind }[] {
  const times: { at: number; kind: MomentKind }[] = notice.updates.map((u) => ({ at: u.at, kind: 'update' }));
  const written = (at: number | null, kind: MomentKind): void => {
    if (at !== null) times.push({ at, kind });
  };
  written(notice.beginsAt, 'begins');
  written(notice.endsAt, 'ends');
  written(notice.expiresAt, 'expires');
  written(notice.beganAt, 'began');
  written(notice.endedAt, 'ended');
  if (settledBefore(notice, times, now, leaving)) return [];

  // Publishing a postmortem changes the notice's page, feeds and api/v2 answers, nothing else.
  const candidates = [...times, ...(notice.postmortem === undefined ? [] : [{ at: notice.postmortem.at, kind: 'postmortem' as const }])];
  // Whatever can end a notice (any of its times: an update, ends_at's auto transition, expires_at,
  // ended_at) makes it past_distant seven days and a millisecond later.
  for (const { at } of times) candidates.push({ at: at + RECENT_MS + 1, kind: 'distant' });
  // The pages' past week counts local days: a notice ended at `at` leaves it at the start of the
  // RECENT_DAYS-th local day after its own (noon of its day plus that many days of 24 hours falls in
  // it). Only ends that can still leave after `now` are worth the two lookups.
  for (const { at } of times) {
    if (at + (RECENT_DAYS + 2) * DAY_MS <= now) continue;
    candidates.push({ at: startOfLocalDay(startOfLocalDay(at, zone) + DAY_MS / 2 + RECENT_DAYS * DAY_MS, zone), kind: 'past-week' });
  }
  if (notice.impactSeconds !== null) {
    // began_at is the first update's `at` or the one in the file.
    for (const { at } of times) candidates.push({ at: at + notice.impactSeconds * 1000, kind: 'impact-stops' });
  }
  if (notice.type === 'planned' && notice.endsAt !== null) candidates.push({ at: notice.endsAt + CALENDAR_PAST_MS + 1, kind: 'calendar' });
  // The next midnight matters to the notice only when one of its times (its own date on a
  // component's page among them) falls on the day that then leaves the 90 days listed.
  if (notice.components.length > 0 && times.some(({ at }) => at >= leaving && at < stays)) {
    candidates.push({ at: midnight, kind: 'day' });
  }
  const seen = new Set<string>();
  // An instant past the year 9999 (an impact_seconds of a million years) is one no content time can
  // name, and past Date's range none has a day to look up: the site never reaches it.
  return candidates.filter(({ at, kind }) => {
    const key = `${at} ${kind}`;
    if (at <= now || !(at < YEAR_10000) || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Whether every candidate below would fall at or before `now`: each time is before the day that
 * leaves the 90 days next (so further back than the past week's nine days, and no `day`), its
 * impact window's end too, and the postmortem and the calendar's year are past. Most of a large
 * site's notices are, and listing their candidates only to drop them was most of the time taken.
 */
function settledBefore(notice: Notice, times: { at: number }[], now: number, leaving: number): boolean {
  const impactMs = (notice.impactSeconds ?? 0) * 1000;
  if (leaving > now - (RECENT_DAYS + 2) * DAY_MS) return false;
  if (notice.postmortem !== undefined && notice.postmortem.at > now) return false;
  if (notice.type === 'planned' && notice.endsAt !== null && notice.endsAt + CALENDAR_PAST_MS + 1 > now) return false;
  return times.every(({ at }) => at < leaving && at + impactMs <= now);
}

/** The first instant a component's page lists a past notice from, as of `t`: the start of the local day BAR_DAYS - 1 days before today's. */
const listedSince = (t: number, zone: string): number => startOfLocalDaysBack(t, BAR_DAYS, zone);

/** Whether deriving the notice at `at` gives other facts than just before it. */
function changesAt(notice: Notice, at: number, derive: (t: number) => DerivedNotice | null, zone: string): boolean {
  if (facts(notice, derive(at - 1), at - 1, zone) !== facts(notice, derive(at), at, zone)) return true;
  // An impact window that grew up to `at` and stays at `at` afterwards stopped growing then.
  return derive(at - 1)?.impact?.end === at - 1 && derive(at + 1)?.impact?.end === at;
}

/**
 * What a reader can tell of the notice as of `t`, besides the clock's own advance: its published
 * updates, state, times, timeline state, whether it has an impact window and from when (its end
 * follows the clock until it stops, which changesAt checks apart), whether the status page's past
 * week lists it, whether its components' pages list it, whether the calendar does.
 */
function facts(notice: Notice, d: DerivedNotice | null, t: number, zone: string): string {
  if (d === null) return 'unpublished';
  const when = d.endedAt ?? listedAt(d);
  const past = d.timelineState === 'past_recent' || d.timelineState === 'past_distant';
  return JSON.stringify([
    d.updates.map((u) => [u.id, u.at, u.updatedAt, u.state]),
    d.state,
    d.createdAt,
    d.updatedAt,
    d.beganAt,
    d.endedAt,
    d.timelineState,
    d.impact === null ? null : d.impact.start,
    onPastWeek(d, t, zone),
    notice.components.length > 0 && !(past && when < listedSince(t, zone)),
    notice.type === 'planned' && notice.endsAt !== null && notice.endsAt >= t - CALENDAR_PAST_MS,
    d.postmortem === null ? null : d.postmortem.at,
  ]);
}

function memo<T>(fn: (t: number) => T): (t: number) => T {
  const cache = new Map<number, T>();
  return (t) => madeOnce(cache, t, () => fn(t));
}

/**
 * A maintenance's reminder: `notify` tells targets `leadMs` before a maintenance begins. It changes
 * nothing readers see, so it is no moment of nextChange; it lives here because it is the other
 * thing the clock alone brings, and a scheduled run must check it as it checks those (the
 * workflow's notify job runs on every scheduled run for it).
 */
export interface ReminderMoment {
  /** begins_at − lead, epoch ms: from then until begins_at the reminder is due. */
  at: number;
  noticeId: number;
  beginsAt: number;
  leadMs: number;
}

/**
 * Every reminder of the planned notices not begun as of `now`, one per lead, soonest first (then
 * notice id, then lead): due (`at` ≤ `now`) or to come. Whether a due one is sent is notify's
 * business: once per notice, begins_at and lead, only while the maintenance is scheduled.
 */
export function reminderMoments(notices: readonly Notice[], now: number, leadsMs: readonly number[]): ReminderMoment[] {
  const leads = [...new Set(leadsMs)].sort((a, b) => a - b);
  const result: ReminderMoment[] = [];
  for (const notice of notices) {
    const { beginsAt } = notice;
    if (notice.type !== 'planned' || beginsAt === null || beginsAt <= now) continue;
    for (const leadMs of leads) result.push({ at: beginsAt - leadMs, noticeId: notice.id, beginsAt, leadMs });
  }
  return result.sort((a, b) => a.at - b.at || a.noticeId - b.noticeId || a.leadMs - b.leadMs);
}
