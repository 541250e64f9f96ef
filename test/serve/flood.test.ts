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
  it('floods a served build for 5 s and exits 0 with its report', async () => {
    expect(existsSync(path.join(ROOT, 'lib/server.js')), 'run `npm run build:lib` first').toBe(true);
    const child = spawn(process.execPath, [path.join(ROOT, 'scripts/flood.js'), '--seconds', '5', '--concurrency', '50'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 45_000);
    const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
    clearTimeout(timer);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toMatch(/requests sent: +\d+ in [\d.]+ s \(\d+ requests\/s\)/);
    expect(stdout).toMatch(/statuses: +.*200: \d+.*429: \d+/);
    expect(stdout).toMatch(/server RSS: +[\d.]+ MB before, [\d.]+ MB after/);
    expect(stdout).toMatch(/server heap: +[\d.]+ MB used before/);
    expect(stdout).toMatch(/still answering: yes/);
    expect(stdout.trimEnd().endsWith('OK')).toBe(true);
  });

  it('refuses bad arguments with exit code 2', async () => {
    const child = spawn(process.execPath, [path.join(ROOT, 'scripts/flood.js'), '--seconds', 'soon'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
    expect(code).toBe(2);
    expect(stderr).toMatch(/--seconds/);
  });
});
