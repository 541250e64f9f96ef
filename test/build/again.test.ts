// `build --again`: the content and templates an output kept, built as of another moment, in place
// of the build it was kept by, and never over a newer one.
import { mkdtemp, readFile, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../src/build.js';
import { StatuspressError } from '../../src/errors.js';
import { readKept } from '../../src/serve/build-state.js';

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
});
