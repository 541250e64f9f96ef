// notify's deadlines and the honesty of what it reports: every attempt has one deadline however a
// server trickles its replies, a target and a run have theirs; a message handed over without an
// answer is unknown (recorded, reported, never sent again); a stop holds what it had not handed
// over for the next run, each to its own target; a message some recipients refused is partly
// delivered. Real servers on 127.0.0.1 (smtp-server, node:http, a bare socket); every limit is the
// transport's to cut, so nothing waits out a minute.
import { readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import type { AddressInfo, Server as NetServer, Socket } from 'node:net';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_RETRY } from '../../../src/notify/deliver.js';
import { notify } from '../../../src/notify/index.js';
import type { NotifyOptions, NotifyResult } from '../../../src/notify/index.js';
import { parseRecord } from '../../../src/notify/snapshot.js';
import { envFor, fastTransport, receiver, scratch, writeSite } from './helpers.js';
import type { Receiver } from './helpers.js';

const T0 = Date.parse('2026-11-20T10:00:00Z');
const at = (minutes: number): number => T0 + minutes * 60_000;
const iso = (minutes: number): string => new Date(at(minutes)).toISOString().replace('.000Z', 'Z');
const INCIDENT = (...updates: [number, string, string][]): string =>
  `id: 42\ntype: unplanned\nsubject: Elevated error rates\ncomponents: [1]\nupdates:\n${updates.map(([m, state, text]) => `  - at: ${iso(m)}\n    state: ${state}\n    content: ${JSON.stringify(text)}\n`).join('')}`;
// The notice's own events only: one message per update, none for the states it changes.
const ONLY = '    events: [notice.published, notice.updated]\n';
const EMAIL = `notify:\n  - type: email\n    url_env: SMTP_URL\n    to_env: STATUS_EMAIL_TO\n    from: status@acme.com\n${ONLY}`;
const HOOK_TARGET = `  - type: webhook\n    url_env: HOOK_URL\n    secret_env: HOOK_SECRET\n${ONLY}`;
const HOOK = `notify:\n${HOOK_TARGET}`;
const MAIL_LABEL = 'email (SMTP_URL, STATUS_EMAIL_TO)';

const closing: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closing.splice(0).map((close) => close()));
});

interface Smtp {
  port: number;
  /** Messages whose data the server received whole (each a copy a reader would get). */
  received: string[];
}

/** An SMTP server that refuses the recipients in `refuse`, and answers a message's data after `reply` resolves. */
async function smtp(options: { refuse?: string[]; reply?: () => Promise<void> } = {}): Promise<Smtp> {
  const received: string[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    disableReverseLookup: true,
    onRcptTo(address, _session, callback) {
      if (options.refuse?.includes(address.address)) callback(Object.assign(new Error('No such user'), { responseCode: 550 }));
      else callback();
    },
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push(Buffer.concat(chunks).toString('utf8'));
        void (options.reply?.() ?? Promise.resolve()).then(() => callback(null));
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closing.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { port: (server.server.address() as AddressInfo).port, received };
}

/** A "server" that greets with a continuation line every 20 ms and never ends its reply; `connections` counts who came. */
async function trickle(): Promise<{ port: number; connections: number; onConnect: (f: () => void) => void }> {
  const sockets = new Set<Socket>();
  const listeners: (() => void)[] = [];
  const state = { connections: 0 };
  const server: NetServer = createServer((socket) => {
    state.connections++;
    sockets.add(socket);
    const timer = setInterval(() => socket.write('220-still greeting\r\n'), 20);
    socket.on('close', () => clearInterval(timer));
    socket.on('error', () => undefined);
    for (const f of listeners) f();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closing.push(
    () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  );
  return {
    port: (server.address() as AddressInfo).port,
    get connections() {
      return state.connections;
    },
    onConnect: (f) => listeners.push(f),
  };
}

/**
 * fastTransport, whose attempt limits are recorded as asked (the policy's 60 s) but end after
 * `cutMs` of real time: the test stands in for the minute passing.
 */
/** A transport whose attempts end after `cut` ms, or when `cut` (a signal) is aborted. */
function cutTransport(cut: number | AbortSignal, hangs?: Receiver): ReturnType<typeof fastTransport> {
  const transport = fastTransport(hangs);
  return { ...transport, timeout: (ms) => (transport.timeout(ms), typeof cut === 'number' ? AbortSignal.timeout(cut) : cut) };
}

async function site(targets: string): Promise<{ content: string; record: string; run: (minutes: number, options: Partial<NotifyOptions>) => Promise<NotifyResult> }> {
  const dir = await scratch();
  const content = await writeSite(dir, targets, {});
  const record = path.join(dir, 'notify.json');
  return { content, record, run: (minutes, options) => notify({ contentDir: content, now: at(minutes), previous: record, ...options }) };
}

const mailEnv = (port: number, to = 'ops@acme.com'): Record<string, string> => ({ SMTP_URL: `smtp://127.0.0.1:${port}`, STATUS_EMAIL_TO: to });

describe('notify: deadlines', () => {
  it('says what the docs promise: 60 s an attempt, three attempts or three minutes a target, ten minutes a run', () => {
    expect(DEFAULT_RETRY).toMatchObject({ attempts: 3, attemptTimeoutMs: 60_000, budgetMs: 180_000, runMs: 600_000 });
  });

  it('an SMTP server that never ends its greeting is cut at the attempt deadline, three times, then reported', async () => {
    const s = await site(EMAIL);
    const server = await trickle();
    const transport = cutTransport(150);
    await s.run(0, { env: mailEnv(server.port), transport });
    await writeFile(path.join(s.content, 'notices/42.yaml'), INCIDENT([5, 'investigating', 'Looking into it.']));
    const result = await s.run(10, { env: mailEnv(server.port), transport });
    expect(result.deliveries).toEqual([{ target: MAIL_LABEL, event: 'notice-42-published', ok: false, attempts: 3, reason: 'no answer within 60 s (3 attempts)' }]);
    expect(server.connections).toBe(3);
    expect(transport.limits).toEqual([60_000, 60_000, 60_000]);
    expect(transport.slept).toEqual([1000, 2000]);
  });

  it('the run deadline ends every target’s budget, whatever is left of its own', async () => {
    const s = await site(HOOK);
    const hooks = await receiver({ status: 500 });
    const transport = fastTransport();
    await s.run(0, { env: envFor(hooks.url), transport });
    await writeFile(path.join(s.content, 'notices/42.yaml'), INCIDENT([5, 'investigating', 'x']));
    const result = await s.run(10, { env: envFor(hooks.url), transport, retry: { runMs: 1500 } });
    // The run's 1500 ms bound the first attempt; 1000 ms of backoff leave 500 ms for the second, and no third starts.
    expect(transport.limits.slice(-2)).toEqual([1500, 500]);
    expect(result.deliveries[0]).toMatchObject({ ok: false, attempts: 2, reason: 'HTTP 500; no time left for another attempt' });
  });
});

describe('notify: an answer that never comes is unknown, never a second copy', () => {
  it('a final reply slower than the attempt deadline, after the data: one copy, unknown, recorded, not sent again', async () => {
    const s = await site(EMAIL);
    let release: () => void = () => undefined;
    // The deadline passes once the server holds the data, never before, however slow the machine.
    const deadline = new AbortController();
    const server = await smtp({
      reply: () => {
        deadline.abort(new DOMException('The attempt deadline passed', 'TimeoutError'));
        return new Promise<void>((resolve) => (release = resolve));
      },
    });
    closing.unshift(() => Promise.resolve(release()));
    const transport = cutTransport(deadline.signal);
    await s.run(0, { env: mailEnv(server.port), transport });
    await writeFile(path.join(s.content, 'notices/42.yaml'), INCIDENT([5, 'investigating', 'Looking into it.']));
    const result = await s.run(10, { env: mailEnv(server.port), transport });
    expect(server.received).toHaveLength(1);
    expect(result.deliveries).toEqual([{ target: MAIL_LABEL, event: 'notice-42-published', ok: false, attempts: 1, reason: 'the server took the message but gave no answer within 60 s', fate: 'unknown' }]);
    expect(result.warnings).toEqual([`${MAIL_LABEL}: 1 of 1 message handed over without an answer (the server took the message but gave no answer within 60 s): recorded as unknown, not sent again`]);
    const record = JSON.parse(await readFile(s.record, 'utf8')) as { unknown: unknown };
    expect(record.unknown).toEqual({ 'notice-42-published': [MAIL_LABEL] });
    expect((await s.run(20, { env: mailEnv(server.port), transport })).deliveries).toEqual([]);
    expect(server.received).toHaveLength(1);
  });

  it('a final reply that is slow but within the deadline is waited for: one copy, delivered', async () => {
    const s = await site(EMAIL);
    const server = await smtp({ reply: () => new Promise((resolve) => setTimeout(resolve, 200)) });
    // The socket's own inactivity limit is the attempt's: a reply slower than any shorter one is still taken.
    const transport = fastTransport();
    await s.run(0, { env: mailEnv(server.port), transport, retry: { attemptTimeoutMs: 2000 } });
    await writeFile(path.join(s.content, 'notices/42.yaml'), INCIDENT([5, 'investigating', 'Looking into it.']));
    const result = await s.run(10, { env: mailEnv(server.port), transport, retry: { attemptTimeoutMs: 2000 } });
    expect(result.deliveries).toEqual([{ target: MAIL_LABEL, event: 'notice-42-published', ok: true, attempts: 1 }]);
    expect(server.received).toHaveLength(1);
  });

  it('a message one of two recipients refused is partly delivered, not sent again, and the next message still goes', async () => {
    const s = await site(EMAIL);
    const server = await smtp({ refuse: ['gone@acme.com'] });
    const env = mailEnv(server.port, 'ops@acme.com, gone@acme.com');
    const transport = fastTransport();
    await s.run(0, { env, transport });
    await writeFile(path.join(s.content, 'notices/42.yaml'), INCIDENT([5, 'investigating', 'a']));
    await writeFile(path.join(s.content, 'notices/43.yaml'), INCIDENT([6, 'investigating', 'b']).replace('id: 42', 'id: 43'));
    const result = await s.run(10, { env, transport });
    const partly = { ok: false, attempts: 1, reason: 'delivered to 1 of 2 recipients: the server refused 1, and it is not sent again', fate: 'partial' };
    expect(result.deliveries).toEqual([
      { target: MAIL_LABEL, event: 'notice-42-published', ...partly },
      { target: MAIL_LABEL, event: 'notice-43-published', ...partly },
    ]);
    expect(result.warnings).toEqual([`${MAIL_LABEL}: 2 of 2 messages not delivered: ${partly.reason}`]);
    expect(server.received).toHaveLength(2);
    expect((await s.run(20, { env, transport })).deliveries).toEqual([]);
    expect(server.received).toHaveLength(2);
  });
});

describe('notify: a stop holds what was not handed over', () => {
  it('a webhook stopped while it waits: the message in flight is unknown, the rest held; the next run sends the held once, and not the unknown', async () => {
    const s = await site(HOOK);
    const hooks = await receiver();
    await s.run(0, { env: envFor(hooks.url), transport: fastTransport() });
    await writeFile(path.join(s.content, 'notices/42.yaml'), INCIDENT([5, 'investigating', 'a']));
    await s.run(5, { env: envFor(hooks.url), transport: fastTransport() });
    await writeFile(path.join(s.content, 'notices/42.yaml'), INCIDENT([5, 'investigating', 'a'], [6, 'identified', 'b'], [7, 'identified', 'c'], [8, 'identified', 'd']));
    const stop = new AbortController();
    hooks.answer('/hook', { status: 200 }, 'hang');
    hooks.onHang(() => stop.abort('SIGTERM'));
    const stopped = await s.run(10, { env: envFor(hooks.url), transport: fastTransport(), stop: stop.signal });
    expect(stopped.stopped).toEqual({ signal: 'SIGTERM' });
    expect(stopped.deliveries.map((d) => [d.ok, d.fate])).toEqual([
      [true, undefined],
      [false, 'unknown'],
      [false, 'held'],
    ]);
    expect(stopped.warnings).toEqual([
      'webhook (HOOK_URL): 1 of 3 messages handed over without an answer (the run was stopped while waiting for the answer): recorded as unknown, not sent again',
      'stopped by SIGTERM: 1 message not yet sent is held in the record for the next run',
    ]);
    const [, second, third] = stopped.deliveries.map((d) => d.event);
    const held = (JSON.parse(await readFile(s.record, 'utf8')) as { held: { event: string; target: string }[] }).held;
    expect(held.map((m) => [m.event, m.target])).toEqual([[third, 'webhook (HOOK_URL)']]);
    const before = hooks.requests.length;
    const next = await s.run(20, { env: envFor(hooks.url), transport: fastTransport() });
    expect(next.events).toEqual([]);
    expect(next.deliveries).toEqual([{ target: 'webhook (HOOK_URL)', event: third, ok: true, attempts: 1 }]);
    const sent = hooks.requests.slice(before);
    expect(sent.map((r) => r.headers['x-statuspress-event-id'])).toEqual([third]);
    expect(sent.map((r) => r.headers['x-statuspress-event-id'])).not.toContain(second);
    // Held no more: a third run sends nothing.
    expect((await s.run(30, { env: envFor(hooks.url), transport: fastTransport() })).deliveries).toEqual([]);
  });

  it('an email stopped before its data was sent is held, and sent by the next run to that target only', async () => {
    const s = await site(`${EMAIL}${HOOK_TARGET}`);
    const hooks = await receiver();
    const stuck = await trickle();
    const env = (port: number): Record<string, string> => ({ ...envFor(hooks.url), ...mailEnv(port) });
    await s.run(0, { env: env(stuck.port), transport: fastTransport() });
    await writeFile(path.join(s.content, 'notices/42.yaml'), INCIDENT([5, 'investigating', 'a']));
    const stop = new AbortController();
    stuck.onConnect(() => setTimeout(() => stop.abort('SIGINT'), 50));
    const stopped = await s.run(10, { env: env(stuck.port), transport: fastTransport(), stop: stop.signal });
    expect(stopped.deliveries.map((d) => [d.target, d.ok, d.fate ?? null])).toEqual([
      [MAIL_LABEL, false, 'held'],
      ['webhook (HOOK_URL)', true, null],
    ]);
    expect(stopped.stopped).toEqual({ signal: 'SIGINT' });
    const server = await smtp();
    const hooked = hooks.requests.length;
    const next = await s.run(20, { env: env(server.port), transport: fastTransport() });
    expect(next.deliveries).toEqual([{ target: MAIL_LABEL, event: 'notice-42-published', ok: true, attempts: 1 }]);
    expect(server.received).toHaveLength(1);
    expect(server.received[0]).toContain('Subject: [');
    expect(hooks.requests.length).toBe(hooked);
  });
});

describe('the record of format 3', () => {
  it('is read as having nothing unknown and nothing held; a held message that is not one is damage', () => {
    const base = { now: '2026-11-20T10:00:00.000Z', page: 'operational', components: {}, notices: {}, notice_components: {}, notice_postmortems: {}, sent: { a: '2026-11-20T10:00:00.000Z' } };
    const three = parseRecord(JSON.stringify({ format: 3, ...base }));
    expect(three).toMatchObject({ kind: 'record', format: 3, record: { unknown: new Map(), held: [] } });
    expect(parseRecord(JSON.stringify({ format: 4, ...base, unknown: {}, held: [{ event: 'a', type: 'notice.published', target: 'x', body: null, email: null }] }))).toEqual({
      kind: 'damaged',
      reason: 'a message of "held" is not one',
    });
  });
});
