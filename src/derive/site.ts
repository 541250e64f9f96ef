// deriveSite: every derivation rule (publishing, notice and component state, timelines, impact and
// metrics) as one pure function of content and `now`.
import type { Content } from '../content/types.js';
import { lineage, orderTree, toDerivedComponents } from './components.js';
import { componentSeverities, pageSeverity, stateOfSeverity } from './severity.js';
import { compareNotices, deriveNotice } from './notices.js';
import type { DerivedNotice, DerivedSite } from './types.js';

/** Everything the API says, as of `now`. Same content and `now` give the same result. */
export function deriveSite(content: Content, now: number): DerivedSite {
  const { site } = content;
  const notices = content.notices
    .map((n) => deriveNotice(n, now, site))
    .filter((n): n is DerivedNotice => n !== null)
    .sort(compareNotices);
  const lines = lineage(content.components);
  const components = toDerivedComponents(
    orderTree(content.components),
    componentSeverities(notices, lines),
    site.metrics,
  );
  const severity = pageSeverity(notices);
  return {
    now,
    site,
    components,
    componentsById: new Map(components.map((c) => [c.id, c])),
    notices,
    noticesById: new Map(notices.map((n) => [n.id, n])),
    metricsNotices: metricsNotices(notices, lines),
    page: { state: stateOfSeverity(severity), severity, updatedAt: pageUpdatedAt(content, notices) },
  };
}

function pageUpdatedAt(content: Content, notices: DerivedNotice[]): number {
  let latest = content.site.createdAt;
  for (const c of content.components) latest = Math.max(latest, c.updatedAt);
  for (const n of notices) latest = Math.max(latest, n.updatedAt);
  return latest;
}

/** Walks each counted notice up its components' ancestry once: linear in content, not components × notices. */
function metricsNotices(notices: DerivedNotice[], lines: Map<number, number[]>): Map<number, DerivedNotice[]> {
  const result = new Map<number, DerivedNotice[]>();
  for (const notice of notices) {
    if (notice.impact === null) continue;
    const reached = new Set<number>();
    for (const listed of notice.source.components) for (const id of lines.get(listed) ?? []) reached.add(id);
    for (const id of reached) {
      const list = result.get(id);
      if (list) list.push(notice);
      else result.set(id, [notice]);
    }
  }
  return result;
}
