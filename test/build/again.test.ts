// `build --again`: the content and templates an output kept, built as of another moment, in place
// of the build it was kept by, and never over a newer one.
import { mkdtemp, readdir, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../src/build.js';
import { StatuspressError } from '../../src/errors/error.js';
import { readKept } from '../../src/serve/build-state.js';
import { runCli } from '../helpers/cli.js';

const CONTENT = path.join(import.meta.dirname, '../fixtures/clock-site/content');
const NOW = Date.parse('2026-11-20T01:50:00Z');
const BEGINS = Date.parse('2026-11-20T02:00:00Z');

let out: string;
let dist: string;
const status = async (): Promise<string> => JSON.parse(await readFile(path.join(dist, 'api/v1/status.json'), 'utf8')).page.state;

beforeAll(async () => {
  out = await mkdtemp(path.join(tmpdir(), 'statuspress-again-'));
  dist = path.join(out, 'dist');
  await build({ contentDir: CONTENT, outDir: dist, now: NOW, threads: 0 });
});

afterAll(async () => {
  await rm(out, { recursive: true, force: true });
});

describe('build --again', () => {
  it('builds what the output kept as of another moment, and tells the next', async () => {
    expect(await status()).toBe('operational');
    const result = await build({ contentDir: '', outDir: dist, now: BEGINS, threads: 0, kept: await readKept(dist) });
    expect(await status()).toBe('under-maintenance');
    expect(result.nextChange).toBe(Date.parse('2026-11-20T04:00:00Z'));
    expect(await readFile(path.join(dist, '_statuspress/next-change'), 'utf8')).toBe('2026-11-20T04:00:00.000Z\n');
    expect(await readFile(path.join(dist, 'index.html'), 'utf8')).toContain('clock-header');
  });

  it('keeps the site\'s own templates and the overrides of its own languages only: the output is public', async () => {
    const kept = await readdir(path.join(dist, '_statuspress/templates'), { recursive: true });
    expect(kept.sort()).toEqual(['locales', 'locales/en.yaml', 'partials', 'partials/header.hbs']);
  });

  it('is dropped when another build replaced the output meanwhile', async () => {
    const kept = await readKept(dist);
    await build({ contentDir: CONTENT, outDir: dist, now: NOW, threads: 0 });
    const newer = await realpath(dist);
    const again = build({ contentDir: '', outDir: dist, now: BEGINS, threads: 0, kept });
    await expect(again).rejects.toBeInstanceOf(StatuspressError);
    await expect(again).rejects.toMatchObject({ code: 'output/superseded' });
    expect(await realpath(dist)).toBe(newer);
    expect(await status()).toBe('operational');
  });

  it('refuses kept content edited by hand with a clear error, and leaves the output as it was', async () => {
    const copy = path.join(out, 'edited');
    await build({ contentDir: CONTENT, outDir: copy, now: NOW, threads: 0 });
    const stateFile = path.join(copy, '_statuspress/build.json');
    const state = JSON.parse(await readFile(stateFile, 'utf8'));
    state.content.notices[0].id = '../../../../escaped';
    await writeFile(stateFile, JSON.stringify(state));
    const before = await realpath(copy);
    const run = await runCli(['build', '--again', '--out', copy, '--now', '2026-11-20T02:00:00Z']);
    expect(run.code, run.stderr).toBe(1);
    expect(run.stderr).toContain(`the content ${copy} kept cannot be built again`);
    expect(run.stderr).not.toMatch(/unexpectedly|\n\s+at /);
    expect(await realpath(copy)).toBe(before);
  });
});
