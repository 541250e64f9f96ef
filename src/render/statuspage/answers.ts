// Lists keep the spec API's notice order (newest first by began_at ?? begins_at ?? created_at, then
// id descending); general notices have no Statuspage form and appear in none of them.
import type { DerivedNotice, DerivedSite } from '../../derive/index.js';
import type { StatuspageEndpoint } from '../../routes/request.js';
import { componentObject, incidentObject, pageObject, statusObject } from './resources.js';

/** Statuspage's incidents.json and scheduled-maintenances.json list the 50 most recent. */
export const RECENT_LIMIT = 50;

/** An incident that has not ended and is still investigated, identified or monitored (`recovering`). */
export const isUnresolved = (n: DerivedNotice): boolean =>
  n.type === 'unplanned' && n.timelineState === 'present' && (n.state === 'investigating' || n.state === 'identified' || n.state === 'recovering');

/** A maintenance still `scheduled` that has not ended (one whose window has passed unstarted included). */
export const isUpcoming = (n: DerivedNotice): boolean =>
  n.type === 'planned' && n.state === 'scheduled' && (n.timelineState === 'future' || n.timelineState === 'present');

/** A maintenance underway: the one that puts components under maintenance. */
export const isActive = (n: DerivedNotice): boolean => n.type === 'planned' && n.state === 'underway' && n.timelineState === 'present';

/**
 * The most recent `limit` of a list, newest first, always with every notice `keep` selects (the
 * unresolved incidents, the upcoming and active maintenances): the oldest of the others make room.
 */
export function mostRecent(notices: DerivedNotice[], keep: (n: DerivedNotice) => boolean, limit = RECENT_LIMIT): DerivedNotice[] {
  let room = limit - notices.filter(keep).length;
  return notices.filter((n) => {
    if (keep(n)) return true;
    room--;
    return room >= 0;
  });
}

const select = (site: DerivedSite, which: (n: DerivedNotice) => boolean): DerivedNotice[] => site.notices.filter(which);
const incidents = (site: DerivedSite, notices: DerivedNotice[]) => notices.map((n) => incidentObject(site, n));
const isIncident = (n: DerivedNotice): boolean => n.type === 'unplanned';
const isMaintenance = (n: DerivedNotice): boolean => n.type === 'planned';
const upcomingOrActive = (n: DerivedNotice): boolean => isUpcoming(n) || isActive(n);

/** The answer of one Statuspage endpoint; none can fail. */
export function statuspageAnswer(site: DerivedSite, endpoint: StatuspageEndpoint): unknown {
  const page = pageObject(site);
  switch (endpoint) {
    case 'v2Summary':
      return {
        page,
        components: site.components.map((c) => componentObject(site, c)),
        incidents: incidents(site, select(site, isUnresolved)),
        scheduled_maintenances: incidents(site, select(site, upcomingOrActive)),
        status: statusObject(site),
      };
    case 'v2Status':
      return { page, status: statusObject(site) };
    case 'v2Components':
      return { page, components: site.components.map((c) => componentObject(site, c)) };
    case 'v2Incidents':
      return { page, incidents: incidents(site, mostRecent(select(site, isIncident), isUnresolved)) };
    case 'v2UnresolvedIncidents':
      return { page, incidents: incidents(site, select(site, isUnresolved)) };
    case 'v2Maintenances':
      return { page, scheduled_maintenances: incidents(site, mostRecent(select(site, isMaintenance), upcomingOrActive)) };
    case 'v2UpcomingMaintenances':
      return { page, scheduled_maintenances: incidents(site, select(site, isUpcoming)) };
    case 'v2ActiveMaintenances':
      return { page, scheduled_maintenances: incidents(site, select(site, isActive)) };
  }
}
