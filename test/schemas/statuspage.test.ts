// The Statuspage schemas themselves: they must accept answers in Statuspage's documented shapes
// (including values statuspress never gives) and reject anything else, or every test that relies on
// them proves nothing.
import { describe, expect, it } from 'vitest';
import { conformanceProblems } from './api.js';
import { component, incident, scheduledMaintenance, statusAnswer, statuspageSchemaForFile, summary } from './statuspage.js';

const T = '2014-05-14T14:22:39.441-06:00';
const PAGE = { id: 'y2j98763l56x', name: 'Example', url: 'https://status.example.com', time_zone: 'America/Denver', updated_at: T };

const leaf = {
  id: 'b13yz5g2cw10',
  name: 'API',
  status: 'partial_outage',
  created_at: T,
  updated_at: T,
  position: 1,
  description: null,
  showcase: false,
  start_date: null,
  group_id: 'jk03xttfcz9b',
  page_id: 'y2j98763l56x',
  group: false,
  only_show_if_degraded: false,
};
const group = { ...leaf, id: 'jk03xttfcz9b', name: 'Voice', status: 'operational', group_id: null, group: true, start_date: '2014-05-03', components: ['b13yz5g2cw10'] };

const updateOf = (incidentId: string, status: string) => ({
  id: 'jdy3tw5mt5r5',
  status,
  body: 'We are looking into it.',
  incident_id: incidentId,
  created_at: T,
  updated_at: T,
  display_at: T,
  affected_components: [{ code: 'b13yz5g2cw10', name: 'API', old_status: 'operational', new_status: 'partial_outage' }],
  deliver_notifications: true,
  custom_tweet: null,
  tweet_id: null,
});

const anIncident = {
  id: 'cp306tmzcl0y',
  name: 'Unplanned Database Outage',
  status: 'postmortem',
  created_at: T,
  updated_at: T,
  monitoring_at: null,
  resolved_at: T,
  impact: 'critical',
  shortlink: 'http://stspg.io/Q0E',
  started_at: T,
  page_id: 'y2j98763l56x',
  incident_updates: [updateOf('cp306tmzcl0y', 'postmortem')],
  components: [leaf],
};

const aMaintenance = {
  ...anIncident,
  id: 'w1zdr745wmfy',
  status: 'verifying',
  impact: 'maintenance',
  incident_updates: [{ ...updateOf('w1zdr745wmfy', 'verifying'), affected_components: null }],
  scheduled_for: T,
  scheduled_until: T,
};

const aSummary = {
  page: PAGE,
  components: [group, leaf],
  incidents: [anIncident],
  scheduled_maintenances: [aMaintenance],
  status: { indicator: 'major', description: 'Partial System Outage' },
};

function without<T extends object>(obj: T, key: keyof T): Partial<T> {
  const copy: Partial<T> = { ...obj };
  delete copy[key];
  return copy;
}

describe('the Statuspage schemas', () => {
  it('accept answers in the documented shapes, with values statuspress never gives (verifying, other zones)', () => {
    expect(conformanceProblems(summary, aSummary)).toEqual([]);
    expect(conformanceProblems(statusAnswer, { page: PAGE, status: { indicator: 'none', description: 'All Systems Operational' } })).toEqual([]);
  });

  it('reject a missing or an extra key at every level', () => {
    expect(component.safeParse(without(leaf, 'only_show_if_degraded')).success).toBe(false);
    expect(component.safeParse({ ...leaf, state: 'operational' }).success).toBe(false);
    expect(incident.safeParse(without(anIncident, 'shortlink')).success).toBe(false);
    expect(incident.safeParse({ ...anIncident, scheduled_for: T }).success).toBe(false);
    expect(scheduledMaintenance.safeParse(without(aMaintenance, 'scheduled_until')).success).toBe(false);
    expect(incident.safeParse({ ...anIncident, incident_updates: [without(updateOf(anIncident.id, 'resolved'), 'display_at')] }).success).toBe(false);
    expect(summary.safeParse(without(aSummary, 'status')).success).toBe(false);
    expect(summary.safeParse({ ...aSummary, meta: {} }).success).toBe(false);
    expect(summary.safeParse({ ...aSummary, page: { ...PAGE, state: 'degraded' } }).success).toBe(false);
  });

  it('reject values outside Statuspage’s sets and types', () => {
    expect(component.safeParse({ ...leaf, status: 'degraded' }).success).toBe(false);
    expect(component.safeParse({ ...leaf, status: 'under-maintenance' }).success).toBe(false);
    expect(component.safeParse({ ...leaf, id: 3 }).success).toBe(false);
    expect(component.safeParse({ ...leaf, position: null }).success).toBe(false);
    expect(incident.safeParse({ ...anIncident, status: 'recovering' }).success).toBe(false);
    expect(incident.safeParse({ ...anIncident, impact: 'maintenance' }).success).toBe(false);
    expect(incident.safeParse({ ...anIncident, created_at: '2014-05-14T14:22:39Z' }).success).toBe(false);
    expect(scheduledMaintenance.safeParse({ ...aMaintenance, status: 'underway' }).success).toBe(false);
    expect(statusAnswer.safeParse({ page: PAGE, status: { indicator: 'degraded', description: 'x' } }).success).toBe(false);
  });

  it('reject a group without its components, components on a non-group, and an update of another incident', () => {
    expect(component.safeParse(without(group, 'components')).success).toBe(false);
    expect(component.safeParse({ ...leaf, components: [] }).success).toBe(false);
    expect(incident.safeParse({ ...anIncident, incident_updates: [updateOf('otherid', 'resolved')] }).success).toBe(false);
  });

  it('reject an incident in status postmortem without its postmortem update, and one with two', () => {
    expect(incident.safeParse({ ...anIncident, incident_updates: [updateOf(anIncident.id, 'resolved')] }).success).toBe(false);
    const two = [updateOf(anIncident.id, 'postmortem'), updateOf(anIncident.id, 'postmortem')];
    expect(incident.safeParse({ ...anIncident, status: 'resolved', incident_updates: two }).success).toBe(false);
    // A postmortem published while the incident is open again: the update is there, the status is the incident's.
    expect(incident.safeParse({ ...anIncident, status: 'investigating', incident_updates: [updateOf(anIncident.id, 'postmortem')] }).success).toBe(true);
  });

  it('check the order of keys', () => {
    const { name, ...rest } = leaf;
    expect(conformanceProblems(component, { ...rest, name })).not.toEqual([]);
  });

  it('know the file of every answer and no other', () => {
    expect(statuspageSchemaForFile('api/v2/summary.json')).toBe(summary);
    expect(statuspageSchemaForFile('api/v2/scheduled-maintenances/active.json')).not.toBeNull();
    expect(statuspageSchemaForFile('api/v2/incidents/42.json')).toBeNull();
    expect(statuspageSchemaForFile('api/v2/constructor.json')).toBeNull();
  });
});
