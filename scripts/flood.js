#!/usr/bin/env node
/**
 * flood.js — does `statuspress serve` survive a flood, with bounded memory?
 *
 *   npm run build:lib                                      # the server is loaded from lib/
 *   node scripts/flood.js [--seconds 60 | --requests N] [--concurrency 50]
 *
 * 1. Builds test/fixtures/serve-site into a temporary folder (lib/build.js).
 * 2. Starts `serve()` (lib/server.js) in a child process, so the memory measured is the
 *    server's alone: rate limit on (10/s), `rateLimitClients: 1000`, 127.0.0.1 trusted as a proxy.
 * 3. Floods it over keep-alive connections for N seconds (or until N requests were sent, with
 *    --requests: a fixed amount of work whatever the machine's speed): 80% of the workers send a new random
 *    X-Forwarded-For on every request (a flood of addresses: each gets a fresh bucket, and the client
 *    table must stay at its bound), the rest are one client hammering (it must get no more than the
 *    burst plus 10 a second). Every 50th request is dropped by the client as its answer starts.
 * 4. Prints requests sent, status counts, requests/s, the server's RSS and heap before and after
 *    (after a forced GC), and whether the server still answers /api/v1/status.
 *
 * Exits 1 when the server crashed or stopped answering, or its RSS grew by more than 200 MB; 2 on
 * bad arguments. Node built-ins only. (The limiter's table size is not visible from outside the
 * server; its bound is covered by test/unit/serve/rate-limit.test.ts.)
 */
import { fork } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { scriptOptions } from './options.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const LIB = path.join(ROOT, 'lib');
const CONTENT = path.join(ROOT, 'test', 'fixtures', 'serve-site', 'content');
const NOW = Date.parse('2026-11-20T12:00:00Z');
const MAX_RSS_GROWTH = 200 * 1024 * 1024;
const RATE = 10;
const CLIENTS = 1000;

/** Prebuilt, on-demand, error and site addresses. */
const PATHS = [
  '/api/v1/status',
  '/api/v1/notices',
  '/v1/notices?page=2',
  '/api/v1/notices/100',
  '/api/v1/components?filter[parent_id_eq]=1',
  '/api/v1/components/2/metrics?timeframe_start=2026-10-01&timeframe_end=2026-11-15',
  '/api/v1/notices?page=99',
  '/api/v1/notices/987654',
  '/api/v1/notices?page=zero',
  '/',
  '/no/such/page',
];
const SINGLE_CLIENT = '192.0.2.1';
/** The rate limit covers the API only. */
const isApi = (requestPath) => /^\/(?:api|v1)(?:[/?.]|$)/.test(requestPath);

const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const signedMb = (bytes) => `${bytes >= 0 ? '+' : ''}${mb(bytes)}`;

// ---------------------------------------------------------------------------------------------
// The server child: `node --expose-gc scripts/flood.js --serve-child <dir>`.

async function serveChild(dir) {
  const { serve } = await import(pathToFileURL(path.join(LIB, 'server.js')).href);
  const running = await serve({ dir, host: '127.0.0.1', port: 0, rateLimit: RATE, rateLimitClients: CLIENTS, trustProxy: ['127.0.0.1'] });
  process.on('message', (message) => {
    if (message === 'memory' || message === 'sample') {
      if (message === 'memory') globalThis.gc?.();
      const { rss, heapUsed, heapTotal, external } = process.memoryUsage();
      process.send({ type: message, rss, heapUsed, heapTotal, external, maxRss: process.resourceUsage().maxRSS * 1024 });
    } else if (message === 'stop') {
      void running.close().then(() => process.exit(0));
    }
  });
  process.send({ type: 'ready', url: running.url });
}

// ---------------------------------------------------------------------------------------------
// The flood.

const octet = () => Math.floor(Math.random() * 256);
const randomAddress = () =>
  Math.random() < 0.9 ? `${octet()}.${octet()}.${octet()}.${octet()}` : `2001:db8:${octet().toString(16)}::${octet().toString(16)}`;
const bump = (counts, key) => {
  counts[key] = (counts[key] ?? 0) + 1;
};

/** Sends requests until `seconds` have passed, or, given `requests`, until that many were sent. */
async function flood({ url, seconds, requests, concurrency, spoofedShare = 0.8, abortEvery = 50, onTick }) {
  const target = new URL(url);
  const spoofing = Math.round(concurrency * spoofedShare);
  const agents = [new http.Agent({ keepAlive: true, maxSockets: spoofing || 1 }), new http.Agent({ keepAlive: true, maxSockets: concurrency - spoofing || 1 })];
  const statuses = {};
  const single = {};
  let sent = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const more = requests === undefined ? () => performance.now() < deadline : () => sent < requests;

  const once = (requestPath, spoofed, abort) =>
    new Promise((resolve) => {
      const req = http.request(
        {
          host: target.hostname,
          port: target.port,
          path: requestPath,
          agent: agents[spoofed ? 0 : 1],
          headers: { 'X-Forwarded-For': spoofed ? randomAddress() : SINGLE_CLIENT, 'Accept-Encoding': sent % 3 === 0 ? 'gzip, br' : 'identity' },
          timeout: 10_000,
        },
        (res) => {
          if (abort) {
            bump(statuses, 'aborted');
            res.destroy();
            resolve();
            return;
          }
          res.resume();
          res.on('end', () => {
            bump(statuses, String(res.statusCode));
            if (!spoofed && isApi(requestPath)) bump(single, String(res.statusCode));
            resolve();
          });
          res.on('error', () => resolve());
        },
      );
      req.on('timeout', () => req.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })));
      req.on('error', (error) => {
        if (!abort) bump(statuses, `error:${error.code ?? 'unknown'}`);
        resolve();
      });
      req.end();
    });

  const worker = async (index) => {
    const spoofed = index < spoofing;
    for (let i = index; more(); i++) {
      sent++;
      await once(PATHS[i % PATHS.length], spoofed, abortEvery > 0 && sent % abortEvery === 0);
    }
  };
  const ticker = onTick ? setInterval(() => onTick(sent, performance.now() - started), 10_000) : null;
  try {
    await Promise.all(Array.from({ length: concurrency }, (_, i) => worker(i)));
  } finally {
    if (ticker) clearInterval(ticker);
    for (const agent of agents) agent.destroy();
  }
  const elapsedMs = performance.now() - started;
  return { sent, statuses, single, elapsedMs, perSecond: sent / (elapsedMs / 1000) };
}

// ---------------------------------------------------------------------------------------------

/** GET /api/v1/status as a client never seen before; resolves to the status code or an error text. */
function probe(url) {
  return new Promise((resolve) => {
    const target = new URL(url);
    const req = http.get(
      { host: target.hostname, port: target.port, path: '/api/v1/status', agent: false, headers: { 'X-Forwarded-For': '198.51.100.200' }, timeout: 5000 },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => {
          try {
            resolve(res.statusCode === 200 && JSON.parse(body).page ? 200 : `status ${res.statusCode}`);
          } catch {
            resolve('not JSON');
          }
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error('no answer within 5 s')));
    req.on('error', (error) => resolve(error.message));
  });
}

function ask(child, message, type, timeoutMs = 10_000) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.off('message', onMessage);
      reject(new Error(`the server did not answer "${message}" within ${timeoutMs} ms`));
    }, timeoutMs);
    const onMessage = (reply) => {
      if (reply?.type !== type) return;
      clearTimeout(timer);
      child.off('message', onMessage);
      resolve(reply);
    };
    child.on('message', onMessage);
    if (message) child.send(message);
  });
}

async function main() {
  const { values } = scriptOptions(import.meta.url, {
    options: { seconds: { type: 'string' }, requests: { type: 'string' }, concurrency: { type: 'string', default: '50' } },
    strict: true,
  });
  if (values.seconds !== undefined && values.requests !== undefined) {
    console.error('give --seconds or --requests, not both');
    return 2;
  }
  const seconds = Number(values.seconds ?? '60');
  const requests = values.requests === undefined ? undefined : Number(values.requests);
  const concurrency = Number(values.concurrency);
  if (!(seconds > 0 && seconds <= 3600) || !Number.isInteger(concurrency) || concurrency < 1 || concurrency > 1000) {
    console.error('--seconds must be in (0, 3600] and --concurrency a whole number from 1 to 1000');
    return 2;
  }
  if (requests !== undefined && !(Number.isInteger(requests) && requests >= 1 && requests <= 10_000_000)) {
    console.error('--requests must be a whole number from 1 to 10000000');
    return 2;
  }
  const amount = requests === undefined ? { seconds } : { requests };
  if (!existsSync(path.join(LIB, 'server.js'))) {
    console.error('lib/ is missing: run `npm run build:lib` first');
    return 2;
  }

  const { build } = await import(pathToFileURL(path.join(LIB, 'build.js')).href);
  const work = mkdtempSync(path.join(os.tmpdir(), 'statuspress-flood-'));
  const dir = path.join(work, 'dist');
  let child;
  let crashed = null;
  try {
    await build({ contentDir: CONTENT, outDir: dir, now: NOW });
    child = fork(fileURLToPath(import.meta.url), ['--serve-child', dir], { execArgv: ['--expose-gc'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    child.once('exit', (code, signal) => (crashed = `the server exited (code ${code}, signal ${signal})`));
    const { url } = await ask(child, null, 'ready', 20_000);
    const flooding = requests === undefined ? `for ${seconds} s` : `with ${requests} requests`;
    console.log(`statuspress serve at ${url}: rate limit ${RATE}/s, ${CLIENTS} clients tracked; flooding ${flooding} over ${concurrency} connections`);

    // Warm up (first reads of the files, the on-demand code), then measure: a second, or a tenth of the requests.
    const warmUp = requests === undefined ? { seconds: 1 } : { requests: Math.ceil(requests / 10) };
    await flood({ url, ...warmUp, concurrency: Math.min(concurrency, 10), abortEvery: 0 });
    await sleep(200);
    const before = await ask(child, 'memory', 'memory');

    const result = await flood({
      url,
      ...amount,
      concurrency,
      onTick: (sent, ms) =>
        void ask(child, 'sample', 'sample').then(
          (m) => console.log(`  ${(ms / 1000).toFixed(0)} s: ${sent} requests sent; server RSS ${mb(m.rss)}, heap ${mb(m.heapUsed)}, external ${mb(m.external)}`),
          () => console.log(`  ${(ms / 1000).toFixed(0)} s: ${sent} requests sent; the server did not report its memory`),
        ),
    });
    await sleep(200);
    const answer = crashed ? crashed : await probe(url);
    const after = crashed ? null : await ask(child, 'memory', 'memory').catch(() => null);

    const statuses = Object.entries(result.statuses)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([status, n]) => `${status}: ${n}`)
      .join(', ');
    // Passed: anything but 429 (the client's 400 and 404 answers cost tokens too).
    const singleAll = Object.values(result.single).reduce((a, b) => a + b, 0);
    const singleOk = singleAll - (result.single['429'] ?? 0);
    console.log(`requests sent:   ${result.sent} in ${(result.elapsedMs / 1000).toFixed(1)} s (${result.perSecond.toFixed(0)} requests/s)`);
    console.log(`statuses:        ${statuses}`);
    const took = result.elapsedMs / 1000;
    console.log(`one client:      ${singleOk} of ${singleAll} API requests passed (at most ${RATE} + ${RATE}/s × ${took.toFixed(1)} s = ${Math.floor(RATE + RATE * took)} allowed)`);
    console.log(`server RSS:      ${mb(before.rss)} before, ${after ? `${mb(after.rss)} after (${signedMb(after.rss - before.rss)}), peak ${mb(after.maxRss)}` : 'unknown after'}`);
    console.log(`server heap:     ${mb(before.heapUsed)} used before, ${after ? `${mb(after.heapUsed)} after (${signedMb(after.heapUsed - before.heapUsed)}), after GC` : 'unknown after'}`);
    console.log(`server external: ${mb(before.external)} before, ${after ? `${mb(after.external)} after (${signedMb(after.external - before.external)})` : 'unknown after'}`);
    console.log(`limiter size:    not visible from outside the server (bounded at ${CLIENTS} by rateLimitClients)`);
    console.log(`still answering: ${answer === 200 ? 'yes, /api/v1/status is 200' : `NO (${answer})`}`);

    const problems = [];
    if (crashed) problems.push(crashed);
    else if (answer !== 200) problems.push(`the server stopped answering /api/v1/status: ${answer}`);
    if (after && after.rss - before.rss > MAX_RSS_GROWTH) problems.push(`RSS grew by ${mb(after.rss - before.rss)} (limit ${mb(MAX_RSS_GROWTH)})`);
    const serverErrors = Object.keys(result.statuses).filter((s) => s.startsWith('5'));
    if (serverErrors.length) problems.push(`server errors: ${serverErrors.map((s) => `${s} × ${result.statuses[s]}`).join(', ')}`);
    if (singleOk > RATE + RATE * (result.elapsedMs / 1000) + 2) problems.push(`the hammering client got ${singleOk} answers through`);
    for (const problem of problems) console.error(`FAIL: ${problem}`);
    if (problems.length === 0) console.log('OK');
    return problems.length ? 1 : 0;
  } finally {
    if (child && child.exitCode === null && child.signalCode === null) {
      child.send('stop');
      const exited = new Promise((resolve) => child.once('exit', resolve));
      // An unreferenced timer: it must not keep this process alive once the child is gone.
      if ((await Promise.race([exited, sleep(12_000, 'timeout', { ref: false })])) === 'timeout') child.kill('SIGKILL');
    }
    rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--serve-child') await serveChild(process.argv[3]);
else process.exitCode = await main();
