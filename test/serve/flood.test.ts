// `statuspress serve` under a flood, through scripts/flood.js: a flood of spoofed client addresses and
// one client hammering, over keep-alive connections, with some clients going away mid-answer. The
// script exits non-zero when the server crashes, stops answering, answers a 5xx, lets the hammering
// client past its limit, or grows by more than 200 MB (measured in the server's own process).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.join(import.meta.dirname, '../..');

describe('scripts/flood.js', () => {
  // A count of requests, not a time: the same work on any machine. Enough that the spoofed addresses
  // (80% of the workers, most of the addresses API ones) outnumber the 1,000 clients the limiter tracks.
  it('floods a served build with 2,500 requests and exits 0 with its report', async () => {
    expect(existsSync(path.join(ROOT, 'lib/server.js')), 'run `npm run build:lib` first').toBe(true);
    const child = spawn(process.execPath, [path.join(ROOT, 'scripts/flood.js'), '--requests', '2500', '--concurrency', '50'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 45_000);
    const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
    clearTimeout(timer);
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    expect(stdout).toMatch(/flooding with 2500 requests over 50 connections/);
    expect(stdout).toMatch(/requests sent: +2500 in [\d.]+ s \(\d+ requests\/s\)/);
    expect(stdout).toMatch(/statuses: +.*200: \d+.*429: \d+/);
    expect(stdout).toMatch(/server RSS: +[\d.]+ MB before, [\d.]+ MB after/);
    expect(stdout).toMatch(/server heap: +[\d.]+ MB used before/);
    expect(stdout).toMatch(/still answering: yes/);
    expect(stdout.trimEnd().endsWith('OK')).toBe(true);
  });

  it.each([
    [['--seconds', 'soon'], /--seconds must be/],
    [['--requests', '2.5'], /--requests must be/],
    [['--seconds', '5', '--requests', '100'], /--seconds or --requests, not both/],
  ])('refuses bad arguments with exit code 2: %j', async (args, message) => {
    const child = spawn(process.execPath, [path.join(ROOT, 'scripts/flood.js'), ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
    expect({ code, stderr }).toMatchObject({ code: 2, stderr: expect.stringMatching(message) });
  });
});
