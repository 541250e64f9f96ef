// `statuspress serve` asks no credentials, so it never answers a private audience's site: it refuses
// to start on one, and a private build swapped into the folder it serves is answered with nothing of
// the site, no CORS consent (not even to a preflight) and a private site's headers. On a copy of the
// plain site with a staff audience.
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../src/build.js';
import { serve } from '../../src/serve/server.js';
import type { RunningServer } from '../../src/serve/server.js';
import { request } from '../http/client.js';
import { runCli } from '../helpers/cli.js';

const FIXTURE = path.join(import.meta.dirname, '../fixtures/plain-site/content');
const NOW = Date.parse('2026-03-15T08:30:00Z');

let tmp: string;
let content: string;
let running: RunningServer | undefined;

beforeAll(async () => {
  tmp = await mkdtemp(path.join(tmpdir(), 'statuspress-serve-private-'));
  content = path.join(tmp, 'content');
  await cp(FIXTURE, content, { recursive: true });
  const site = await readFile(path.join(content, 'site.yaml'), 'utf8');
  await writeFile(path.join(content, 'site.yaml'), `${site}audiences:\n  staff:\n    url: https://status.internal.example.org\n`);
});

afterAll(async () => {
  await running?.close();
  await rm(tmp, { recursive: true, force: true });
});

describe('serve and a private build', () => {
  it('refuses to start on one, saying where to serve it instead', async () => {
    const dir = path.join(tmp, 'dist-staff');
    await build({ contentDir: content, outDir: dir, now: NOW, threads: 0, audience: 'staff' });
    const run = await runCli(['serve', '--dir', dir, '--port', '0']);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(`${dir} is the site of the private audience "staff", and statuspress serve answers anyone, with no credentials`);
    expect(run.stderr).toContain('host-config nginx');
  });

  it('answers nothing of one built into its folder after it started', async () => {
    const dir = path.join(tmp, 'dist');
    await build({ contentDir: content, outDir: dir, now: NOW, threads: 0 });
    running = await serve({ dir, host: '127.0.0.1', port: 0, rateLimit: 0 });
    const before = await request(running.url, '/api/v2/summary.json');
    expect(before.status).toBe(200);
    expect(before.headers['access-control-allow-origin']).toBe('*');
    await build({ contentDir: content, outDir: dir, now: NOW, threads: 0, audience: 'staff' });
    // The watcher looks at the folder again after a tenth of a second: ask until the swap is seen.
    let reply = await request(running.url, '/api/v2/summary.json');
    for (let tries = 0; reply.status === 200 && tries < 50; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      reply = await request(running.url, '/api/v2/summary.json');
    }
    for (const [method, address] of [['GET', '/api/v2/summary.json'], ['GET', '/'], ['OPTIONS', '/api/v2/summary.json'], ['HEAD', '/api/v1/status']] as const) {
      const answer = await request(running.url, address, { method, headers: { Origin: 'https://elsewhere.example' } });
      expect({ method, address, status: answer.status }).toEqual({ method, address, status: 503 });
      expect(answer.headers['access-control-allow-origin']).toBeUndefined();
      expect(answer.headers['access-control-allow-methods']).toBeUndefined();
      expect(answer.headers['referrer-policy']).toBe('no-referrer');
      expect(answer.headers['x-robots-tag']).toBe('noindex');
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(answer.body).not.toContain('Plain Fixture Status');
      if (method === 'GET') expect(JSON.parse(answer.body)).toMatchObject({ error: { status: 503, code: 'unavailable' } });
    }
  });
});
