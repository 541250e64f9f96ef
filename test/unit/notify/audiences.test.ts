// notify per audience: one run serves every target with its audience's view and one record. A target
// with `audience: staff` gets the staff view's events, a target without one the public's only: a
// staff-only incident sends nothing to a public target, a public one reaches both, once each. The
// record keeps each audience's facts (format 5); one of format 4 knew the public alone.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { audienceView } from '../../../src/content/audience.js';
import { readContent } from '../../../src/content/index.js';
import { notify } from '../../../src/notify/index.js';
import type { NotifyResult } from '../../../src/notify/index.js';
import { renderState } from '../../../src/render/state.js';
import { envFor, fastTransport, receiver, scratch, SITE_HEAD } from './helpers.js';
import type { Receiver } from './helpers.js';

const T0 = Date.parse('2026-11-20T10:00:00Z');
const at = (minutes: number): number => T0 + minutes * 60_000;
const ONLY = '    events: [notice.published, notice.updated]\n';
const SITE = `${SITE_HEAD}audiences:\n  staff:\n    name: Acme internal status\n    url: https://status.internal.acme.com\nnotify:\n  - type: webhook\n    url_env: HOOK_URL\n    secret_env: HOOK_SECRET\n${ONLY}  - type: slack\n    url_env: STAFF_SLACK_URL\n    audience: staff\n${ONLY}`;
const PUBLIC = 'webhook (HOOK_URL)';
const STAFF = 'slack (STAFF_SLACK_URL)';
const notice = (id: number, subject: string, audience: string | null): string =>
  `id: ${id}\ntype: unplanned\nsubject: ${subject}\ncomponents: [1]\n${audience === null ? '' : `audience: ${audience}\n`}updates:\n  - at: 2026-11-20T10:05:00Z\n    state: investigating\n    content: Looking into it.\n`;

const closing: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closing.splice(0).map((close) => close()));
});

async function site(): Promise<{ content: string; record: string; hooks: Receiver; run: (minutes: number, previous?: string) => Promise<NotifyResult> }> {
  const dir = await scratch();
  const content = path.join(dir, 'content');
  await mkdir(path.join(content, 'components'), { recursive: true });
  await mkdir(path.join(content, 'notices'), { recursive: true });
  await writeFile(path.join(content, 'site.yaml'), SITE);
  await writeFile(path.join(content, 'components/1-api.yaml'), 'id: 1\nname: API\ncreated_at: 2024-01-01T00:00:00Z\n');
  await writeFile(path.join(content, 'components/2-vpn.yaml'), 'id: 2\nname: VPN\naudience: staff\ncreated_at: 2024-01-01T00:00:00Z\n');
  const hooks = await receiver();
  const env = { ...envFor(hooks.url), STAFF_SLACK_URL: `${hooks.url}/staff-slack` };
  const record = path.join(dir, 'notify.json');
  return { content, record, hooks, run: (minutes, previous = record) => notify({ contentDir: content, now: at(minutes), previous, env, transport: fastTransport() }) };
}

const sentTo = (hooks: Receiver, p: string): string[] => hooks.requests.filter((r) => r.path === p).map((r) => r.body);
type RecordShape = { format: number; notices: Record<string, unknown>; sent: Record<string, string>; audiences: Record<string, { notices: Record<string, unknown>; sent: Record<string, string>; components: Record<string, string> }> };

describe('notify per audience', () => {
  it('a staff-only incident goes to the staff target alone; a public one to both, once each; the record keeps both audiences', async () => {
    const s = await site();
    expect((await s.run(0)).outcome).toBe('first-run');
    await writeFile(path.join(s.content, 'notices/42.yaml'), notice(42, 'Build farm down', 'staff'));
    const staffOnly = await s.run(10);
    expect(staffOnly.deliveries).toEqual([{ target: STAFF, event: 'notice-42-published', ok: true, attempts: 1 }]);
    expect(sentTo(s.hooks, '/hook')).toEqual([]);
    expect(sentTo(s.hooks, '/staff-slack').join()).toContain('Build farm down');

    await writeFile(path.join(s.content, 'notices/43.yaml'), notice(43, 'Elevated error rates', null));
    const both = await s.run(20);
    expect(both.deliveries.map((d) => [d.target, d.event, d.ok])).toEqual([
      [PUBLIC, 'notice-43-published', true],
      [STAFF, 'notice-43-published', true],
    ]);
    expect(both.events.map((e) => e.event.id).filter((id) => id.startsWith('notice'))).toEqual(['notice-43-published']);
    expect(sentTo(s.hooks, '/hook')).toHaveLength(1);
    // Nothing of the staff's reaches the public target: not the incident, not its component.
    expect(sentTo(s.hooks, '/hook').join()).not.toMatch(/Build farm|VPN|"id":42\b/);

    const record = JSON.parse(await readFile(s.record, 'utf8')) as RecordShape;
    expect(record.format).toBe(5);
    expect(Object.keys(record.notices)).toEqual(['43']);
    const notices = (sent: Record<string, string>): string[] => Object.keys(sent).filter((id) => id.startsWith('notice')).sort();
    expect(notices(record.sent)).toEqual(['notice-43-published']);
    expect(Object.keys(record.audiences)).toEqual(['staff']);
    expect(Object.keys(record.audiences.staff!.notices).sort()).toEqual(['42', '43']);
    expect(notices(record.audiences.staff!.sent)).toEqual(['notice-42-published', 'notice-43-published']);
    expect(Object.keys(record.audiences.staff!.components).sort()).toEqual(['1', '2']);
    expect(JSON.stringify({ ...record, audiences: undefined })).not.toMatch(/Build farm|"42"/);

    expect((await s.run(30)).deliveries).toEqual([]);
  });

  it('a record of format 4 (the public alone) is upgraded: the staff audience starts from this run, sending nothing of the past', async () => {
    const s = await site();
    await s.run(0);
    const five = JSON.parse(await readFile(s.record, 'utf8')) as RecordShape & Record<string, unknown>;
    const four: Record<string, unknown> = { ...five, format: 4 };
    delete four.audiences;
    await writeFile(s.record, JSON.stringify(four));
    await writeFile(path.join(s.content, 'notices/42.yaml'), notice(42, 'Build farm down', 'staff'));
    await writeFile(path.join(s.content, 'notices/43.yaml'), notice(43, 'Elevated error rates', null));
    const upgraded = await s.run(10);
    expect(upgraded.migrated).toEqual({ from: 4, to: 5 });
    expect(upgraded.deliveries).toEqual([{ target: PUBLIC, event: 'notice-43-published', ok: true, attempts: 1 }]);
    const record = JSON.parse(await readFile(s.record, 'utf8')) as RecordShape;
    expect(Object.keys(record.audiences.staff!.notices).sort()).toEqual(['42', '43']);
    await writeFile(path.join(s.content, 'notices/44.yaml'), notice(44, 'VPN flapping', 'staff'));
    expect((await s.run(20)).deliveries).toEqual([{ target: STAFF, event: 'notice-44-published', ok: true, attempts: 1 }]);
  });

  it('--previous URL compares with that site’s state alone: a staff build’s serves the staff targets, and says the public ones are not served', async () => {
    const s = await site();
    const full = await readContent(s.content);
    const state = renderState(audienceView(full, 'staff'), at(0));
    const server = createServer((_req, res) => res.writeHead(200, { 'Content-Type': 'application/json' }).end(state.contents));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    closing.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
    await writeFile(path.join(s.content, 'notices/42.yaml'), notice(42, 'Build farm down', 'staff'));
    const result = await s.run(10, `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    expect(result.deliveries).toEqual([{ target: STAFF, event: 'notice-42-published', ok: true, attempts: 1 }]);
    expect(result.warnings).toEqual([
      `${PUBLIC}: not sent to: 1 target of the public audience, and --previous URL is the staff site's state; keep the record as a file (--previous FILE) to notify every audience`,
    ]);
    expect(sentTo(s.hooks, '/hook')).toEqual([]);
  });
});
