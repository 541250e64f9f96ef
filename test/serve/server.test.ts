// `statuspress serve` over HTTP on 127.0.0.1, against a real build of test/fixtures/serve-site.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../src/build.js';
import { serve } from '../../src/serve/server.js';
import type { RunningServer } from '../../src/serve/server.js';
import { request } from '../http/client.js';
import { addHashedAsset, httpSuite, SERVE_SITE_NOW } from '../http/suite.js';

const CONTENT = path.join(import.meta.dirname, '../fixtures/serve-site/content');
let out: string;
let running: RunningServer;

beforeAll(async () => {
  out = await mkdtemp(path.join(tmpdir(), 'statuspress-serve-'));
  await build({ contentDir: CONTENT, outDir: path.join(out, 'dist'), now: Date.parse(SERVE_SITE_NOW) });
  await addHashedAsset(path.join(out, 'dist'));
  running = await serve({ dir: path.join(out, 'dist'), host: '127.0.0.1', port: 0, rateLimit: 0 });
});

afterAll(async () => {
  await running?.close();
  await rm(out, { recursive: true, force: true });
});

describe('statuspress serve', () => {
  httpSuite(() => running.url, { onDemand: true, notFoundRoot: '/' });

  it('computes on-demand answers as of the build, not the clock', async () => {
    const res = (await request(running.url, '/api/v1/components/2/metrics?timeframe_start=2026-11-01&timeframe_end=2099-01-01')).json();
    // The end is cut off at the build's today, 2026-11-20, whatever the clock says.
    expect(res.timeframe_end).toBe('2026-11-20');
    expect(res.timeframe_start).toBe('2026-11-01');
  });

  it('answers any filter combination on demand, with the same code as the build', async () => {
    const res = (await request(running.url, '/api/v1/components?filter[parent_id_null]=false&filter[parent_id_eq]=1')).json();
    expect(res.components.map((c: { id: number }) => c.id)).toEqual([2]);
  });

  it('mounts under --base', async () => {
    const based = await serve({ dir: path.join(out, 'dist'), host: '127.0.0.1', port: 0, base: '/status', rateLimit: 0 });
    try {
      expect((await request(based.url, '/status/api/v1/status')).status).toBe(200);
      expect((await request(based.url, '/api/v1/status')).status).toBe(404);
      const bare = await request(based.url, '/status');
      expect(bare.status).toBe(301);
      expect(bare.headers.location).toBe('/status/');
      expect((await request(based.url, '/status/')).body).toContain('<a class="brand" href="./">Serve Test Status</a>');
    } finally {
      await based.close();
    }
  });
});
