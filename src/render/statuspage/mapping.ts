// How statuspress's model reads in Statuspage's words: notice states as incident and maintenance
// statuses, an incident's impact, the component statuses and the page indicator they give, and the
// page's id. docs/api.md ("The Statuspage-compatible API") states every rule here for clients.
import { createHash } from 'node:crypto';
import { noticeEffect, stateEffect } from '../../derive/components.js';
import type { DerivedNotice, DerivedSite } from '../../derive/index.js';
import type { Impact, NoticeState } from '../../types.js';

export type ComponentStatus = 'operational' | 'under_maintenance' | 'degraded_performance' | 'partial_outage' | 'major_outage';
export type Indicator = 'none' | Impact | 'maintenance';
/** `postmortem`: an incident that has ended and whose postmortem is published (resources.ts). */
export type IncidentStatus = 'investigating' | 'identified' | 'monitoring' | 'resolved' | 'postmortem';
export type MaintenanceStatus = 'scheduled' | 'in_progress' | 'completed';

/** An incident's impact when its file gives none: what Statuspage computes from components in degraded_performance. */
export const DEFAULT_IMPACT: Impact = 'minor';

/** Worse statuses rank higher: an outage beats a degradation, which beats maintenance (as `degraded` beats `under-maintenance`). */
const RANK: Record<ComponentStatus, number> = {
  operational: 0,
  under_maintenance: 1,
  degraded_performance: 2,
  partial_outage: 3,
  major_outage: 4,
};

/** The status of the components an incident of this impact degrades. */
const STATUS_OF_IMPACT: Record<Impact, ComponentStatus> = {
  minor: 'degraded_performance',
  major: 'partial_outage',
  critical: 'major_outage',
};

const IMPACT_RANK: Record<Impact, number> = { minor: 1, major: 2, critical: 3 };

const STATUS_OF_STATE: Record<NoticeState, IncidentStatus | MaintenanceStatus> = {
  investigating: 'investigating',
  identified: 'identified',
  recovering: 'monitoring',
  // Statuspage has no false alarms: the incident is closed like any other.
  resolved: 'resolved',
  false_alarm: 'resolved',
  scheduled: 'scheduled',
  underway: 'in_progress',
  // Nor cancelled maintenance: it is over, as a completed one is.
  complete: 'completed',
  cancelled: 'completed',
};

/** An update's or a notice's state as Statuspage's status. */
export const statusOf = (state: NoticeState): IncidentStatus | MaintenanceStatus => STATUS_OF_STATE[state];

/** The impact of an unplanned notice: its file's `impact`, else the default. */
export const impactOf = (notice: DerivedNotice): Impact => notice.source.impact ?? DEFAULT_IMPACT;

/**
 * The status a notice gives the components it lists while in `state` (whatever else affects them):
 * the effect of its state (src/derive, `stateEffect`) in Statuspage's words, a degradation by the
 * incident's impact.
 */
export function statusGiven(notice: DerivedNotice, state: NoticeState | null): ComponentStatus {
  const effect = stateEffect(notice.type, state);
  if (effect === 'degraded') return STATUS_OF_IMPACT[impactOf(notice)];
  return effect === 'under-maintenance' ? 'under_maintenance' : 'operational';
}

export interface StatuspageView {
  /** Statuspage-style id of the page: 12 characters from `[0-9a-z]`, from the site's `url`. */
  pageId: string;
  /** Each component's status, by id. */
  statuses: Map<number, ComponentStatus>;
  indicator: Indicator;
}

const views = new WeakMap<DerivedSite, StatuspageView>();

/** The Statuspage facts of a site, computed once per site: every v2 answer reads them. */
export function statuspageView(site: DerivedSite): StatuspageView {
  let view = views.get(site);
  if (!view) views.set(site, (view = computeView(site)));
  return view;
}

function computeView(site: DerivedSite): StatuspageView {
  const statuses = new Map<number, ComponentStatus>(site.components.map((c) => [c.id, 'operational']));
  let worstImpact: Impact | null = null;
  for (const notice of site.notices) {
    // The notices that set states in the spec API, so a v2 status is never at odds with a v1 state.
    if (noticeEffect(notice) === null) continue;
    const status = statusGiven(notice, notice.state);
    if (notice.type === 'unplanned' && (worstImpact === null || IMPACT_RANK[impactOf(notice)] > IMPACT_RANK[worstImpact])) {
      worstImpact = impactOf(notice);
    }
    for (const listed of notice.source.components) {
      // Up the tree, as states bubble up; validation rules out cycles, `seen` is only a guard.
      const seen = new Set<number>();
      for (let id: number | null = listed; id !== null && !seen.has(id); id = site.componentsById.get(id)?.source.parentId ?? null) {
        seen.add(id);
        if (RANK[status] > RANK[statuses.get(id) ?? 'operational']) statuses.set(id, status);
      }
    }
  }
  const { state } = site.page;
  const indicator: Indicator = state === 'degraded' ? (worstImpact ?? DEFAULT_IMPACT) : state === 'under-maintenance' ? 'maintenance' : 'none';
  return { pageId: pageId(site.site.url), statuses, indicator };
}

const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';

/** 12 characters of `[0-9a-z]`, as Statuspage's ids, from the SHA-256 of the site's url: stable while the url is. */
export function pageId(url: string): string {
  const digest = createHash('sha256').update(url).digest();
  return [...digest.subarray(0, 12)].map((byte) => ALPHABET[byte % ALPHABET.length]).join('');
}
