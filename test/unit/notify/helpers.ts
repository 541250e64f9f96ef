// What the notify tests share: webhook receivers on 127.0.0.1 that record every request and answer
// as told, content folders written as YAML, and a transport whose waits take no time.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { IncomingHttpHeaders, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach } from 'vitest';
import type { Transport } from '../../../src/notify/deliver.js';
import { post } from '../../../src/notify/post.js';

export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  /** The raw body, as a receiver must verify it. */
  body: string;
}

/**
 * How a path answers one request: a status, optional headers and body, given once `after` (if any)
 * has resolved for the request; `hang` never answers.
 */
export type Answer = { status: number; headers?: Record<string, string>; body?: string; after?: (request: Received) => Promise<unknown> } | 'hang';

export interface Receiver {
  url: string;
  requests: Received[];
  /** The requests to `p`, bodies parsed as JSON. */
  bodies(p: string): unknown[];
  /** Answers for the next requests to `p`, in order; after them, the fallback. */
  answer(p: string, ...answers: Answer[]): void;
  /** Calls `listener` with each request it leaves unanswered (`hang`), once it has it whole. */
  onHang(listener: (request: Received) => void): void;
  close(): Promise<void>;
}

const open: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((close) => close()));
});

/** A receiver for every target of a test, on a free port of 127.0.0.1, answering `fallback` when not told otherwise; closed after the test. */
export async function receiver(fallback: Exclude<Answer, 'hang'> = { status: 200, body: 'ok' }): Promise<Receiver> {
  const requests: Received[] = [];
  const queued = new Map<string, Answer[]>();
  const hangListeners: ((request: Received) => void)[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const p = (req.url ?? '/').replace(/\?.*/, '');
      const received = { path: p, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      requests.push(received);
      const next = queued.get(p)?.shift() ?? fallback;
      if (next === 'hang') {
        for (const listener of hangListeners) listener(received);
        return;
      }
      const reply = (): void => void res.writeHead(next.status, next.headers ?? {}).end(next.body ?? '');
      if (next.after === undefined) reply();
      else void next.after(received).then(reply);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const close = (): Promise<void> =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  open.push(close);
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    bodies: (p) => requests.filter((r) => r.path === p).map((r) => JSON.parse(r.body) as unknown),
    answer: (p, ...answers) => queued.set(p, [...(queued.get(p) ?? []), ...answers]),
    onHang: (listener) => hangListeners.push(listener),
    close,
  };
}

/** An address on 127.0.0.1 where nothing listens: connections are refused. */
export async function deadAddress(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

/**
 * A transport with the real fetch and post, whose sleeps are recorded and take no time, and whose clock moves
 * by them. Each attempt's time limit is recorded too, and is real; but a request that `hangs` leaves
 * unanswered ends at once as that limit would end it (a TimeoutError), so no test waits it out.
 */
export function fastTransport(hangs?: Receiver, start = Date.parse('2026-11-20T12:00:00Z')): Transport & { slept: number[]; limits: number[] } {
  const slept: number[] = [];
  const limits: number[] = [];
  let now = start;
  // The requests in flight (by path and body: one run sends each message once), and how to cut each.
  // The cutter of the latest limit made: deliver makes each attempt's limit just before its request
  // (and combines it with the run's stop, so the request's signal is not the limit itself).
  let latest: ((reason: DOMException) => void) | undefined;
  const inFlight: { path: string; body: string; cut: (reason: DOMException) => void }[] = [];
  hangs?.onHang((request) => {
    const i = inFlight.findIndex((f) => f.path === request.path && f.body === request.body);
    if (i !== -1) inFlight.splice(i, 1)[0]!.cut(new DOMException('left unanswered by the receiver', 'TimeoutError'));
  });
  return {
    slept,
    limits,
    fetch: (...args) => fetch(...args),
    post: async (url, init) => {
      const cut = latest;
      latest = undefined;
      const entry = cut === undefined ? null : { path: new URL(url).pathname, body: init.body, cut };
      if (entry !== null) inFlight.push(entry);
      try {
        return await post(url, init);
      } finally {
        if (entry !== null && inFlight.includes(entry)) inFlight.splice(inFlight.indexOf(entry), 1);
      }
    },
    sleep: (ms) => {
      slept.push(ms);
      now += ms;
      return Promise.resolve();
    },
    clock: () => now,
    timeout: (ms) => {
      limits.push(ms);
      if (hangs === undefined) return AbortSignal.timeout(ms);
      const controller = new AbortController();
      const signal = AbortSignal.any([controller.signal, AbortSignal.timeout(ms)]);
      latest = (reason) => controller.abort(reason);
      return signal;
    },
  };
}

const made: string[] = [];
afterEach(async () => {
  await Promise.all(made.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

/** A fresh folder, removed after the test. */
export async function scratch(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'statuspress-notify-'));
  made.push(dir);
  return dir;
}

export const SITE_HEAD = 'name: Acme Status\nurl: https://status.acme.com\ncreated_at: 2024-01-01T00:00:00Z\n';

/** Every kind of target, reading the variables ENV gives. */
export const ALL_TARGETS = `notify:
  - type: slack
    url_env: SLACK_URL
  - type: discord
    url_env: DISCORD_URL
  - type: teams
    url_env: TEAMS_URL
  - type: webhook
    url_env: HOOK_URL
    secret_env: HOOK_SECRET
`;

export const HOOK_SECRET = 'whsec-0123456789abcdef';

/** The environment for ALL_TARGETS, each at its own path of `base`. */
export const envFor = (base: string): Record<string, string> => ({
  SLACK_URL: `${base}/slack/T000/B000/slack-token-abc`,
  DISCORD_URL: `${base}/discord/123/discord-token-def`,
  TEAMS_URL: `${base}/teams/workflow-token-ghi`,
  HOOK_URL: `${base}/hook`,
  HOOK_SECRET,
});

/** A content folder: site.yaml (SITE_HEAD + `notify`), API and Website components, and `notices` (file name → YAML). */
export async function writeSite(dir: string, notify: string, notices: Record<string, string> = {}): Promise<string> {
  const content = path.join(dir, 'content');
  await mkdir(path.join(content, 'components'), { recursive: true });
  await mkdir(path.join(content, 'notices'), { recursive: true });
  await writeFile(path.join(content, 'site.yaml'), SITE_HEAD + notify);
  await writeFile(path.join(content, 'components/1-api.yaml'), 'id: 1\nname: API\ncreated_at: 2024-01-01T00:00:00Z\n');
  await writeFile(path.join(content, 'components/2-website.yaml'), 'id: 2\nname: Website\ncreated_at: 2024-01-01T00:00:00Z\n');
  for (const [file, text] of Object.entries(notices)) await writeFile(path.join(content, 'notices', file), text);
  return content;
}
