// `statuspress serve` as a process (bin/statuspress.js → lib/, so `npm run build:lib` first): the
// bound URL in its first line, SIGTERM draining and exiting 0, the access log, the rate limit flags,
// and the exit codes for bad flags (2) and a folder that is not a build (1).
import { spawn } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { connect } from 'node:net';
import type { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../src/build.js';
import { SERVE_SITE_NOW } from '../http/suite.js';

const ROOT = path.join(import.meta.dirname, '../..');
const BIN = path.join(ROOT, 'bin/statuspress.js');
const CONTENT = path.join(ROOT, 'test/fixtures/serve-site/content');

let root: string;
let dist: string;
const children: ChildProcessWithoutNullStreams[] = [];

beforeAll(async () => {
  if (!existsSync(path.join(ROOT, 'lib/cli.js'))) throw new Error('lib/ is missing: run `npm run build:lib` (npm test does) before these tests');
  root = await mkdtemp(path.join(tmpdir(), 'statuspress-cli-serve-'));
  dist = path.join(root, 'dist');
  await build({ contentDir: CONTENT, outDir: dist, now: Date.parse(SERVE_SITE_NOW) });
});

afterEach(() => {
  // A test that failed half-way must not leave its server running.
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

interface Cli {
  child: ChildProcessWithoutNullStreams;
  stdout: () => string;
  stderr: () => string;
  /** Resolves with the exit code (or the signal's name) when the process ends. */
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

function run(args: string[]): Cli {
  const child = spawn(process.execPath, [BIN, ...args], { cwd: root, stdio: ['pipe', 'pipe', 'pipe'] });
  children.push(child);
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  return { child, stdout: () => out, stderr: () => err, exit };
}

/**
 * Resolves once `predicate` holds for the output so far, checked on each chunk the process writes;
 * rejects if the process exits first. Unbounded by itself: the test's timeout is the safety net.
 */
function waitFor(cli: Cli, predicate: () => boolean, what: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const check = (): void => {
      if (!predicate()) return;
      stop();
      resolve();
    };
    const exit = (): void => {
      stop();
      if (predicate()) resolve();
      else reject(new Error(`the process exited (${cli.child.exitCode}) before ${what}:\n${cli.stdout()}\n${cli.stderr()}`));
    };
    const stop = (): void => {
      cli.child.stdout.off('data', check);
      cli.child.stderr.off('data', check);
      cli.child.off('close', exit);
    };
    // Listeners added after run()'s own, so the output is already appended when check runs.
    cli.child.stdout.on('data', check);
    cli.child.stderr.on('data', check);
    cli.child.once('close', exit);
    check();
  });
}

/** Starts `statuspress serve` on port 0 and reads the bound URL from its first line. */
async function startServe(extra: string[] = []): Promise<Cli & { url: string; firstLine: string }> {
  const cli = run(['serve', '--dir', dist, '--port', '0', '--at-build-time', ...extra]);
  await waitFor(cli, () => cli.stdout().includes('\n'), 'first line');
  const firstLine = cli.stdout().split('\n')[0]!;
  const match = /^Serving .* at (http:\/\/127\.0\.0\.1:(\d+))\/\s/.exec(firstLine);
  if (!match) throw new Error(`unexpected first line: ${firstLine}`);
  expect(Number(match[2])).toBeGreaterThan(0);
  return { ...cli, url: match[1]!, firstLine };
}

/** The exit, however long it takes: the test's timeout is the safety net, never a figure asserted. */
const exited = (cli: Cli): Promise<{ code: number | null; signal: NodeJS.Signals | null }> => cli.exit;

function get(url: string, target: string, options: { headers?: Record<string, string> } = {}): Promise<{ status: number; body: string }> {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request({ host: u.hostname, port: u.port, path: target, headers: options.headers, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

function openSocket(port: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port: Number(port) }, () => resolve(socket));
    socket.once('error', reject);
  });
}

/** Everything `socket` receives, and when the server has closed it. */
function collect(socket: Socket): { text: () => string; closed: Promise<void> } {
  let text = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => (text += chunk));
  socket.on('error', () => undefined);
  return { text: () => text, closed: new Promise((resolve) => socket.once('close', () => resolve())) };
}

/** Resolves once `predicate` holds, checked on each chunk `socket` receives. */
function until(socket: Socket, predicate: () => boolean, what: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const check = (): void => {
      if (!predicate()) return;
      socket.off('data', check);
      resolve();
    };
    socket.on('data', check);
    socket.once('close', () => reject(new Error(`closed before ${what}`)));
    check();
  });
}

const writeFlushed = (socket: Socket, text: string): Promise<void> =>
  new Promise((resolve, reject) => socket.write(text, (error) => (error ? reject(error) : resolve())));

/**
 * Returns once the server has read what the test wrote before: an answer on a new connection, opened
 * after those bytes were in the server's socket buffers, comes after the server read them (one event
 * loop, sockets read as they become readable). Replaces a sleep that only hoped for it.
 */
async function receivedBefore(url: string): Promise<void> {
  expect((await get(url, '/api/v1/status')).status).toBe(200);
}

const noStackTrace = (text: string): void => {
  expect(text).not.toMatch(/^\s+at /m);
  expect(text).not.toMatch(/failed unexpectedly/);
};

describe('statuspress serve (the process)', () => {
  it('prints the bound URL first, answers, and on SIGTERM says so and exits 0', async () => {
    const cli = await startServe(['--rate-limit', '0']);
    expect(cli.firstLine).toContain(cli.url);
    expect(cli.firstLine).toContain('/api/v1/status');
    const res = await get(cli.url, '/api/v1/status');
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body).page.name).toBe('Serve Test Status');
    cli.child.kill('SIGTERM');
    const { code, signal } = await exited(cli);
    expect({ code, signal }).toEqual({ code: 0, signal: null });
    expect(cli.stdout()).toMatch(/^Shutting down/m);
    expect(cli.stderr()).toBe('');
  });

  it('exits 0 on SIGINT too', async () => {
    const cli = await startServe();
    cli.child.kill('SIGINT');
    expect((await exited(cli)).code).toBe(0);
    expect(cli.stdout()).toMatch(/^Shutting down/m);
  });

  it('on SIGTERM closes an idle keep-alive connection at once, while a request is still in flight', async () => {
    const cli = await startServe(['--rate-limit', '0']);
    const { port } = new URL(cli.url);
    // `idle` has had its answer and sits idle; `busy` has sent half its headers: in flight.
    const idle = await openSocket(port);
    const idleText = collect(idle);
    idle.write('GET /api/v1/status HTTP/1.1\r\nHost: localhost\r\n\r\n');
    await until(idle, () => /\r\n\r\n\{[\s\S]*\}\s*$/.test(idleText.text()), 'the first answer');
    expect(idleText.text()).toMatch(/^HTTP\/1\.1 200 /);
    // Blank lines between requests are allowed and start none, so the connection stays idle, but they
    // reset the server's keep-alive timer: only the shutdown, not that timer, can close it.
    const keepFresh = setInterval(() => idle.write('\r\n'), 100);
    const busy = await openSocket(port);
    const busyText = collect(busy);
    await writeFlushed(busy, 'GET /api/v1/status HTTP/1.1\r\nHost: localhost\r\n');
    await receivedBefore(cli.url);
    try {
      cli.child.kill('SIGTERM');
      await idleText.closed;
    } finally {
      clearInterval(keepFresh);
    }
    // Closed while `busy` was still in flight, so not by the drain deadline, which would have cut it too.
    busy.write('Connection: close\r\n\r\n');
    await busyText.closed;
    expect(busyText.text()).toMatch(/^HTTP\/1\.1 200 /);
    expect(JSON.parse(busyText.text().slice(busyText.text().indexOf('\r\n\r\n') + 4)).page.name).toBe('Serve Test Status');
    expect((await exited(cli)).code).toBe(0);
  });

  it('finishes requests in flight when SIGTERM arrives, then stops accepting', async () => {
    const cli = await startServe(['--rate-limit', '0']);
    const { port } = new URL(cli.url);
    // 20 requests whose headers have arrived in part when the signal lands: in flight, not idle.
    const sockets = await Promise.all(Array.from({ length: 20 }, () => openSocket(port)));
    const answers = sockets.map(collect);
    await Promise.all(
      sockets.map((socket, i) =>
        writeFlushed(socket, `GET /api/v1/components/2/metrics?timeframe_start=2026-0${(i % 9) + 1}-01&timeframe_end=2026-11-20 HTTP/1.1\r\nHost: localhost\r\n`),
      ),
    );
    await receivedBefore(cli.url);
    cli.child.kill('SIGTERM');
    await waitFor(cli, () => /^Shutting down/m.test(cli.stdout()), 'the shutdown line');
    // A new connection is refused now: the line is printed just before the listener closes, so try
    // until refused (a server that kept accepting would time the test out).
    for (;;) {
      const refused = await get(cli.url, '/api/v1/status').then(
        () => false,
        () => true,
      );
      if (refused) break;
    }
    // The requests in flight are finished and answered in full.
    for (const socket of sockets) socket.write('Connection: keep-alive\r\n\r\n');
    const texts = await Promise.all(answers.map((a) => a.closed.then(a.text)));
    for (const text of texts) {
      expect(text).toMatch(/^HTTP\/1\.1 200 /);
      const body = text.slice(text.indexOf('\r\n\r\n') + 4);
      expect(JSON.parse(body).timeframe_end).toBe('2026-11-20');
    }
    expect((await exited(cli)).code).toBe(0);
  });

  it('writes an access log line per request with --access-log', async () => {
    const cli = await startServe(['--access-log', '--rate-limit', '0']);
    await get(cli.url, '/api/v1/status');
    await get(cli.url, '/api/v1/notices/999');
    await waitFor(cli, () => cli.stdout().split('\n').filter((l) => /" \d{3} /.test(l)).length >= 2, 'two log lines');
    const lines = cli.stdout().split('\n').filter((l) => /" \d{3} /.test(l));
    expect(lines[0]).toMatch(/"GET \/api\/v1\/status\S*" 200 /);
    expect(lines[1]).toMatch(/"GET \/api\/v1\/notices\/999" 404 /);
    cli.child.kill('SIGTERM');
    expect((await exited(cli)).code).toBe(0);
  });

  it('logs nothing per request without --access-log', async () => {
    const cli = await startServe(['--rate-limit', '0']);
    await get(cli.url, '/api/v1/status');
    cli.child.kill('SIGTERM');
    await exited(cli);
    expect(cli.stdout()).not.toMatch(/" 200 /);
  });

  it('limits to 10 a second per client by default, and --trust-proxy separates clients behind a proxy', async () => {
    const cli = await startServe(['--trust-proxy', '127.0.0.1']);
    const burst = (client: string): Promise<number[]> =>
      Promise.all(Array.from({ length: 30 }, () => get(cli.url, '/api/v1/status', { headers: { 'X-Forwarded-For': client } }).then((r) => r.status)));
    const first = await burst('203.0.113.1');
    expect(first.filter((s) => s === 429).length).toBeGreaterThanOrEqual(10);
    expect(first.filter((s) => s === 200).length).toBeGreaterThanOrEqual(10);
    const second = await Promise.all(Array.from({ length: 5 }, () => get(cli.url, '/api/v1/status', { headers: { 'X-Forwarded-For': '203.0.113.2' } })));
    expect(second.map((r) => r.status)).toEqual(Array(5).fill(200));
    cli.child.kill('SIGTERM');
    expect((await exited(cli)).code).toBe(0);
  });

  it('never answers 429 with --rate-limit 0', async () => {
    const cli = await startServe(['--rate-limit', '0']);
    const statuses = await Promise.all(Array.from({ length: 40 }, () => get(cli.url, '/api/v1/status').then((r) => r.status)));
    expect(statuses).toEqual(Array(40).fill(200));
    cli.child.kill('SIGTERM');
    expect((await exited(cli)).code).toBe(0);
  });
});

describe('statuspress serve: refusals', () => {
  it.each([['abc'], ['-1'], ['1.5'], ['']])('exits 2 on --rate-limit %j, naming the flag', async (value) => {
    const cli = run(['serve', '--dir', dist, '--port', '0', '--at-build-time', '--rate-limit', value]);
    // A server that started instead never exits: the test times out and afterEach kills it.
    const { code } = await exited(cli);
    expect(code).toBe(2);
    expect(cli.stderr()).toMatch(/--rate-limit/);
    expect(cli.stdout()).not.toMatch(/^Serving/m);
    noStackTrace(cli.stderr());
  });

  it('exits 2 on a bad --port', async () => {
    const cli = run(['serve', '--dir', dist, '--port', 'eighty']);
    expect((await exited(cli)).code).toBe(2);
    expect(cli.stderr()).toMatch(/--port/);
    noStackTrace(cli.stderr());
  });

  it('exits 1 with a hint and no stack trace when the folder is not a build', async () => {
    const notBuilt = path.join(root, 'not-a-build');
    await mkdir(notBuilt, { recursive: true });
    await writeFile(path.join(notBuilt, 'index.html'), '<p>hello</p>');
    for (const dir of [notBuilt, path.join(root, 'does-not-exist')]) {
      const cli = run(['serve', '--dir', dir, '--port', '0']);
      const { code } = await exited(cli);
      expect(code, dir).toBe(1);
      const stderr = cli.stderr();
      expect(stderr, dir).toMatch(/not a statuspress build/);
      expect(stderr, dir).toMatch(/statuspress build/);
      expect(stderr.split('\n').filter(Boolean).length, dir).toBeLessThanOrEqual(4);
      expect(cli.stdout(), dir).not.toMatch(/^Serving/m);
      noStackTrace(stderr);
    }
  });

  it('exits non-zero with a message, not a stack trace, when the port is taken', async () => {
    const first = await startServe(['--rate-limit', '0']);
    const port = new URL(first.url).port;
    const second = run(['serve', '--dir', dist, '--port', port, '--at-build-time']);
    const { code } = await exited(second);
    expect(code).not.toBe(0);
    expect(second.stderr()).toMatch(new RegExp(`${port}|EADDRINUSE|in use`));
    // An operator's everyday mistake: a message, not a crash report.
    noStackTrace(second.stderr());
    first.child.kill('SIGTERM');
    expect((await exited(first)).code).toBe(0);
  });
});
