// A private audience's site behind the nginx configuration `host-config nginx --audience` prints, for
// real: with the password file site.yaml names, nothing without credentials and everything with them;
// with none named, nothing at all. Never a header that would let another site read it or a crawler
// index it.
import { createHash } from 'node:crypto';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../src/build.js';
import { request } from '../http/client.js';
import type { Reply } from '../http/client.js';
import { runCli } from '../helpers/cli.js';
import { freePort, startNginx } from '../helpers/nginx.js';
import type { RunningNginx } from '../helpers/nginx.js';

const FIXTURE = path.join(import.meta.dirname, '../fixtures/plain-site/content');
const NOW = Date.parse('2026-03-15T08:30:00Z');
const [USER, PASSWORD] = ['ops', 'correct horse'];
const ADDRESSES = ['/', '/api/v2/summary.json', '/api/v1/notices', '/api/v1/notices/1', '/api/v1/status'];

let tmp: string;
let guarded: RunningNginx;
let closed: RunningNginx;

/** nginx's configuration for `audience`'s site of `content`, as a user prints it, listening on `port`. */
async function hostConfig(content: string, dist: string, audience: string, port: number): Promise<string> {
  const run = await runCli(['host-config', 'nginx', '--audience', audience, '--content', content, '--dir', dist, '--listen', `127.0.0.1:${port}`, '--rate-limit', '0']);
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  return run.stdout;
}

beforeAll(async () => {
  tmp = await mkdtemp(path.join(tmpdir(), 'statuspress-nginx-private-'));
  const content = path.join(tmp, 'content');
  await cp(FIXTURE, content, { recursive: true });
  // htpasswd's `{SHA}` form (base64 of the password's SHA-1), which nginx reads without crypt().
  const passwords = path.join(tmp, 'staff.htpasswd');
  await writeFile(passwords, `${USER}:{SHA}${createHash('sha1').update(PASSWORD).digest('base64')}\n`);
  const site = await readFile(path.join(content, 'site.yaml'), 'utf8');
  const audiences = ['audiences:', '  staff:', '    url: https://status.internal.example.org', `    password_file: ${passwords}`, '  partners:', '    url: https://partners.example.org', ''];
  await writeFile(path.join(content, 'site.yaml'), `${site}${audiences.join('\n')}`);
  const dist = path.join(tmp, 'dist');
  await build({ contentDir: content, outDir: dist, now: NOW, threads: 0, audience: 'staff' });
  const [a, b] = [await freePort(), await freePort()];
  guarded = await startNginx(path.join(tmp, 'guarded'), await hostConfig(content, dist, 'staff', a), a);
  // The same files, as the site of an audience whose password file nobody named.
  closed = await startNginx(path.join(tmp, 'closed'), await hostConfig(content, dist, 'partners', b), b);
});

afterAll(async () => {
  await guarded?.stop();
  await closed?.stop();
  await rm(tmp, { recursive: true, force: true });
});

const basic = (user: string, password: string): Record<string, string> => ({ Authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}` });

function expectPrivateHeaders(reply: Reply): void {
  expect(reply.headers['access-control-allow-origin']).toBeUndefined();
  expect(reply.headers['referrer-policy']).toBe('no-referrer');
  expect(reply.headers['x-robots-tag']).toBe('noindex');
}

describe("nginx with a private audience's configuration", () => {
  it.each(ADDRESSES)('asks for credentials at %s and answers nothing of the site without them', async (address) => {
    for (const headers of [{}, basic(USER, 'wrong'), basic('nobody', PASSWORD)]) {
      const reply = await request(guarded.url, address, { headers });
      expect(reply.status).toBe(401);
      expect(reply.headers['www-authenticate']).toBe('Basic realm="statuspress"');
      expect(reply.body).not.toContain('Plain Fixture Status');
      expectPrivateHeaders(reply);
    }
  });

  it.each(ADDRESSES)('serves %s with the credentials of the password file', async (address) => {
    const reply = await request(guarded.url, address, { headers: basic(USER, PASSWORD) });
    expect(reply.status).toBe(200);
    expectPrivateHeaders(reply);
    // The browser's cache only: a shared one could hand an answer given for credentials to anyone.
    expect(reply.headers['cache-control']).toMatch(/^private\b/);
    if (address.startsWith('/api/')) expect(reply.json()).toBeTypeOf('object');
    else expect(reply.body).toContain('https://status.internal.example.org');
  });

  it('answers no preflight: no other site may read the API', async () => {
    const reply = await request(guarded.url, '/api/v2/summary.json', { method: 'OPTIONS', headers: { Origin: 'https://elsewhere.example.com', 'Access-Control-Request-Method': 'GET' } });
    expect(reply.status).toBe(401);
    expectPrivateHeaders(reply);
    const signedIn = await request(guarded.url, '/api/v2/summary.json', { headers: { ...basic(USER, PASSWORD), Origin: 'https://elsewhere.example.com' } });
    expect(signedIn.status).toBe(200);
    expectPrivateHeaders(signedIn);
  });

  it.each(ADDRESSES)('refuses %s to everyone when no password file is named', async (address) => {
    for (const headers of [{}, basic(USER, PASSWORD)]) {
      const reply = await request(closed.url, address, { headers });
      expect(reply.status).toBe(403);
      expect(reply.body).not.toContain('Plain Fixture Status');
      expectPrivateHeaders(reply);
    }
  });
});
