// `statuspress serve` as a production origin, over real HTTP on loopback: the rate limit
// (burst, refill, recovery, per-client isolation, proxies), caching and validators, precompressed
// encodings, HEAD and OPTIONS, the access log, new builds swapped in while serving, and shutdown.
// The rate-limited servers run on a simulated clock (ServeOptions.clock): the tests move it, so every
// count of 200 and 429 is exact however fast the machine is. Waits are for events, under the test timeout.
import { cp, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { Agent, request as httpRequest } from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../src/build.js';
import { route } from '../../src/routes/index.js';
import { serve } from '../../src/serve/server.js';
import type { RunningServer, ServeOptions } from '../../src/serve/server.js';
import { SERVE_SITE_NOW } from '../http/suite.js';
import { COMPRESS_MIN_BYTES, PRECOMPRESS_MIN_BYTES } from '../../src/write/compress.js';

const CONTENT = path.join(import.meta.dirname, '../fixtures/serve-site/content');
const NOW = Date.parse(SERVE_SITE_NOW);
/** A prebuilt list page well over PRECOMPRESS_MIN_BYTES, so it has `.gz` and `.br` siblings. */
const BIG = '/api/v1/notices';
/** Between COMPRESS_MIN_BYTES and PRECOMPRESS_MIN_BYTES: serve compresses it when first asked. */
const MIDDLE = '/api/v1/notices?filter[type_eq]=unplanned&page=2';
/** Under COMPRESS_MIN_BYTES: sent as it is. */
const SMALL = '/api/v1/status';

interface Reply {
  status: number;
  headers: IncomingHttpHeaders;
  /** The body exactly as sent (still encoded when Content-Encoding is set). */
  raw: Buffer;
  /** The body decoded per Content-Encoding, as text. */
  text: string;
  json: () => any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

interface FetchOptions {
  method?: string;
  headers?: Record<string, string>;
  agent?: Agent | false;
  localAddress?: string;
  timeoutMs?: number;
}

function decode(raw: Buffer, encoding: string | undefined): Buffer {
  if (raw.length === 0) return raw; // HEAD, 304, 204
  if (encoding === 'br') return brotliDecompressSync(raw);
  if (encoding === 'gzip') return gunzipSync(raw);
  return raw;
}

/** One request; the path is sent exactly as written. Rejects on network errors and on timeout. */
function fetchRaw(base: string, target: string, options: FetchOptions = {}): Promise<Reply> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: target,
        method: options.method ?? 'GET',
        headers: options.headers,
        agent: options.agent,
        localAddress: options.localAddress,
        // None by default: a request that hangs fails the test on the test's timeout, never sooner.
        timeout: options.timeoutMs ?? 0,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          let text: string;
          try {
            text = decode(raw, res.headers['content-encoding']).toString('utf8');
          } catch (error) {
            reject(error as Error);
            return;
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, raw, text, json: () => JSON.parse(text) });
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error(`timeout after ${options.timeoutMs} ms on ${target}`)));
    req.on('error', reject);
    req.end();
  });
}

/** `n` requests started in the same tick, each on its own connection. */
async function burst(base: string, target: string, n: number, options: FetchOptions = {}): Promise<{ replies: Reply[] }> {
  const agent = new Agent({ keepAlive: false, maxSockets: n });
  try {
    const replies = await Promise.all(Array.from({ length: n }, () => fetchRaw(base, target, { agent, ...options })));
    return { replies };
  } finally {
    agent.destroy();
  }
}

const count = (replies: Reply[], status: number): number => replies.filter((r) => r.status === status).length;

/**
 * The rate limiter's clock for `limited` and `direct`, in ms: it stands still unless a test moves it,
 * so a client's bucket holds exactly what the limiter's rule says (burst 10, one token per 100 ms).
 */
let simulatedNow = 0;
const advance = (ms: number): void => {
  simulatedNow += ms;
};

let root: string;
let dist: string;
const servers: RunningServer[] = [];

async function start(options: Partial<ServeOptions>): Promise<RunningServer> {
  const running = await serve({ dir: dist, host: '127.0.0.1', port: 0, drainMs: 2_000, ...options });
  servers.push(running);
  return running;
}

/** Distinct client addresses for X-Forwarded-For, one per test, so tests never share a bucket. */
let clientSeq = 0;
const newClient = (): string => {
  clientSeq++;
  return `198.18.${Math.floor(clientSeq / 250)}.${(clientSeq % 250) + 1}`;
};
/** Distinct loopback source addresses (all of 127.0.0.0/8 is local on Linux). */
let loopSeq = 10;
const newLoopback = (): string => `127.0.0.${++loopSeq}`;

/** Rate limit 10/s; X-Forwarded-For believed from 127.0.0.1, so each test can be its own client. */
let limited: RunningServer;
/** Rate limit 10/s; no proxy trusted: the client is the socket's peer. */
let direct: RunningServer;
/** Rate limit off, for the HTTP features. */
let open: RunningServer;
const as = (client: string): FetchOptions => ({ headers: { 'X-Forwarded-For': client } });

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'statuspress-production-'));
  dist = path.join(root, 'dist');
  await build({ contentDir: CONTENT, outDir: dist, now: NOW });
  limited = await start({ rateLimit: 10, trustProxy: ['127.0.0.1'], clock: () => simulatedNow });
  direct = await start({ rateLimit: 10, clock: () => simulatedNow });
  open = await start({ rateLimit: 0 });
});

afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
  await rm(root, { recursive: true, force: true });
});

describe('rate limit: one client', () => {
  it('gives a burst of 100 simultaneous requests the burst as 200 and the rest 429', async () => {
    const { replies } = await burst(limited.url, SMALL, 100, as(newClient()));
    // The clock stands still: the burst of 10 and no refill.
    expect(count(replies, 200)).toBe(10);
    expect(count(replies, 429)).toBe(90);
    for (const reply of replies.filter((r) => r.status === 200)) {
      expect(reply.json().page.name).toBe('Serve Test Status');
    }
  });

  it('answers 429 with the JSON error, Retry-After, RateLimit-* and no-store', async () => {
    const { replies } = await burst(limited.url, SMALL, 30, as(newClient()));
    const refusals = replies.filter((r) => r.status === 429);
    expect(refusals).toHaveLength(20);
    for (const reply of refusals) {
      expect(reply.headers['content-type']).toMatch(/^application\/json/);
      const body = reply.json();
      expect(Object.keys(body)).toEqual(['error']);
      expect(body.error.status).toBe(429);
      expect(body.error.code).toBe('rate_limited');
      expect(typeof body.error.message).toBe('string');
      expect(body.error.message.length).toBeGreaterThan(0);
      const retryAfter = Number(reply.headers['retry-after']);
      expect(Number.isInteger(retryAfter)).toBe(true);
      // An empty bucket: one token is 100 ms away, rounded up to whole seconds.
      expect(retryAfter).toBe(1);
      expect(reply.headers['ratelimit-limit']).toBe('10');
      expect(reply.headers['ratelimit-remaining']).toBe('0');
      const reset = Number(reply.headers['ratelimit-reset']);
      expect(Number.isInteger(reset)).toBe(true);
      // Full again in 10 tokens × 100 ms.
      expect(reset).toBe(1);
      expect(reply.headers['cache-control']).toBe('no-store');
      expect(reply.headers['access-control-allow-origin']).toBe('*');
    }
  });

  it('counts RateLimit-Remaining down on the answers that pass', async () => {
    const client = as(newClient());
    const remaining: number[] = [];
    for (let i = 0; i < 10; i++) {
      const reply = await fetchRaw(limited.url, SMALL, client);
      expect(reply.status).toBe(200);
      expect(reply.headers['ratelimit-limit']).toBe('10');
      remaining.push(Number(reply.headers['ratelimit-remaining']));
      expect(Number.isInteger(Number(reply.headers['ratelimit-reset']))).toBe(true);
    }
    // Each request takes one token, and none comes back while the clock stands still.
    expect(remaining).toEqual([9, 8, 7, 6, 5, 4, 3, 2, 1, 0]);
    // 250 ms later two whole tokens are back: one passes and leaves one.
    advance(250);
    expect(Number((await fetchRaw(limited.url, SMALL, client)).headers['ratelimit-remaining'])).toBe(1);
  });

  it('puts RateLimit-* on every API answer: prebuilt, on demand, and errors', async () => {
    const client = as(newClient());
    const targets: [string, number, string?][] = [
      [SMALL, 200],
      [BIG, 200],
      ['/api/v1/notices?page=99', 200],
      ['/api/v1/components/2/metrics?timeframe_start=2026-11-01&timeframe_end=2026-11-10', 200],
      ['/api/v1/notices/999', 404],
      ['/api/v1/notices?page=zero', 400],
      ['/v1/status', 200],
      [SMALL, 405, 'POST'],
    ];
    for (const [target, status, method] of targets) {
      const reply = await fetchRaw(limited.url, target, { ...client, method: method ?? 'GET' });
      expect(reply.status, target).toBe(status);
      expect(reply.headers['ratelimit-limit'], target).toBe('10');
      expect(reply.headers['ratelimit-remaining'], target).toMatch(/^\d+$/);
      expect(reply.headers['ratelimit-reset'], target).toMatch(/^\d+$/);
    }
  });

  it('holds sustained traffic to 10 a second beyond the burst (2 simulated seconds of it)', async () => {
    const client = as(newClient());
    const agent = new Agent({ keepAlive: true, maxSockets: 4 });
    const statuses: number[] = [];
    try {
      // 20 at once empty the burst; then every 100 ms, 5 more: one token has come back each time.
      for (const reply of (await burst(limited.url, SMALL, 20, client)).replies) statuses.push(reply.status);
      for (let step = 0; step < 20; step++) {
        advance(100);
        const replies = await Promise.all(Array.from({ length: 5 }, () => fetchRaw(limited.url, SMALL, { ...client, agent })));
        statuses.push(...replies.map((r) => r.status));
      }
    } finally {
      agent.destroy();
    }
    expect(statuses).toHaveLength(120); // far more than the limit
    // The burst, plus 10 a second for 2 s: not one more (held) and not one fewer (it does refill).
    expect(statuses.filter((s) => s === 200)).toHaveLength(10 + 20);
    expect(statuses.filter((s) => s !== 200 && s !== 429)).toEqual([]);
  });

  it('lets the client through again a second later', async () => {
    const client = as(newClient());
    const first = await burst(limited.url, SMALL, 40, client);
    expect(count(first.replies, 429)).toBe(30);
    advance(900); // 9 tokens: not yet the whole burst
    expect(count((await burst(limited.url, SMALL, 10, client)).replies, 429)).toBe(1);
    advance(1_000);
    const again = await burst(limited.url, SMALL, 10, client);
    expect(again.replies.map((r) => r.status)).toEqual(Array(10).fill(200));
  });

  it('limits every API path together, not each path alone', async () => {
    const client = as(newClient());
    const paths = [SMALL, BIG, '/v1/components', '/api/v1/notices/100', '/api/v1/notices?page=99'];
    const agent = new Agent({ keepAlive: false, maxSockets: 50 });
    try {
      const replies = await Promise.all(Array.from({ length: 50 }, (_, i) => fetchRaw(limited.url, paths[i % paths.length]!, { ...client, agent })));
      // One bucket for all five paths: the burst of 10 in all (each path alone would pass all 10 of its own).
      expect(count(replies, 200)).toBe(10);
    } finally {
      agent.destroy();
    }
  });

  it('does not limit the HTML site and other non-API addresses', async () => {
    const client = as(newClient());
    const api = await burst(limited.url, SMALL, 30, client); // this client's API bucket is now empty
    expect(count(api.replies, 429)).toBeGreaterThan(0);
    for (const target of ['/', '/nothing-here', '/notices/100/', '/apiary', '/v1x']) {
      const { replies } = await burst(limited.url, target, 30, client);
      for (const reply of replies) {
        expect(reply.status, target).not.toBe(429);
        expect(reply.headers['ratelimit-limit'], target).toBeUndefined();
      }
    }
  });

  it('cannot be dodged by spelling an API address another way', async () => {
    const client = as(newClient());
    const api = await burst(limited.url, SMALL, 30, client);
    expect(count(api.replies, 429)).toBeGreaterThan(0);
    // Each of these is routed to the API (leading //, percent-encoded letters, dot segments). With
    // this client's bucket empty, a limited spelling lets few of 25 through; an unlimited one all.
    const leaks: string[] = [];
    for (const target of ['//api/v1/status', '/%61pi/v1/status', '/./api/v1/status', '/x/../api/v1/status', '/%761/status']) {
      const { replies } = await burst(limited.url, target, 25, client);
      const passed = replies.filter((r) => r.status === 200);
      if (passed.length === 25) leaks.push(`${target}: 25 of 25 passed`);
      if (passed.some((r) => r.headers['ratelimit-limit'] === undefined)) leaks.push(`${target}: 200 without RateLimit headers`);
    }
    expect(leaks).toEqual([]);
  });
});

describe('rate limit: clients apart', () => {
  it('does not hold back a second client (X-Forwarded-For from a trusted proxy)', async () => {
    const first = as(newClient());
    const second = as(newClient());
    const flood = await burst(limited.url, SMALL, 100, first);
    expect(count(flood.replies, 429)).toBe(90);
    const other = await burst(limited.url, SMALL, 10, second);
    expect(other.replies.map((r) => r.status)).toEqual(Array(10).fill(200));
    // The first is still held back: no time has passed.
    expect(count((await burst(limited.url, SMALL, 20, first)).replies, 429)).toBe(20);
  });

  it('limits IPv6 clients by /64: a new address in the same network gets no new burst', async () => {
    const network = `2001:db8:${(++clientSeq).toString(16)}:1`;
    const flood = await burst(limited.url, SMALL, 30, as(`${network}::1`));
    expect(count(flood.replies, 429)).toBe(20);
    const sibling = await burst(limited.url, SMALL, 10, as(`${network}:dead:beef:1:2`));
    expect(count(sibling.replies, 429)).toBe(10);
    const otherNetwork = await burst(limited.url, SMALL, 10, as(`2001:db8:${(++clientSeq).toString(16)}:2::1`));
    expect(otherNetwork.replies.map((r) => r.status)).toEqual(Array(10).fill(200));
  });

  it('does not hold back a second client (another source address, no proxy)', async () => {
    const first = newLoopback();
    const second = newLoopback();
    const flood = await burst(direct.url, SMALL, 100, { localAddress: first });
    expect(count(flood.replies, 429)).toBe(90);
    const other = await burst(direct.url, SMALL, 10, { localAddress: second });
    expect(other.replies.map((r) => r.status)).toEqual(Array(10).fill(200));
  });

  it('ignores X-Forwarded-For from a peer that is not a trusted proxy', async () => {
    const peer = newLoopback();
    await burst(direct.url, SMALL, 30, { localAddress: peer });
    const spoofed: number[] = [];
    for (let i = 0; i < 10; i++) {
      const reply = await fetchRaw(direct.url, SMALL, { localAddress: peer, headers: { 'X-Forwarded-For': `203.0.113.${i + 1}` } });
      spoofed.push(reply.status);
    }
    // The peer's bucket is empty and no time passes (10 different addresses would all pass).
    expect(spoofed).toEqual(Array(10).fill(429));
  });

  it('takes the address the proxy appended, not one the client put first', async () => {
    const real = newClient();
    await burst(limited.url, SMALL, 30, as(real));
    // The client writes its own X-Forwarded-For; the proxy (127.0.0.1) appends the real address.
    // Counted as `real` (bucket empty): refusals. Counted as the made-up address: 10 of 10 would pass.
    const { replies } = await burst(limited.url, SMALL, 10, { headers: { 'X-Forwarded-For': `${newClient()}, ${real}` } });
    expect(count(replies, 429)).toBeGreaterThan(0);
  });

  it('trusts a proxy written as the access log shows it on a dual-stack listener (::ffff:127.0.0.1)', async () => {
    // Listening on `::`, IPv4 peers appear as ::ffff:a.b.c.d (so in the access log, too).
    const lines: string[] = [];
    let dual: RunningServer;
    try {
      dual = await start({ host: '::', rateLimit: 10, trustProxy: ['::ffff:127.0.0.1'], log: (l) => lines.push(l) });
    } catch {
      return; // no IPv6 on this machine: nothing to check
    }
    const url = dual.url.replace('[::]', '127.0.0.1');
    const first = await burst(url, SMALL, 30, as(newClient()));
    expect(count(first.replies, 429)).toBeGreaterThan(0);
    expect(lines.some((l) => l.startsWith('::ffff:127.0.0.1 '))).toBe(true);
    const other = await burst(url, SMALL, 5, as(newClient()));
    expect(other.replies.map((r) => r.status)).toEqual(Array(5).fill(200));
  });

  it('never answers 429 with the limit off (--rate-limit 0), and sends no RateLimit headers', async () => {
    const { replies } = await burst(open.url, SMALL, 100);
    expect(replies.map((r) => r.status)).toEqual(Array(100).fill(200));
    for (const reply of replies) expect(reply.headers['ratelimit-limit']).toBeUndefined();
  });
});

describe('caching and validators', () => {
  it('answers If-None-Match with the ETag by 304 and no body', async () => {
    const first = await fetchRaw(open.url, BIG);
    expect(first.status).toBe(200);
    const etag = first.headers.etag;
    expect(etag).toMatch(/^(W\/)?"[^"]+"$/);
    const again = await fetchRaw(open.url, BIG, { headers: { 'If-None-Match': etag! } });
    expect(again.status).toBe(304);
    expect(again.raw.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    // The same answer through another address shape validates too.
    expect((await fetchRaw(open.url, '/api/v1/notices.json', { headers: { 'If-None-Match': etag! } })).status).toBe(304);
    // A stale tag gets the full answer.
    const stale = await fetchRaw(open.url, BIG, { headers: { 'If-None-Match': '"not-this-one"' } });
    expect(stale.status).toBe(200);
    expect(stale.text).toBe(first.text);
  });

  it('gives each encoding its own ETag, and validates the encoded one', async () => {
    const plain = await fetchRaw(open.url, BIG);
    const br = await fetchRaw(open.url, BIG, { headers: { 'Accept-Encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.etag).toBeDefined();
    expect(br.headers.etag).not.toBe(plain.headers.etag);
    const revalidated = await fetchRaw(open.url, BIG, { headers: { 'Accept-Encoding': 'br', 'If-None-Match': br.headers.etag! } });
    expect(revalidated.status).toBe(304);
  });

  it('sends Last-Modified as an HTTP date: when the file it answers from was written', async () => {
    for (const target of [SMALL, BIG]) {
      const reply = await fetchRaw(open.url, target);
      const lastModified = reply.headers['last-modified'];
      expect(lastModified, target).toMatch(/^\w{3}, \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} GMT$/);
      // The file's own time, to the second (the file system's clock: not this process's, which a test may fake).
      const r = route(target);
      if (r.kind !== 'api' || r.file === null) throw new Error(`${target} has no prebuilt file`);
      const { mtimeMs } = await stat(path.join(dist, r.file));
      expect(Date.parse(lastModified!), target).toBe(Math.floor(mtimeMs / 1000) * 1000);
    }
  });

  it('caches API answers briefly with stale-while-revalidate, prebuilt or computed', async () => {
    for (const target of [SMALL, BIG, '/api/v1/notices?page=99', '/api/v1/components/2/metrics?timeframe_start=2026-11-01&timeframe_end=2026-11-10']) {
      const reply = await fetchRaw(open.url, target);
      expect(reply.status, target).toBe(200);
      const cacheControl = String(reply.headers['cache-control']);
      const maxAge = Number(/(?:^|[,\s])max-age=(\d+)/.exec(cacheControl)?.[1]);
      expect(maxAge, `${target}: ${cacheControl}`).toBeGreaterThan(0);
      expect(maxAge, `${target}: ${cacheControl}`).toBeLessThanOrEqual(300);
      expect(cacheControl, target).toMatch(/stale-while-revalidate=\d+/);
      expect(cacheControl, target).toMatch(/public/);
    }
  });

  it('caches errors for a short time only', async () => {
    const reply = await fetchRaw(open.url, '/api/v1/notices/999');
    expect(reply.status).toBe(404);
    const maxAge = Number(/max-age=(\d+)/.exec(String(reply.headers['cache-control']))?.[1]);
    expect(maxAge).toBeGreaterThanOrEqual(0);
    expect(maxAge).toBeLessThanOrEqual(60);
    expect(reply.headers['access-control-allow-origin']).toBe('*');
  });
});

describe('precompressed encodings', () => {
  it('chooses br, gzip or identity by Accept-Encoding; every one decodes to the same bytes', async () => {
    const identity = await fetchRaw(open.url, BIG);
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.raw.length).toBeGreaterThan(1024);
    expect(identity.headers['vary']).toMatch(/Accept-Encoding/i);
    const cases: [string, string | undefined][] = [
      ['br', 'br'],
      ['gzip', 'gzip'],
      ['gzip, deflate, br', 'br'],
      ['br;q=0, gzip', 'gzip'],
      ['gzip;q=0, br;q=0', undefined],
      ['identity', undefined],
      ['deflate', undefined],
    ];
    for (const [accept, expected] of cases) {
      const reply = await fetchRaw(open.url, BIG, { headers: { 'Accept-Encoding': accept } });
      expect(reply.status, accept).toBe(200);
      expect(reply.headers['content-encoding'], accept).toBe(expected);
      expect(reply.headers['vary'], accept).toMatch(/Accept-Encoding/i);
      expect(reply.headers['content-type'], accept).toMatch(/^application\/json/);
      expect(Number(reply.headers['content-length']), accept).toBe(reply.raw.length);
      expect(reply.text, accept).toBe(identity.text);
      if (expected !== undefined) expect(reply.raw.length, accept).toBeLessThan(identity.raw.length);
    }
    // Decoded by hand too, not only through the helper.
    const br = await fetchRaw(open.url, BIG, { headers: { 'Accept-Encoding': 'br' } });
    expect(brotliDecompressSync(br.raw).equals(identity.raw)).toBe(true);
    const gz = await fetchRaw(open.url, BIG, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gunzipSync(gz.raw).equals(identity.raw)).toBe(true);
  });

  it('compresses answers reached through query strings and metrics too', async () => {
    for (const target of ['/api/v1/notices?filter[type_eq]=unplanned', '/api/v1/components/1/metrics?show_calculations=true', '/api/v1/components']) {
      const identity = await fetchRaw(open.url, target);
      if (identity.raw.length < 1024) continue;
      const gz = await fetchRaw(open.url, target, { headers: { 'Accept-Encoding': 'gzip' } });
      expect(gz.headers['content-encoding'], target).toBe('gzip');
      expect(gz.text, target).toBe(identity.text);
    }
  });

  it('compresses a prebuilt file too small for build-time copies when first asked, with the same validators', async () => {
    const identity = await fetchRaw(open.url, MIDDLE);
    expect(identity.raw.length).toBeGreaterThanOrEqual(COMPRESS_MIN_BYTES);
    expect(identity.raw.length).toBeLessThan(PRECOMPRESS_MIN_BYTES);
    for (const encoding of ['br', 'gzip'] as const) {
      const reply = await fetchRaw(open.url, MIDDLE, { headers: { 'Accept-Encoding': encoding } });
      expect(reply.headers['content-encoding'], encoding).toBe(encoding);
      expect(reply.raw.length, encoding).toBeLessThan(identity.raw.length);
      expect(reply.text, encoding).toBe(identity.text);
      expect(reply.headers['etag'], encoding).toBe(`${String(identity.headers['etag']).slice(0, -1)}-${encoding}"`);
      const again = await fetchRaw(open.url, MIDDLE, { headers: { 'Accept-Encoding': encoding, 'If-None-Match': String(reply.headers['etag']) } });
      expect(again.status, encoding).toBe(304);
    }
  });

  it('sends small answers (no precompressed sibling) as they are', async () => {
    const reply = await fetchRaw(open.url, SMALL, { headers: { 'Accept-Encoding': 'br, gzip' } });
    expect(reply.status).toBe(200);
    expect(reply.headers['content-encoding']).toBeUndefined();
    expect(reply.json().page.name).toBe('Serve Test Status');
  });
});

describe('methods', () => {
  it('answers HEAD with the GET headers and no body, prebuilt and on demand', async () => {
    for (const [target, accept] of [
      [BIG, ''],
      [BIG, 'br'],
      [SMALL, ''],
      ['/api/v1/notices?page=99', ''],
    ] as const) {
      const headers = accept ? { 'Accept-Encoding': accept } : undefined;
      const get = await fetchRaw(open.url, target, { headers });
      const head = await fetchRaw(open.url, target, { method: 'HEAD', headers });
      expect(head.status, target).toBe(200);
      expect(head.raw.length, target).toBe(0);
      expect(head.headers['content-type'], target).toBe(get.headers['content-type']);
      expect(head.headers['content-length'], target).toBe(String(get.raw.length));
      expect(head.headers['content-encoding'], target).toBe(get.headers['content-encoding']);
      expect(head.headers['etag'], target).toBe(get.headers['etag']);
      expect(head.headers['cache-control'], target).toBe(get.headers['cache-control']);
      expect(head.headers['access-control-allow-origin'], target).toBe('*');
    }
  });

  it('answers an OPTIONS preflight with 204 and the CORS headers', async () => {
    for (const target of [SMALL, BIG, '/api/v1/notices/100']) {
      const reply = await fetchRaw(open.url, target, {
        method: 'OPTIONS',
        headers: { Origin: 'https://example.org', 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'if-none-match' },
      });
      expect(reply.status, target).toBe(204);
      expect(reply.raw.length, target).toBe(0);
      expect(reply.headers['access-control-allow-origin'], target).toBe('*');
      expect(reply.headers['access-control-allow-methods'], target).toMatch(/\bGET\b/);
      expect(reply.headers['access-control-allow-methods'], target).toMatch(/\bHEAD\b/);
      expect(reply.headers['access-control-allow-headers'], target).toBeDefined();
      expect(Number(reply.headers['access-control-max-age'] ?? '0'), target).toBeGreaterThanOrEqual(0);
    }
  });

  it('refuses other methods with 405, Allow and the JSON error', async () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
      const reply = await fetchRaw(open.url, SMALL, { method });
      expect(reply.status, method).toBe(405);
      expect(reply.headers.allow, method).toMatch(/GET/);
      expect(reply.json().error.code, method).toBe('method_not_allowed');
    }
  });
});

describe('access log', () => {
  /** A server logging into `lines`; `waitFor(n)` resolves once n lines are logged (each line wakes it). */
  async function logged(): Promise<{ url: string; lines: string[]; waitFor: (n: number) => Promise<void> }> {
    const lines: string[] = [];
    let wake = (): void => undefined;
    // A clock standing still: of the burst of 10 below, exactly 3 pass however long it takes to send.
    const log = (line: string): void => {
      lines.push(line);
      wake();
    };
    const running = await start({ rateLimit: 3, clock: () => 0, log });
    const waitFor = async (n: number): Promise<void> => {
      while (lines.length < n) await new Promise<void>((resolve) => (wake = resolve));
    };
    return { url: running.url, lines, waitFor };
  }

  it('writes one line per answered request with method, status and timing', async () => {
    const { url, lines, waitFor } = await logged();
    await fetchRaw(url, SMALL);
    await fetchRaw(url, '/api/v1/notices/999');
    await fetchRaw(url, SMALL, { method: 'HEAD' });
    await fetchRaw(url, SMALL, { method: 'OPTIONS' });
    await burst(url, SMALL, 10); // beyond the rate of 3
    await waitFor(14);
    expect(lines).toHaveLength(14);
    expect(lines[0]).toMatch(/^127\.0\.0\.1 "GET \S+" 200 \d+ [\d.]+ms$/);
    expect(lines[1]).toMatch(/"GET \S+" 404 /);
    expect(lines[2]).toMatch(/"HEAD \S+" 200 /);
    expect(lines[3]).toMatch(/"OPTIONS \S+" 204 /);
    // The GET, the 404 and the HEAD took the 3 tokens (OPTIONS takes none): the whole burst is refused.
    expect(lines.slice(4).filter((line) => / 429 \d+ [\d.]+ms$/.test(line))).toHaveLength(10);
  });

  it('logs the address the client asked for, not the file that answered it', async () => {
    const { url, lines, waitFor } = await logged();
    await fetchRaw(url, '/api/v1/notices?filter[type_eq]=planned', { headers: { 'Accept-Encoding': 'br' } });
    await fetchRaw(url, SMALL);
    await fetchRaw(url, '/'); // the HTML front page (index.html)
    await fetchRaw(url, BIG, { headers: { Range: 'bytes=0-99' } });
    await waitFor(4);
    expect(lines[0]).toContain('"GET /api/v1/notices?filter[type_eq]=planned"');
    expect(lines[1]).toContain('"GET /api/v1/status"');
    expect(lines[2]).toContain('"GET /"');
    expect(lines[3]).toContain(`"GET ${BIG}"`);
  });

  it('logs nothing without the option', async () => {
    // `open` has no log option; nothing to observe but that serving works and nothing throws.
    expect((await fetchRaw(open.url, SMALL)).status).toBe(200);
  });
});

describe('answers sent again from memory (src/serve/hot.ts)', () => {
  /** The headers that may differ between two sends of the same answer. */
  const stable = (headers: IncomingHttpHeaders): IncomingHttpHeaders =>
    Object.fromEntries(Object.entries(headers).filter(([name]) => !['date', 'connection', 'keep-alive'].includes(name)));
  const TARGETS = [SMALL, BIG, MIDDLE, '/api/v1/notices?filter%5Btype_eq%5D=unplanned&page=2', '/', '/history/'];

  it('sends a target the same headers and bytes the first time and every time after, in every encoding', async () => {
    for (const target of TARGETS) {
      for (const accept of [undefined, 'br', 'gzip', 'gzip, br', 'br;q=0, gzip', 'identity']) {
        const headers: Record<string, string> = accept === undefined ? {} : { 'Accept-Encoding': accept };
        const [first, second, third] = [await fetchRaw(open.url, target, { headers }), await fetchRaw(open.url, target, { headers }), await fetchRaw(open.url, target, { headers })];
        const what = `${target} ${accept ?? '(none)'}`;
        expect(first.status, what).toBe(200);
        for (const again of [second, third]) {
          expect(again.status, what).toBe(200);
          expect(stable(again.headers), what).toEqual(stable(first.headers));
          expect(again.raw.equals(first.raw), what).toBe(true);
        }
        const head = await fetchRaw(open.url, target, { headers, method: 'HEAD' });
        expect(stable(head.headers), `HEAD ${what}`).toEqual(stable(first.headers));
        expect(head.raw.length, `HEAD ${what}`).toBe(0);
      }
    }
  });

  it('still answers conditions and ranges on a target sent from memory', async () => {
    const first = await fetchRaw(open.url, BIG);
    await fetchRaw(open.url, BIG);
    const etag = first.headers['etag']!;
    expect((await fetchRaw(open.url, BIG, { headers: { 'If-None-Match': etag } })).status).toBe(304);
    const part = await fetchRaw(open.url, BIG, { headers: { Range: 'bytes=0-9' } });
    expect(part.status).toBe(206);
    expect(part.raw.equals(first.raw.subarray(0, 10))).toBe(true);
  });

  it('counts every answer from memory against the client: one target asked 30 times passes the burst and no more', async () => {
    const client = as(newClient());
    const replies: Reply[] = [];
    for (let i = 0; i < 30; i++) replies.push(await fetchRaw(limited.url, SMALL, client));
    // The clock stands still: exactly the burst passes, whether sent from memory or not.
    expect(replies.map((r) => r.status)).toEqual([...Array(10).fill(200), ...Array(20).fill(429)]);
    for (const reply of replies.filter((r) => r.status === 200)) expect(reply.headers['ratelimit-limit']).toBe('10');
    const refused = replies.find((r) => r.status === 429)!;
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    expect(refused.headers['access-control-allow-origin']).toBe('*');
  });
});

describe('a new build swapped in while serving', () => {
  /** Builds swapped in per test: enough for swaps under load, with builds of other names between them. */
  const REBUILDS = 3;

  interface Swapping {
    running: RunningServer;
    /** Site name → the notice count of the same build. */
    builds: Map<string, number>;
    /**
     * Rebuilds `times` times into the served folder, awaiting `between()` before each build (the load
     * answering more requests, so every build lands while it runs); resolves to the last name.
     */
    rebuild: (times: number, between: () => Promise<void>) => Promise<string>;
    cleanup: () => Promise<void>;
  }

  /**
   * Serves a copy of the fixture and of its build the file made first (its link is relative: the copy
   * points into the copy), and rebuilds it with another name and one notice fewer each time.
   */
  async function swapping(): Promise<Swapping> {
    const work = await mkdtemp(path.join(tmpdir(), 'statuspress-swap-'));
    const content = path.join(work, 'content');
    const out = path.join(work, 'dist');
    await cp(CONTENT, content, { recursive: true });
    await cp(`${dist}.builds`, `${out}.builds`, { recursive: true });
    await cp(dist, out, { verbatimSymlinks: true });
    const siteYaml = await readFile(path.join(content, 'site.yaml'), 'utf8');
    const status = async (): Promise<{ name: string; count: number }> => {
      const { page } = JSON.parse(await readFile(path.join(out, 'api/v1/status.json'), 'utf8'));
      return { name: page.name, count: page.links.notices.count };
    };
    const built = await status();
    let previousCount = built.count;
    const builds = new Map<string, number>([[built.name, built.count]]);
    let k = 1;
    const buildNext = async (): Promise<string> => {
      // Names of different lengths, so a body of one build cut to the length of another shows.
      const name = `Swap Build ${k}${' and more'.repeat(k)}`;
      await writeFile(path.join(content, 'site.yaml'), siteYaml.replace(/^name: .*$/m, `name: ${name}`));
      // One notice fewer each build: the lists differ too, prebuilt and on demand.
      await rm(path.join(content, 'notices', `${k}-incident.yaml`));
      // Known before the build starts: the server may show it before build() has returned.
      builds.set(name, previousCount - 1);
      await build({ contentDir: content, outDir: out, now: NOW });
      const now = await status();
      expect(now.name).toBe(name);
      expect(now.count).toBe(builds.get(name));
      previousCount = now.count;
      k++;
      return name;
    };
    const running = await serve({ dir: out, host: '127.0.0.1', port: 0, rateLimit: 0, drainMs: 1_000 });
    return {
      running,
      builds,
      rebuild: async (times, between) => {
        let last = '';
        for (let i = 0; i < times; i++) {
          await between();
          last = await buildNext();
        }
        return last;
      },
      cleanup: async () => {
        await running.close();
        await rm(work, { recursive: true, force: true });
      },
    };
  }

  /**
   * Requests `targets` in loops (bounded in count) until stop() is called; collects every problem.
   * `answeredMore(n)` resolves once n more answers have come, whatever the time that takes.
   */
  function hammer(
    base: string,
    targets: { target: string; headers?: Record<string, string> }[],
    check: (target: string, reply: Reply) => string | null,
  ): { stop: () => Promise<void>; problems: string[]; answered: () => number; answeredMore: (n: number) => Promise<void> } {
    const agent = new Agent({ keepAlive: true, maxSockets: targets.length });
    const problems: string[] = [];
    let answered = 0;
    let stopped = false;
    const waiters: (() => void)[] = [];
    const loop = async ({ target, headers }: { target: string; headers?: Record<string, string> }): Promise<void> => {
      // A request that hangs holds stop() and so the test, which then fails on its timeout.
      for (let i = 0; i < 5_000 && !stopped; i++) {
        try {
          const problem = check(target, await fetchRaw(base, target, { agent, headers }));
          if (problem) problems.push(problem);
        } catch (error) {
          problems.push(`${target}: ${(error as Error).message}`);
        }
        answered++;
        for (const wake of waiters.splice(0)) wake();
      }
      // Out of count: wake anyone waiting, who then sees too few answers and fails rather than hangs.
      stopped = true;
      for (const wake of waiters.splice(0)) wake();
    };
    const loops = targets.map(loop);
    const answeredMore = async (n: number): Promise<void> => {
      const goal = answered + n;
      while (answered < goal) {
        if (stopped) throw new Error(`the load stopped after ${answered} answers, before ${goal}`);
        await new Promise<void>((resolve) => waiters.push(resolve));
      }
    };
    return {
      problems,
      answered: () => answered,
      answeredMore,
      stop: async () => {
        stopped = true;
        await Promise.all(loops);
        agent.destroy();
      },
    };
  }

  it(`answers every API request from one whole build during ${REBUILDS} rebuilds, and then follows the last one`, async () => {
    const { running, builds, rebuild, cleanup } = await swapping();
    // `offset`: how many fewer records the list has than the build has notices (a filter).
    const offsets = new Map([['/api/v1/notices?filter[type_eq]=unplanned', 2]]);
    const check = (target: string, reply: Reply): string | null => {
      if (reply.status !== 200) return `${target}: ${reply.status} ${reply.text.slice(0, 120)}`;
      let body;
      try {
        body = reply.json();
      } catch {
        return `${target}: not JSON (${reply.raw.length} bytes, Content-Length ${reply.headers['content-length']}): …${reply.text.slice(-60)}`;
      }
      if (body.page) {
        const expected = builds.get(body.page.name);
        if (expected === undefined) return `${target}: name "${body.page.name}" is no build's`;
        if (body.page.links.notices.count !== expected) return `${target}: "${body.page.name}" with ${body.page.links.notices.count} notices: a mix of builds`;
        return null;
      }
      const offset = offsets.get(target) ?? 0;
      if (![...builds.values()].some((n) => n - offset === body.meta.total_count)) return `${target}: total_count ${body.meta.total_count} is no build's`;
      return null;
    };
    const load = hammer(
      running.url,
      [
        { target: SMALL },
        { target: SMALL, headers: { 'Accept-Encoding': 'gzip' } },
        { target: BIG },
        { target: BIG, headers: { 'Accept-Encoding': 'br' } },
        // Notices 100 and 200 are maintenance and general: the incidents are two fewer than all.
        { target: '/api/v1/notices?filter[type_eq]=unplanned', headers: { 'Accept-Encoding': 'gzip' } },
        { target: '/api/v1/notices?page=99' },
      ],
      check,
    );
    try {
      // Each build lands after every loop could answer again: 12 more answers of 6 loops.
      const last = await rebuild(REBUILDS, () => load.answeredMore(12));
      // The last build: asked until both a prebuilt and an on-demand answer are from it (a server that
      // never follows times the test out; the check in between is BuildWatcher's, on its own timer).
      const lastCount = builds.get(last)!;
      let status = '';
      let onDemand = -1;
      while (status !== last || onDemand !== lastCount) {
        status = (await fetchRaw(running.url, SMALL)).json().page.name;
        onDemand = (await fetchRaw(running.url, '/api/v1/notices?page=99')).json().meta.total_count;
      }
      const unplanned = (await fetchRaw(running.url, '/api/v1/notices?filter[type_eq]=unplanned&page=7')).json();
      expect(unplanned.meta.total_count).toBe(lastCount - 2);
    } finally {
      await load.stop();
      await cleanup();
    }
    expect(load.answered()).toBeGreaterThanOrEqual(REBUILDS * 12);
    expect(load.problems.slice(0, 10)).toEqual([]);
  });

  it('switches prebuilt and computed answers to a new build together: never back to an older one', async () => {
    const { running, builds, rebuild, cleanup } = await swapping();
    // Each build has one notice fewer: the total in any list names the build, prebuilt or computed.
    const buildOf = (total: number): number => [...builds.values()].indexOf(total);
    // `started` and `finished` are ticks of one counter: the order of events, not their time.
    const replies: { target: string; started: number; finished: number; build: number }[] = [];
    let tick = 0;
    const agent = new Agent({ keepAlive: true, maxSockets: 4 });
    let stopped = false;
    const waiters: (() => void)[] = [];
    // The first page is a prebuilt file; page 99 is computed by serve from the build's state.
    const loop = async (target: string): Promise<void> => {
      for (let i = 0; i < 5_000 && !stopped; i++) {
        const started = tick++;
        const reply = await fetchRaw(running.url, target, { agent });
        replies.push({ target, started, finished: tick++, build: buildOf(reply.json().meta.total_count) });
        for (const wake of waiters.splice(0)) wake();
      }
    };
    const targets = ['/api/v1/notices', '/api/v1/notices?page=99', '/api/v1/notices', '/api/v1/notices?page=99'];
    /** Resolves once both kinds of answer (prebuilt and computed) have come from build `b` (a server that never switches times the test out). */
    const seen = async (b: number): Promise<void> => {
      const both = (): boolean => targets.every((t) => replies.some((r) => r.target === t && r.build === b));
      while (!both()) await new Promise<void>((resolve) => waiters.push(resolve));
    };
    const loops = targets.map(loop);
    try {
      // Each build is answered from before the next lands, so every one is seen.
      let built = 0;
      await rebuild(REBUILDS, () => seen(built++));
      await seen(REBUILDS);
    } finally {
      stopped = true;
      await Promise.all(loops);
      agent.destroy();
      await cleanup();
    }
    expect(replies.every((r) => r.build >= 0)).toBe(true);
    const backwards: string[] = [];
    for (const reply of replies) {
      const seen = replies.filter((r) => r.finished < reply.started).reduce((max, r) => Math.max(max, r.build), 0);
      if (reply.build < seen) backwards.push(`${reply.target} started after build ${seen} was answered, answered from build ${reply.build}`);
    }
    expect(new Set(replies.map((r) => r.build)).size).toBe(REBUILDS + 1);
    expect(backwards.slice(0, 5)).toEqual([]);
  });

  it(`answers Range requests through ${REBUILDS} rebuilds without an error, a hang or a crash`, async () => {
    const { running, builds, rebuild, cleanup } = await swapping();
    const check = (target: string, reply: Reply): string | null => {
      // 206 with bytes=0- (the whole file), or 200 when the server ignores the Range: both are whole JSON.
      if (reply.status !== 206 && reply.status !== 200) return `${target} (Range): ${reply.status} ${reply.text.slice(0, 120)}`;
      let body;
      try {
        body = reply.json();
      } catch {
        return `${target} (Range): not whole JSON (${reply.raw.length} bytes)`;
      }
      if (body.page && !builds.has(body.page.name)) return `${target} (Range): name "${body.page.name}" is no build's`;
      return null;
    };
    const range = { Range: 'bytes=0-' };
    const load = hammer(
      running.url,
      [
        { target: SMALL, headers: range },
        { target: SMALL, headers: range },
        { target: BIG, headers: range },
        { target: BIG, headers: range },
      ],
      check,
    );
    try {
      await rebuild(REBUILDS, () => load.answeredMore(8));
    } finally {
      await load.stop();
      await cleanup();
    }
    expect(load.answered()).toBeGreaterThanOrEqual(REBUILDS * 8);
    expect(load.problems.slice(0, 10)).toEqual([]);
  });

  it(`serves the HTML site through ${REBUILDS} rebuilds without a 404, a hang or a crash`, async () => {
    const { running, builds, rebuild, cleanup } = await swapping();
    const check = (target: string, reply: Reply): string | null => {
      if (reply.status !== 200) return `${target}: ${reply.status} ${reply.text.slice(0, 120)}`;
      if (!reply.text.trimEnd().endsWith('</html>')) return `${target}: HTML cut off after ${reply.raw.length} bytes`;
      if (![...builds.keys()].some((name) => reply.text.includes(name))) return `${target}: the page names no build`;
      return null;
    };
    const load = hammer(
      running.url,
      [{ target: '/' }, { target: '/' }, { target: '/', headers: { 'Accept-Encoding': 'gzip' } }, { target: '/', headers: { 'Accept-Encoding': 'br' } }],
      check,
    );
    try {
      await rebuild(REBUILDS, () => load.answeredMore(8));
    } finally {
      await load.stop();
      await cleanup();
    }
    expect(load.answered()).toBeGreaterThanOrEqual(REBUILDS * 8);
    expect(load.problems.slice(0, 10)).toEqual([]);
  });
});

describe('shutdown', () => {
  /**
   * A server (rate limit off) that calls close() as its `n`th request arrives, with requests still in
   * flight; `closing()` is close()'s promise once it was called (undefined before). Neither the drain
   * deadline nor the keep-alive timer can end a connection within a test (an hour each), so close()
   * resolves only by doing its work: a close that waited on either would time the test out.
   */
  async function closingOnRequest(n: number): Promise<{ running: RunningServer; closing: () => Promise<void> | undefined }> {
    const running = await serve({ dir: dist, host: '127.0.0.1', port: 0, rateLimit: 0, drainMs: 3_600_000 });
    running.server.keepAliveTimeout = 3_600_000;
    let received = 0;
    let closing: Promise<void> | undefined;
    running.server.on('request', () => {
      if (++received === n) closing = running.close();
    });
    return { running, closing: () => closing };
  }

  it('finishes requests in flight at close(), then refuses new connections', async () => {
    const { running, closing } = await closingOnRequest(20);
    const agent = new Agent({ keepAlive: false, maxSockets: 20 });
    try {
      const targets = Array.from({ length: 20 }, (_, i) =>
        i % 2 ? `/api/v1/components/2/metrics?timeframe_start=2026-0${(i % 9) + 1}-01&timeframe_end=2026-11-20` : BIG,
      );
      const replies = await Promise.all(targets.map((t) => fetchRaw(running.url, t, { agent, headers: { 'Accept-Encoding': 'gzip' } })));
      expect(replies.map((r) => r.status)).toEqual(Array(20).fill(200));
      for (const reply of replies) expect(() => reply.json()).not.toThrow();
      expect(closing()).toBeDefined();
      await closing();
      await expect(fetchRaw(running.url, SMALL, { agent: false })).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    } finally {
      agent.destroy();
    }
  });

  it('does not wait for idle keep-alive connections once their requests are answered', async () => {
    const { running, closing } = await closingOnRequest(20);
    const agent = new Agent({ keepAlive: true, maxSockets: 20 });
    try {
      const replies = await Promise.all(Array.from({ length: 20 }, () => fetchRaw(running.url, '/api/v1/notices?page=99', { agent })));
      expect(replies.map((r) => r.status)).toEqual(Array(20).fill(200));
      // With the keep-alive timer an hour long, close() resolves only if it closes the idle connections.
      expect(closing()).toBeDefined();
      await closing();
    } finally {
      agent.destroy();
      await closing();
    }
  });
});
