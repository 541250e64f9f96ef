// `statuspress dev --now` as a user runs it: the clock starts at --now and runs on in real time, so
// an update dated two seconds later appears by itself, and the terminal says it was withheld until
// then and when it was published. Spawns the bin (lib/, built by `npm ci`) on 127.0.0.1.
import { spawn } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, ROOT } from '../helpers/cli.js';

let work: string;

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'statuspress-dev-cli-'));
  await cp(path.join(import.meta.dirname, '../fixtures/valid-minimal/content'), path.join(work, 'content'), { recursive: true });
});

afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

describe('statuspress dev --now', () => {
  it('runs the clock on from --now: the withheld update is listed, then published by itself', async () => {
    const child = spawn(process.execPath, [BIN, 'dev', '--content', path.join(work, 'content'), '--port', '0', '--now', '2026-11-20T10:04:58.500Z'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    try {
      for (let waited = 0; waited < 15_000 && !stdout.includes('pages reloaded'); waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    const lines = stdout.split('\n');
    // Two seconds, less what reading the content took.
    expect(stdout).toMatch(/^ {2}notice 42 \(Elevated error rates on the REST API\): an update withheld until 10:05:00Z \(in [12] s\)$/m);
    expect(stdout).toMatch(/^10:05:00Z: notice 42: an update published: derived again in \d+ ms, pages reloaded$/m);
    // After it, the one still withheld.
    expect(lines.at(-2)).toBe('  notice 42 (Elevated error rates on the REST API): an update withheld until 10:35:00Z (in 30 min)');
  });

  it('stops cleanly on a signal sent the moment it prints its address', async () => {
    const child = spawn(process.execPath, [BIN, 'dev', '--content', path.join(work, 'content'), '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (/^Serving .* Ctrl-C stops$/m.test(stdout)) child.kill('SIGTERM');
    });
    // Handlers set after the line let a signal kill it outright (no exit code), 2 runs in 3.
    expect(await exited).toBe(0);
  });
});

// `dev` renders the pages of a site's own templates in a process of its own, started from the same
// bundled file: the single-file CLI an initialised repository runs (.statuspress/statuspress.mjs)
// must start it as that process, not as the CLI (it printed the usage and every page was a 500).
describe.each([
  ['the split bundle', BIN],
  ['the single-file CLI', path.join(ROOT, 'lib/statuspress.mjs')],
])('statuspress dev with a site’s own templates, from %s', (_, bin) => {
  it('serves their pages', async () => {
    const site = path.join(work, `themed-${path.basename(bin)}`);
    await cp(path.join(import.meta.dirname, '../fixtures/themed-site'), site, { recursive: true });
    const child = spawn(process.execPath, [bin, 'dev', '--content', path.join(site, 'content'), '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    try {
      for (let waited = 0; waited < 15_000 && !/ at (http:\/\/127\.0\.0\.1:\d+)\//.test(stdout); waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
      const url = / at (http:\/\/127\.0\.0\.1:\d+)\//.exec(stdout)![1]!;
      for (const page of ['/', '/history/']) {
        const response = await fetch(`${url}${page}`, { signal: AbortSignal.timeout(10_000) });
        expect([page, response.status]).toEqual([page, 200]);
        // The site's own header partial, rendered in that process.
        expect(await response.text()).toContain('acme-header');
      }
    } finally {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
  });
});
