// The Statuspage-compatible answers (`api/v2/…`) of whole builds: the example site in content/ at
// the moments of its worked example (docs/content.md) and every fixture site. Each answer is in
// Statuspage's documented shape (test/schemas/statuspage.ts), in UTC, and tells the same facts as
// the spec API of the same build (test/helpers/statuspage-facts.ts); the worked example's moments
// are checked value by value.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildContent, contentDir, FIXTURES, SCENARIOS } from '../helpers/build.js';
import type { Built, Json, Scenario } from '../helpers/build.js';
import { nonUtcTimestamps, statuspageFactProblems } from '../helpers/statuspage-facts.js';
import { conformanceProblems } from '../schemas/api.js';
import { STATUSPAGE_ADDRESSES, statuspageSchemaForFile } from '../schemas/statuspage.js';

const EXAMPLE = path.join(import.meta.dirname, '../../content');

/** Each site and moment built: the example at its worked example's moments, and every fixture. */
const BUILDS: [label: string, content: string, now: string][] = [
  ['example, maintenance 21 underway', EXAMPLE, '2026-11-08T03:10:00Z'],
  ['example, maintenance 21 not begun', EXAMPLE, '2026-11-08T02:59:00Z'],
  ['example, incident 27 identified', EXAMPLE, '2026-11-22T06:00:00Z'],
  ['example, incident 12 identified (impact major)', EXAMPLE, '2026-09-23T13:30:00Z'],
  ['example, incident 7 investigating (impact critical)', EXAMPLE, '2026-09-02T12:10:00Z'],
  ['example, degraded wins over maintenance 25', EXAMPLE, '2026-11-29T02:30:00Z'],
  ...(Object.keys(SCENARIOS) as Scenario[]).map((s): [string, string, string] => [s, contentDir(s), SCENARIOS[s].now]),
  ['serve-site', path.join(FIXTURES, 'serve-site/content'), '2026-11-20T12:00:00Z'],
  // Incident 1 has a published postmortem, incident 6 one withheld.
  ['component-feeds', path.join(FIXTURES, 'component-feeds/content'), '2026-11-25T12:00:00Z'],
];

const built = new Map<string, Omit<Built, 'scenario'>>();

beforeAll(async () => {
  for (const [label, content, now] of BUILDS) built.set(label, await buildContent(content, Date.parse(now), 'statuspage'));
}, 120_000);
afterAll(async () => {
  for (const b of built.values()) await b.cleanup();
});

const site = (label: string): Omit<Built, 'scenario'> => built.get(label)!;
const v2 = (label: string, address: string): Json => site(label).get(address);
const statuses = (label: string): Record<string, string> =>
  Object.fromEntries(v2(label, '/api/v2/components').components.map((c: Json) => [c.id, c.status]));
const listed = (label: string, address: string): string[] => {
  const body = v2(label, address);
  return (body.incidents ?? body.scheduled_maintenances).map((i: Json) => i.id);
};

describe.each(BUILDS.map(([label]) => label))('%s: the api/v2 answers', (label) => {
  it('are prebuilt, one file each, in Statuspage’s shapes (key sets and order), compact, every timestamp in UTC', () => {
    const { files } = site(label);
    const v2Files = [...files.keys()].filter((f) => f.startsWith('api/v2/')).sort();
    expect(v2Files).toEqual(STATUSPAGE_ADDRESSES.map((a) => `${a.slice(1)}.json`).sort());
    const problems: string[] = [];
    for (const file of v2Files) {
      const text = files.get(file)!;
      const body: unknown = JSON.parse(text);
      expect(JSON.stringify(body), file).toBe(text);
      problems.push(...conformanceProblems(statuspageSchemaForFile(file)!, body).map((p) => `${file} ${p}`));
      problems.push(...nonUtcTimestamps(body).map((p) => `${file} ${p}`));
    }
    expect(problems).toEqual([]);
  });

  it('tell the same facts as the spec API: notices, states, statuses, timestamps, components', () => {
    expect(statuspageFactProblems(site(label).get)).toEqual([]);
  });
});

describe('the comparison with the spec API', () => {
  // It must see a difference wherever one is: each answer below is the real one with one fact changed.
  const label = 'example, incident 27 identified';
  const tampered = (address: string, change: (body: Json) => void) => (url: string): Json => {
    const body = structuredClone(site(label).get(url));
    if (url === address) change(body);
    return body;
  };
  it.each([
    ['a component status', '/api/v2/components', (b: Json) => (b.components.find((c: Json) => c.id === '10').status = 'partial_outage')],
    ['a component of the summary', '/api/v2/summary', (b: Json) => (b.components[0].position = 7)],
    ['the indicator', '/api/v2/status', (b: Json) => (b.status.indicator = 'major')],
    ['the description', '/api/v2/status', (b: Json) => (b.status.description = 'All Systems Operational')],
    ['an incident left out', '/api/v2/incidents', (b: Json) => b.incidents.pop()],
    ['a resolved incident among the unresolved', '/api/v2/incidents/unresolved', (b: Json) => b.incidents.push(v2(label, '/api/v2/incidents').incidents[1])],
    ['a resolved_at', '/api/v2/incidents', (b: Json) => (b.incidents[1].resolved_at = b.incidents[1].created_at)],
    ['an update status', '/api/v2/incidents', (b: Json) => (b.incidents[1].incident_updates[0].status = 'monitoring')],
    ['affected components', '/api/v2/incidents', (b: Json) => (b.incidents[0].incident_updates.at(-1).affected_components = null)],
    ['a maintenance window', '/api/v2/scheduled-maintenances', (b: Json) => (b.scheduled_maintenances[0].scheduled_until = b.scheduled_maintenances[0].scheduled_for)],
    ['the page of one answer', '/api/v2/scheduled-maintenances/active', (b: Json) => (b.page.updated_at = '2020-01-01T00:00:00.000Z')],
  ])('notices %s', (_, address, change) => {
    expect(statuspageFactProblems(tampered(address, change))).not.toEqual([]);
  });
});

describe('the worked example through api/v2', () => {
  it('maintenance 21 underway: Dashboard and Login under maintenance, the page in maintenance, 21 the active maintenance', () => {
    const label = 'example, maintenance 21 underway';
    expect(v2(label, '/api/v2/status').status).toEqual({ indicator: 'maintenance', description: 'Maintenance is underway' });
    expect(statuses(label)).toMatchObject({ '6': 'under_maintenance', '7': 'under_maintenance', '8': 'operational', '1': 'operational' });
    expect(listed(label, '/api/v2/scheduled-maintenances/active')).toEqual(['21']);
    const [maintenance] = v2(label, '/api/v2/scheduled-maintenances/active').scheduled_maintenances;
    expect(maintenance).toMatchObject({ status: 'in_progress', impact: 'maintenance', scheduled_for: '2026-11-08T03:00:00.000Z', scheduled_until: '2026-11-08T03:30:00.000Z' });
    // The automatic transition is an update like any other; it put both listed components under maintenance.
    expect(maintenance.incident_updates.map((u: Json) => [u.id, u.status])).toEqual([['21901', 'in_progress'], ['21001', 'scheduled']]);
    expect(maintenance.incident_updates[0].affected_components).toEqual([
      { code: '6', name: 'Dashboard', old_status: 'operational', new_status: 'under_maintenance' },
      { code: '7', name: 'Login', old_status: 'operational', new_status: 'under_maintenance' },
    ]);
    expect(maintenance.incident_updates[1].affected_components).toBeNull();
    expect(listed(label, '/api/v2/incidents/unresolved')).toEqual([]);
    // Maintenance 25 is not announced yet (its first update is dated 20 November).
    expect(v2(label, '/api/v2/summary').scheduled_maintenances.map((m: Json) => m.id)).toEqual(['21']);
  });

  it('maintenance 21 before its window: upcoming, not active', () => {
    const label = 'example, maintenance 21 not begun';
    expect(listed(label, '/api/v2/scheduled-maintenances/active')).toEqual([]);
    expect(listed(label, '/api/v2/scheduled-maintenances/upcoming')).toContain('21');
    expect(v2(label, '/api/v2/status').status.indicator).toBe('none');
  });

  it('incident 27 identified: Email and, above it, Notifications degraded_performance (default impact minor), the only unresolved incident', () => {
    const label = 'example, incident 27 identified';
    expect(v2(label, '/api/v2/status').status).toEqual({ indicator: 'minor', description: 'Some systems are experiencing problems' });
    expect(statuses(label)).toMatchObject({ '10': 'degraded_performance', '9': 'degraded_performance', '11': 'operational' });
    expect(listed(label, '/api/v2/incidents/unresolved')).toEqual(['27']);
    const [incident] = v2(label, '/api/v2/incidents/unresolved').incidents;
    expect(incident).toMatchObject({ status: 'identified', impact: 'minor', resolved_at: null, monitoring_at: null, started_at: '2026-11-22T04:18:00.000Z' });
    // The 06:35 update is withheld at 06:00.
    expect(incident.incident_updates.map((u: Json) => u.id)).toEqual(['27002', '27001']);
    expect(incident.shortlink).toBe('https://status.acme.com/notices/27/');
  });

  it('incident 12 (impact major): partial_outage on the components it lists and their parents, indicator major', () => {
    const label = 'example, incident 12 identified (impact major)';
    expect(v2(label, '/api/v2/status').status.indicator).toBe('major');
    expect(statuses(label)).toMatchObject({ '3': 'partial_outage', '4': 'partial_outage', '5': 'partial_outage', '6': 'partial_outage', '2': 'partial_outage', '7': 'operational' });
  });

  it('incident 7 (impact critical): major_outage, indicator critical', () => {
    const label = 'example, incident 7 investigating (impact critical)';
    expect(v2(label, '/api/v2/status').status.indicator).toBe('critical');
    expect(statuses(label)).toMatchObject({ '1': 'major_outage', '12': 'operational' });
  });

  it('degraded wins: maintenance 25 underway on 3, 4, 6 and their parent 2, incident 27 on Email and Notifications; the page degraded', () => {
    const label = 'example, degraded wins over maintenance 25';
    expect(statuses(label)).toMatchObject({
      '2': 'under_maintenance',
      '3': 'under_maintenance',
      '4': 'under_maintenance',
      '6': 'under_maintenance',
      '9': 'degraded_performance',
      '10': 'degraded_performance',
    });
    expect(v2(label, '/api/v2/status').status.indicator).toBe('minor');
    expect(listed(label, '/api/v2/scheduled-maintenances/active')).toEqual(['25']);
    expect(listed(label, '/api/v2/incidents/unresolved')).toEqual(['27']);
  });

  it('lists incidents and maintenances newest first; no announcement anywhere', () => {
    const label = 'example, incident 27 identified';
    const incidents = listed(label, '/api/v2/incidents');
    expect(incidents[0]).toBe('27');
    const all = [...incidents, ...listed(label, '/api/v2/scheduled-maintenances')];
    // 1, 11, 26: general notices (feeds, support hours, holiday support hours).
    for (const general of ['1', '11', '26']) expect(all).not.toContain(general);
    expect(listed(label, '/api/v2/scheduled-maintenances')).toEqual(['25', '21', '18', '9']);
    expect(v2(label, '/api/v2/scheduled-maintenances').scheduled_maintenances.find((m: Json) => m.id === '9').status).toBe('completed'); // cancelled
  });
});

describe('hostile content through YAML and a whole build', () => {
  it('comes out of every api/v2 answer as plain JSON strings, exactly as written', async () => {
    const evil = '</script><script>alert("x")</script> "},{"id":"1" {{constructor}} \u2028 \u202Eevil';
    const q = JSON.stringify;
    const root = await mkdtemp(path.join(tmpdir(), 'statuspress-v2-hostile-'));
    try {
      const content = path.join(root, 'content');
      await mkdir(path.join(content, 'components'), { recursive: true });
      await mkdir(path.join(content, 'notices'));
      await writeFile(path.join(content, 'site.yaml'), `name: ${q(evil)}\nurl: https://status.acme.com\ncreated_at: 2024-01-01T00:00:00Z\nstate_text:\n  degraded: ${q(evil)}\n`);
      await writeFile(path.join(content, 'components/1.yaml'), `id: 1\nname: __proto__\ndescription: ${q(evil)}\ncreated_at: 2024-01-01T00:00:00Z\n`);
      await writeFile(path.join(content, 'components/2.yaml'), `id: 2\nname: constructor\nparent_id: 1\ncreated_at: 2024-01-01T00:00:00Z\n`);
      await writeFile(
        path.join(content, 'notices/3.yaml'),
        `id: 3\ntype: unplanned\nsubject: ${q(evil)}\ncomponents: [2]\nimpact: critical\nupdates:\n  - at: 2026-11-20T10:00:00Z\n    state: investigating\n    content: ${q(evil)}\n`,
      );
      const b = await buildContent(content, Date.parse('2026-11-20T12:00:00Z'), 'v2-hostile');
      try {
        expect(statuspageFactProblems(b.get)).toEqual([]);
        const summary = b.json('api/v2/summary.json');
        expect(conformanceProblems(statuspageSchemaForFile('api/v2/summary.json')!, summary)).toEqual([]);
        expect(summary.page.name).toBe(evil);
        expect(summary.status).toEqual({ indicator: 'critical', description: evil });
        expect(summary.components.map((c: Json) => [c.name, c.status])).toEqual([
          ['__proto__', 'major_outage'],
          ['constructor', 'major_outage'],
        ]);
        expect(summary.components[0].description).toBe(evil);
        expect(summary.incidents[0].name).toBe(evil);
        expect(summary.incidents[0].incident_updates[0].body).toBe(evil);
        expect(Object.keys(summary.components[0])).not.toContain('__proto__');
      } finally {
        await b.cleanup();
      }
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
