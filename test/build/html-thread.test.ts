// The built CLI renders the HTML site on a worker thread; the tests' source build renders it in the
// main thread. Both must write the same bytes, and a failure on the thread must read as it would here.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile, mkdir, cp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../src/build.js';
import { contentDir, readAll, SCENARIOS } from '../helpers/build.js';
import type { Scenario } from '../helpers/build.js';

const ROOT = path.join(import.meta.dirname, '../..');
const BIN = path.join(ROOT, 'bin/statuspress.js');
const SINGLE = path.join(ROOT, 'lib/statuspress.mjs');

function run(bin: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [bin, ...args], { timeout: 60_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

let root: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'statuspress-thread-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe.each(Object.keys(SCENARIOS) as Scenario[])('%s', (scenario) => {
  it('writes the same bytes from the bundles (site on a thread) as from source (site in-thread)', async () => {
    const now = SCENARIOS[scenario].now;
    const here = path.join(root, scenario, 'here');
    await build({ contentDir: contentDir(scenario), outDir: here, now: Date.parse(now) });
    const expected = await readAll(here);
    expect([...expected.keys()].some((file) => file.endsWith('.html'))).toBe(true);
    for (const [name, bin] of [['split', BIN], ['single', SINGLE]] as const) {
      const out = path.join(root, scenario, name);
      const result = await run(bin, ['build', '--content', contentDir(scenario), '--out', out, '--now', now]);
      // Warnings (updates withheld until after now) are fine; errors are not.
      expect(result.stderr).not.toMatch(/^error/m);
      expect(result.code).toBe(0);
      const got = await readAll(out);
      expect([...got.keys()]).toEqual([...expected.keys()]);
      for (const [file, bytes] of expected) expect(got.get(file)?.equals(bytes), `${name}: ${file}`).toBe(true);
    }
  });
});

it('reports a template that fails while rendering on the thread as the in-thread build does, leaving no output', async () => {
  const site = path.join(root, 'failing');
  await cp(contentDir('plain-site'), path.join(site, 'content'), { recursive: true });
  await mkdir(path.join(site, 'theme'), { recursive: true });
  // A helper the theme calls but nobody defined: Handlebars throws when the page is rendered.
  await writeFile(path.join(site, 'theme', 'notice.hbs'), '<p>{{no-such-helper notice}}</p>\n');
  const args = ['--content', path.join(site, 'content'), '--templates', path.join(site, 'theme'), '--now', SCENARIOS['plain-site'].now];
  let expected = '';
  try {
    await build({ contentDir: path.join(site, 'content'), outDir: path.join(site, 'here'), now: Date.parse(SCENARIOS['plain-site'].now), templatesDir: path.join(site, 'theme') });
  } catch (error) {
    expected = (error as Error).message;
  }
  expect(expected).not.toBe('');
  const result = await run(BIN, ['build', ...args, '--out', path.join(site, 'dist')]);
  expect(result.code).not.toBe(0);
  expect(result.stderr).toContain(expected.split('\n')[0]);
  expect(result.stderr).not.toMatch(/unhandled|ERR_UNHANDLED|at async/i);
  await expect(readAll(path.join(site, 'dist'))).rejects.toThrow();
}, 60_000);
