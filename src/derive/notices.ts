// Notice rules: state (the latest published update's), began_at/ended_at (derived from the updates
// unless the file gives them), the impact window of an incident, and timeline_state.
import type { Notice, NoticeState, SiteConfig, TimelineState } from '../content/types.js';
import { startOfLocalDay } from '../i18n/dates.js';
import { DAY_MS } from '../util/time.js';
import type { DerivedNotice, DerivedUpdate, Span } from './types.js';
import { isPostmortemPublished, publishedUpdates } from './updates.js';

/** A notice that ended at most this long ago is `past_recent` in the API (a rolling 7 × 24 hours, UTC). */
export const RECENT_MS = 7 * DAY_MS;

/**
 * The first moment of the local day `days - 1` days before the one holding `ms`: where a span of
 * `days` local days ending with today's begins. Noon of today's day minus that many days of 24 hours
 * falls in that day whatever the clocks change between, so two lookups answer. (Here rather than
 * beside localDay in i18n/dates.ts, which the browser's scripts bundle.)
 */
export const startOfLocalDaysBack = (ms: number, days: number, zone: string): number =>
  startOfLocalDay(startOfLocalDay(ms, zone) + DAY_MS / 2 - (days - 1) * DAY_MS, zone);

/** The status page's "Past 7 days": today's local day and the six before, in the site's zone. */
export const RECENT_DAYS = 7;

/**
 * The first instant the status page's "Past 7 days" lists a notice's end from, as of `now`: the
 * start of the local day six days before today's in `zone` (each day 23, 24 or 25 hours long).
 * The pages count the days their readers see written, the site's own; the API's `past_recent` is
 * the spec's rolling RECENT_MS, the same in every zone, so the two may differ by part of a day.
 */
export const recentSince = (now: number, zone: string): number => startOfLocalDaysBack(now, RECENT_DAYS, zone);

/**
 * Whether the status page lists the notice under "Past 7 days" as of `now`: past, and ended on or
 * after `recentSince`, which is looked up (Intl, outside UTC) only for an end within a day of it:
 * the status page asks of every notice.
 */
export const onPastWeek = (notice: DerivedNotice, now: number, zone: string): boolean =>
  (notice.timelineState === 'past_recent' || notice.timelineState === 'past_distant') &&
  notice.endedAt !== null &&
  notice.endedAt <= now &&
  notice.endedAt > now - (RECENT_DAYS + 1) * DAY_MS &&
  notice.endedAt >= recentSince(now, zone);

/** maintenance.ics keeps a maintenance whose window ended at most this long ago, and everything after. */
export const CALENDAR_PAST_MS = 365 * DAY_MS;

/** Whether maintenance.ics lists the notice as of `now`: planned, its window ended at most CALENDAR_PAST_MS ago or later. */
export const onCalendar = (notice: DerivedNotice, now: number): boolean =>
  notice.type === 'planned' && notice.source.endsAt !== null && notice.source.endsAt >= now - CALENDAR_PAST_MS;

/** The notice as of `now`, or null while none of its updates is published. */
export function deriveNotice(notice: Notice, now: number, site: SiteConfig): DerivedNotice | null {
  const updates = publishedUpdates(notice, now, site);
  if (updates.length === 0) return null;
  const state = updates[updates.length - 1]!.state;
  // A time written in the file that is still ahead has not occurred: null until then, as the API says.
  const beganAt = notice.beganAt === null ? derivedBegan(notice, updates) : occurred(notice.beganAt, now);
  const endedAt = notice.endedAt === null ? derivedEnded(notice, updates) : occurred(notice.endedAt, now);
  const impact = impactSpan(notice, state, beganAt, updates, now);
  return {
    source: notice,
    id: notice.id,
    type: notice.type,
    updates,
    state,
    createdAt: updates[0]!.at,
    updatedAt: Math.max(...updates.map((u) => u.updatedAt)),
    beganAt,
    endedAt,
    timelineState: timelineState(notice, beganAt, endedAt, now),
    impact,
    impactSeconds: impact ? Math.round((impact.end - impact.start) / 1000) : 0,
    postmortem: notice.postmortem !== undefined && isPostmortemPublished(notice.postmortem, now) ? notice.postmortem : null,
  };
}

const occurred = (at: number, now: number): number | null => (at <= now ? at : null);

const firstAt = (updates: DerivedUpdate[], states: NoticeState[]): number | null =>
  updates.find((u) => u.state !== null && states.includes(u.state))?.at ?? null;

function derivedBegan(notice: Notice, updates: DerivedUpdate[]): number | null {
  if (notice.type === 'unplanned') return updates[0]!.at;
  if (notice.type === 'planned') return firstAt(updates, ['underway']);
  return null;
}

function derivedEnded(notice: Notice, updates: DerivedUpdate[]): number | null {
  if (notice.type === 'unplanned') return firstAt(updates, ['resolved', 'false_alarm']);
  if (notice.type === 'planned') return firstAt(updates, ['complete', 'cancelled']);
  return null;
}

function impactSpan(
  notice: Notice,
  state: NoticeState | null,
  beganAt: number | null,
  updates: DerivedUpdate[],
  now: number,
): Span | null {
  if (notice.type !== 'unplanned' || state === 'false_alarm' || beganAt === null) return null;
  // Without a recovering/resolved update the impact runs to now, unless the file says when it ended.
  const end =
    notice.impactSeconds !== null
      ? beganAt + notice.impactSeconds * 1000
      : (firstAt(updates, ['recovering', 'resolved']) ?? notice.endedAt ?? now);
  // Impact never reaches past `now`, and an override that ends it early cannot make it negative.
  const start = Math.min(beganAt, now);
  return { start, end: Math.max(start, Math.min(end, now)) };
}

function timelineState(notice: Notice, beganAt: number | null, endedAt: number | null, now: number): TimelineState {
  const ended = notice.type === 'general' ? notice.expiresAt : endedAt;
  if (ended !== null && ended <= now) return now - ended <= RECENT_MS ? 'past_recent' : 'past_distant';
  // Not begun: no began_at yet (one written in the file and still ahead of now counts as none).
  if (notice.type === 'planned' && notice.beginsAt !== null && now < notice.beginsAt && beganAt === null) {
    return 'future';
  }
  return 'present';
}

/** The moment a notice is listed by: when it began, else when its window begins, else when it was posted. */
export const listedAt = (n: DerivedNotice): number => n.beganAt ?? n.source.beginsAt ?? n.createdAt;

/** The API's notice order: newest first by listedAt (began_at ?? begins_at ?? created_at), then id descending. */
export function compareNotices(a: DerivedNotice, b: DerivedNotice): number {
  return listedAt(b) - listedAt(a) || b.id - a.id;
}
