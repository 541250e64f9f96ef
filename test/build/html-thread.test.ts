// The HTML site renders on worker threads (the notice pages shared with the main thread) with cores to
// spare or --threads, from the bundles and from source alike (render/worker.ts), or in the main
// thread. All must write the same bytes, and a failure on a thread must read as it would here.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, readdir, rm, writeFile, mkdir, cp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../src/build.js';
import { main } from '../../src/cli/run.js';
import { contentDir, readAll, SCENARIOS } from '../helpers/build.js';
import type { Scenario } from '../helpers/build.js';

const ROOT = path.join(import.meta.dirname, '../..');
const BIN = path.join(ROOT, 'bin/statuspress.js');
const SINGLE = path.join(ROOT, 'lib/statuspress.mjs');
const execFileAsync = promisify(execFile);

function run(bin: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [bin, ...args], { timeout: 60_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

/**
 * The bundles' ways to build, each checked against the source build in the main thread. The richest
 * fixture is built every way; the others from the single file (on 2 cores: no thread) and with the
 * site on a thread from the split bundle, the two ends of what the bundles do.
 */
const BUNDLE_RUNS = {
  'metrics-site': [
    ['split-1', BIN, ['--threads', '1']],
    ['single', SINGLE, []],
    // Two more threads claiming notice pages, and none at all.
    ['split-3', BIN, ['--threads', '3']],
    ['split-0', BIN, ['--threads', '0']],
  ],
  'plain-site': [
    ['split-1', BIN, ['--threads', '1']],
    ['single', SINGLE, []],
  ],
  'empty-site': [
    ['split-1', BIN, ['--threads', '1']],
    ['single', SINGLE, []],
  ],
} as const satisfies Record<Scenario, readonly (readonly [string, string, readonly string[]])[]>;

let root: string;
/** Each fixture built from source in the main thread: what every other way must write. */
const reference = new Map<Scenario, Map<string, Buffer>>();
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'statuspress-thread-'));
  for (const scenario of Object.keys(SCENARIOS) as Scenario[]) {
    const here = path.join(root, scenario, 'here');
    await build({ contentDir: contentDir(scenario), outDir: here, now: Date.parse(SCENARIOS[scenario].now), threads: 0 });
    reference.set(scenario, await readAll(here));
  }
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe.each(Object.keys(SCENARIOS) as Scenario[])('%s', (scenario) => {
  it('writes the same bytes from the bundles (site on a thread) as from source (in-thread, and on threads)', async () => {
    const now = SCENARIOS[scenario].now;
    const expected = reference.get(scenario)!;
    // The same module from source: the threads run worker.ts bundled as the tests load it.
    const threaded = path.join(root, scenario, 'threaded');
    await build({ contentDir: contentDir(scenario), outDir: threaded, now: Date.parse(now), threads: 2 });
    const fromSource = await readAll(threaded);
    expect([...fromSource.keys()]).toEqual([...expected.keys()]);
    for (const [file, bytes] of expected) expect(fromSource.get(file)?.equals(bytes), `source threads: ${file}`).toBe(true);
    expect([...expected.keys()].some((file) => file.endsWith('.html'))).toBe(true);
    for (const [name, bin, extra] of BUNDLE_RUNS[scenario]) {
      const out = path.join(root, scenario, name);
      const result = await run(bin, ['build', '--content', contentDir(scenario), '--out', out, '--now', now, ...extra]);
      // Warnings (updates withheld until after now) are fine; errors are not.
      expect(result.stderr).not.toMatch(/^error/m);
      expect(result.code).toBe(0);
      const got = await readAll(out);
      expect([...got.keys()]).toEqual([...expected.keys()]);
      for (const [file, bytes] of expected) expect(got.get(file)?.equals(bytes), `${name}: ${file}`).toBe(true);
    }
  });
});

it('shares the notice pages of a large site among four threads, and writes the same bytes as one thread', async () => {
  const site = path.join(root, 'many');
  // Enough notice pages for each of the four to claim some: they claim them one at a time.
  await execFileAsync(process.execPath, [path.join(ROOT, 'scripts/gen-corpus.js'), '--notices', '80', '--components', '12', '--out', path.join(site, 'content'), '--now', '2026-11-22T07:00:00Z']);
  const args = ['build', '--content', path.join(site, 'content'), '--now', '2026-11-22T07:00:00Z'];
  const one = await run(BIN, [...args, '--out', path.join(site, 'one'), '--threads', '1']);
  const four = await run(BIN, [...args, '--out', path.join(site, 'four'), '--threads', '4']);
  expect([one.code, four.code, one.stderr, four.stderr]).toEqual([0, 0, '', '']);
  const [a, b] = await Promise.all([readAll(path.join(site, 'one')), readAll(path.join(site, 'four'))]);
  expect([...b.keys()]).toEqual([...a.keys()]);
  expect([...a.keys()].filter((f) => /^notices\/\d+\/index\.html$/.test(f))).toHaveLength(80);
  for (const [file, bytes] of a) expect(b.get(file)?.equals(bytes), file).toBe(true);
}, 60_000);

// A container's limit on processes and threads: new Worker() throws EAGAIN. The build must go on with
// the threads it could start (it used to wait forever for one it never had). Needs root, to run the
// build as an unprivileged user whom the limit binds (root is exempt), and util-linux's setpriv and prlimit.
const canLimitThreads = process.getuid?.() === 0 && ['/usr/bin/setpriv', '/usr/bin/prlimit'].every((tool) => existsSync(tool));
it.skipIf(!canLimitThreads)('builds with the threads the system allows, down to none, when it refuses more', async () => {
  const site = path.join(root, 'limited');
  await mkdir(site, { recursive: true });
  await cp(contentDir('plain-site'), path.join(site, 'content'), { recursive: true });
  await chmod(root, 0o755);
  await chmod(site, 0o777);
  const now = SCENARIOS['plain-site'].now;
  const want = reference.get('plain-site')!;
  // Node itself needs about 12 threads here before it runs any of statuspress; from there on, each
  // limit lets the build start a different number of its 4.
  for (const limit of [12, 13, 14, 15, 16]) {
    const out = path.join(site, `dist-${limit}`);
    const limited = ['--reuid=nobody', '--regid=nogroup', '--clear-groups', 'prlimit', `--nproc=${limit}`, process.execPath, BIN];
    const result = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      execFile('/usr/bin/setpriv', [...limited, 'build', '--content', path.join(site, 'content'), '--out', out, '--now', now, '--threads', '4'], { timeout: 30_000 }, (error, _stdout, stderr) =>
        resolve({ code: error ? ((error as { code?: number }).code ?? null) : 0, stderr }),
      );
    });
    if (result.code === 134 && limit === 12) continue; // Node could not start at all: nothing of statuspress ran
    expect([limit, result.code, result.stderr]).toEqual([limit, 0, '']);
    const got = await readAll(out);
    expect([...got.keys()]).toEqual([...want.keys()]);
    for (const [file, bytes] of want) expect(got.get(file)?.equals(bytes), `${limit}: ${file}`).toBe(true);
  }
}, 120_000);

it('refuses a --threads that is not a whole number from 0 to 4', async () => {
  const refusal = (value: string): string => `--threads must be a whole number from 0 to 4 (threads rendering the HTML site beside the main one), not "${value}"`;
  const args = (value: string): string[] => ['build', '--content', contentDir('plain-site'), '--out', path.join(root, 'never'), `--threads=${value}`];
  // The bin's exit code and message once; the other values through the CLI's main(), which both bundles run.
  const result = await run(BIN, args('-1'));
  expect(result).toMatchObject({ code: 2, stderr: expect.stringContaining(refusal('-1')) });
  for (const value of ['5', 'all', '1.5', '', '1e1']) {
    const errors: string[] = [];
    expect(await main(args(value), { log: (line) => errors.push(line), error: (line) => errors.push(line) }), value).toBe(2);
    expect(errors.join('\n'), value).toContain(refusal(value));
  }
  await expect(readAll(path.join(root, 'never'))).rejects.toThrow();
});

it('reports a template that fails while rendering in its process as the source build does, from both bundles, leaving no output', async () => {
  const site = path.join(root, 'failing');
  await cp(contentDir('plain-site'), path.join(site, 'content'), { recursive: true });
  await mkdir(path.join(site, 'theme'), { recursive: true });
  // A field notices do not have: strict, Handlebars throws when the page is rendered.
  await writeFile(path.join(site, 'theme', 'notice.hbs'), '<p>{{notice.no_such_field}}</p>\n');
  const args = ['--content', path.join(site, 'content'), '--templates', path.join(site, 'theme'), '--now', SCENARIOS['plain-site'].now];
  let expected = '';
  try {
    await build({ contentDir: path.join(site, 'content'), outDir: path.join(site, 'here'), now: Date.parse(SCENARIOS['plain-site'].now), templatesDir: path.join(site, 'theme') });
  } catch (error) {
    expected = (error as Error).message;
  }
  expect(expected).toMatch(/^theme\/notice\.hbs could not be rendered: "no_such_field" not defined/);
  // The site's own templates render in their process whatever --threads says; from the split bundle and the single file.
  for (const [bin, threads] of [[BIN, '3'], [SINGLE, '0']] as const) {
    const result = await run(bin, ['build', ...args, '--out', path.join(site, 'dist'), '--threads', threads]);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain(expected.split('\n')[0]);
    expect(result.stderr).not.toMatch(/unhandled|ERR_UNHANDLED|at async/i);
    await expect(readAll(path.join(site, 'dist'))).rejects.toThrow();
    expect(await readdir(site)).not.toContain('dist.builds');
  }
}, 60_000);
