// maintenance.reminder: sent once, a target's `reminder` before a maintenance begins (24 h unless
// it says otherwise), by the first run that sees the maintenance inside that window; again when the
// window moves; never for a maintenance announced inside it, cancelled, or to a target with
// `reminder: false`. And per-component targets: what reaches a target limited to components.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { notify } from '../../../src/notify/index.js';
import type { NotifyResult } from '../../../src/notify/index.js';
import { fastTransport, receiver, scratch, writeSite } from './helpers.js';

const T0 = Date.parse('2026-11-20T10:00:00Z');
const HOUR = 3_600_000;
const hours = (h: number): number => T0 + h * HOUR;
const iso = (ms: number): string => new Date(ms).toISOString().replace('.000Z', 'Z');

const MAINTENANCE = (begins: number, state = 'scheduled', id = 43): string =>
  `id: ${id}\ntype: planned\nsubject: Database upgrade\ncomponents: [2]\nbegins_at: ${iso(begins)}\nends_at: ${iso(begins + 2 * HOUR)}\nupdates:\n  - at: ${iso(T0)}\n    state: scheduled\n    content: We will upgrade the database.\n${
    state === 'scheduled' ? '' : `  - at: ${iso(T0 + HOUR)}\n    state: ${state}\n    content: Not needed after all.\n`
  }`;

const TARGETS = `notify:
  - type: slack
    url_env: DAY_URL
  - type: slack
    url_env: HOURS_URL
    reminder: 2h
  - type: slack
    url_env: NEVER_URL
    reminder: false
`;

async function setup(targets = TARGETS, notices: Record<string, string> = {}) {
  const dir = await scratch();
  const content = await writeSite(dir, targets, notices);
  const hooks = await receiver();
  const env = { DAY_URL: `${hooks.url}/day`, HOURS_URL: `${hooks.url}/hours`, NEVER_URL: `${hooks.url}/never`, API_URL: `${hooks.url}/api`, WEBSITE_URL: `${hooks.url}/website` };
  const record = path.join(dir, 'notify.json');
  const transport = fastTransport();
  const run = (at: number): Promise<NotifyResult> => notify({ contentDir: content, now: at, previous: record, env, transport });
  const texts = (p: string): string[] => hooks.bodies(p).map((b) => (b as { text: string }).text.split('\n')[0]!);
  return { content, hooks, run, texts };
}

const reminders = (r: NotifyResult): string[] => r.events.filter((e) => e.event.type === 'maintenance.reminder').map((e) => e.event.id);

describe('statuspress notify: maintenance reminders', () => {
  it('one reminder the day before, to the targets of that lead, once; again when the window moves', async () => {
    const s = await setup();
    await s.run(hours(-1));
    await writeFile(path.join(s.content, 'notices/43.yaml'), MAINTENANCE(hours(48)));
    expect(reminders(await s.run(hours(1)))).toEqual([]);
    expect(reminders(await s.run(hours(23)))).toEqual([]);
    // The first run inside the 24 hours.
    const dayBefore = await s.run(hours(25));
    expect(reminders(dayBefore)).toEqual(['maintenance-43-reminder-2026-11-22T10:00:00.000Z-1d']);
    expect(dayBefore.deliveries.filter((d) => d.event.includes('reminder'))).toEqual([{ target: 'slack (DAY_URL)', event: 'maintenance-43-reminder-2026-11-22T10:00:00.000Z-1d', ok: true, attempts: 1 }]);
    expect(reminders(await s.run(hours(25)))).toEqual([]);
    expect(reminders(await s.run(hours(30)))).toEqual([]);
    // Two hours before, the target that asked for that.
    expect(reminders(await s.run(hours(46.5)))).toEqual(['maintenance-43-reminder-2026-11-22T10:00:00.000Z-2h']);
    expect(s.texts('/day')).toEqual(['*[Acme Status] Maintenance (Scheduled): Database upgrade*', '*[Acme Status] Maintenance reminder: Database upgrade*']);
    expect(s.texts('/hours')).toEqual(['*[Acme Status] Maintenance (Scheduled): Database upgrade*', '*[Acme Status] Maintenance reminder: Database upgrade*']);
    expect(s.texts('/never')).toEqual(['*[Acme Status] Maintenance (Scheduled): Database upgrade*']);
    expect(s.hooks.bodies('/day')[1]).toMatchObject({ text: expect.stringContaining('Scheduled · 22 Nov 2026, 10:00–12:00 UTC · Website') });

    // Moved a day later: reminded again, a day before the new time.
    await writeFile(path.join(s.content, 'notices/43.yaml'), MAINTENANCE(hours(72)));
    expect(reminders(await s.run(hours(47)))).toEqual([]);
    expect(reminders(await s.run(hours(49)))).toEqual(['maintenance-43-reminder-2026-11-23T10:00:00.000Z-1d']);
    expect(reminders(await s.run(hours(49)))).toEqual([]);
  });

  it('none for a maintenance announced inside the window (its announcement says when), cancelled, or already begun', async () => {
    const s = await setup();
    await s.run(hours(-1));
    await writeFile(path.join(s.content, 'notices/43.yaml'), MAINTENANCE(hours(10)));
    await writeFile(path.join(s.content, 'notices/44.yaml'), MAINTENANCE(hours(30), 'cancelled', 44));
    const announced = await s.run(hours(0.5));
    expect(announced.events.map((e) => e.event.type)).toEqual(['notice.published', 'notice.published']);
    expect(reminders(await s.run(hours(2)))).toEqual([]);
    expect(reminders(await s.run(hours(9)))).toEqual(['maintenance-43-reminder-2026-11-20T20:00:00.000Z-2h']);
    expect(reminders(await s.run(hours(11)))).toEqual([]);
  });
});

describe('statuspress notify: targets limited to components', () => {
  const LIMITED = `notify:
  - type: slack
    url_env: API_URL
    components: [1]
    reminder: false
  - type: slack
    url_env: WEBSITE_URL
    components: [2]
    reminder: false
  - type: slack
    url_env: DAY_URL
    reminder: false
`;
  const INCIDENT = (components: string): string =>
    `id: 42\ntype: unplanned\nsubject: Errors\ncomponents: ${components}\nupdates:\n  - at: ${iso(hours(1))}\n    state: investigating\n    content: Looking.\n`;

  it('a notice of its components (or their descendants), their state changes, general notices; never the page’s state', async () => {
    const s = await setup(LIMITED);
    // A child of the API.
    await writeFile(path.join(s.content, 'components/3-rest.yaml'), 'id: 3\nname: REST\nparent_id: 1\ncreated_at: 2024-01-01T00:00:00Z\n');
    await s.run(hours(0));
    await writeFile(path.join(s.content, 'notices/42.yaml'), INCIDENT('[3]'));
    await writeFile(
      path.join(s.content, 'notices/45.yaml'),
      `id: 45\ntype: general\nsubject: New status page\nupdates:\n  - at: ${iso(hours(1))}\n    content: Welcome.\n`,
    );
    await s.run(hours(2));
    expect(s.texts('/api')).toEqual(['*[Acme Status] New announcement: New status page*', '*[Acme Status] New incident: Errors*', '*[Acme Status] API: degraded*']);
    expect(s.texts('/website')).toEqual(['*[Acme Status] New announcement: New status page*']);
    expect(s.texts('/day')).toEqual([
      '*[Acme Status] New announcement: New status page*',
      '*[Acme Status] New incident: Errors*',
      '*[Acme Status] API: degraded*',
      '*[Acme Status] REST: degraded*',
      '*[Acme Status] Some systems are experiencing problems*',
    ]);
  });

  it('a notice that comes to list a component reaches that component’s target as published, with its text so far, once', async () => {
    const s = await setup(LIMITED);
    await s.run(hours(0));
    await writeFile(path.join(s.content, 'notices/42.yaml'), INCIDENT('[2]'));
    await s.run(hours(2));
    expect(s.texts('/api')).toEqual([]);
    const grown = INCIDENT('[2, 1]') + `  - at: ${iso(hours(3))}\n    state: identified\n    content: The API is affected too.\n`;
    await writeFile(path.join(s.content, 'notices/42.yaml'), grown);
    const run = await s.run(hours(4));
    expect(run.events.map((e) => e.event.id).filter((id) => !id.startsWith('component') && !id.startsWith('page'))).toEqual([
      `update-42-${new Date(hours(3)).toISOString()}-${run.events[0]!.event.id.split('-').at(-1)}`,
      'notice-42-published-to-1',
    ]);
    const api = s.hooks.bodies('/api').map((b) => (b as { text: string }).text);
    expect(api[0]!.split('\n').slice(0, 3)).toEqual(['*[Acme Status] New incident: Errors*', 'Identified · Website, API', '>The API is affected too.']);
    expect(api.slice(1).map((t) => t.split('\n')[0])).toEqual(['*[Acme Status] API: degraded*']);
    expect(s.texts('/website')).toEqual(['*[Acme Status] New incident: Errors*', '*[Acme Status] Website: degraded*', '*[Acme Status] Incident update: Errors*']);
    // Once: the next run finds the notice already listing the API.
    expect((await s.run(hours(5))).events).toEqual([]);
  });
});
