// How bad things are, past the three states of the Status Reporting API: an incident's `impact` tells
// a slowdown from an outage. The one place the mapping is written: the pages, the widget's file and
// the Statuspage-compatible API read it, so a component the page shows as "Major outage" is
// `major_outage` in /api/v2 and its page's heading says "Major system outage".
import type { Impact, NoticeState, NoticeType, State } from '../content/types.js';
import type { DerivedNotice, Severity } from './types.js';

// Named with the derived site's types, which must not import this module.
export type { Severity } from './types.js';

/** Worst last: an outage beats a degradation, which beats maintenance (as `degraded` beats `under-maintenance`). */
export const SEVERITIES: readonly Severity[] = ['operational', 'under-maintenance', 'degraded-performance', 'partial-outage', 'major-outage'];
const RANK = Object.fromEntries(SEVERITIES.map((s, i) => [s, i])) as Record<Severity, number>;

/** An incident's impact when its file gives none: what Statuspage computes from components in degraded_performance. */
export const DEFAULT_IMPACT: Impact = 'minor';

/** The severity of the components an incident of this impact degrades. */
export const SEVERITY_OF_IMPACT: Record<Impact, Severity> = {
  minor: 'degraded-performance',
  major: 'partial-outage',
  critical: 'major-outage',
};

/** The impact a degrading severity stands for (the page's indicator in /api/v2); null for the others. */
export const impactOfSeverity = (severity: Severity): Impact | null =>
  severity === 'major-outage' ? 'critical' : severity === 'partial-outage' ? 'major' : severity === 'degraded-performance' ? 'minor' : null;

/** The impact of an unplanned notice: its file's `impact`, else the default. */
export const impactOf = (notice: DerivedNotice): Impact => notice.source.impact ?? DEFAULT_IMPACT;

export const worse = (a: Severity, b: Severity): Severity => (RANK[b] > RANK[a] ? b : a);

/** The spec's state of a severity: the three degrading ones are `degraded`. */
export const stateOfSeverity = (severity: Severity): State =>
  severity === 'operational' || severity === 'under-maintenance' ? severity : 'degraded';

/**
 * The severity a notice gives the components it lists while in `state` (whatever else affects them):
 * the effect of its state (`stateEffect`), a degradation told by the incident's impact.
 */
export function severityGiven(notice: { type: NoticeType; source: { impact?: Impact } }, state: NoticeState | null): Severity {
  const effect = stateEffect(notice.type, state);
  if (effect === 'degraded') return SEVERITY_OF_IMPACT[notice.source.impact ?? DEFAULT_IMPACT];
  return effect ?? 'operational';
}

/** Component severities from the present notices, bubbled up to every ancestor (`lines`: each id with its ancestors). */
export function componentSeverities(notices: DerivedNotice[], lines: Map<number, number[]>): Map<number, Severity> {
  const severities = new Map<number, Severity>();
  for (const notice of notices) {
    if (noticeEffect(notice) === null) continue;
    const given = severityGiven(notice, notice.state);
    for (const listed of notice.source.components) {
      for (const id of lines.get(listed) ?? []) severities.set(id, worse(severities.get(id) ?? 'operational', given));
    }
  }
  return severities;
}

/** The page's severity: the worst any present notice gives, listing components or not. */
export function pageSeverity(notices: DerivedNotice[]): Severity {
  let severity: Severity = 'operational';
  for (const notice of notices) if (noticeEffect(notice) !== null) severity = worse(severity, severityGiven(notice, notice.state));
  return severity;
}

/**
 * What a notice of `type` in `state` does to the components it lists (and to the page) while it is
 * present: an incident being investigated or identified degrades them, maintenance underway puts them
 * under maintenance, any other state does nothing. The one place this rule is written: the pages'
 * tones and the Statuspage statuses read it too.
 */
export function stateEffect(type: NoticeType, state: NoticeState | null): State | null {
  if (type === 'unplanned' && (state === 'investigating' || state === 'identified')) return 'degraded';
  if (type === 'planned' && state === 'underway') return 'under-maintenance';
  return null;
}

/** What a notice does to the components it affects (and to the page), if anything: only a present one does. */
export function noticeEffect(notice: DerivedNotice): State | null {
  return notice.timelineState === 'present' ? stateEffect(notice.type, notice.state) : null;
}
