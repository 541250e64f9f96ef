// The same facts, told twice: what the Statuspage-compatible answers (`/api/v2/…`) say against what
// the Status Reporting API (`/api/v1/…`) says of the same build, by the mapping rules of docs/api.md
// ("How the model maps onto Statuspage's"), written from those rules and not from src/. Same notices,
// same states, same timestamps, same components; each difference is one problem line.
import type { Json } from './build.js';

/** Reads an answer of the build by its address (`/api/v1/notices?page=2`, `/api/v2/summary`). */
export type Get = (address: string) => Json;

/** docs/api.md's table of notice states as Statuspage statuses, written out here (not imported from src). */
export const STATUS_OF_STATE: Record<string, string> = {
  investigating: 'investigating',
  identified: 'identified',
  recovering: 'monitoring',
  resolved: 'resolved',
  false_alarm: 'resolved',
  scheduled: 'scheduled',
  underway: 'in_progress',
  complete: 'completed',
  cancelled: 'completed',
};
const STATUS_OF_IMPACT: Record<string, string> = { minor: 'degraded_performance', major: 'partial_outage', critical: 'major_outage' };
const RANK = ['operational', 'under_maintenance', 'degraded_performance', 'partial_outage', 'major_outage'];
const IMPACT_RANK = ['minor', 'major', 'critical'];
const LIMIT = 50;

const V2 = {
  summary: '/api/v2/summary',
  status: '/api/v2/status',
  components: '/api/v2/components',
  incidents: '/api/v2/incidents',
  unresolved: '/api/v2/incidents/unresolved',
  maintenances: '/api/v2/scheduled-maintenances',
  upcoming: '/api/v2/scheduled-maintenances/upcoming',
  active: '/api/v2/scheduled-maintenances/active',
} as const;

/** Every record of a spec list, following next_page. */
function all(get: Get, first: string, key: 'components' | 'notices'): Json[] {
  const records: Json[] = [];
  for (let next: string | null = first, n = 0; next !== null && n < 1000; n++) {
    const body = get(next);
    records.push(...body[key]);
    next = body.meta.next_page;
  }
  return records;
}

const ids = (records: Json[]): string[] => records.map((r) => String(r.id));
const worst = <T extends string>(order: readonly string[], values: T[], none: T): T =>
  values.reduce((a, b) => (order.indexOf(b) > order.indexOf(a) ? b : a), none);

/** The 50 most recent of a list in order, keeping every record `keep` selects (docs/api.md "Order and limits"). */
function mostRecent(notices: Json[], keep: (n: Json) => boolean): Json[] {
  const room = LIMIT - notices.filter(keep).length;
  let taken = 0;
  return notices.filter((n) => keep(n) || taken++ < room);
}

/** Every difference between the v2 answers and the spec API of one build. */
export function statuspageFactProblems(get: Get): string[] {
  const problems: string[] = [];
  const expect = (ok: boolean, what: string): void => {
    if (!ok) problems.push(what);
  };
  const same = (actual: unknown, expected: unknown, what: string): void =>
    expect(JSON.stringify(actual) === JSON.stringify(expected), `${what}: ${JSON.stringify(actual)}, expected ${JSON.stringify(expected)}`);

  const v1Page = get('/api/v1/status').page;
  const v1Components = all(get, '/api/v1/components', 'components');
  const v1Notices = all(get, '/api/v1/notices', 'notices');
  const detail = new Map<number, Json>(v1Notices.filter((n) => n.type !== 'general').map((n) => [n.id, get(`/api/v1/notices/${n.id}`).notice]));
  const answers = Object.fromEntries(Object.entries(V2).map(([name, address]) => [name, get(address)])) as Record<keyof typeof V2, Json>;

  // The page, the same in every answer.
  const page = answers.summary.page;
  same([page.name, page.url, page.updated_at, page.time_zone], [v1Page.name, v1Page.url, v1Page.updated_at, 'Etc/UTC'], 'page');
  for (const [name, body] of Object.entries(answers)) same(body.page, page, `${name}: page`);

  // Which notices each list holds, in the spec API's order.
  const present = (n: Json): boolean => n.timeline_state === 'present';
  const isUnresolved = (n: Json): boolean => n.type === 'unplanned' && present(n) && ['investigating', 'identified', 'recovering'].includes(n.state);
  const isUpcoming = (n: Json): boolean => n.type === 'planned' && n.state === 'scheduled' && (n.timeline_state === 'future' || present(n));
  const isActive = (n: Json): boolean => n.type === 'planned' && n.state === 'underway' && present(n);
  const unplanned = v1Notices.filter((n) => n.type === 'unplanned');
  const planned = v1Notices.filter((n) => n.type === 'planned');
  const lists: [string, Json[], Json[]][] = [
    ['incidents', answers.incidents.incidents, mostRecent(unplanned, isUnresolved)],
    ['unresolved', answers.unresolved.incidents, v1Notices.filter(isUnresolved)],
    ['summary.incidents', answers.summary.incidents, v1Notices.filter(isUnresolved)],
    ['scheduled-maintenances', answers.maintenances.scheduled_maintenances, mostRecent(planned, (n) => isUpcoming(n) || isActive(n))],
    ['upcoming', answers.upcoming.scheduled_maintenances, v1Notices.filter(isUpcoming)],
    ['active', answers.active.scheduled_maintenances, v1Notices.filter(isActive)],
    ['summary.scheduled_maintenances', answers.summary.scheduled_maintenances, v1Notices.filter((n) => isUpcoming(n) || isActive(n))],
  ];
  const byId = new Map<string, Json>();
  for (const [name, actual, expected] of lists) {
    same(ids(actual), ids(expected), `${name}: ids`);
    for (const record of actual) {
      if (byId.has(record.id)) same(record, byId.get(record.id), `${name} ${record.id}: the same object in every list`);
      else byId.set(record.id, record);
    }
  }

  // Impacts, from the incidents that degrade anything now (all of them unresolved, so all listed).
  const impactOf = (id: number): string | undefined => byId.get(String(id))?.impact;
  const giving = v1Notices.filter((n) => present(n) && ((n.type === 'unplanned' && ['investigating', 'identified'].includes(n.state)) || (n.type === 'planned' && n.state === 'underway')));
  const given = (n: Json, state: string | undefined): string => {
    if (n.type === 'unplanned' && (state === 'investigating' || state === 'identified')) return STATUS_OF_IMPACT[impactOf(n.id) ?? 'missing'] ?? 'unknown impact';
    if (n.type === 'planned' && state === 'underway') return 'under_maintenance';
    return 'operational';
  };

  // The status: indicator and description from the page state.
  const degradingImpacts = giving.filter((n) => n.type === 'unplanned').map((n) => impactOf(n.id) ?? 'missing');
  const indicator = v1Page.state === 'operational' ? 'none' : v1Page.state === 'under-maintenance' ? 'maintenance' : worst(IMPACT_RANK, degradingImpacts, 'minor');
  same(answers.status.status, { indicator, description: v1Page.state_text }, 'status');
  same(answers.summary.status, answers.status.status, 'summary.status');

  // Components: the tree, the fields, and each status from the notices that reach it.
  const parentOf = new Map<number, number | null>(v1Components.map((c) => [c.id, c.parent_id]));
  const reaches = (listed: number, id: number): boolean => {
    for (let at: number | null | undefined = listed, n = 0; at != null && n < 100; at = parentOf.get(at), n++) if (at === id) return true;
    return false;
  };
  const v2Components: Json[] = answers.components.components;
  same(answers.summary.components, v2Components, 'summary.components');
  same(ids(v2Components), ids(v1Components), 'components: ids in order');
  const v2ById = new Map<string, Json>(v2Components.map((c) => [c.id, c]));
  for (const c of v1Components) {
    const v2 = v2ById.get(String(c.id));
    if (!v2) continue;
    const siblings = v1Components.filter((s) => s.parent_id === c.parent_id).map((s) => s.id);
    const children = v1Components.filter((s) => s.parent_id === c.id).map((s) => String(s.id));
    const status = worst(RANK, giving.filter((n) => detail.get(n.id).components.some((l: Json) => reaches(l.id, c.id))).map((n) => given(n, n.state)), 'operational');
    const expected: Json = {
      id: String(c.id),
      name: c.name,
      status,
      created_at: c.created_at,
      updated_at: c.updated_at,
      position: siblings.indexOf(c.id) + 1,
      description: c.description === '' ? null : c.description,
      showcase: c.metrics_summary !== undefined && c.metrics_summary !== null,
      start_date: c.created_at.slice(0, 10),
      group_id: c.parent_id === null ? null : String(c.parent_id),
      page_id: page.id,
      group: children.length > 0,
      only_show_if_degraded: false,
      ...(children.length > 0 ? { components: children } : {}),
    };
    same(v2, expected, `component ${c.id}`);
    // The same fact in both: degraded is an outage status, under-maintenance is under_maintenance.
    const family = v2.status === 'operational' ? 'operational' : v2.status === 'under_maintenance' ? 'under-maintenance' : 'degraded';
    same(family, c.state, `component ${c.id}: ${v2.status} against the spec state`);
  }

  // Each incident and maintenance against its notice detail.
  for (const [id, record] of byId) {
    const n = detail.get(Number(id));
    if (!n) {
      problems.push(`${id}: no such notice in the spec API`);
      continue;
    }
    // A published postmortem has no field in the spec API: its update is taken from v2 as it is, in
    // the shape of a postmortem update, and the incident's status and updated_at follow from it.
    const postmortem = (record.incident_updates as Json[]).find((u) => u.status === 'postmortem');
    if (postmortem) {
      const at = postmortem.created_at;
      same([postmortem.id, postmortem.incident_id, postmortem.updated_at, postmortem.display_at, postmortem.affected_components], [String(Number(id) * 1000 + 903), id, at, at, null], `${id}: its postmortem update`);
      expect(n.type === 'unplanned', `${id}: a postmortem on a ${n.type} notice`);
    }
    const ended = n.state === 'resolved' || n.state === 'false_alarm';
    const inTime = [...n.updates].reverse();
    const firstRecovering = inTime.find((u: Json) => u.state === 'recovering');
    const expected: Json = {
      id,
      name: n.subject,
      status: postmortem && ended ? 'postmortem' : STATUS_OF_STATE[n.state],
      created_at: n.created_at,
      updated_at: postmortem && postmortem.created_at > n.updated_at ? postmortem.created_at : n.updated_at,
      monitoring_at: n.type === 'unplanned' && firstRecovering ? firstRecovering.created_at : null,
      resolved_at: n.ended_at,
      impact: n.type === 'planned' ? 'maintenance' : record.impact,
      shortlink: n.url,
      started_at: n.type === 'unplanned' ? (n.began_at ?? n.created_at) : n.created_at,
      page_id: page.id,
      incident_updates: withPostmortem(postmortem, n.updates).map((u: Json) => {
        if (u === postmortem) return postmortem;
        const i = inTime.indexOf(u);
        const [from, to] = [given(n, inTime[i - 1]?.state), given(n, u.state)];
        const moved = from !== to && n.components.length > 0;
        return {
          id: String(u.id),
          status: STATUS_OF_STATE[u.state],
          body: u.content,
          incident_id: id,
          created_at: u.created_at,
          updated_at: u.updated_at,
          display_at: u.created_at,
          affected_components: moved ? n.components.map((c: Json) => ({ code: String(c.id), name: c.name, old_status: from, new_status: to })) : null,
          deliver_notifications: false,
          custom_tweet: null,
          tweet_id: null,
        };
      }),
      components: n.components.map((c: Json) => v2ById.get(String(c.id))),
      ...(n.type === 'planned' ? { scheduled_for: n.begins_at, scheduled_until: n.ends_at } : {}),
    };
    same(record, expected, `${n.type} ${id}`);
    if (n.type === 'unplanned') expect(['minor', 'major', 'critical'].includes(record.impact), `incident ${id}: impact ${record.impact}`);
  }
  return problems;
}

/** The spec API's updates (newest first) with v2's postmortem update placed among them by time, as v2 lists it. */
function withPostmortem(postmortem: Json | undefined, updates: Json[]): Json[] {
  if (!postmortem) return updates;
  const i = updates.findIndex((u) => u.created_at <= postmortem.created_at);
  return i === -1 ? [...updates, postmortem] : [...updates.slice(0, i), postmortem, ...updates.slice(i)];
}

/** Every timestamp of a body is UTC (`…Z`), as the page's `time_zone` (`Etc/UTC`) says. */
export function nonUtcTimestamps(body: unknown, path = '$'): string[] {
  if (typeof body === 'string') return /^\d{4}-\d{2}-\d{2}T/.test(body) && !/\.\d{3}Z$/.test(body) ? [`${path}: ${body}`] : [];
  if (Array.isArray(body)) return body.flatMap((item, i) => nonUtcTimestamps(item, `${path}[${i}]`));
  if (typeof body === 'object' && body !== null) return Object.entries(body).flatMap(([k, v]) => nonUtcTimestamps(v, `${path}.${k}`));
  return [];
}
