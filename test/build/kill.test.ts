// A build killed at any moment (SIGKILL: no cleanup runs) leaves the output as the previous build or
// the new one, whole, and the output path is never missing meanwhile; the next build removes what the
// killed ones left behind. Each kill lands at a moment of the build's own, seen in what it writes
// (its folder made, the API, the HTML, the link that publishes it), not after a random delay: every
// stage is hit on every run, and a kill before publishing must leave the previous output.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, statSync, watch } from 'node:fs';
import type { FSWatcher } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listFiles } from '../helpers/build.js';

const ROOT = path.join(import.meta.dirname, '../..');
const CLI = path.join(ROOT, 'bin/statuspress.js');
const NOW = ['2026-11-20T12:00:00Z', '2026-11-21T12:00:00Z'] as const;

let work: string;
let content: string;
let out: string;
let builds: string;
/** The two outputs a build may leave: fingerprints of a build as of each `now`. */
const expected = new Map<string, string>();

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

/**
 * The moments of a build, in its order, each as what it has written by then (src/write: a folder of
 * its own in dist.builds/, the API first, then the state and the HTML, the notice pages last, then a
 * spare link renamed over the output). `published`: whether the new output is in place by then.
 */
interface Moment {
  name: string;
  published: boolean | 'maybe';
  reached: (state: BuildState) => boolean;
}
/** What the watchers saw of a build: its folder, the output's link before it, the names that changed beside the output. */
interface BuildState {
  folder: string | null;
  linked: string;
  named: Set<string>;
}
const inFolder = (entry: string) => (state: { folder: string | null }) => state.folder !== null && existsSync(path.join(state.folder, entry));
const MOMENTS: Moment[] = [
  { name: 'its folder made', published: false, reached: (s) => s.folder !== null },
  { name: 'the API being written', published: false, reached: inFolder('api') },
  { name: 'the HTML being written', published: false, reached: inFolder('index.html') },
  { name: 'the notice pages being written', published: false, reached: inFolder('notices') },
  // The spare link is renamed over the output at once (often before a listing could show it, so the
  // watcher's event names it): the kill may land before or after.
  { name: 'the link that publishes it made', published: 'maybe', reached: (s) => [...s.named].some((name) => name.startsWith('dist.link-')) },
  // Published, the previous build being removed (or, if the kill comes late, the process gone).
  { name: 'published', published: true, reached: (s) => readlinkSync(out) !== s.linked },
];

/** Starts a build of `now` and SIGKILLs it as soon as it reaches `moment`; resolves to how it ended. */
async function killAt(moment: Moment, now: string): Promise<{ signal: NodeJS.Signals | null; code: number | null }> {
  const before = new Set(readdirSync(builds));
  const state: BuildState = { folder: null, linked: readlinkSync(out), named: new Set() };
  const watchers: FSWatcher[] = [];
  const child = spawn(process.execPath, [CLI, 'build', '--content', content, '--out', out, '--now', now], { stdio: 'ignore' });
  const exited = new Promise<{ signal: NodeJS.Signals | null; code: number | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  try {
    await new Promise<void>((resolve, reject) => {
      let done = false;
      const check = (): void => {
        if (done) return;
        if (state.folder === null) {
          const made = readdirSync(builds).find((name) => !before.has(name));
          if (made !== undefined) {
            state.folder = path.join(builds, made);
            // Non-recursive: the build's top-level entries are its stages. What it wrote before the watch is seen by the check below.
            watchers.push(watch(state.folder, check));
          }
        }
        if (moment.reached(state)) {
          done = true;
          child.kill('SIGKILL');
          resolve();
        }
      };
      watchers.push(
        watch(work, (_event, name) => {
          if (name !== null) state.named.add(name);
          check();
        }),
        watch(builds, check),
      );
      void exited.then(({ code, signal }) => {
        // The last events may come after the exit: a build that got there first counts (it was not killed).
        check();
        if (!done) reject(new Error(`the build ended (code ${code}, signal ${signal}) before ${moment.name}`));
      });
      check();
    });
  } finally {
    for (const watcher of watchers) watcher.close();
  }
  return exited;
}

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), 'statuspress-kill-'));
  content = path.join(work, 'content');
  out = path.join(work, 'dist');
  builds = `${out}.builds`;
  // Small, yet every stage of a build, and a second page of lists.
  const gen = spawnSync(process.execPath, [path.join(ROOT, 'scripts/gen-corpus.js'), '--notices', '40', '--components', '8', '--out', content, '--now', NOW[0]]);
  if (gen.status !== 0) throw new Error(`gen-corpus failed: ${gen.stderr}`);
  // The output the kills start from is the reference of NOW[0]; NOW[1]'s is built beside it.
  cli(['build', '--content', content, '--out', out, '--now', NOW[0]]);
  expected.set(await fingerprint(out), NOW[0]);
  const ref = path.join(work, 'ref');
  cli(['build', '--content', content, '--out', ref, '--now', NOW[1]]);
  expected.set(await fingerprint(ref), NOW[1]);
  expect(expected.size).toBe(2);
}, 120_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('a build killed at each of its moments', () => {
  it(`leaves the old or the new output, whole, never a missing one (${MOMENTS.length} kills)`, async () => {
    const seen: string[] = [];
    let missing = 0;
    let checks = 0;
    // Watches the output path the whole time, as a server or a host would.
    const watcher = setInterval(() => {
      checks++;
      if (!existsSync(path.join(out, '_statuspress/build.json')) || !statSync(path.join(out, 'index.html'), { throwIfNoEntry: false })) missing++;
    }, 1);
    try {
      let current: string = NOW[0];
      for (const moment of MOMENTS) {
        // Always the other `now`: the output tells whether the killed build was published.
        const building = current === NOW[0] ? NOW[1] : NOW[0];
        const ended = await killAt(moment, building);
        const now = expected.get(await fingerprint(out));
        seen.push(`${moment.name}: ${ended.signal ?? `exit ${ended.code}`}, ${now ?? 'NEITHER'}`);
        const where = `killed at ${moment.name}; kills so far: ${seen.join('; ')}`;
        expect(now, `the output is neither build, ${where}`).toBeDefined();
        if (moment.published === false) {
          // Mid-build for certain: the kill, not the build, ended it, and the previous output stands.
          expect(ended.signal, where).toBe('SIGKILL');
          expect(now, where).toBe(current);
        } else if (moment.published === true) {
          expect(now, where).toBe(building);
        }
        current = now!;
      }
    } finally {
      clearInterval(watcher);
    }
    expect(checks).toBeGreaterThan(100);
    expect(missing, `the output was missing at ${missing} of ${checks} checks`).toBe(0);
    // The killed builds left their folders behind.
    expect(readdirSync(builds).length).toBeGreaterThan(2);
  });

  it('has its leftovers removed by the next build', async () => {
    cli(['build', '--content', content, '--out', out, '--now', NOW[1]]);
    expect(expected.get(await fingerprint(out))).toBe(NOW[1]);
    expect(readdirSync(work).sort()).toEqual(['content', 'dist', 'dist.builds', 'ref', 'ref.builds']);
    expect(readdirSync(builds)).toHaveLength(1);
  });
});
