// zod schemas of Atlassian Statuspage's public v2 answers (summary, status, components, incidents,
// incidents/unresolved, scheduled-maintenances and its upcoming and active lists), written from
// Statuspage's documentation of that API and the answers its pages give, independently of src/: a
// client written for Statuspage reads exactly these shapes.
//
// - Objects are strict: an extra key is an error, and a missing one too. The one key Statuspage gives
//   only sometimes, a component's `components`, is there exactly on groups.
// - Keys are declared in the order Statuspage's answers give them, so `keyOrderProblems` (api.ts)
//   checks the output's order too.
// - Values are Statuspage's: ids are strings, timestamps ISO 8601 with milliseconds and a zone,
//   statuses and impacts from its closed sets (including the ones statuspress never gives, such as
//   `verifying`: a client must be ready for them, and the schema must not reject what Statuspage says).
// - A published postmortem is what Statuspage's public answers show: the incident in status
//   `postmortem` with one update of status `postmortem` (its body the postmortem), nothing more.
import { z } from 'zod';

export const COMPONENT_STATUSES = ['operational', 'degraded_performance', 'partial_outage', 'major_outage', 'under_maintenance'] as const;
export const INDICATORS = ['none', 'minor', 'major', 'critical', 'maintenance'] as const;
export const INCIDENT_STATUSES = ['investigating', 'identified', 'monitoring', 'resolved', 'postmortem'] as const;
export const MAINTENANCE_STATUSES = ['scheduled', 'in_progress', 'verifying', 'completed'] as const;
export const INCIDENT_IMPACTS = ['none', 'minor', 'major', 'critical'] as const;
export const MAINTENANCE_IMPACTS = [...INCIDENT_IMPACTS, 'maintenance'] as const;

/** Statuspage's ids: short strings of lowercase letters and digits (`kctbh9vrtdwd`). */
const id = z.string().regex(/^[0-9a-z]+$/, 'an id of lowercase letters and digits');

/** ISO 8601 with milliseconds and a zone (`2014-05-14T14:22:39.441-06:00`, or `Z` on a UTC page), a real instant. */
export const timestamp = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}(Z|[+-]\d{2}:\d{2})$/, 'timestamp with milliseconds and a zone')
  .refine((s) => !Number.isNaN(Date.parse(s)), 'not a real timestamp');

const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'date yyyy-mm-dd');
const url = z.string().regex(/^https?:\/\/[^\s]+$/, 'an absolute http(s) URL');

export const page = z.strictObject({ id, name: z.string(), url, time_zone: z.string().min(1), updated_at: timestamp });

export const status = z.strictObject({ indicator: z.enum(INDICATORS), description: z.string() });

const componentShape = {
  id,
  name: z.string(),
  status: z.enum(COMPONENT_STATUSES),
  created_at: timestamp,
  updated_at: timestamp,
  position: z.int(),
  description: z.string().nullable(),
  showcase: z.boolean(),
  start_date: date.nullable(),
  group_id: id.nullable(),
  page_id: id,
  group: z.boolean(),
  only_show_if_degraded: z.boolean(),
  /** A group's components, by id; only on groups. */
  components: z.array(id).optional(),
};

export const component = z
  .strictObject(componentShape)
  .refine((c) => c.group === (c.components !== undefined), 'components is there exactly when group is true');

const affectedComponent = z.strictObject({
  code: id,
  name: z.string(),
  old_status: z.enum(COMPONENT_STATUSES),
  new_status: z.enum(COMPONENT_STATUSES),
});

const update = (statuses: readonly [string, ...string[]]) =>
  z.strictObject({
    id,
    status: z.enum(statuses),
    body: z.string(),
    incident_id: id,
    created_at: timestamp,
    updated_at: timestamp,
    display_at: timestamp,
    affected_components: z.array(affectedComponent).nullable(),
    deliver_notifications: z.boolean(),
    custom_tweet: z.string().nullable(),
    tweet_id: z.string().nullable(),
  });

const incidentShape = (statuses: readonly [string, ...string[]], impacts: readonly [string, ...string[]]) => ({
  id,
  name: z.string(),
  status: z.enum(statuses),
  created_at: timestamp,
  updated_at: timestamp,
  monitoring_at: timestamp.nullable(),
  resolved_at: timestamp.nullable(),
  impact: z.enum(impacts),
  shortlink: url,
  started_at: timestamp,
  page_id: id,
  incident_updates: z.array(update(statuses)),
  components: z.array(component),
});

/** Each update names its incident. */
const updatesNameIt = (i: { id: string; incident_updates: { incident_id: string }[] }): boolean =>
  i.incident_updates.every((u) => u.incident_id === i.id);

/** An incident in status `postmortem` has its postmortem among its updates, once, and no incident has two. */
const postmortemOnce = (i: { status: string; incident_updates: { status: string }[] }): boolean => {
  const postmortems = i.incident_updates.filter((u) => u.status === 'postmortem').length;
  return postmortems <= 1 && (i.status !== 'postmortem' || postmortems === 1);
};

export const incident = z
  .strictObject(incidentShape(INCIDENT_STATUSES, INCIDENT_IMPACTS))
  .refine(updatesNameIt, 'an update names another incident')
  .refine(postmortemOnce, 'an incident in status postmortem without its postmortem update, or with two');

export const scheduledMaintenance = z
  .strictObject({ ...incidentShape(MAINTENANCE_STATUSES, MAINTENANCE_IMPACTS), scheduled_for: timestamp, scheduled_until: timestamp })
  .refine(updatesNameIt, 'an update names another maintenance');

export const summary = z.strictObject({
  page,
  components: z.array(component),
  incidents: z.array(incident),
  scheduled_maintenances: z.array(scheduledMaintenance),
  status,
});
export const statusAnswer = z.strictObject({ page, status });
export const componentsAnswer = z.strictObject({ page, components: z.array(component) });
export const incidentsAnswer = z.strictObject({ page, incidents: z.array(incident) });
export const maintenancesAnswer = z.strictObject({ page, scheduled_maintenances: z.array(scheduledMaintenance) });

/** Every answer, by its address without `.json`. */
export const STATUSPAGE_ANSWERS = {
  '/api/v2/summary': summary,
  '/api/v2/status': statusAnswer,
  '/api/v2/components': componentsAnswer,
  '/api/v2/incidents': incidentsAnswer,
  '/api/v2/incidents/unresolved': incidentsAnswer,
  '/api/v2/scheduled-maintenances': maintenancesAnswer,
  '/api/v2/scheduled-maintenances/upcoming': maintenancesAnswer,
  '/api/v2/scheduled-maintenances/active': maintenancesAnswer,
} as const;

export type StatuspageAddress = keyof typeof STATUSPAGE_ANSWERS;
export const STATUSPAGE_ADDRESSES = Object.keys(STATUSPAGE_ANSWERS) as StatuspageAddress[];

/** The schema of a prebuilt file under `api/v2/`, by its path in the output; null for a path no answer has. */
export function statuspageSchemaForFile(file: string): z.ZodType | null {
  const address = `/${file.replace(/\.json$/, '')}`;
  return Object.hasOwn(STATUSPAGE_ANSWERS, address) ? STATUSPAGE_ANSWERS[address as StatuspageAddress] : null;
}
