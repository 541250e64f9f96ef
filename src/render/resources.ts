// The spec's resources as JSON objects. Key order follows the spec's tables: clients and diffs read it.
import type { DerivedComponent, DerivedNotice, DerivedSite, DerivedUpdate } from '../derive/index.js';
import { defaultMetrics } from '../derive/metrics.js';
import { apiHref } from '../routes/href.js';
import { SITE, siteUrl } from '../routes/site.js';
import { WITHOUT_API, WITHOUT_VERSION } from '../routes/table.js';
import { formatTimestamp as ts } from '../util/time.js';
import type { SiteConfig, State } from '../content/types.js';
import { durationWords, percentWords } from './words.js';

type Json = Record<string, unknown>;

const timestampOrNull = (ms: number | null): string | null => (ms === null ? null : ts(ms));

/**
 * A page or component state as the site's answers spell it (the API's, and the webhook payloads of
 * statuspress notify): the one place the site's spelling setting acts.
 */
export const spelledState = (config: SiteConfig, state: State): string => (state === 'under-maintenance' ? config.maintenanceSpelling : state);
const spelled = (site: DerivedSite, state: State): string => spelledState(site.site, state);

export function pageResource(site: DerivedSite): Json {
  const { site: config, page } = site;
  return {
    name: config.name,
    state: spelled(site, page.state),
    state_text: config.stateText[page.state],
    url: config.url,
    links: {
      components: { href: apiHref({ endpoint: 'components', filter: {}, page: 1 }, WITHOUT_API), count: site.components.length },
      notices: { href: apiHref({ endpoint: 'notices', filter: {}, page: 1 }, WITHOUT_API), count: site.notices.length },
    },
    created_at: ts(config.createdAt),
    updated_at: ts(page.updatedAt),
  };
}

/** The fields every form of a component begins with, in this order. */
const componentFields = (site: DerivedSite, c: DerivedComponent): Json => ({
  id: c.id,
  state: spelled(site, c.state),
  name: c.source.name,
  description: c.source.description,
  parent_id: c.source.parentId,
});

/** A component as embedded in a notice detail: no links, no metrics_summary. */
export function embeddedComponent(site: DerivedSite, c: DerivedComponent): Json {
  return { ...componentFields(site, c), created_at: ts(c.source.createdAt), updated_at: ts(c.source.updatedAt) };
}

/** A component of the list; `metrics_summary` only on a site with metrics. */
export function listComponent(site: DerivedSite, c: DerivedComponent): Json {
  const json = componentFields(site, c);
  if (site.site.metrics) json.metrics_summary = c.metrics ? metricsSummary(site, c) : null;
  json.links = {
    children: {
      href: apiHref({ endpoint: 'components', filter: { parentIdEq: c.id }, page: 1 }),
      count: c.children.length,
    },
  };
  json.created_at = ts(c.source.createdAt);
  json.updated_at = ts(c.source.updatedAt);
  return json;
}

function metricsSummary(site: DerivedSite, c: DerivedComponent): Json {
  const figures = defaultMetrics(site, c.id);
  return {
    timeframe_start: figures.timeframe.startDate,
    timeframe_end: figures.timeframe.endDate,
    percentage_uptime: {
      percent: figures.percent,
      words: percentWords(figures.impactSeconds, figures.totalSeconds),
    },
    url: siteUrl(site.site.url, SITE.component(c.id)),
  };
}

/** A progress update; `state` only on notices that have states. */
export function updateResource(u: DerivedUpdate): Json {
  const json: Json = { id: u.id };
  if (u.state !== null) json.state = u.state;
  json.content = u.content;
  json.created_at = ts(u.at);
  json.updated_at = ts(u.updatedAt);
  return json;
}

/** Common and type-dependent fields; `extra` (latest_update or components + updates) goes between. */
function noticeResource(site: DerivedSite, n: DerivedNotice, extra: Json, tail: Json): Json {
  const json: Json = {
    id: n.id,
    type: n.type,
    timeline_state: n.timelineState,
    subject: n.source.subject,
    url: siteUrl(site.site.url, SITE.notice(n.id)),
    tag_list: n.source.tags,
    created_at: ts(n.createdAt),
    updated_at: ts(n.updatedAt),
    links: { self: apiHref({ endpoint: 'notice', id: n.id }, WITHOUT_VERSION) },
    ...extra,
  };
  if (n.type !== 'general') {
    json.state = n.state;
    json.began_at = timestampOrNull(n.beganAt);
    json.ended_at = timestampOrNull(n.endedAt);
  }
  if (n.type === 'planned') {
    json.begins_at = timestampOrNull(n.source.beginsAt);
    json.ends_at = timestampOrNull(n.source.endsAt);
  }
  if (n.type === 'unplanned' && site.site.metrics) {
    json.impact_time = { seconds: n.impactSeconds, words: durationWords(n.impactSeconds) };
  }
  return { ...json, ...tail };
}

/** A notice of the list: with its latest update, without components and history. */
export function listNotice(site: DerivedSite, n: DerivedNotice): Json {
  return noticeResource(site, n, { latest_update: updateResource(n.updates[n.updates.length - 1]!) }, {});
}

/** A notice detail: impacted components and every update, newest first. */
export function noticeDetail(site: DerivedSite, n: DerivedNotice): Json {
  const components = n.source.components
    .map((id) => site.componentsById.get(id))
    .filter((c): c is DerivedComponent => c !== undefined)
    .map((c) => embeddedComponent(site, c));
  // Newest first, as a status page shows its timeline; the list view's latest_update is updates[0].
  const updates = n.updates.map(updateResource).reverse();
  return noticeResource(site, n, {}, { components, updates });
}
