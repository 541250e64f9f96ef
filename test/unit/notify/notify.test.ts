// statuspress notify against webhook receivers on 127.0.0.1: every kind of event reaches every kind
// of target once, in the shape that target takes; the webhook signature verifies as a receiver
// checks it; re-runs and overlapping runs send nothing twice; failures are retried, bounded and
// reported without stopping the other targets; hostile content arrives escaped; secrets stay secret.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadContent, requireValid, validateContent } from '../../../src/content/index.js';
import { StatuspressError } from '../../../src/errors/error.js';
import { notify } from '../../../src/notify/index.js';
import { removeStaleLock, withLock } from '../../../src/notify/record.js';
import { textHash } from '../../../src/notify/snapshot.js';
import type { NotifyOptions, NotifyResult } from '../../../src/notify/index.js';
import { renderState } from '../../../src/render/state.js';
import { ALL_TARGETS, deadAddress, envFor, fastTransport, HOOK_SECRET, receiver, scratch, writeSite } from './helpers.js';
import type { Received, Receiver } from './helpers.js';

const T0 = Date.parse('2026-11-20T10:00:00Z');
const at = (minutes: number): number => T0 + minutes * 60_000;
const iso = (minutes: number): string => new Date(at(minutes)).toISOString().replace('.000Z', 'Z');
/** The event id of notice 42's update of minute `minutes` saying `text`. */
const updateEvent = (minutes: number, text: string, notice = 42): string => `update-${notice}-${new Date(at(minutes)).toISOString()}-${textHash(text)}`;
// The default attempt limit: a target left hanging is cut as soon as it hangs (fastTransport), and
// a short limit made fast answers on a busy machine time out.
const RETRY = { backoffMs: 1000, attemptTimeoutMs: 60_000, budgetMs: 180_000 };

const INCIDENT = (...updates: [number, string, string][]): string =>
  `id: 42\ntype: unplanned\nsubject: Elevated error rates\ncomponents: [1]\nupdates:\n${updates.map(([m, state, text]) => `  - at: ${iso(m)}\n    state: ${state}\n    content: ${JSON.stringify(text)}\n`).join('')}`;
const MAINTENANCE = `id: 43\ntype: planned\nsubject: Database upgrade\ncomponents: [2]\nbegins_at: ${iso(60)}\nends_at: ${iso(120)}\nupdates:\n  - at: ${iso(45)}\n    state: scheduled\n    content: We will upgrade the database.\n`;

interface Setup {
  dir: string;
  content: string;
  record: string;
  hooks: Receiver;
  transport: ReturnType<typeof fastTransport>;
  run(minutes: number, extra?: Partial<NotifyOptions>): Promise<NotifyResult>;
}

async function setup(notifyYaml = ALL_TARGETS, notices: Record<string, string> = {}): Promise<Setup> {
  const dir = await scratch();
  const content = await writeSite(dir, notifyYaml, notices);
  const hooks = await receiver();
  const transport = fastTransport(hooks);
  const record = path.join(dir, 'state', 'notify.json');
  return {
    dir,
    content,
    record,
    hooks,
    transport,
    run: (minutes, extra = {}) => notify({ contentDir: content, now: at(minutes), previous: record, env: envFor(hooks.url), transport, retry: RETRY, ...extra }),
  };
}

const ids = (r: Receiver, p: string): string[] => r.bodies(p).map((b) => (b as { id: string }).id);
const slackTexts = (r: Receiver): string[] => r.bodies('/slack/T000/B000/slack-token-abc').map((b) => (b as { text: string }).text);

describe('statuspress notify: events to every target, once', () => {
  it('a first run sends nothing and records; then each kind of event reaches each target once, in order', async () => {
    const s = await setup();
    const first = await s.run(0);
    expect(first.outcome).toBe('first-run');
    expect(s.hooks.requests).toEqual([]);
    expect(JSON.parse(await readFile(s.record, 'utf8'))).toMatchObject({ format: 5, now: '2026-11-20T10:00:00.000Z', page: 'operational', notices: {}, sent: {}, audiences: {} });

    await writeFile(path.join(s.content, 'notices/42.yaml'), INCIDENT([5, 'investigating', 'We are looking into it.']));
    const opened = await s.run(10);
    expect(opened.events.map((e) => e.event.id)).toEqual(['notice-42-published', `component-1-degraded-${new Date(at(10)).toISOString()}`, `page-degraded-${new Date(at(10)).toISOString()}`]);
    expect(opened.deliveries.every((d) => d.ok && d.attempts === 1)).toBe(true);
    expect(opened.warnings).toEqual([]);

    await writeFile(path.join(s.content, 'notices/42.yaml'), INCIDENT([5, 'investigating', 'We are looking into it.'], [20, 'identified', 'A bad deploy.']));
    expect((await s.run(25)).events.map((e) => e.event.type)).toEqual(['notice.updated']);

    await writeFile(path.join(s.content, 'notices/42.yaml'), INCIDENT([5, 'investigating', 'x'], [20, 'identified', 'A bad deploy.'], [40, 'resolved', 'Rolled back.']));
    await writeFile(path.join(s.content, 'notices/43.yaml'), MAINTENANCE);
    expect((await s.run(50)).events.map((e) => e.event.type)).toEqual(['notice.updated', 'notice.published', 'component.state_changed', 'page.state_changed']);
    // The clock alone.
    expect((await s.run(70)).events.map((e) => e.event.type)).toEqual(['maintenance.started', 'component.state_changed', 'page.state_changed']);
    expect((await s.run(130)).events.map((e) => e.event.type)).toEqual(['maintenance.ended', 'component.state_changed', 'page.state_changed']);

    const all = [
      'notice-42-published', 'component-1-degraded', 'page-degraded',
      'update-42',
      'update-42', 'notice-43-published', 'component-1-operational', 'page-operational',
      'maintenance-43-started', 'component-2-under-maintenance', 'page-under-maintenance',
      'maintenance-43-ended', 'component-2-operational', 'page-operational',
    ];
    expect(ids(s.hooks, '/hook').map((id) => id.replace(/-\d{4}-.*$/, ''))).toEqual(all);
    for (const p of ['/slack/T000/B000/slack-token-abc', '/discord/123/discord-token-def', '/teams/workflow-token-ghi']) {
      expect(s.hooks.requests.filter((r) => r.path === p), p).toHaveLength(all.length);
    }
    expect(slackTexts(s.hooks)[0]).toBe(
      '*[Acme Status] New incident: Elevated error rates*\nInvestigating · API\n>We are looking into it.\n<https://status.acme.com/notices/42/|View on the status page>',
    );
    expect(slackTexts(s.hooks)[5]!.split('\n').slice(0, 3)).toEqual([
      '*[Acme Status] Maintenance (Scheduled): Database upgrade*',
      'Scheduled · 20 Nov 2026, 11:00–12:00 UTC · Website',
      '>We will upgrade the database.',
    ]);
    expect(slackTexts(s.hooks)[8]!.split('\n').slice(0, 3)).toEqual([
      '*[Acme Status] Maintenance started: Database upgrade*',
      'Underway · 20 Nov 2026, 11:00–12:00 UTC · Website',
      '>Maintenance is underway.',
    ]);
    expect(slackTexts(s.hooks)[9]).toBe('*[Acme Status] Website: under maintenance*\nwas operational\n<https://status.acme.com/components/2/|View on the status page>');
  });

  it('the webhook payload spells the maintenance state as the API of the site does (maintenance_spelling); event ids keep one spelling', async () => {
    const webhook = 'notify:\n  - type: webhook\n    url_env: HOOK_URL\n    secret_env: HOOK_SECRET\n';
    const s = await setup(`maintenance_spelling: under_maintenance\n${webhook}`, { '43.yaml': MAINTENANCE });
    await s.run(50);
    await s.run(70);
    await s.run(130);
    const states = s.hooks
      .bodies('/hook')
      .map((b) => b as { id: string; page: { state: string; previous_state: string | null }; component: { state: string; previous_state: string } | null })
      .map((b) => [b.id.replace(/-\d{4}-.*$/, ''), b.page.state, b.page.previous_state, b.component?.state ?? null, b.component?.previous_state ?? null]);
    expect(states).toEqual([
      ['maintenance-43-started', 'under_maintenance', null, null, null],
      ['component-2-under-maintenance', 'under_maintenance', null, 'under_maintenance', 'operational'],
      ['page-under-maintenance', 'under_maintenance', 'operational', null, null],
      ['maintenance-43-ended', 'operational', null, null, null],
      ['component-2-operational', 'operational', null, 'operational', 'under_maintenance'],
      ['page-operational', 'operational', 'under_maintenance', null, null],
    ]);
  });

  it('the payload of each kind of target', async () => {
    const s = await setup(ALL_TARGETS, { '42.yaml': INCIDENT([5, 'investigating', 'We are **looking** into it.']) });
    await s.run(10);
    await writeFile(path.join(s.content, 'notices/42.yaml'), INCIDENT([5, 'investigating', 'We are **looking** into it.'], [20, 'identified', 'A bad deploy.\nRolling back.']));
    await s.run(25);
    const [slack] = s.hooks.bodies('/slack/T000/B000/slack-token-abc');
    expect(slack).toEqual({
      text: '*[Acme Status] Incident update: Elevated error rates*\nIdentified · API\n>A bad deploy.\n>Rolling back.\n<https://status.acme.com/notices/42/|View on the status page>',
      link_names: false,
      unfurl_links: false,
      unfurl_media: false,
    });
    const [discord] = s.hooks.bodies('/discord/123/discord-token-def');
    expect(discord).toEqual({
      content: '**\\[Acme Status\\] Incident update: Elevated error rates**\nIdentified · API\n> A bad deploy.\n> Rolling back.\n<https://status.acme.com/notices/42/>',
      allowed_mentions: { parse: [] },
    });
    const [teams] = s.hooks.bodies('/teams/workflow-token-ghi') as { type: string; attachments: { contentType: string; content: { type: string; version: string; body: { inlines: { text: string }[] }[]; actions: unknown[] } }[] }[];
    expect(teams!.type).toBe('message');
    const card = teams!.attachments[0]!;
    expect(card.contentType).toBe('application/vnd.microsoft.card.adaptive');
    expect(card.content).toMatchObject({ type: 'AdaptiveCard', version: '1.4' });
    expect(card.content.body.map((b) => b.inlines[0]!.text)).toEqual(['[Acme Status] Incident update: Elevated error rates', 'Identified · API', 'A bad deploy.\nRolling back.']);
    expect(card.content.actions).toEqual([{ type: 'Action.OpenUrl', title: 'View on the status page', url: 'https://status.acme.com/notices/42/' }]);
    const [hook] = s.hooks.bodies('/hook');
    expect(hook).toEqual({
      id: updateEvent(20, 'A bad deploy.\nRolling back.'),
      type: 'notice.updated',
      occurred_at: '2026-11-20T10:20:00.000Z',
      site: { name: 'Acme Status', url: 'https://status.acme.com' },
      page: { state: 'degraded', state_text: 'Some systems are experiencing problems', previous_state: null },
      notice: { id: 42, type: 'unplanned', subject: 'Elevated error rates', state: 'identified', url: 'https://status.acme.com/notices/42/', components: [1], begins_at: null, ends_at: null },
      update: { id: 42002, state: 'identified', content: 'A bad deploy.\nRolling back.', content_truncated: false, created_at: '2026-11-20T10:20:00.000Z' },
      component: null,
    });
    const headers = s.hooks.requests.find((r) => r.path === '/hook')!.headers;
    expect(headers['content-type']).toBe('application/json');
    expect(headers['user-agent']).toMatch(/^statuspress\/\d+\.\d+\.\d+/);
    expect(headers['x-statuspress-event']).toBe('notice.updated');
    expect(headers['x-statuspress-event-id']).toBe(updateEvent(20, 'A bad deploy.\nRolling back.'));
  });

  it('signs the webhook so a receiver can verify it: HMAC-SHA256 of "<timestamp>.<raw body>", with a fresh timestamp', async () => {
    const s = await setup(ALL_TARGETS, { '42.yaml': INCIDENT([5, 'investigating', 'x']) });
    await s.run(10);
    await writeFile(path.join(s.content, 'notices/43.yaml'), MAINTENANCE);
    await s.run(50);
    const hooks = s.hooks.requests.filter((r) => r.path === '/hook');
    expect(hooks.length).toBeGreaterThan(0);
    // What docs/notifications.md tells a receiver to do.
    const verify = (raw: string, headers: Record<string, string | string[] | undefined>, secret: string, nowSeconds: number): boolean => {
      const timestamp = String(headers['x-statuspress-timestamp']);
      const given = String(headers['x-statuspress-signature']);
      if (!/^\d+$/.test(timestamp) || Math.abs(nowSeconds - Number(timestamp)) > 300) return false;
      const expected = `sha256=${createHmac('sha256', secret).update(`${timestamp}.${raw}`).digest('hex')}`;
      return given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));
    };
    const nowSeconds = Math.floor(s.transport.clock() / 1000);
    for (const r of hooks) {
      expect(verify(r.body, r.headers, HOOK_SECRET, nowSeconds)).toBe(true);
      expect(verify(r.body.replace('"id":"', '"id":"x'), r.headers, HOOK_SECRET, nowSeconds)).toBe(false);
      expect(verify(r.body, r.headers, 'another-secret', nowSeconds)).toBe(false);
      // A replay an hour later fails the freshness check, and a changed timestamp fails the signature.
      expect(verify(r.body, r.headers, HOOK_SECRET, nowSeconds + 3600)).toBe(false);
      expect(verify(r.body, { ...r.headers, 'x-statuspress-timestamp': String(nowSeconds + 3600) }, HOOK_SECRET, nowSeconds + 3600)).toBe(false);
    }
  });

  it('a target gets only the events it lists', async () => {
    const s = await setup(`notify:\n  - type: slack\n    url_env: SLACK_URL\n    events: [notice.published, page.state_changed]\n`);
    await s.run(0);
    await writeFile(path.join(s.content, 'notices/42.yaml'), INCIDENT([5, 'investigating', 'x']));
    const result = await s.run(10);
    expect(result.events).toHaveLength(3);
    expect(slackTexts(s.hooks).map((t) => t.split('\n')[0])).toEqual(['*[Acme Status] New incident: Elevated error rates*', '*[Acme Status] Some systems are experiencing problems*']);
    expect(result.deliveries.map((d) => d.event)).toEqual(['notice-42-published', expect.stringMatching(/^page-degraded-/)]);
  });
});

describe('statuspress notify: nothing twice', () => {
  it('re-runs of the same build, and later runs without a change, send nothing', async () => {
    const s = await setup();
    await s.run(0);
    await writeFile(path.join(s.content, 'notices/42.yaml'), INCIDENT([5, 'investigating', 'x']));
    expect((await s.run(10)).events).toHaveLength(3);
    const count = s.hooks.requests.length;
    expect(count).toBe(12);
    for (const minutes of [10, 10, 11, 30]) expect((await s.run(minutes)).events, String(minutes)).toEqual([]);
    expect(s.hooks.requests).toHaveLength(count);
  });

  it('a notice removed and added back is not announced again; a run of an older build sends nothing and keeps the record', async () => {
    const s = await setup(ALL_TARGETS, { '42.yaml': INCIDENT([5, 'investigating', 'x']) });
    await s.run(0);
    await s.run(10);
    const sent = s.hooks.requests.length;
    await rm(path.join(s.content, 'notices/42.yaml'));
    await s.run(20);
    await writeFile(path.join(s.content, 'notices/42.yaml'), INCIDENT([5, 'investigating', 'x']));
    const back = await s.run(30);
    expect(back.events.map((e) => e.event.type)).toEqual(['component.state_changed', 'page.state_changed']);
    const kept = await readFile(s.record, 'utf8');
    const older = await s.run(15);
    expect(older.outcome).toBe('older');
    expect(older.events).toEqual([]);
    expect(await readFile(s.record, 'utf8')).toBe(kept);
    expect(s.hooks.requests.length).toBe(sent + 2 * 4 + 2 * 4);
  });

  it('two builds of different content with the same now: a state reached again at that now has the id already sent, and is not sent again', async () => {
    const s = await setup(ALL_TARGETS);
    await s.run(0);
    await writeFile(path.join(s.content, 'notices/42.yaml'), INCIDENT([5, 'investigating', 'x']));
    expect((await s.run(10)).events.map((e) => e.event.id)).toEqual(['notice-42-published', `component-1-degraded-${new Date(at(10)).toISOString()}`, `page-degraded-${new Date(at(10)).toISOString()}`]);
    await writeFile(path.join(s.content, 'notices/42.yaml'), INCIDENT([5, 'investigating', 'x'], [8, 'resolved', 'Fixed.']));
    expect((await s.run(10)).events.map((e) => e.event.type)).toEqual(['notice.updated', 'component.state_changed', 'page.state_changed']);
    // Another incident on the same component, built with the same --now: degraded again, under the ids of the first time.
    await writeFile(path.join(s.content, 'notices/43.yaml'), INCIDENT([9, 'investigating', 'y']).replace('id: 42', 'id: 43'));
    const again = await s.run(10);
    expect(again.events.map((e) => e.event.id)).toEqual(['notice-43-published']);
    expect(again.alreadySent).toEqual([`component-1-degraded-${new Date(at(10)).toISOString()}`, `page-degraded-${new Date(at(10)).toISOString()}`]);
    // The record holds the state all the same: the next change, at a later now, is sent from it.
    await writeFile(path.join(s.content, 'notices/43.yaml'), INCIDENT([9, 'investigating', 'y'], [11, 'resolved', 'Fixed.']).replace('id: 42', 'id: 43'));
    expect((await s.run(12)).events.map((e) => e.event.type)).toEqual(['notice.updated', 'component.state_changed', 'page.state_changed']);
  });

  // Found by test/properties/notify.test.ts: the record forgot a notice once it left the content.
  it('a notice a first run recorded is not announced when added back; an update posted while a notice was gone is sent when it is back', async () => {
    const s = await setup(ALL_TARGETS, { '42.yaml': INCIDENT([5, 'investigating', 'x']) });
    expect((await s.run(10)).outcome).toBe('first-run');
    await rm(path.join(s.content, 'notices/42.yaml'));
    await s.run(20);
    await writeFile(path.join(s.content, 'notices/42.yaml'), INCIDENT([5, 'investigating', 'x']));
    expect((await s.run(30)).events.map((e) => e.event.id).filter((id) => id.startsWith('notice-'))).toEqual([]);

    await rm(path.join(s.content, 'notices/42.yaml'));
    await s.run(40);
    await writeFile(path.join(s.content, 'notices/42.yaml'), INCIDENT([5, 'investigating', 'x'], [45, 'resolved', 'Fixed.']));
    expect((await s.run(50)).events.map((e) => e.event.id)).toEqual([updateEvent(45, 'Fixed.')]);
    expect(ids(s.hooks, '/hook').filter((id) => !/^(component|page)-/.test(id))).toEqual([updateEvent(45, 'Fixed.')]);
  });

  it('two overlapping runs on the same record send each event once', async () => {
    const s = await setup();
    await s.run(0);
    await writeFile(path.join(s.content, 'notices/42.yaml'), INCIDENT([5, 'investigating', 'x']));
    await writeFile(path.join(s.content, 'notices/43.yaml'), MAINTENANCE);
    // The webhook answers only once two runs have ended: the runs that find the events claimed then
    // compare while the one that claimed them is still sending. An event id that reaches the webhook
    // twice is the failure itself: it releases the answers, and the checks below tell it.
    let release = (): void => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    const reached = new Set<string>();
    const held = {
      status: 200,
      after: (request: Received): Promise<void> => {
        const id = String(request.headers['x-statuspress-event-id']);
        if (reached.has(id)) release();
        reached.add(id);
        return released;
      },
    };
    for (let i = 0; i < 20; i++) s.hooks.answer('/hook', held);
    const pending = [s.run(50), s.run(50), s.run(51)];
    let ended = 0;
    const end = (): void => {
      if (++ended === 2) release();
    };
    for (const run of pending) run.then(end, end);
    const runs = await Promise.all(pending);
    const claimed = runs.flatMap((r) => r.events.map((e) => e.event.id));
    expect(new Set(claimed).size).toBe(claimed.length);
    expect(claimed.filter((id) => id === 'notice-42-published')).toHaveLength(1);
    for (const p of ['/slack/T000/B000/slack-token-abc', '/discord/123/discord-token-def', '/teams/workflow-token-ghi']) {
      const texts = s.hooks.bodies(p).map((b) => JSON.stringify(b));
      expect(new Set(texts).size, p).toBe(texts.length);
      expect(texts.length, p).toBe(claimed.length);
    }
  });
});

describe('statuspress notify: failures', () => {
  it('retries a 500 with backoff, then succeeds', async () => {
    const s = await setup(ALL_TARGETS);
    await s.run(0);
    await writeFile(path.join(s.content, 'notices/42.yaml'), INCIDENT([5, 'investigating', 'x']));
    s.hooks.answer('/slack/T000/B000/slack-token-abc', { status: 500, body: 'oops' }, { status: 503 });
    const result = await s.run(10);
    expect(result.warnings).toEqual([]);
    expect(result.deliveries.find((d) => d.target === 'slack (SLACK_URL)')).toMatchObject({ ok: true, attempts: 3 });
    expect(s.transport.slept).toEqual([1000, 2000]);
    expect(slackTexts(s.hooks)).toHaveLength(3 + 2);
  });

  it('a 429 waits as long as Retry-After says; one asking too long fails that target alone', async () => {
    const s = await setup(ALL_TARGETS);
    await s.run(0);
    await writeFile(path.join(s.content, 'notices/42.yaml'), INCIDENT([5, 'investigating', 'x']));
    s.hooks.answer('/discord/123/discord-token-def', { status: 429, headers: { 'Retry-After': '7' }, body: '{"retry_after": 7}' });
    s.hooks.answer('/teams/workflow-token-ghi', { status: 429, headers: { 'Retry-After': '3600' } });
    const result = await s.run(10);
    expect(s.transport.slept).toEqual([7000]);
    expect(result.deliveries.filter((d) => d.target === 'discord (DISCORD_URL)').map((d) => d.ok)).toEqual([true, true, true]);
    expect(result.deliveries.filter((d) => d.target === 'teams (TEAMS_URL)')).toEqual([
      { target: 'teams (TEAMS_URL)', event: 'notice-42-published', ok: false, attempts: 1, reason: 'HTTP 429, asking to wait 3600 s: longer than allowed' },
      expect.objectContaining({ ok: false, attempts: 0, reason: 'not tried after an earlier message to this target failed' }),
      expect.objectContaining({ ok: false, attempts: 0 }),
    ]);
    expect(result.warnings).toEqual(['teams (TEAMS_URL): 3 of 3 messages not delivered: HTTP 429, asking to wait 3600 s: longer than allowed']);
  });

  it('dead targets (refused, never answering) are reported, bounded in attempts, while the others get every message', async () => {
    const s = await setup(ALL_TARGETS);
    await s.run(0);
    await writeFile(path.join(s.content, 'notices/42.yaml'), INCIDENT([5, 'investigating', 'x']));
    for (let i = 0; i < 5; i++) s.hooks.answer('/teams/workflow-token-ghi', 'hang');
    const dead = await deadAddress();
    const teams = (): number => s.hooks.requests.filter((r) => r.path === '/teams/workflow-token-ghi').length;
    const before = teams();
    const result = await s.run(10, { env: { ...envFor(s.hooks.url), DISCORD_URL: `${dead}/discord/123/discord-token-def` } });
    // A request without an answer may have arrived: one attempt to the target that never answers,
    // none for its later messages; three to the refused port, which never took one.
    expect(teams() - before).toBe(1);
    expect(result.deliveries.filter((d) => d.ok).map((d) => d.target)).toEqual([...Array(3).fill('slack (SLACK_URL)'), ...Array(3).fill('webhook (HOOK_URL)')]);
    expect(result.deliveries.filter((d) => d.target === 'teams (TEAMS_URL)').map((d) => [d.attempts, d.fate])).toEqual([
      [1, 'unknown'],
      [0, undefined],
      [0, undefined],
    ]);
    expect(result.warnings).toEqual([
      'discord (DISCORD_URL): 3 of 3 messages not delivered: connection refused (3 attempts)',
      'teams (TEAMS_URL): 2 of 3 messages not delivered: not tried after an earlier message to this target failed',
      'teams (TEAMS_URL): 1 of 3 messages handed over without an answer (no answer within 60 s): recorded as unknown, not sent again',
    ]);
    // Every attempt under the policy's limit: slack's, the webhook's and discord's three, teams' one.
    expect(s.transport.limits).toEqual(Array(10).fill(60_000));
    // Claimed before sending: a re-run does not try them again; the unknown one is in the record.
    expect((await s.run(10)).events).toEqual([]);
    expect(JSON.parse(await readFile(s.record, 'utf8'))).toMatchObject({ unknown: { 'notice-42-published': ['teams (TEAMS_URL)'] }, held: [] });
  });

  it('an answer that will not change (a 404, a redirect) fails at once, without retries', async () => {
    const s = await setup(`notify:\n  - type: slack\n    url_env: SLACK_URL\n  - type: webhook\n    url_env: HOOK_URL\n    secret_env: HOOK_SECRET\n`);
    await s.run(0);
    await writeFile(path.join(s.content, 'notices/42.yaml'), INCIDENT([5, 'investigating', 'x']));
    s.hooks.answer('/slack/T000/B000/slack-token-abc', { status: 404, body: 'no_service' });
    s.hooks.answer('/hook', { status: 302, headers: { Location: 'http://127.0.0.1:1/elsewhere' } });
    const result = await s.run(10);
    expect(result.warnings).toEqual([
      'slack (SLACK_URL): 3 of 3 messages not delivered: HTTP 404: "no_service"',
      'webhook (HOOK_URL): 3 of 3 messages not delivered: HTTP 302',
    ]);
    expect(s.hooks.requests).toHaveLength(2);
    expect(s.transport.slept).toEqual([]);
  });

  it('gives up on a target when its time runs out', async () => {
    const s = await setup(`notify:\n  - type: slack\n    url_env: SLACK_URL\n`);
    await s.run(0);
    await writeFile(path.join(s.content, 'notices/42.yaml'), INCIDENT([5, 'investigating', 'x']));
    s.hooks.answer('/slack/T000/B000/slack-token-abc', { status: 500 }, { status: 500 }, { status: 500 });
    const result = await s.run(10, { retry: { ...RETRY, budgetMs: 2500 } });
    expect(result.deliveries[0]).toMatchObject({ ok: false, attempts: 2, reason: 'HTTP 500; no time left for another attempt' });
    expect(s.transport.slept).toEqual([1000]);
  });
});

describe('statuspress notify: hostile content', () => {
  const HOSTILE_SUBJECT = '<b>Down</b> & <!channel> @everyone {{DATE(2026-01-01T00:00:00Z)}} \u202Eevil';
  const LONG = `<!here> @here <@U123> <@&456> <#789> [click](https://evil.example) & ${'x'.repeat(5000)}`;

  it('is escaped for each target: Slack entities, Discord mentions broken and disabled, Teams text runs, lengths cut', async () => {
    const notice = `id: 42\ntype: unplanned\nsubject: ${JSON.stringify(HOSTILE_SUBJECT)}\ncomponents: [1]\nupdates:\n  - at: ${iso(5)}\n    state: investigating\n    content: ${JSON.stringify(LONG)}\n`;
    const s = await setup(ALL_TARGETS);
    await s.run(0);
    await writeFile(path.join(s.content, 'notices/42.yaml'), notice);
    await s.run(10);

    const slack = slackTexts(s.hooks)[0]!;
    expect(slack).toContain('&lt;b&gt;Down&lt;/b&gt; &amp; &lt;!channel&gt; @everyone');
    expect(slack).toContain('>&lt;!here&gt; @here &lt;@U123&gt;');
    // The only `<` left opens the link statuspress wrote.
    expect(slack.match(/</g)).toHaveLength(1);
    expect(slack).not.toContain('\u202E');
    expect(Array.from(slack.split('\n')[2]!).length).toBeLessThanOrEqual(1001 + 200);

    const discord = s.hooks.bodies('/discord/123/discord-token-def')[0] as { content: string; allowed_mentions: unknown };
    expect(discord.allowed_mentions).toEqual({ parse: [] });
    expect(discord.content.length).toBeLessThanOrEqual(2000);
    expect(discord.content).not.toMatch(/@(everyone|here)/);
    expect(discord.content).not.toMatch(/<[@#]/);
    expect(discord.content).toContain('@\u200beveryone');
    expect(discord.content).toContain('<\u200b@U123>');
    expect(discord.content).not.toContain('\u202E');

    const teams = JSON.stringify(s.hooks.bodies('/teams/workflow-token-ghi')[0]);
    expect(teams).not.toContain('{{');
    expect(teams).not.toContain('\u202E');
    const runs = (JSON.parse(teams) as { attachments: { content: { body: { type: string; inlines: { text: string }[] }[] } }[] }).attachments[0]!.content.body;
    expect(runs.every((b) => b.type === 'RichTextBlock')).toBe(true);
    expect(Array.from(runs[2]!.inlines[0]!.text).length).toBeLessThanOrEqual(1001);

    const hook = s.hooks.bodies('/hook')[0] as { notice: { subject: string }; update: { content: string; content_truncated: boolean } };
    // Data as written (JSON escapes it), the text whole up to 10,000 characters...
    expect(hook.notice.subject).toBe(HOSTILE_SUBJECT);
    expect(hook.update.content_truncated).toBe(false);
    expect(hook.update.content).toBe(LONG);
    // ...and cut past them.
    await writeFile(path.join(s.content, 'notices/42.yaml'), `${notice}  - at: ${iso(20)}\n    state: identified\n    content: ${JSON.stringify('y'.repeat(12_000))}\n`);
    await s.run(25);
    const longer = s.hooks.bodies('/hook').at(-1) as { update: { content: string; content_truncated: boolean } };
    expect(longer.update.content_truncated).toBe(true);
    expect(longer.update.content).toBe(`${'y'.repeat(10_000)}…`);
  });
});

describe('statuspress notify: configuration and secrets', () => {
  it('a variable that is not set is a usage error naming every one, and nothing is sent or recorded', async () => {
    const s = await setup(ALL_TARGETS, { '42.yaml': INCIDENT([5, 'investigating', 'x']) });
    const env = envFor(s.hooks.url);
    const error = await s.run(10, { env: { SLACK_URL: env.SLACK_URL, TEAMS_URL: '  ', HOOK_URL: env.HOOK_URL } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StatuspressError);
    expect((error as StatuspressError).exitCode).toBe(2);
    expect((error as StatuspressError).code).toBe('usage/notify-env-missing');
    expect((error as Error).message).toBe(
      "3 environment variables of site.yaml's notify targets are not set: DISCORD_URL (discord (DISCORD_URL)), TEAMS_URL (teams (TEAMS_URL)), HOOK_SECRET (webhook (HOOK_URL)); nothing was sent",
    );
    await expect(readFile(s.record)).rejects.toThrow(/ENOENT/);
    expect(s.hooks.requests).toEqual([]);
  });

  it('a variable that holds no web address is named, never shown', async () => {
    const s = await setup(ALL_TARGETS);
    const error = (await s.run(10, { env: { ...envFor(s.hooks.url), TEAMS_URL: 'teams-secret-token-xyz' } }).catch((e: unknown) => e)) as StatuspressError;
    expect(error.code).toBe('usage/notify-env-not-url');
    expect(error.message).toBe('TEAMS_URL (teams (TEAMS_URL)) does not hold an http(s) address; nothing was sent');
    expect(`${error.message}${error.hint}`).not.toContain('secret-token');
  });

  it('no address or secret appears in the result, however the targets fail', async () => {
    const s = await setup(ALL_TARGETS);
    await s.run(0);
    await writeFile(path.join(s.content, 'notices/42.yaml'), INCIDENT([5, 'investigating', 'x']));
    const env = envFor(s.hooks.url);
    // Receivers that echo what they were sent, and the secret.
    s.hooks.answer('/slack/T000/B000/slack-token-abc', { status: 404, body: `no such hook: ${env.SLACK_URL}` });
    s.hooks.answer('/hook', { status: 401, body: `bad signature for ${HOOK_SECRET} at /hook` });
    s.hooks.answer('/teams/workflow-token-ghi', { status: 400, body: 'bad request to /teams/workflow-token-ghi' });
    const result = await s.run(10);
    const text = JSON.stringify(result);
    for (const secret of ['slack-token-abc', 'discord-token-def', 'workflow-token-ghi', HOOK_SECRET, s.hooks.url]) expect(text).not.toContain(secret);
    expect(result.warnings).toContain('slack (SLACK_URL): 3 of 3 messages not delivered: HTTP 404: "no such hook: [secret]"');
    expect(result.warnings).toContain('webhook (HOOK_URL): 3 of 3 messages not delivered: HTTP 401: "bad signature for [secret] at [secret]"');
    expect(result.warnings).toContain('teams (TEAMS_URL): 3 of 3 messages not delivered: HTTP 400: "bad request to [secret]"');
  });

  it('a secret in the address\'s query (a Teams workflow\'s sig) is blanked too, alone or with its path', async () => {
    const s = await setup(ALL_TARGETS);
    await s.run(0);
    await writeFile(path.join(s.content, 'notices/42.yaml'), INCIDENT([5, 'investigating', 'x']));
    const sig = 'Zm9vYmFyLXNpZ25hdHVyZS12YWx1ZQ';
    const env = { ...envFor(s.hooks.url), TEAMS_URL: `${s.hooks.url}/teams/invoke?api-version=2016-06-01&sig=${sig}` };
    s.hooks.answer('/teams/invoke', { status: 401, body: `signature ${sig} is not valid for /teams/invoke?api-version=2016-06-01&sig=${sig}` });
    const result = await s.run(10, { env });
    expect(JSON.stringify(result)).not.toContain(sig);
    expect(result.warnings).toContain('teams (TEAMS_URL): 3 of 3 messages not delivered: HTTP 401: "signature [secret] is not valid for [secret]"');
  });

  it('with no targets, records the state and sends nothing', async () => {
    const s = await setup('');
    await s.run(0);
    await writeFile(path.join(s.content, 'notices/42.yaml'), INCIDENT([5, 'investigating', 'x']));
    const result = await s.run(10, { env: {} });
    expect(result.events).toHaveLength(3);
    expect(result.deliveries).toEqual([]);
    expect(JSON.parse(await readFile(s.record, 'utf8'))).toMatchObject({ page: 'degraded', notices: { 42: [{ id: 42001, at: '2026-11-20T10:05:00.000Z', hash: textHash('x') }] } });
  });

  it('a dry run needs no variables and sends and records nothing', async () => {
    const s = await setup(ALL_TARGETS, { '42.yaml': INCIDENT([5, 'investigating', 'x']) });
    await s.run(0);
    const before = await readFile(s.record, 'utf8');
    const result = await s.run(10, { env: {}, dryRun: true });
    expect(result.events.map((e) => e.event.type)).toEqual(['notice.published', 'component.state_changed', 'page.state_changed']);
    expect(result.recorded).toBeNull();
    await writeFile(path.join(s.content, 'notices/43.yaml'), MAINTENANCE);
    expect((await s.run(50, { env: {}, dryRun: true })).events.map((e) => e.event.id)).toContain('notice-43-published');
    expect(await readFile(s.record, 'utf8')).toBe(before);
    expect(s.hooks.requests).toEqual([]);
  });
});

describe('statuspress notify: the previous state', () => {
  it('from the deployed site: its _statuspress/build.json, read only; 404 is a first run with a warning', async () => {
    const s = await setup(ALL_TARGETS, { '42.yaml': INCIDENT([5, 'investigating', 'x']) });
    const site = await receiver({ status: 404 });
    const none = await s.run(10, { previous: `${site.url}/status` });
    expect(none.outcome).toBe('first-run');
    expect(none.warnings).toEqual([`${site.url}/status/_statuspress/build.json answered 404: nothing was sent (a first deployment, or a host that does not serve _statuspress/)`]);
    expect(site.requests[0]!.headers['cache-control']).toBe('no-cache');

    // The state file the build deployed at minute 10 publishes.
    const deployed = renderState(requireValid(validateContent(await loadContent(s.content))), at(10)).contents as string;
    site.answer('/status/_statuspress/build.json', { status: 200, headers: { 'Content-Type': 'application/json' }, body: deployed });
    await writeFile(path.join(s.content, 'notices/42.yaml'), INCIDENT([5, 'investigating', 'x'], [20, 'resolved', 'Fixed.']));
    const result = await s.run(25, { previous: `${site.url}/status/` });
    expect(result.events.map((e) => e.event.type)).toEqual(['notice.updated', 'component.state_changed', 'page.state_changed']);
    expect(result.recorded).toBeNull();
    expect(ids(s.hooks, '/hook')).toEqual([updateEvent(20, 'Fixed.'), expect.stringMatching(/^component-1-operational/), expect.stringMatching(/^page-operational/)]);

    site.answer('/status/_statuspress/build.json', { status: 500 });
    const error = (await s.run(30, { previous: `${site.url}/status` }).catch((e: unknown) => e)) as StatuspressError;
    expect(error.code).toBe('notify/previous-unreadable');
    expect(error.message).toBe(`Could not read the previous state from ${site.url}/status/_statuspress/build.json: HTTP 500; nothing was sent`);
  });

  it('a damaged record is an error that sends nothing and leaves it as it is', async () => {
    const s = await setup(ALL_TARGETS, { '42.yaml': INCIDENT([5, 'investigating', 'x']) });
    await s.run(0);
    const damaged = '{"format": 3, "now": "yesterday", "page": "operational", "components": {}, "notices": {}, "sent": {}}';
    await writeFile(s.record, damaged);
    const error = (await s.run(10).catch((e: unknown) => e)) as StatuspressError;
    expect(error.code).toBe('notify/previous-unreadable');
    expect(error.exitCode).toBe(1);
    expect(error.message).toBe(`Could not read the previous state from ${s.record}: a notify record, but damaged: its "now" is not a timestamp; nothing was sent`);
    expect(await readFile(s.record, 'utf8')).toBe(damaged);
    expect(s.hooks.requests).toEqual([]);
  });

  it('waits for a run holding the lock, removes a stale lock, and gives up on one held too long', async () => {
    const s = await setup(ALL_TARGETS);
    await s.run(0);
    await writeFile(`${s.record}.lock`, 'someone\n');
    const held = (await s.run(10, { lock: { waitMs: 50 } }).catch((e: unknown) => e)) as StatuspressError;
    expect(held.code).toBe('notify/record-locked');
    expect((await s.run(10, { lock: { waitMs: 50, staleMs: 0 } })).outcome).toBe('compared');
    await expect(readFile(`${s.record}.lock`)).rejects.toThrow(/ENOENT/);
  });

  it('reads a lock\'s age from the time written in it, never from the file\'s times', async () => {
    const s = await setup(ALL_TARGETS);
    await s.run(0);
    const lock = `${s.record}.lock`;
    const now = Date.parse('2026-11-20T12:00:00Z');
    const options = { waitMs: 50, staleMs: 60_000, now: () => now };
    // Fresh by its text, years old by the file system: waited for, then given up on.
    await writeFile(lock, `1 ${new Date(now).toISOString()}\n`);
    await utimes(lock, new Date('2020-01-01T00:00:00Z'), new Date('2020-01-01T00:00:00Z'));
    expect(((await s.run(10, { lock: options }).catch((e: unknown) => e)) as StatuspressError).code).toBe('notify/record-locked');
    // Old by its text, new by the file system: stale, removed.
    await writeFile(lock, `1 ${new Date(now - 120_000).toISOString()}\n`);
    expect((await s.run(10, { lock: options })).outcome).toBe('compared');
    await expect(readFile(lock)).rejects.toThrow(/ENOENT/);
  });

  it('a lock its owner never wrote a time in (a crash, garbage) is taken over within the wait', async () => {
    const s = await setup(ALL_TARGETS);
    await s.run(0);
    for (const left of ['', 'someone\n', '4242\n']) {
      await writeFile(`${s.record}.lock`, left);
      // The wait is shorter than staleMs, as by default: only the grace lets the run go on.
      expect((await s.run(10, { lock: { waitMs: 1_000, staleMs: 60_000, graceMs: 50 } })).outcome).toBe('compared');
      await expect(readFile(`${s.record}.lock`)).rejects.toThrow(/ENOENT/);
    }
  });

  it('lets go of its lock only while it is still its own', async () => {
    const dir = await scratch();
    const file = path.join(dir, 'record.json');
    const now = Date.parse('2026-11-20T12:00:00Z');
    const other = `2 ${new Date(now).toISOString()}\n`;
    await withLock(file, { waitMs: 50, staleMs: 60_000, sleep: async () => {}, now: () => now }, async () => {
      // Taken over meanwhile by a run that found it stale: that run's lock is left to that run.
      await writeFile(`${file}.lock`, other);
    });
    expect(await readFile(`${file}.lock`, 'utf8')).toBe(other);
  });

  it('a stale lock found by two runs: the second leaves alone the fresh lock the first made meanwhile', async () => {
    const dir = await scratch();
    const lock = path.join(dir, 'record.json.lock');
    await writeFile(lock, '1 2026-01-01T00:00:00.000Z\n');
    await removeStaleLock(lock, '1 2026-01-01T00:00:00.000Z\n');
    await expect(readFile(lock)).rejects.toThrow(/ENOENT/);
    // The first run made its lock after both saw the stale one: the second's removal puts it back.
    await writeFile(lock, '2 2026-11-23T00:00:00.000Z\n');
    await removeStaleLock(lock, '1 2026-01-01T00:00:00.000Z\n');
    expect(await readFile(lock, 'utf8')).toBe('2 2026-11-23T00:00:00.000Z\n');
    expect(await readdir(dir)).toEqual(['record.json.lock']);
  });
});
