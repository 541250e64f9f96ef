// Sent at most once: what went out whole and got no answer is unknown (never sent again, by this
// run or the next); what surely never reached the target (refused, the connection never made) is
// retried, or held by a stop for the next run; a held message in a hand-edited record goes out only
// if it is one statuspress could have made for that target. Real sockets on 127.0.0.1.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { connect } from 'node:net';
import type { AddressInfo, Socket } from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { deliver, DEFAULT_RETRY } from '../../../src/notify/deliver.js';
import type { Transport } from '../../../src/notify/deliver.js';
import { MAX_HELD_BYTES } from '../../../src/notify/held.js';
import { notify } from '../../../src/notify/index.js';
import type { NotifyOptions, NotifyResult } from '../../../src/notify/index.js';
import { deadAddress, envFor, fastTransport, receiver, scratch, writeSite } from './helpers.js';

const T0 = Date.parse('2026-11-20T10:00:00Z');
const at = (minutes: number): number => T0 + minutes * 60_000;
const HOOK = 'notify:\n  - type: webhook\n    url_env: HOOK_URL\n    secret_env: HOOK_SECRET\n    events: [notice.published, notice.updated]\n';
const INCIDENT = 'id: 42\ntype: unplanned\nsubject: Elevated error rates\ncomponents: [1]\nupdates:\n  - at: 2026-11-20T10:05:00Z\n    state: investigating\n    content: We are looking into it.\n';
const request = (url: string) => () => ({ url: `${url}/hook`, headers: { 'Content-Type': 'application/json' }, body: '{"id":"e"}' });

const closing: (() => void | Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closing.splice(0).map((close) => close()));
});

/** A webhook that reads each request whole, then drops the connection without a word; `bodies` counts what it got. */
async function dropper(): Promise<{ url: string; bodies: string[] }> {
  const bodies: string[] = [];
  const server = createServer((req) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      bodies.push(Buffer.concat(chunks).toString('utf8'));
      req.socket.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closing.push(() => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, bodies };
}

/**
 * An address whose connections are never made: a listener in a child process, stopped (SIGSTOP)
 * with its accept queue filled, so the kernel drops every new connection's SYN and connect hangs.
 * Resolves once a filler's connect has hung too (the queue is full).
 */
async function silentListener(): Promise<string> {
  const child: ChildProcess = spawn(process.execPath, ['-e', "const s = require('net').createServer().listen(0, '127.0.0.1', 1, () => process.stdout.write(s.address().port + '\\n'))"], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const fillers: Socket[] = [];
  closing.push(() => {
    child.kill('SIGKILL');
    for (const s of fillers) s.destroy();
  });
  const port = await new Promise<number>((resolve) => child.stdout!.once('data', (d: Buffer) => resolve(Number(String(d).trim()))));
  child.kill('SIGSTOP');
  for (let i = 0; i < 16; i++) {
    const socket = connect(port, '127.0.0.1').on('error', () => undefined);
    fillers.push(socket);
    const made = await new Promise<boolean>((resolve) => {
      socket.once('connect', () => resolve(true));
      setTimeout(() => resolve(false), 200);
    });
    if (!made) return `http://127.0.0.1:${port}`;
  }
  throw new Error('the listener’s queue never filled');
}

/** fastTransport whose attempt limits end after `cutMs` of real time, standing in for the minute passing. */
function cutTransport(cutMs: number): Transport {
  const transport = fastTransport();
  return { ...transport, timeout: () => AbortSignal.timeout(cutMs) };
}

async function site(): Promise<{ content: string; record: string; run: (minutes: number, options: Partial<NotifyOptions>) => Promise<NotifyResult> }> {
  const dir = await scratch();
  const content = await writeSite(dir, HOOK, {});
  const record = path.join(dir, 'notify.json');
  return { content, record, run: (minutes, options) => notify({ contentDir: content, now: at(minutes), previous: record, ...options }) };
}

describe('deliver: only a request that went out whole may have arrived', () => {
  it('a connection dropped after the whole request was read: one copy, unknown, never retried', async () => {
    const hook = await dropper();
    const transport = fastTransport();
    const outcome = await deliver(request(hook.url), DEFAULT_RETRY, transport, transport.clock() + 60_000, []);
    expect(outcome).toEqual({ ok: false, attempts: 1, reason: 'connection reset after the request was sent', fate: 'unknown' });
    expect(hook.bodies).toEqual(['{"id":"e"}']);
  });

  it('a refused connection is retried; stopped during the backoff it is held, not unknown', async () => {
    const stop = new AbortController();
    const transport = { ...fastTransport(), sleep: () => (stop.abort('SIGTERM'), new Promise<void>(() => undefined)) };
    const outcome = await deliver(request(await deadAddress()), DEFAULT_RETRY, transport, transport.clock() + 60_000, [], stop.signal);
    expect(outcome).toMatchObject({ ok: false, fate: 'held' });
  });

  it('a connection never made: the attempt limit retries it (never unknown); a stop holds it', async () => {
    const silent = await silentListener();
    const cutting = cutTransport(100);
    const cut = await deliver(request(silent), { ...DEFAULT_RETRY, backoffMs: 1 }, cutting, cutting.clock() + 60_000, []);
    expect(cut).toEqual({ ok: false, attempts: 3, reason: 'no connection within 60 s (3 attempts)', fate: 'failed' });
    const stop = new AbortController();
    setTimeout(() => stop.abort('SIGTERM'), 100);
    const stopping = fastTransport();
    const stopped = await deliver(request(silent), DEFAULT_RETRY, stopping, stopping.clock() + 60_000, [], stop.signal);
    expect(stopped).toMatchObject({ ok: false, fate: 'held' });
  });
});

describe('notify: sent at most once', () => {
  it('a webhook that drops the connection after reading the message: recorded unknown, and the next run does not send it', async () => {
    const s = await site();
    const hook = await dropper();
    await s.run(0, { env: envFor(hook.url), transport: fastTransport() });
    await writeFile(path.join(s.content, 'notices/42.yaml'), INCIDENT);
    const first = await s.run(10, { env: envFor(hook.url), transport: fastTransport() });
    expect(first.deliveries).toEqual([{ target: 'webhook (HOOK_URL)', event: 'notice-42-published', ok: false, attempts: 1, reason: 'connection reset after the request was sent', fate: 'unknown' }]);
    const record = JSON.parse(await readFile(s.record, 'utf8')) as { unknown: Record<string, string[]>; held: unknown[] };
    expect(record.unknown).toEqual({ 'notice-42-published': ['webhook (HOOK_URL)'] });
    expect(record.held).toEqual([]);
    expect((await s.run(20, { env: envFor(hook.url), transport: fastTransport() })).deliveries).toEqual([]);
    expect(hook.bodies).toHaveLength(1);
  });

  it('a stop while the connection is still being made holds the message; the next run sends it once', async () => {
    const s = await site();
    const hooks = await receiver();
    await s.run(0, { env: envFor(hooks.url), transport: fastTransport() });
    await writeFile(path.join(s.content, 'notices/42.yaml'), INCIDENT);
    const stop = new AbortController();
    setTimeout(() => stop.abort('SIGTERM'), 100);
    const stopped = await s.run(10, { env: envFor(await silentListener()), transport: fastTransport(), stop: stop.signal });
    expect(stopped.deliveries.map((d) => [d.event, d.fate])).toEqual([['notice-42-published', 'held']]);
    const next = await s.run(20, { env: envFor(hooks.url), transport: fastTransport() });
    expect(next.deliveries).toEqual([{ target: 'webhook (HOOK_URL)', event: 'notice-42-published', ok: true, attempts: 1 }]);
    expect(hooks.requests.map((r) => r.headers['x-statuspress-event-id'])).toEqual(['notice-42-published']);
  });
});

describe('notify: a held message in a hand-edited record', () => {
  it('is sent only if statuspress could have made it for that target; each one dropped is a warning, and the valid one still goes', async () => {
    const s = await site();
    const hooks = await receiver();
    await s.run(0, { env: envFor(hooks.url), transport: fastTransport() });
    await writeFile(path.join(s.content, 'notices/42.yaml'), INCIDENT);
    const stop = new AbortController();
    stop.abort('SIGTERM');
    await s.run(10, { env: envFor(hooks.url), transport: fastTransport(), stop: stop.signal });
    const record = JSON.parse(await readFile(s.record, 'utf8')) as { held: { event: string; type: string; target: string; body: string | null; email: unknown }[] };
    const [good] = record.held;
    expect(good).toMatchObject({ event: 'notice-42-published', target: 'webhook (HOOK_URL)' });
    record.held = [
      { ...good!, event: 'notice-43-published' },
      { ...good!, body: JSON.stringify({ id: good!.event, type: good!.type, pad: 'x'.repeat(MAX_HELD_BYTES) }) },
      { ...good!, event: 'notice-42-published\r\nX-Forged: 1' },
      { ...good!, type: 'notice.published\u001b[2J' },
      { ...good!, target: 'slack (GONE_URL)' },
      { ...good!, body: null, email: { subject: 's', text: 't', html: 'h', messageId: '<a@b>', inReplyTo: null } },
      { ...good!, body: '[1, 2]' },
      good!,
    ];
    await writeFile(s.record, JSON.stringify(record));
    const transport = fastTransport();
    const next = await s.run(20, { env: envFor(hooks.url), transport });
    expect(next.warnings).toEqual([
      '"webhook (HOOK_URL)": the held message "notice-43-published" in the record is not sent (its body is of another event) and is dropped from it',
      '"webhook (HOOK_URL)": the held message "notice-42-published" in the record is not sent (it is larger than 1 MiB) and is dropped from it',
      '"webhook (HOOK_URL)": the held message "notice-42-published\\r\\nX-Forged: 1" in the record is not sent (its event id is not one statuspress makes) and is dropped from it',
      '"webhook (HOOK_URL)": the held message "notice-42-published" in the record is not sent (its event type is not one statuspress makes) and is dropped from it',
      '"slack (GONE_URL)": the held message "notice-42-published" in the record is not sent (its target is no longer in site.yaml) and is dropped from it',
      '"webhook (HOOK_URL)": the held message "notice-42-published" in the record is not sent (it was made for a target of another kind) and is dropped from it',
      '"webhook (HOOK_URL)": the held message "notice-42-published" in the record is not sent (its body is not a JSON object) and is dropped from it',
    ]);
    expect(next.deliveries).toEqual([{ target: 'webhook (HOOK_URL)', event: 'notice-42-published', ok: true, attempts: 1 }]);
    expect(transport.slept).toEqual([]);
    expect(hooks.requests.map((r) => [r.headers['x-statuspress-event-id'], r.body])).toEqual([['notice-42-published', good!.body]]);
    expect((JSON.parse(await readFile(s.record, 'utf8')) as { held: unknown[] }).held).toEqual([]);
  });
});
