// A private audience's site behind the nginx configuration `host-config nginx --audience` prints, for
// real: with the password file site.yaml names, nothing without credentials and everything with them;
// with none named, nothing at all. Never a header that would let another site read it or a crawler
// index it.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { get as httpsGet } from 'node:https';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../src/build.js';
import { request } from '../http/client.js';
import type { Reply } from '../http/client.js';
import { BIN, ROOT, runCli } from '../helpers/cli.js';
import { freePort, startNginx } from '../helpers/nginx.js';
import type { RunningNginx } from '../helpers/nginx.js';

const FIXTURE = path.join(import.meta.dirname, '../fixtures/plain-site/content');
const NOW = Date.parse('2026-03-15T08:30:00Z');
const [USER, PASSWORD] = ['ops', 'correct horse'];
const ADDRESSES = ['/', '/api/v2/summary.json', '/api/v1/notices', '/api/v1/notices/1', '/api/v1/status'];

let tmp: string;
let guarded: RunningNginx;
let closed: RunningNginx;
let dist: string;
let tls: RunningNginx | undefined;

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
  dist = path.join(tmp, 'dist');
  const partners = path.join(tmp, 'dist-partners');
  await build({ contentDir: content, outDir: dist, now: NOW, threads: 0, audience: 'staff' });
  await build({ contentDir: content, outDir: partners, now: NOW, threads: 0, audience: 'partners' });
  const [a, b] = [await freePort(), await freePort()];
  guarded = await startNginx(path.join(tmp, 'guarded'), await hostConfig(content, dist, 'staff', a), a);
  // The site of an audience whose password file nobody named.
  closed = await startNginx(path.join(tmp, 'closed'), await hostConfig(content, partners, 'partners', b), b);
});

afterAll(async () => {
  await guarded?.stop();
  await closed?.stop();
  await tls?.stop();
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

describe("deploy.md's TLS server block for a private site", () => {
  it('is accepted by nginx and asks for credentials over TLS', async () => {
    const docs = await readFile(path.join(ROOT, 'docs/deploy.md'), 'utf8');
    const shown = /^statuspress host-config nginx --dir \/srv\/status\/dist-staff[^`]*?> \/etc\/nginx\/conf\.d\/statuspress-staff\.conf$/m.exec(docs)?.[0];
    expect(shown).toBeDefined();
    const cert = path.join(tmp, 'cert.pem');
    const key = path.join(tmp, 'key.pem');
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=localhost'], { stdio: 'ignore' });
    const port = await freePort();
    const conf = path.join(tmp, 'tls.conf');
    // As the docs write it, on this machine's paths and a free port.
    const script = shown!
      .replace('statuspress ', `${JSON.stringify(process.execPath)} ${JSON.stringify(BIN)} `)
      .replaceAll('/srv/status/dist-staff', dist)
      .replaceAll('443', String(port))
      .replace(`--listen ${port}`, `--listen 127.0.0.1:${port} --rate-limit 0`)
      .replace(`^  listen ${port};$`, `^  listen 127.0.0.1:${port};$`)
      .replace(`listen ${port} ssl`, `listen 127.0.0.1:${port} ssl`)
      .replace('/etc/ssl/certs/status.internal.acme.com.pem', cert)
      .replace('/etc/ssl/private/status.internal.acme.com.key', key)
      .replace('/etc/nginx/conf.d/statuspress-staff.conf', conf);
    execFileSync('sh', ['-c', script]);
    const block = await readFile(conf, 'utf8');
    expect(block).toContain(`listen 127.0.0.1:${port} ssl;`);
    tls = await startNginx(path.join(tmp, 'tls'), block, port);
    const status = await new Promise<number>((resolve, reject) => {
      httpsGet({ host: '127.0.0.1', port, path: '/api/v2/summary.json', rejectUnauthorized: false }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      }).on('error', reject);
    });
    expect(status).toBe(401);
  });
});
