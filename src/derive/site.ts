import type { Content, Notice } from '../content/types.js';
import { lineage, orderTree, toDerivedComponents } from './components.js';
import { componentSeverities, pageSeverity, stateOfSeverity } from './severity.js';
import { compareNotices, deriveNotice, RECENT_MS } from './notices.js';
import type { DerivedNotice, DerivedSite } from './types.js';
import { byReachedComponent } from './uptime.js';

/**
 * Everything the API says, as of `now`. Same content and `now` give the same result. `earlier`, the
 * same content derived at an earlier moment: its notices settled by then are taken as they are
 * (the status page's moments derive the site again at each).
 */
export function deriveSite(content: Content, now: number, earlier?: DerivedSite): DerivedSite {
  const { site } = content;
  const notices = content.notices
    .map((n) => reused(n, content, earlier, now) ?? deriveNotice(n, now, site))
    .filter((n): n is DerivedNotice => n !== null)
    .sort(compareNotices);
  const components = toDerivedComponents(
    orderTree(content.components),
    componentSeverities(notices, lineage(content.components)),
    site.metrics,
  );
  const severity = pageSeverity(notices);
  const componentsById = new Map(components.map((c) => [c.id, c]));
  return {
    now,
    site,
    components,
    componentsById,
    notices,
    noticesById: new Map(notices.map((n) => [n.id, n])),
    metricsNotices: byReachedComponent({ componentsById }, notices.filter((n) => n.impact !== null)),
    page: { state: stateOfSeverity(severity), severity, updatedAt: pageUpdatedAt(content, notices) },
  };
}

/**
 * The notice as `earlier` derived it, when that holds at `now` too: derived from this very notice
 * with the same site settings (its transitions' texts), no later than `now`, and settled then,
 * which is when its every time (an update's, a window's ends, an expiry, a postmortem's) had passed
 * by more than RECENT_MS (so it is past_distant, and its updates are all published) and its impact
 * window did not follow the clock. Nothing of it then compares otherwise with any later moment.
 */
function reused(notice: Notice, { site }: Content, earlier: DerivedSite | undefined, now: number): DerivedNotice | undefined {
  const derived = earlier?.noticesById.get(notice.id);
  if (derived === undefined || derived.source !== notice || earlier!.site !== site || earlier!.now > now) return undefined;
  if (derived.impact !== null && derived.impact.end >= earlier!.now) return undefined;
  let latest = Math.max(notice.beginsAt ?? -Infinity, notice.endsAt ?? -Infinity, notice.expiresAt ?? -Infinity, notice.beganAt ?? -Infinity, notice.endedAt ?? -Infinity, notice.postmortem?.at ?? -Infinity);
  for (const update of notice.updates) latest = Math.max(latest, update.at);
  return latest + RECENT_MS < earlier!.now ? derived : undefined;
}

function pageUpdatedAt(content: Content, notices: DerivedNotice[]): number {
  let latest = content.site.createdAt;
  for (const c of content.components) latest = Math.max(latest, c.updatedAt);
  for (const n of notices) latest = Math.max(latest, n.updatedAt);
  return latest;
}
