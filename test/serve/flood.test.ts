// `statuspress serve` under a 5-second flood (the logic of scripts/flood.js, from test/helpers/flood.ts):
// a flood of spoofed client addresses and one client hammering, over keep-alive connections, with some
// clients going away mid-answer. The server must keep answering, keep the hammering client to its
// limit, never fail with a 5xx, and not grow without bound. Then the script itself runs briefly.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../src/build.js';
import { serve } from '../../src/serve/server.js';
import type { RunningServer } from '../../src/serve/server.js';
import { flood, MB, mb } from '../helpers/flood.js';
import { SERVE_SITE_NOW } from '../http/suite.js';

const ROOT = path.join(import.meta.dirname, '../..');
const CONTENT = path.join(ROOT, 'test/fixtures/serve-site/content');
const SECONDS = 5;

let root: string;
let running: RunningServer;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'statuspress-flood-'));
  await build({ contentDir: CONTENT, outDir: path.join(root, 'dist'), now: Date.parse(SERVE_SITE_NOW) });
  running = await serve({
    dir: path.join(root, 'dist'),
    host: '127.0.0.1',
    port: 0,
    rateLimit: 10,
    rateLimitClients: 1_000,
    trustProxy: ['127.0.0.1'],
    drainMs: 3_000,
  });
});

afterAll(async () => {
  await running?.close();
  await rm(root, { recursive: true, force: true });
});

/** GET /api/v1/status as a client never seen before. */
function probe(client: string): Promise<{ status: number; name: string | undefined }> {
  const url = new URL(running.url);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path: '/api/v1/status', agent: false, headers: { 'X-Forwarded-For': client }, timeout: 2_000 }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, name: res.statusCode === 200 ? JSON.parse(body).page.name : undefined }));
    });
    req.on('timeout', () => req.destroy(new Error('no answer within 2 s')));
    req.on('error', reject);
    req.end();
  });
}

describe('a flood', () => {
  it(`leaves the server answering, the limit holding and memory bounded after ${SECONDS} s`, async () => {
    // Warm up (first reads of the files, the on-demand code paths), then measure.
    await flood({ url: running.url, seconds: 0.5, concurrency: 10, abortEvery: 0 });
    const before = process.memoryUsage();

    const result = await flood({ url: running.url, seconds: SECONDS, concurrency: 50 });
    const after = process.memoryUsage();
    const seconds = result.elapsedMs / 1_000;
    console.log(
      `flood: ${result.sent} requests in ${seconds.toFixed(1)} s (${result.perSecond.toFixed(0)}/s), ${JSON.stringify(result.statuses)}; ` +
        `RSS ${mb(before.rss)} → ${mb(after.rss)}, heap ${mb(before.heapUsed)} → ${mb(after.heapUsed)} (this process: server and clients)`,
    );

    // It really was a flood, and it was answered.
    expect(result.sent).toBeGreaterThan(500);
    expect(result.statuses['200'] ?? 0).toBeGreaterThan(100);
    expect(result.statuses['429'] ?? 0).toBeGreaterThan(100);
    // No server errors, and (nearly) no broken connections besides the ones the clients dropped.
    expect(Object.keys(result.statuses).filter((s) => s.startsWith('5'))).toEqual([]);
    const networkErrors = Object.entries(result.statuses)
      .filter(([s]) => s.startsWith('error:'))
      .reduce((n, [, count]) => n + count, 0);
    expect(networkErrors).toBeLessThanOrEqual(Math.ceil(result.sent / 1_000));

    // The hammering client got its burst and 10 a second, no more, whatever else was going on.
    const single = Object.values(result.single).reduce((a, b) => a + b, 0);
    const passed = single - (result.single['429'] ?? 0);
    expect(single).toBeGreaterThan(50);
    expect(passed).toBeLessThanOrEqual(10 + Math.ceil(seconds * 10) + 1);

    // Still answering, to a new client and to the hammering one a second later.
    expect(await probe('198.51.100.77')).toEqual({ status: 200, name: 'Serve Test Status' });
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect((await probe('192.0.2.1')).status).toBe(200);

    // Bounded memory: tens of thousands of addresses with a table of 1,000 clients.
    expect(after.heapUsed - before.heapUsed).toBeLessThan(100 * MB);
    expect(after.rss - before.rss).toBeLessThan(200 * MB);
  });
});

describe('scripts/flood.js', () => {
  it('floods a served build for 2 s and exits 0 with its report', async () => {
    expect(existsSync(path.join(ROOT, 'lib/serve/server.js')), 'run `npm run build:lib` first').toBe(true);
    const child = spawn(process.execPath, [path.join(ROOT, 'scripts/flood.js'), '--seconds', '2', '--concurrency', '20'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 45_000);
    const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
    clearTimeout(timer);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toMatch(/requests sent: +\d+ in [\d.]+ s \(\d+ requests\/s\)/);
    expect(stdout).toMatch(/statuses: +.*200: \d+.*429: \d+/);
    expect(stdout).toMatch(/server RSS: +[\d.]+ MB before, [\d.]+ MB after/);
    expect(stdout).toMatch(/server heap: +[\d.]+ MB used before/);
    expect(stdout).toMatch(/still answering: yes/);
    expect(stdout.trimEnd().endsWith('OK')).toBe(true);
  });

  it('refuses bad arguments with exit code 2', async () => {
    const child = spawn(process.execPath, [path.join(ROOT, 'scripts/flood.js'), '--seconds', 'soon'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
    expect(code).toBe(2);
    expect(stderr).toMatch(/--seconds/);
  });
});
