#!/usr/bin/env node
/**
 * bench-serve.js — requests per second of `statuspress serve` and of nginx with the generated
 * configuration, on the same output, with the same client, in the same run.
 *
 *   npm run build:lib && node scripts/bench-serve.js [--seconds 5] [--rounds 3] [--concurrency 32] [--notices 2000] [--components 50] [--client wrk|node]
 *
 * 1. generates (or reuses) a corpus with gen-corpus.js in .bench/ and builds it into a temp folder;
 * 2. starts, one at a time on 127.0.0.1: serve with the rate limit off, serve with the rate limiter on
 *    but set too high to refuse anything (its bookkeeping cost on top), and nginx (Debian's, if
 *    installed) with the block from `statuspress host-config nginx`, rate limit off, once with one
 *    worker process and once with `worker_processes auto` (one per core). serve is one process, so
 *    the comparison that counts is with one nginx worker: on a shared machine the scheduler gives
 *    two processes twice the share of one, whatever either does with it;
 * 3. with `wrk` installed (Debian package `wrk`), the default: one wrk thread, --concurrency
 *    connections, brotli accepted, --seconds on each of four addresses, one of each class: the
 *    status (/api/v1/status), a list page (/api/v1/notices?page=3), a notice's page and the home
 *    page. wrk is written in C and takes little of the two cores, so the figures are the servers'.
 *    The servers take turns, --rounds times, and the table gives each one's median per address.
 *    Without wrk, it says so and drives each server with scripts/load-client.js (Node, on the same
 *    cores, so partly a measure of the client) over a mix of status, list pages with filters and
 *    notice details (brackets plain and percent-encoded).
 * Every request stays on loopback; every run is bounded by --seconds.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { scriptOptions } from './options.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CLI = path.join(ROOT, 'bin', 'statuspress.js');
const NOW = '2026-11-22T07:00:00Z';
const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => existsSync(p));

const WRK = ['/usr/bin/wrk', '/usr/local/bin/wrk'].find((p) => existsSync(p));

const { values } = scriptOptions(import.meta.url, {
  options: {
    seconds: { type: 'string' },
    rounds: { type: 'string', default: '3' },
    concurrency: { type: 'string', default: '32' },
    notices: { type: 'string', default: '2000' },
    components: { type: 'string', default: '50' },
    client: { type: 'string' },
  },
});
const client = values.client ?? (WRK ? 'wrk' : 'node');
if (client !== 'wrk' && client !== 'node') throw new Error(`--client is wrk or node, not ${client}`);
if (client === 'wrk' && !WRK) throw new Error('--client wrk: wrk is not installed (apt-get install wrk)');
const seconds = Number(values.seconds ?? (client === 'wrk' ? '5' : '10'));
const rounds = Number(values.rounds);
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

/** The four address classes wrk measures: status, a list page, a notice's page, the home page. */
function addresses(dist) {
  const ids = readdirSync(path.join(dist, 'notices')).filter((f) => /^\d+$/.test(f)).sort((a, b) => a - b);
  return ['/api/v1/status', '/api/v1/notices?page=3', `/notices/${ids[Math.floor(ids.length / 2)]}/`, '/'];
}

/** One wrk run: requests per second, latency percentiles in ms and answers that were not 2xx/3xx. */
function wrk(base, address, duration = seconds) {
  const out = run(WRK, ['-t1', `-c${concurrency}`, `-d${duration}s`, '--latency', '-H', 'Accept-Encoding: br', `${base}${address}`]);
  const ms = (label) => {
    const m = new RegExp(`^\\s*${label}%\\s+([\\d.]+)(us|ms|s)\\b`, 'm').exec(out);
    return m ? Number(m[1]) * { us: 0.001, ms: 1, s: 1000 }[m[2]] : NaN;
  };
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]);
  const bad = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0);
  if (!Number.isFinite(rps)) throw new Error(`wrk printed no rate:\n${out}`);
  return { rps, p50: ms(50), p99: ms(99), bad };
}

const median = (xs) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** Servers in turn, each measured on every address, `rounds` times; medians per server and address. */
async function mainWrk(dist) {
  const list = addresses(dist);
  const servers = [
    ['serve (rate limit off)', (fn) => withServe(dist, 0, fn)],
    ['serve (rate limiter on, not refusing)', (fn) => withServe(dist, 1_000_000, fn)],
    ...(NGINX
      ? [
          ['nginx (generated block), 1 worker', (fn) => withNginx(dist, 1, fn)],
          ['nginx (generated block), worker_processes auto', (fn) => withNginx(dist, 'auto', fn)],
        ]
      : []),
  ];
  if (!NGINX) console.log('nginx not installed (apt-get install nginx): skipping it');
  const results = new Map(servers.map(([name]) => [name, list.map(() => [])]));
  for (let round = 1; round <= rounds; round++) {
    for (const [name, start] of servers) {
      console.error(`round ${round}/${rounds}: ${name} (load ${os.loadavg()[0].toFixed(2)})`);
      await start(async (base) => {
        for (const address of list) wrk(base, address, 1); // warm-up: every file read and compiled once
        list.forEach((address, i) => results.get(name)[i].push(wrk(base, address)));
      });
    }
  }
  console.log(`\nwrk: 1 thread, ${concurrency} connections, brotli accepted, ${seconds} s per address; ${os.cpus().length} cores; ${values.notices} notices / ${values.components} components; ${rounds} rounds, servers in turn, medians (load average at the end: ${os.loadavg().map((l) => l.toFixed(2)).join(' ')})\n`);
  console.log(`| server | ${list.map((a) => `\`${a}\` req/s (p50, p99 ms)`).join(' | ')} |`);
  console.log(`|---|${list.map(() => '---:').join('|')}|`);
  for (const [name] of servers) {
    const cells = results.get(name).map((runs) => {
      const bad = runs.reduce((n, r) => n + r.bad, 0);
      return `${median(runs.map((r) => r.rps)).toFixed(0)} (${median(runs.map((r) => r.p50)).toFixed(2)}, ${median(runs.map((r) => r.p99)).toFixed(2)})${bad ? ` ${bad} not 2xx/3xx` : ''}`;
    });
    console.log(`| ${name} | ${cells.join(' | ')} |`);
  }
  if (NGINX) {
    for (const against of servers.slice(2).map(([n]) => n)) {
      const nginx = results.get(against);
      for (const name of servers.slice(0, 2).map(([n]) => n)) {
        const ratios = results.get(name).map((runs, i) => median(runs.map((r) => r.rps)) / median(nginx[i].map((r) => r.rps)));
        console.log(`${name} / ${against}: ${list.map((a, i) => `${a} ${ratios[i].toFixed(2)}`).join(', ')}`);
      }
    }
  }
}

async function withServe(dist, rateLimit, fn) {
  const port = await freePort();
  const child = spawn(process.execPath, [CLI, 'serve', '--dir', dist, '--port', String(port), '--at-build-time', '--rate-limit', String(rateLimit)], { stdio: 'ignore' });
  try {
    await waitForPort(port);
    return await fn(`http://127.0.0.1:${port}`);
  } finally {
    child.kill('SIGTERM');
  }
}

async function withNginx(dist, workers, fn) {
  const port = await freePort();
  const prefix = mkdtempSync(path.join(os.tmpdir(), 'statuspress-bench-nginx-'));
  mkdirSync(path.join(prefix, 'tmp'));
  writeFileSync(path.join(prefix, 'statuspress.conf'), run(process.execPath, [CLI, 'host-config', 'nginx', '--dir', dist, '--listen', `127.0.0.1:${port}`, '--rate-limit', '0']));
  const temp = path.join(prefix, 'tmp');
  writeFileSync(
    path.join(prefix, 'nginx.conf'),
    `${process.getuid?.() === 0 ? 'user root;' : ''}
worker_processes ${workers};
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
  if (client === 'wrk') {
    try {
      await mainWrk(dist);
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
    return;
  }
  console.log(`wrk is not installed (apt-get install wrk): measuring with scripts/load-client.js, a Node client on the same cores, so the figures are partly the client's`);
  const mix = paths(dist);
  const rows = [];
  try {
    rows.push(['serve (rate limit off)', await withServe(dist, 0, (base) => load(base, mix))]);
    rows.push(['serve (rate limiter on, not refusing)', await withServe(dist, 1_000_000, (base) => load(base, mix))]);
    if (NGINX) rows.push(['nginx (generated block), worker_processes auto', await withNginx(dist, 'auto', (base) => load(base, mix))]);
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
