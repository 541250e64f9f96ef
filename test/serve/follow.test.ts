// `serve` follows the clock: at each moment the published content gives a different site by time
// alone, it builds that content again as of then (a child process running the bin) and answers from
// that build. The clock and its timers are the test's own: nothing waits for real time to pass.
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../src/build.js';
import { RETRY_FIRST_MS } from '../../src/serve/follow.js';
import { serve } from '../../src/serve/server.js';
import type { RunningServer } from '../../src/serve/server.js';
import { request } from '../http/client.js';
import { BIN } from '../helpers/cli.js';

const SITE = path.join(import.meta.dirname, '../fixtures/clock-site');
const NOW = Date.parse('2026-11-20T01:50:00Z');
const BEGINS = Date.parse('2026-11-20T02:00:00Z');
const ENDS = Date.parse('2026-11-20T04:00:00Z');
/** Text of updates withheld at every moment the test visits: in no file and no answer. */
const WITHHELD = /WITHHELD-/;

let out: string;
let dist: string;

beforeAll(async () => {
  out = await mkdtemp(path.join(tmpdir(), 'statuspress-follow-'));
  dist = path.join(out, 'dist');
  await build({ contentDir: path.join(SITE, 'content'), outDir: dist, now: NOW, threads: 0 });
});

afterAll(async () => {
  await rm(out, { recursive: true, force: true });
});

/** Every file of every build under the output, as text. */
async function everyFile(): Promise<string[]> {
  const entries = await readdir(`${dist}.builds`, { recursive: true, withFileTypes: true });
  return Promise.all(entries.filter((e) => e.isFile() && !/\.(gz|br)$/.test(e.name)).map((e) => readFile(path.join(e.parentPath, e.name), 'utf8')));
}

const pageState = async (url: string): Promise<string> => (await request(url, '/api/v1/status')).json().page.state;
const homeState = async (url: string): Promise<string> => /<html[^>]* data-state="([^"]*)"/.exec((await request(url, '/')).body)?.[1] ?? '';

describe('serve follows the clock', () => {
  let clock = NOW;
  const timers: { at: number; run: () => Promise<void>; cancelled: boolean }[] = [];
  let running: RunningServer;
  const notes: string[] = [];

  /** Moves the clock to the next timer serve set, and runs it (the build it starts) to its end. */
  const fireNext = async (): Promise<number> => {
    // serve sets its timer once it has read the build's state: a few turns of the event loop.
    const pending = (): typeof timers => timers.filter((t) => !t.cancelled).sort((a, b) => a.at - b.at);
    for (const start = performance.now(); pending().length === 0 && performance.now() - start < 10_000; ) await new Promise((resolve) => setTimeout(resolve, 5));
    const next = pending()[0]!;
    next.cancelled = true;
    clock = Math.max(clock, next.at);
    await next.run();
    return next.at;
  };

  beforeAll(async () => {
    running = await serve({
      dir: dist,
      port: 0,
      rateLimit: 0,
      follow: {
        cli: BIN,
        now: () => clock,
        schedule: (at, run) => {
          const timer = { at, run, cancelled: false };
          timers.push(timer);
          return () => (timer.cancelled = true);
        },
        note: (line) => notes.push(line),
      },
    });
  });

  afterAll(async () => {
    await running?.close();
  });

  it('answers as of the build, then at each moment as of that moment', async () => {
    expect(await pageState(running.url)).toBe('operational');
    expect(await homeState(running.url)).toBe('operational');

    expect(await fireNext()).toBe(BEGINS);
    expect(await pageState(running.url)).toBe('under-maintenance');
    expect(await homeState(running.url)).toBe('under-maintenance');
    const maintenance = (await request(running.url, '/api/v1/notices/100')).json();
    expect(maintenance.notice.timeline_state).toBe('present');
    // The on-demand answers come from the new build too.
    const filtered = (await request(running.url, '/api/v1/notices?filter[timeline_state_eq]=present&filter[type_eq]=planned')).json();
    expect(filtered.notices.map((n: { id: number }) => n.id)).toEqual([100]);

    expect(await fireNext()).toBe(ENDS);
    expect(await pageState(running.url)).toBe('operational');
    expect(await homeState(running.url)).toBe('operational');
    expect(notes.filter((line) => line.includes('built again'))).toHaveLength(2);
  });

  it("keeps the site's own templates and words in each build made again", async () => {
    const home = (await request(running.url, '/')).body;
    expect(home).toContain('clock-header');
    expect(home).toContain('kept by the clock');
  });

  it('never publishes a withheld update, in any file or answer', async () => {
    // 02:30 has passed: the update dated then waits for a real build of the repository.
    const notice = (await request(running.url, '/api/v1/notices/100')).json();
    expect(JSON.stringify(notice)).not.toMatch(WITHHELD);
    expect((await request(running.url, '/api/v1/notices/102')).status).toBe(404);
    for (const text of await everyFile()) expect(text).not.toMatch(WITHHELD);
  });

  it('reports its next change by time beside the output', async () => {
    expect(await readFile(path.join(dist, '_statuspress/next-change'), 'utf8')).toBe('2026-11-20T05:00:00.000Z\n');
  });
});

describe('serve --at-build-time', () => {
  it("keeps the build's moment, where following the clock moves on to now", async () => {
    // Maintenance 101 runs from 05:00 on the build's day to 2099: underway at any real now.
    const at = await cliServe(['--at-build-time']);
    const followed = await cliServe([], 'built again');
    try {
      expect(await pageState(at.url)).toBe('operational');
      expect(await pageState(followed.url)).toBe('under-maintenance');
      expect(await homeState(at.url)).toBe('operational');
      expect(await homeState(followed.url)).toBe('under-maintenance');
    } finally {
      at.stop();
      followed.stop();
    }
  });
});

/**
 * `statuspress serve` of a copy of the build, started from the bin; resolves once its URL line, and
 * then a line matching `until` (when given), are printed.
 */
async function cliServe(extra: string[], until?: string): Promise<{ url: string; lines: string[]; stop: () => void }> {
  const own = await mkdtemp(path.join(out, 'cli-'));
  await build({ contentDir: path.join(SITE, 'content'), outDir: path.join(own, 'dist'), now: NOW, threads: 0 });
  const child = spawn(process.execPath, [BIN, 'serve', '--dir', path.join(own, 'dist'), '--port', '0', ...extra], { stdio: ['ignore', 'pipe', 'inherit'] });
  const lines: string[] = [];
  let url = '';
  for await (const line of createInterface({ input: child.stdout })) {
    lines.push(line);
    url ||= /at (http:\/\/\S+?)\/ /.exec(line)?.[1] ?? '';
    if (url && (until === undefined || line.includes(until))) break;
  }
  return { url, lines, stop: () => child.kill() };
}

describe('serve follows the clock behind a link of the user\'s own, through a failed build', () => {
  it('builds where the link points, and tries a failed build again later', async () => {
    // dist -> www/status, as a web server's folder is linked: the builds go next to www/status.
    const www = path.join(out, 'linked', 'www');
    await mkdir(www, { recursive: true });
    const linked = path.join(out, 'linked', 'dist');
    await symlink(path.join(www, 'status'), linked);
    await build({ contentDir: path.join(SITE, 'content'), outDir: linked, now: NOW, threads: 0 });
    // The bin, failing its first run as a full disk would.
    const failedOnce = path.join(out, 'linked', 'failed-once');
    const cli = path.join(out, 'linked', 'cli.mjs');
    await writeFile(
      cli,
      `import { existsSync, writeFileSync } from 'node:fs';\n` +
        `if (!existsSync(${JSON.stringify(failedOnce)})) { writeFileSync(${JSON.stringify(failedOnce)}, ''); console.error('ENOSPC: no space left on device'); process.exit(1); }\n` +
        `process.argv.splice(1, 1, ${JSON.stringify(BIN)});\nawait import(${JSON.stringify(BIN)});\n`,
    );
    let clock = NOW;
    const timers: { at: number; run: () => Promise<void> }[] = [];
    const notes: string[] = [];
    const running = await serve({
      dir: linked,
      port: 0,
      rateLimit: 0,
      follow: { cli, now: () => clock, schedule: (at, run) => (timers.push({ at, run }), () => timers.splice(timers.findIndex((t) => t.at === at && t.run === run) >>> 0, 1)), note: (line) => notes.push(line) },
    });
    try {
      // serve sets its timer once it has read the build's state: waited for, a few seconds at most.
      for (const start = performance.now(); timers.length === 0 && performance.now() - start < 10_000; ) await new Promise((resolve) => setTimeout(resolve, 5));
      clock = BEGINS;
      await timers.shift()!.run();
      expect(notes.join('\n')).toContain('ENOSPC');
      expect(await pageState(running.url)).toBe('operational');
      expect(timers.map((t) => t.at)).toEqual([BEGINS + RETRY_FIRST_MS]);
      clock = BEGINS + RETRY_FIRST_MS;
      await timers.shift()!.run();
      expect(await pageState(running.url)).toBe('under-maintenance');
      expect((await readdir(path.join(www, 'status.builds'))).length).toBeGreaterThan(0);
    } finally {
      await running.close();
    }
  });
});
