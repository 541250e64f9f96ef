// The generated nginx configuration, for real: Debian's nginx on 127.0.0.1 serving a build, checked
// by the same HTTP suite as `statuspress serve` (minus what only a computing server can answer).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../src/build.js';
import { nginxConfig } from '../../src/hosting/index.js';
import { request } from '../http/client.js';
import { addHashedAsset, httpSuite, SERVE_SITE_NOW } from '../http/suite.js';
import { freePort, startNginx } from '../helpers/nginx.js';
import type { RunningNginx } from '../helpers/nginx.js';

const CONTENT = path.join(import.meta.dirname, '../fixtures/serve-site/content');
let tmp: string;
let open: RunningNginx;
let limited: RunningNginx;

beforeAll(async () => {
  tmp = await mkdtemp(path.join(tmpdir(), 'statuspress-nginx-'));
  const dist = path.join(tmp, 'dist');
  await build({ contentDir: CONTENT, outDir: dist, now: Date.parse(SERVE_SITE_NOW) });
  await addHashedAsset(dist);
  const [a, b] = [await freePort(), await freePort()];
  open = await startNginx(path.join(tmp, 'open'), nginxConfig({ root: dist, listen: `127.0.0.1:${a}`, rateLimit: 0 }), a);
  limited = await startNginx(path.join(tmp, 'limited'), nginxConfig({ root: dist, listen: `127.0.0.1:${b}`, rateLimit: 10 }), b);
});

afterAll(async () => {
  await open?.stop();
  await limited?.stop();
  await rm(tmp, { recursive: true, force: true });
});

describe('nginx with the generated configuration', () => {
  httpSuite(() => open.url, { onDemand: false, notFoundRoot: '/status/' });

  it('answers other metrics timeframes with a JSON error that names what is prebuilt', async () => {
    const res = await request(open.url, '/api/v1/components/1/metrics?timeframe_start=2026-10-01&timeframe_end=2026-10-31');
    expect(res.status).toBe(404);
    expect(res.json().error.message).toContain('default window');
  });

  it('caches errors briefly and answers with one Vary header', async () => {
    const bad = await request(open.url, '/api/v1/notices?page=0');
    expect(bad.status).toBe(400);
    expect(bad.headers['cache-control']).toBe('public, max-age=10');
    const ok = await request(open.url, '/api/v1/notices', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(ok.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=300');
    expect(ok.headers.vary).toBe('Accept-Encoding');
  });

  it('finds the metrics notice list with the timeframe written with or without milliseconds', async () => {
    const calc = (await request(open.url, '/api/v1/components/2/metrics?show_calculations=true')).json();
    const href: string = calc.calculation_data_in_timeframe.notices.href;
    const withoutMs = href.replace('T00:00:00.000Z', 'T00:00:00Z');
    expect(withoutMs).not.toBe(href);
    const res = await request(open.url, withoutMs);
    expect(res.status).toBe(200);
    expect(res.json().meta.total_count).toBe(calc.calculation_data_in_timeframe.notices.count);
  });

  it('explains a list it does not have prebuilt', async () => {
    const res = await request(open.url, '/api/v1/notices?filter[metrics_component_id]=2');
    expect(res.status).toBe(404);
    expect(res.json().error.message).toContain('statuspress serve answers every combination');
  });

  it('serves the precompressed file to a client that takes gzip', async () => {
    const res = await request(open.url, '/api/v1/notices', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it('limits a client to the burst of 10 with 429, Retry-After and the JSON error', async () => {
    const replies = await Promise.all(Array.from({ length: 100 }, () => request(limited.url, '/api/v1/status')));
    const ok = replies.filter((r) => r.status === 200).length;
    const limitedReplies = replies.filter((r) => r.status === 429);
    expect(ok).toBeGreaterThanOrEqual(10);
    expect(ok).toBeLessThanOrEqual(12);
    expect(limitedReplies.length).toBe(100 - ok);
    expect(limitedReplies[0]!.headers['retry-after']).toBe('1');
    expect(limitedReplies[0]!.json().error).toMatchObject({ status: 429, code: 'rate_limited' });
    // One client's refusal must never be cached for everyone.
    expect(limitedReplies[0]!.headers['cache-control']).toBe('no-store');
    // Retry-After: 1 holds: a second later one gets through. A wait for nginx's own clock (its limiter
    // lets 10 requests a second through), which no test can set.
    await new Promise((r) => setTimeout(r, 1_100));
    expect((await request(limited.url, '/api/v1/status')).status).toBe(200);
  });
});
