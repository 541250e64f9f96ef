// Key order follows the answers Statuspage gives, so a client's diff of the two reads alike. Ids are
// the model's ids as decimal strings.
import type { DerivedComponent, DerivedNotice, DerivedSite, DerivedUpdate } from '../../derive/index.js';
import { SITE, siteUrl } from '../../routes/site.js';
import { formatDate, formatTimestamp as ts } from '../../util/time.js';
import type { NoticeState } from '../../content/types.js';
import { POSTMORTEM_RANK, updateId } from '../../content/update-ids.js';
import { impactOf } from '../../derive/index.js';
import { statusGiven, statusOf, statuspageView } from './mapping.js';
import type { ComponentStatus } from './mapping.js';

type Json = Record<string, unknown>;

/** Statuspage's ids are strings; statuspress's are the same numbers written out. */
const idText = (id: number): string => String(id);
const timestampOrNull = (ms: number | null): string | null => (ms === null ? null : ts(ms));

/** Every timestamp is in UTC, so this is the zone of the page. */
export const TIME_ZONE = 'Etc/UTC';

export function pageObject(site: DerivedSite): Json {
  return {
    id: statuspageView(site).pageId,
    name: site.site.name,
    url: site.site.url,
    time_zone: TIME_ZONE,
    updated_at: ts(site.page.updatedAt),
  };
}

/** The page's indicator, described with the site's own `state_text` for the page state. */
export function statusObject(site: DerivedSite): Json {
  return { indicator: statuspageView(site).indicator, description: site.site.stateText[site.page.state] };
}

/** 1-based place among its siblings in the API's order (Statuspage's `position` is always a number). */
function positionOf(site: DerivedSite, c: DerivedComponent): number {
  const parent = c.source.parentId === null ? null : site.componentsById.get(c.source.parentId);
  const siblings = parent ? parent.children : topLevel(site);
  return siblings.indexOf(c.id) + 1;
}

const topLevelCache = new WeakMap<DerivedSite, number[]>();
function topLevel(site: DerivedSite): number[] {
  let ids = topLevelCache.get(site);
  if (!ids) topLevelCache.set(site, (ids = site.components.filter((c) => c.source.parentId === null).map((c) => c.id)));
  return ids;
}

/** A component; one with children is a group listing their ids, and a child names its parent as `group_id`. */
export function componentObject(site: DerivedSite, c: DerivedComponent): Json {
  const view = statuspageView(site);
  const json: Json = {
    id: idText(c.id),
    name: c.source.name,
    status: view.statuses.get(c.id) ?? 'operational',
    created_at: ts(c.source.createdAt),
    updated_at: ts(c.source.updatedAt),
    position: positionOf(site, c),
    description: c.source.description === '' ? null : c.source.description,
    showcase: c.metrics,
    start_date: formatDate(c.source.createdAt),
    group_id: c.source.parentId === null ? null : idText(c.source.parentId),
    page_id: view.pageId,
    group: c.children.length > 0,
    only_show_if_degraded: false,
  };
  if (c.children.length > 0) json.components = c.children.map(idText);
  return json;
}

/**
 * The components an update moved, as far as its notice goes: each listed component from the status
 * the notice gave it before the update to the one it gives after; null when the update changed nothing.
 */
function affectedComponents(site: DerivedSite, n: DerivedNotice, before: NoticeState | null, after: NoticeState | null): Json[] | null {
  const [from, to]: ComponentStatus[] = [statusGiven(n, before), statusGiven(n, after)];
  if (from === to) return null;
  const listed = n.source.components.map((id) => site.componentsById.get(id)).filter((c): c is DerivedComponent => c !== undefined);
  if (listed.length === 0) return null;
  return listed.map((c) => ({ code: idText(c.id), name: c.source.name, old_status: from, new_status: to }));
}

function updateObject(site: DerivedSite, n: DerivedNotice, u: DerivedUpdate, before: NoticeState | null): Json {
  // Planned and unplanned notices only: general ones have no v2 form.
  return updateJson(u.id, statusOf(u.state!), u.content, n, u.at, u.updatedAt, affectedComponents(site, n, before, u.state));
}

/** An incident update in Statuspage's key order. */
function updateJson(id: number, status: string, body: string, n: DerivedNotice, at: number, updatedAt: number, affected: Json[] | null): Json {
  return { id: idText(id), status, body, incident_id: idText(n.id), created_at: ts(at), updated_at: ts(updatedAt), display_at: ts(at), affected_components: affected, deliver_notifications: false, custom_tweet: null, tweet_id: null };
}

/**
 * A published postmortem as Statuspage's public API shows one: an incident update of status
 * `postmortem` whose body is the postmortem, dated when it was published. It changes no component.
 */
function postmortemUpdate(n: DerivedNotice): { at: number; json: Json } | null {
  if (n.postmortem === null) return null;
  const { at, content } = n.postmortem;
  return { at, json: updateJson(updateId(n.id, POSTMORTEM_RANK), 'postmortem', content, n, at, at, null) };
}

/**
 * An unplanned notice as an incident, or a planned one as a scheduled maintenance (with its window).
 * An incident that has ended and has a published postmortem is in status `postmortem`, as on
 * Statuspage, with the postmortem among its updates by time and its `updated_at` moved to it.
 */
export function incidentObject(site: DerivedSite, n: DerivedNotice): Json {
  const unplanned = n.type === 'unplanned';
  const own = n.updates.map((u, i) => ({ at: u.at, json: updateObject(site, n, u, i === 0 ? null : n.updates[i - 1]!.state) }));
  const postmortem = postmortemUpdate(n);
  // Stable: a postmortem dated with an update goes after it (newest first: above it).
  const updates = (postmortem ? [...own, postmortem].sort((a, b) => a.at - b.at) : own).map((u) => u.json).reverse();
  const ended = n.state === 'resolved' || n.state === 'false_alarm';
  const json: Json = {
    id: idText(n.id),
    name: n.source.subject,
    status: postmortem && ended ? 'postmortem' : statusOf(n.state!),
    created_at: ts(n.createdAt),
    updated_at: ts(Math.max(n.updatedAt, postmortem?.at ?? n.updatedAt)),
    monitoring_at: unplanned ? timestampOrNull(n.updates.find((u) => u.state === 'recovering')?.at ?? null) : null,
    resolved_at: timestampOrNull(n.endedAt),
    impact: unplanned ? impactOf(n) : 'maintenance',
    shortlink: siteUrl(site.site.url, SITE.notice(n.id)),
    // An incident started when it began; a maintenance, as on Statuspage, when it was announced.
    started_at: ts(unplanned ? (n.beganAt ?? n.createdAt) : n.createdAt),
    page_id: statuspageView(site).pageId,
    incident_updates: updates,
    components: n.source.components
      .map((id) => site.componentsById.get(id))
      .filter((c): c is DerivedComponent => c !== undefined)
      .map((c) => componentObject(site, c)),
  };
  if (!unplanned) {
    json.scheduled_for = timestampOrNull(n.source.beginsAt);
    json.scheduled_until = timestampOrNull(n.source.endsAt);
  }
  return json;
}
