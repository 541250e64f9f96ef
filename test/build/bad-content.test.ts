// The catalogue of bad content (test/fixtures/bad/<case>/): every case is a site that must not build.
// Each is `_base/` with the case's own files laid over it, and `case.json` for what git cannot hold
// (links, FIFOs, removed folders, generated files). For every case `statuspress build` must exit 1
// with exactly the lines in its `expected.txt`, each at file:line:column, write nothing at all, never
// print the secret a link points at, and stay within a small heap: the whole catalogue runs through
// the bundled CLI in one process limited to 256 MB (catalogue-runner.js). `UPDATE_BAD=1` rewrites
// the expected files (then read every changed line before committing it).
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = path.join(import.meta.dirname, '../..');
const BAD = path.join(ROOT, 'test/fixtures/bad');
const SECRET = 'ghp_CATALOGUESECRET0123456789abcdefghij';
const CASES = readdirSync(BAD).filter((name) => !name.startsWith('_')).sort();

interface CaseSetup {
  remove?: string[];
  /** Path in the content folder → link target; `@OUTSIDE_FILE` and `@OUTSIDE_DIR` name places outside it. */
  links?: Record<string, string>;
  fifos?: string[];
  generate?: Record<string, { head: string; repeat: string; times: number }>;
}

const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

/** The case's site in a fresh folder: `<work>/content`, with a secret outside it. */
function assemble(name: string): string {
  const work = mkdtempSync(path.join(tmpdir(), `statuspress-bad-${name}-`));
  made.push(work);
  const content = path.join(work, 'content');
  cpSync(path.join(BAD, '_base'), content, { recursive: true });
  const setupFile = path.join(BAD, name, 'case.json');
  const setup: CaseSetup = existsSync(setupFile) ? JSON.parse(readFileSync(setupFile, 'utf8')) : {};
  for (const gone of setup.remove ?? []) rmSync(path.join(content, gone), { recursive: true });
  if (existsSync(path.join(BAD, name, 'content'))) cpSync(path.join(BAD, name, 'content'), content, { recursive: true });
  const outside = path.join(work, 'outside');
  mkdirSync(outside);
  writeFileSync(path.join(outside, 'config'), `[credential]\n\thelper = store\ntoken: ${SECRET}\nid: 3\n`);
  writeFileSync(path.join(outside, '9.yaml'), `id: 9\nname: ${SECRET}\ncreated_at: 2024-01-01T00:00:00Z\n`);
  for (const [link, target] of Object.entries(setup.links ?? {})) {
    const to = target === '@OUTSIDE_FILE' ? path.join(outside, 'config') : target === '@OUTSIDE_DIR' ? outside : target;
    symlinkSync(to, path.join(content, link));
  }
  for (const fifo of setup.fifos ?? []) execFileSync('mkfifo', [path.join(content, fifo)]);
  for (const [file, { head, repeat, times }] of Object.entries(setup.generate ?? {})) {
    writeFileSync(path.join(content, file), head + repeat.repeat(times));
  }
  return work;
}

interface Result {
  code: number;
  stdout: string;
  stderr: string;
  /** What the case's folder holds after the build. */
  left: string[];
}

const results = new Map<string, Result>();

beforeAll(() => {
  const works = new Map(CASES.map((name) => [name, assemble(name)]));
  const run = spawnSync(process.execPath, ['--max-old-space-size=256', path.join(import.meta.dirname, 'catalogue-runner.js'), ...works.values()], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    timeout: 120_000,
  });
  if (run.status !== 0) throw new Error(`the catalogue runner failed (exit ${run.status}, signal ${run.signal}): ${run.stderr.slice(0, 2000)}`);
  const byWork = JSON.parse(run.stdout) as Record<string, Result>;
  for (const [name, work] of works) results.set(name, byWork[work]!);
}, 180_000);

describe('the catalogue of bad content', () => {
  it('holds at least 60 cases, each with its expected error', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(60);
    if (!process.env.UPDATE_BAD) for (const name of CASES) expect(existsSync(path.join(BAD, name, 'expected.txt')), name).toBe(true);
  });

  it.each(CASES)('%s: exit 1, every problem at file:line:column, nothing written', (name) => {
    const { code, stdout, stderr, left } = results.get(name)!;
    const expectedFile = path.join(BAD, name, 'expected.txt');
    if (process.env.UPDATE_BAD) writeFileSync(expectedFile, stderr);
    expect(stdout).toBe('');
    expect(stderr).toBe(readFileSync(expectedFile, 'utf8'));
    expect(code).toBe(1);
    const lines = stderr.trimEnd().split('\n');
    const problems = lines.slice(0, -2);
    expect(problems.length).toBeGreaterThan(0);
    for (const line of problems) expect(line).toMatch(/^\S+:\d+:\d+ {2}\S/);
    expect(lines.at(-1)).toMatch(/^\d+ problems? in the content\. Fix every problem listed, then run the command again\.$/);
    expect(stderr).not.toContain(SECRET);
    expect(left).toEqual(['content', 'outside']);
  });
});
