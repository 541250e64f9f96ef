#!/usr/bin/env node
/**
 * bench-serve.js — requests per second and latency of `statuspress serve` and of nginx with the
 * generated configuration, on the same output, with the same client, in the same run.
 *
 *   npm run build:lib && node scripts/bench-serve.js [--seconds 10] [--concurrency 32] [--notices 2000] [--components 50]
 *
 * 1. generates (or reuses) a corpus with gen-corpus.js in .bench/ and builds it into a temp folder;
 * 2. starts, one at a time on 127.0.0.1: serve with the rate limit off, serve with the rate limiter on
 *    but set too high to refuse anything (its bookkeeping cost on top), and nginx (Debian's, if
 *    installed) with the block from `statuspress host-config nginx`, rate limit off;
 * 3. drives each with scripts/load-client.js over a mix of status, list pages with filters and notice
 *    details (brackets plain and percent-encoded), and prints one table.
 * Every request stays on loopback; every run is bounded by --seconds.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CLI = path.join(ROOT, 'bin', 'statuspress.js');
const NOW = '2026-11-22T07:00:00Z';
const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => existsSync(p));

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    concurrency: { type: 'string', default: '32' },
    notices: { type: 'string', default: '2000' },
    components: { type: 'string', default: '50' },
  },
});
const seconds = Number(values.seconds);
const concurrency = Number(values.concurrency);

function run(cmd, args) {
  const result = spawnSync(cmd, args, { cwd: ROOT, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed:\n${result.stderr}`);
  return result.stdout;
}

function freePort() {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitForPort(port) {
  for (let i = 0; i < 100; i++) {
    const open = await new Promise((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => (socket.destroy(), resolve(true)));
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`nothing listens on ${port}`);
}

function paths(dist) {
  const mix = [
    '/api/v1/status',
    '/api/v1/components',
    '/api/v1/components?filter[parent_id_null]=true',
    '/api/v1/notices',
    '/api/v1/notices?page=2',
    '/api/v1/notices?filter[type_eq]=unplanned&filter[timeline_state_eq]=past',
    '/api/v1/notices?filter%5Btype_eq%5D=planned&page=2',
    '/api/v1/notices?filter[timeline_state_eq]=present',
    '/api/v1/components/1/metrics',
  ];
  // Twenty notice details spread over the list (ids come from the build: the corpus has gaps).
  const ids = readdirSync(path.join(dist, 'api/v1/notices')).filter((f) => /^\d+\.json$/.test(f)).map((f) => f.slice(0, -5));
  for (let i = 0; i < 20; i++) mix.push(`/api/v1/notices/${ids[Math.floor((i * ids.length) / 20)]}`);
  return mix;
}

function load(base, mix) {
  const out = run(process.execPath, [path.join(ROOT, 'scripts', 'load-client.js'), JSON.stringify({ base, paths: mix, seconds, concurrency })]);
  return JSON.parse(out.trim().split('\n').pop());
}

async function withServe(dist, rateLimit, fn) {
  const port = await freePort();
  const child = spawn(process.execPath, [CLI, 'serve', '--dir', dist, '--port', String(port), '--rate-limit', String(rateLimit)], { stdio: 'ignore' });
  try {
    await waitForPort(port);
    return await fn(`http://127.0.0.1:${port}`);
  } finally {
    child.kill('SIGTERM');
  }
}

async function withNginx(dist, fn) {
  const port = await freePort();
  const prefix = mkdtempSync(path.join(os.tmpdir(), 'statuspress-bench-nginx-'));
  mkdirSync(path.join(prefix, 'tmp'));
  writeFileSync(path.join(prefix, 'statuspress.conf'), run(process.execPath, [CLI, 'host-config', 'nginx', '--dir', dist, '--listen', `127.0.0.1:${port}`, '--rate-limit', '0']));
  const temp = path.join(prefix, 'tmp');
  writeFileSync(
    path.join(prefix, 'nginx.conf'),
    `${process.getuid?.() === 0 ? 'user root;' : ''}
worker_processes auto;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 1024; }
http {
  include /etc/nginx/mime.types;
  access_log off;
  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((k) => `${k}_temp_path ${temp};`).join(' ')}
  include ${prefix}/statuspress.conf;
}
`,
  );
  const child = spawn(NGINX, ['-p', prefix, '-c', path.join(prefix, 'nginx.conf'), '-g', 'daemon off;'], { stdio: 'ignore' });
  try {
    await waitForPort(port);
    return await fn(`http://127.0.0.1:${port}`);
  } finally {
    child.kill('SIGQUIT');
    await new Promise((r) => child.once('exit', r));
    rmSync(prefix, { recursive: true, force: true });
  }
}

async function main() {
  if (!existsSync(path.join(ROOT, 'lib', 'cli.js'))) throw new Error('run `npm run build:lib` first');
  const corpus = path.join(ROOT, '.bench', `corpus-${values.notices}-${values.components}`);
  if (!existsSync(path.join(corpus, 'site.yaml'))) {
    run(process.execPath, [path.join(ROOT, 'scripts', 'gen-corpus.js'), '--notices', values.notices, '--components', values.components, '--out', corpus, '--seed', '1', '--now', NOW]);
  }
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'statuspress-bench-serve-'));
  const dist = path.join(tmp, 'dist');
  run(process.execPath, [CLI, 'build', '--content', corpus, '--out', dist, '--now', NOW]);
  const mix = paths(dist);
  const rows = [];
  try {
    rows.push(['serve (rate limit off)', await withServe(dist, 0, (base) => load(base, mix))]);
    rows.push(['serve (rate limiter on, not refusing)', await withServe(dist, 1_000_000, (base) => load(base, mix))]);
    if (NGINX) rows.push(['nginx (generated block)', await withNginx(dist, (base) => load(base, mix))]);
    else console.log('nginx not installed (apt-get install nginx): skipping it');
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  console.log(`\n${os.cpus().length} cores, ${values.notices} notices / ${values.components} components, ${mix.length} URLs, concurrency ${concurrency}, ${seconds} s each\n`);
  console.log('| server | req/s | p50 ms | p90 ms | p99 ms | statuses |');
  console.log('|---|---:|---:|---:|---:|---|');
  for (const [name, r] of rows) {
    console.log(`| ${name} | ${r.rps.toFixed(0)} | ${r.p50.toFixed(2)} | ${r.p90.toFixed(2)} | ${r.p99.toFixed(2)} | ${JSON.stringify(r.statuses)} |`);
  }
  const nginx = rows.find(([name]) => name.startsWith('nginx'));
  if (nginx) console.log(`\nserve / nginx throughput: ${(rows[0][1].rps / nginx[1].rps).toFixed(2)}`);
  console.log(`rate limiter cost: ${((1 - rows[1][1].rps / rows[0][1].rps) * 100).toFixed(1)}% of throughput`);
}

await main();
