// The events between two builds: what `statuspress notify` sends. Each has an id that is the same
// whenever the same thing happens to the same notice, so a run can tell what was sent already. An
// update is matched with the record by its time and text (its API id shifts when an update is
// inserted before it), so a renumbered update is never sent again and the inserted one is sent once.
import { lineage } from '../derive/components.js';
import { reminderMoments } from '../derive/index.js';
import type { DerivedNotice, DerivedSite, DerivedUpdate } from '../derive/index.js';
import type { NotifyEventType, State } from '../content/types.js';
import { formatTimestamp } from '../util/time.js';
import { COMPLETE_RANK, rankOf, UNDERWAY_RANK } from '../content/update-ids.js';
import type { KnownUpdate, Snapshot } from './snapshot.js';
import { textHash } from './snapshot.js';

export interface NotifyEvent {
  /**
   * Stable: `notice-42-published`, `update-42-2026-11-20T10:40:00.000Z-3f9a0c1d2e4b5a69` (the
   * notice, the update's time and `textHash` of its text), `maintenance-42-started`, `maintenance-42-ended`;
   * a state change carries the build's `now` (`page-degraded-2026-11-20T10:05:00.000Z`), since a
   * state is often reached again; a reminder, the begins_at and lead it is for
   * (`maintenance-43-reminder-2026-11-25T02:00:00.000Z-24h`), so a moved window is reminded again.
   */
  id: string;
  type: NotifyEventType;
  /** When it happened, epoch ms: the notice's first update, the update's `at`, the transition's; a state change, the build's `now`. */
  at: number;
  /** The notice, for the notice and maintenance events. */
  notice: DerivedNotice | null;
  /** The update posted (for notice.published, the latest one). */
  update: DerivedUpdate | null;
  component: { id: number; name: string; state: State; previous: State } | null;
  /** The page's state as of the build; `previous` only for page.state_changed. */
  page: { state: State; previous: State | null };
  /** maintenance.reminder only: how long before begins_at it is for, ms (a target's `reminder`). */
  leadMs?: number;
  /**
   * Only for the targets limited to exactly these components: a notice.published for a notice that
   * has come to list one of them (or a descendant), with its text so far.
   */
  audience?: number[];
}

/** A notice whose updates' API ids changed since the record: an update was inserted before published ones. */
export interface Renumbered {
  notice: number;
  /** [id in the record, id now] of each update that moved, in time order. */
  ids: [number, number][];
}

/** The events from `previous` to `site` (eventsBetween), and the notices whose update ids changed. */
export interface Comparison {
  events: NotifyEvent[];
  renumbered: Renumbered[];
  /**
   * Reminders due for maintenances published in this very comparison: claimed without being sent,
   * since the announcement, sent now, already says when the maintenance begins.
   */
  silent: string[];
}

/** The events from `previous` to `site`: see `compare`. */
export const eventsBetween = (previous: Snapshot, site: DerivedSite): NotifyEvent[] => compare(previous, site).events;

/**
 * Every event from `previous` to `site`, oldest first: notices published, updates posted,
 * maintenance started and ended by the clock, then components' and the page's state changes. A
 * notice published now is one event (its updates are in it); a component that is new or gone makes
 * no state change of its own, nor does a notice removed from the content, though the states they
 * change (a parent's, the page's) are sent. And the notices whose updates' ids changed.
 */
export function compare(previous: Snapshot, site: DerivedSite, reminderLeadsMs: readonly number[] = [], filters: readonly (readonly number[])[] = []): Comparison {
  const page = { state: site.page.state, previous: null };
  const noticeEvents: NotifyEvent[] = [];
  const renumbered: Renumbered[] = [];
  for (const notice of site.notices) {
    // Sent once, when its `at` has passed: the record keeps which notices' postmortems it has seen.
    if (notice.postmortem !== null && !previous.noticePostmortems.has(notice.id)) {
      noticeEvents.push({ id: `notice-${notice.id}-postmortem`, type: 'notice.postmortem', at: notice.postmortem.at, notice, update: null, component: null, page });
    }
    const before = previous.notices.get(notice.id);
    if (before === undefined) {
      const latest = notice.updates.at(-1) ?? null;
      noticeEvents.push({ id: `notice-${notice.id}-published`, type: 'notice.published', at: notice.createdAt, notice, update: latest, component: null, page });
      continue;
    }
    const { fresh, moved } = matchUpdates(notice, before);
    const ids = new Set<string>();
    for (const update of fresh) {
      const [id, type] = eventOfUpdate(notice.id, update);
      // The same text at the same moment twice is one update to a reader: one message.
      if (ids.has(id)) continue;
      ids.add(id);
      noticeEvents.push({ id, type, at: update.at, notice, update, component: null, page });
    }
    if (moved.length > 0) renumbered.push({ notice: notice.id, ids: moved });
  }
  noticeEvents.push(...reached(previous, site, filters, page));
  const silent: string[] = [];
  for (const reminder of dueReminders(site, reminderLeadsMs, page)) {
    if (previous.notices.has(reminder.notice!.id)) noticeEvents.push(reminder);
    else silent.push(reminder.id);
  }
  // Stable: events of the same moment keep the API's order.
  noticeEvents.sort((a, b) => a.at - b.at);

  const when = formatTimestamp(site.now);
  const stateEvents: NotifyEvent[] = [];
  const changed = (id: string, type: NotifyEventType, component: NotifyEvent['component'], state: NotifyEvent['page']): NotifyEvent =>
    ({ id, type, at: site.now, notice: null, update: null, component, page: state });
  for (const c of site.components) {
    const was = previous.components.get(c.id);
    if (was === undefined || was === c.state) continue;
    stateEvents.push(changed(`component-${c.id}-${c.state}-${when}`, 'component.state_changed', { id: c.id, name: c.source.name, state: c.state, previous: was }, page));
  }
  if (previous.page !== site.page.state) {
    stateEvents.push(changed(`page-${site.page.state}-${when}`, 'page.state_changed', null, { state: site.page.state, previous: previous.page }));
  }
  return { events: [...noticeEvents, ...stateEvents], renumbered, silent };
}

/** Does a notice listing `listed` reach a target limited to `filter`? `lines`: each component with its ancestors. */
export function reaches(filter: readonly number[], listed: readonly number[], lines: ReadonlyMap<number, readonly number[]>): boolean {
  return listed.length === 0 || listed.some((id) => (lines.get(id) ?? [id]).some((c) => filter.includes(c)));
}

/**
 * For each component filter of the targets, the notices the record knew that did not reach it and
 * now do (a component added to the notice): announced to those targets as published, with the
 * latest update. A notice whose components the record did not keep (a format-2 record) is taken as unchanged.
 */
function reached(previous: Snapshot, site: DerivedSite, filters: readonly (readonly number[])[], page: NotifyEvent['page']): NotifyEvent[] {
  const lines = lineage(site.components.map((c) => c.source));
  const events: NotifyEvent[] = [];
  for (const filter of uniqueFilters(filters)) {
    for (const notice of site.notices) {
      const before = previous.noticeComponents.get(notice.id);
      if (before === undefined || !previous.notices.has(notice.id)) continue;
      if (reaches(filter, before, lines) || !reaches(filter, notice.source.components, lines)) continue;
      const update = notice.updates.at(-1) ?? null;
      events.push({ id: `notice-${notice.id}-published-to-${filter.join('-')}`, type: 'notice.published', at: site.now, notice, update, component: null, page, audience: [...filter] });
    }
  }
  return events;
}

const uniqueFilters = (filters: readonly (readonly number[])[]): number[][] => {
  const seen = new Map<string, number[]>();
  for (const f of filters) {
    const sorted = [...new Set(f)].sort((a, b) => a - b);
    seen.set(sorted.join('-'), sorted);
  }
  return [...seen.values()];
};

/** `24h`, `90m`: a reminder's lead as its id and message say it. */
export const leadText = (ms: number): string => (ms % 86_400_000 === 0 ? `${ms / 86_400_000}d` : ms % 3_600_000 === 0 ? `${ms / 3_600_000}h` : `${Math.round(ms / 60_000)}m`);

/**
 * The reminders due as of the build: for each lead, each maintenance published and still
 * `scheduled` whose begins_at is less than the lead away (src/derive/next-change.ts lists them).
 */
function dueReminders(site: DerivedSite, leadsMs: readonly number[], page: NotifyEvent['page']): NotifyEvent[] {
  const sources = site.notices.map((n) => n.source);
  return reminderMoments(sources, site.now, leadsMs)
    .filter((m) => m.at <= site.now)
    .flatMap((m) => {
      const notice = site.noticesById.get(m.noticeId);
      if (notice === undefined || notice.state !== 'scheduled') return [];
      const update = notice.updates.at(-1) ?? null;
      const id = `maintenance-${notice.id}-reminder-${formatTimestamp(m.beginsAt)}-${leadText(m.leadMs)}`;
      return [{ id, type: 'maintenance.reminder' as const, at: m.at, notice, update, component: null, page, leadMs: m.leadMs }];
    });
}

const isTransition = (noticeId: number, id: number): boolean => {
  const rank = rankOf(noticeId, id);
  return rank === UNDERWAY_RANK || rank === COMPLETE_RANK;
};

function eventOfUpdate(noticeId: number, update: DerivedUpdate): [string, NotifyEventType] {
  const rank = rankOf(noticeId, update.id);
  if (rank === UNDERWAY_RANK) return [`maintenance-${noticeId}-started`, 'maintenance.started'];
  if (rank === COMPLETE_RANK) return [`maintenance-${noticeId}-ended`, 'maintenance.ended'];
  return [`update-${noticeId}-${formatTimestamp(update.at)}-${textHash(update.content)}`, 'notice.updated'];
}

/**
 * A record's entry as the update it names: as it is, or, for an entry of a format-1 record (an id
 * alone, which then was the update's position in the file + 1), the update at that position of the
 * notice's file now; null when the file has no update there.
 */
export function placed(notice: DerivedNotice, known: KnownUpdate): KnownUpdate | null {
  if (known.at !== null || isTransition(notice.id, known.id)) return known;
  const update = notice.source.updates[rankOf(notice.id, known.id) - 1];
  return update === undefined ? null : { id: known.id, at: update.at, hash: textHash(update.content) };
}

/**
 * Which of the notice's published updates the record does not know (`fresh`), and the ids that
 * changed (`moved`: [in the record, now]). The automatic transitions are known by their ids (901,
 * 902). Every other update by its time and text hash; failing that, one the record knows that is
 * gone from the content is taken to be this one edited in place when it has the same time, or else
 * the same text: an edit is not news to send again.
 */
export function matchUpdates(notice: DerivedNotice, before: readonly KnownUpdate[]): { fresh: DerivedUpdate[]; moved: [number, number][] } {
  const known = before.map((k) => placed(notice, k)).filter((k): k is KnownUpdate => k !== null);
  const transitions = new Set(known.filter((k) => isTransition(notice.id, k.id)).map((k) => k.id));
  const key = (at: number | null, hash: string | null): string => `${at} ${hash}`;
  const byKey = new Map<string, KnownUpdate>();
  for (const k of known) if (!isTransition(notice.id, k.id) && !byKey.has(key(k.at, k.hash))) byKey.set(key(k.at, k.hash), k);
  const matched = new Set<string>();
  const moved: [number, number][] = [];
  const fresh: DerivedUpdate[] = [];
  const unmatched: { update: DerivedUpdate; hash: string }[] = [];
  for (const update of notice.updates) {
    if (isTransition(notice.id, update.id)) {
      if (!transitions.has(update.id)) fresh.push(update);
      continue;
    }
    const hash = textHash(update.content);
    const k = byKey.get(key(update.at, hash));
    if (k === undefined) unmatched.push({ update, hash });
    // A second copy of a known update (the same time and text) is known too; the first tells the id.
    else if (!matched.has(key(k.at, k.hash))) {
      matched.add(key(k.at, k.hash));
      if (k.id !== update.id) moved.push([k.id, update.id]);
    }
  }
  // Known updates no longer in the content: each may be one of the unmatched, edited in place.
  const gone = [...byKey.values()].filter((k) => !matched.has(key(k.at, k.hash)));
  for (const { update, hash } of unmatched) {
    let index = gone.findIndex((k) => k.at === update.at);
    if (index === -1) index = gone.findIndex((k) => k.hash === hash);
    if (index === -1) {
      fresh.push(update);
      continue;
    }
    const [k] = gone.splice(index, 1);
    if (k!.id !== update.id) moved.push([k!.id, update.id]);
  }
  moved.sort((a, b) => a[1] - b[1]);
  // In the order the notice publishes them.
  return { fresh: notice.updates.filter((u) => fresh.includes(u)), moved };
}
