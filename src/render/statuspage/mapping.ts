// How statuspress's model reads in Statuspage's words. docs/api.md ("The Statuspage-compatible API")
// states every rule here for clients.
import { createHash } from 'node:crypto';
import { impactOfSeverity, severityGiven } from '../../derive/index.js';
import type { DerivedNotice, DerivedSite, Severity } from '../../derive/index.js';
import type { Impact, NoticeState } from '../../content/types.js';

export type ComponentStatus = 'operational' | 'under_maintenance' | 'degraded_performance' | 'partial_outage' | 'major_outage';
export type Indicator = 'none' | Impact | 'maintenance';
/** `postmortem`: an incident that has ended and whose postmortem is published (resources.ts). */
export type IncidentStatus = 'investigating' | 'identified' | 'monitoring' | 'resolved' | 'postmortem';
export type MaintenanceStatus = 'scheduled' | 'in_progress' | 'completed';

/** A severity (src/derive/severity.ts) in Statuspage's words. */
export const statusOfSeverity = (severity: Severity): ComponentStatus => severity.replace('-', '_') as ComponentStatus;

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

export const statusOf = (state: NoticeState): IncidentStatus | MaintenanceStatus => STATUS_OF_STATE[state];

/** The status a notice gives the components it lists while in `state` (whatever else affects them): its severity in Statuspage's words. */
export const statusGiven = (notice: DerivedNotice, state: NoticeState | null): ComponentStatus => statusOfSeverity(severityGiven(notice, state));

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
  // The severities derivation gave, so a v2 status is never at odds with a v1 state or the pages.
  const statuses = new Map<number, ComponentStatus>(site.components.map((c) => [c.id, statusOfSeverity(c.severity)]));
  const { severity } = site.page;
  const indicator: Indicator = impactOfSeverity(severity) ?? (severity === 'under-maintenance' ? 'maintenance' : 'none');
  return { pageId: pageId(site.site.url), statuses, indicator };
}

const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';

/** 12 characters of `[0-9a-z]`, as Statuspage's ids, from the SHA-256 of the site's url: stable while the url is. */
export function pageId(url: string): string {
  const digest = createHash('sha256').update(url).digest();
  return [...digest.subarray(0, 12)].map((byte) => ALPHABET[byte % ALPHABET.length]).join('');
}
