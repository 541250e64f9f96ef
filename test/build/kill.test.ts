// A build killed at any moment (SIGKILL: no cleanup runs) leaves the output as the previous build or
// the new one, whole, and the output path is never missing meanwhile; the next build removes what the
// killed ones left behind.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listFiles } from '../helpers/build.js';

const ROOT = path.join(import.meta.dirname, '../..');
const CLI = path.join(ROOT, 'bin/statuspress.js');
const KILLS = Number(process.env.KILLS ?? 16);
const NOW = ['2026-11-20T12:00:00Z', '2026-11-21T12:00:00Z'];

let work: string;
let content: string;
let out: string;
/** The two outputs a build may leave: fingerprints of a build as of each `now`. */
const expected = new Map<string, string>();
let buildMs = 0;

function cli(args: string[]): void {
  const run = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`statuspress ${args.join(' ')} failed: ${run.stderr}`);
}

/** Every file's path and bytes, hashed: equal for byte-identical outputs. */
async function fingerprint(dir: string): Promise<string> {
  const hash = createHash('sha256');
  for (const file of await listFiles(dir)) hash.update(file).update('\0').update(readFileSync(path.join(dir, file))).update('\0');
  return hash.digest('hex');
}

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), 'statuspress-kill-'));
  content = path.join(work, 'content');
  const gen = spawnSync(process.execPath, [path.join(ROOT, 'scripts/gen-corpus.js'), '--notices', '200', '--components', '20', '--out', content, '--now', NOW[0]!]);
  if (gen.status !== 0) throw new Error(`gen-corpus failed: ${gen.stderr}`);
  for (const now of NOW) {
    const ref = path.join(work, `ref-${expected.size}`);
    const started = performance.now();
    cli(['build', '--content', content, '--out', ref, '--now', now]);
    buildMs = Math.max(buildMs, performance.now() - started);
    expected.set(await fingerprint(ref), now);
  }
  out = path.join(work, 'dist');
  cli(['build', '--content', content, '--out', out, '--now', NOW[0]!]);
}, 120_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('a build killed at random moments', () => {
  // Its own limit: each kill waits up to a build's time, and a loaded CI machine makes builds slower.
  it(`leaves the old or the new output, whole, never a missing one (${KILLS} kills)`, { timeout: 240_000 }, async () => {
    const seen: string[] = [];
    let missing = 0;
    let checks = 0;
    // Watches the output path the whole time, as a server or a host would.
    const watcher = setInterval(() => {
      checks++;
      if (!existsSync(path.join(out, '_statuspress/build.json')) || !statSync(path.join(out, 'index.html'), { throwIfNoEntry: false })) missing++;
    }, 1);
    try {
      for (let i = 0; i < KILLS; i++) {
        const delay = Math.round(Math.random() * buildMs * 1.1);
        const child = spawn(process.execPath, [CLI, 'build', '--content', content, '--out', out, '--now', NOW[i % 2]!], { stdio: 'ignore' });
        const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
        await new Promise((resolve) => setTimeout(resolve, delay));
        child.kill('SIGKILL');
        await exited;
        const now = expected.get(await fingerprint(out));
        seen.push(`${delay} ms: ${now ?? 'NEITHER'}`);
        expect(now, `after a kill at ${delay} ms the output is neither build; kills so far: ${seen.join(', ')}`).toBeDefined();
      }
    } finally {
      clearInterval(watcher);
    }
    expect(checks).toBeGreaterThan(100);
    expect(missing, `the output was missing at ${missing} of ${checks} checks`).toBe(0);
  });

  it('has its leftovers removed by the next build', async () => {
    cli(['build', '--content', content, '--out', out, '--now', NOW[1]!]);
    expect(expected.get(await fingerprint(out))).toBe(NOW[1]);
    expect(readdirSync(work).sort()).toEqual(['content', 'dist', 'dist.builds', 'ref-0', 'ref-0.builds', 'ref-1', 'ref-1.builds']);
    expect(readdirSync(`${out}.builds`)).toHaveLength(1);
  });
});
