// The events between two builds: what `statuspress notify` sends. Each has an id that is the same
// whenever the same thing happens to the same notice, so a run can tell what was sent already.
import type { DerivedNotice, DerivedSite, DerivedUpdate } from '../derive/index.js';
import type { NotifyEventType, State } from '../types.js';
import { formatTimestamp } from '../time.js';
import { COMPLETE_RANK, rankOf, UNDERWAY_RANK } from '../update-ids.js';
import type { Snapshot } from './snapshot.js';


export interface NotifyEvent {
  /**
   * Stable: `notice-42-published`, `update-42003`, `maintenance-42-started`, `maintenance-42-ended`;
   * a state change carries the build's `now` (`page-degraded-2026-11-20T10:05:00.000Z`), since a
   * state is often reached again.
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
}

/**
 * Every event from `previous` to `site`, oldest first: notices published, updates posted,
 * maintenance started and ended by the clock, then components' and the page's state changes. A
 * notice published now is one event (its updates are in it); a component that is new or gone makes
 * no state change of its own, nor does a notice removed from the content, though the states they
 * change (a parent's, the page's) are sent.
 */
export function eventsBetween(previous: Snapshot, site: DerivedSite): NotifyEvent[] {
  const page = { state: site.page.state, previous: null };
  const noticeEvents: NotifyEvent[] = [];
  for (const notice of site.notices) {
    const before = previous.notices.get(notice.id);
    if (before === undefined) {
      const latest = notice.updates[notice.updates.length - 1] ?? null;
      noticeEvents.push({ id: `notice-${notice.id}-published`, type: 'notice.published', at: notice.createdAt, notice, update: latest, component: null, page });
      continue;
    }
    for (const update of notice.updates) {
      if (before.has(update.id)) continue;
      const [id, type] = eventOfUpdate(notice.id, update.id);
      noticeEvents.push({ id, type, at: update.at, notice, update, component: null, page });
    }
  }
  // Stable: events of the same moment keep the API's order.
  noticeEvents.sort((a, b) => a.at - b.at);

  const when = formatTimestamp(site.now);
  const stateEvents: NotifyEvent[] = [];
  for (const c of site.components) {
    const was = previous.components.get(c.id);
    if (was === undefined || was === c.state) continue;
    stateEvents.push({
      id: `component-${c.id}-${c.state}-${when}`,
      type: 'component.state_changed',
      at: site.now,
      notice: null,
      update: null,
      component: { id: c.id, name: c.source.name, state: c.state, previous: was },
      page,
    });
  }
  if (previous.page !== site.page.state) {
    stateEvents.push({
      id: `page-${site.page.state}-${when}`,
      type: 'page.state_changed',
      at: site.now,
      notice: null,
      update: null,
      component: null,
      page: { state: site.page.state, previous: previous.page },
    });
  }
  return [...noticeEvents, ...stateEvents];
}

function eventOfUpdate(noticeId: number, updateId: number): [string, NotifyEventType] {
  const rank = rankOf(noticeId, updateId);
  if (rank === UNDERWAY_RANK) return [`maintenance-${noticeId}-started`, 'maintenance.started'];
  if (rank === COMPLETE_RANK) return [`maintenance-${noticeId}-ended`, 'maintenance.ended'];
  return [`update-${updateId}`, 'notice.updated'];
}
