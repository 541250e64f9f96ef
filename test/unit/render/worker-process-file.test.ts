// Under the tests the process of a site's own templates runs its module bundled and written to the
// temporary folder (write/bundle-file.ts, as render/worker.ts rendererFile uses it). Test files run side by side, so the bundle must
// never be rewritten in place while another one forks from it (it was, on every start), and one is
// written per version of the source, so those of versions long gone are removed.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { rendererFile } from '../../../src/render/worker.js';

const folder = mkdtempSync(path.join(tmpdir(), 'statuspress-process-file-'));
const was = process.env.TMPDIR;
afterAll(() => {
  process.env.TMPDIR = was;
  rmSync(folder, { recursive: true, force: true });
});

const DAY_MS = 24 * 3600_000;
/** Dated `ms` before it was written, by the file system's clock (the one bundles are aged by). */
const aged = (file: string, ms: number): void => {
  const at = (statSync(file).mtimeMs - ms) / 1000;
  utimesSync(file, at, at);
};

describe('rendererFile under the tests', () => {
  it('writes the bundle once, whole, and removes only bundles of other versions untouched for a day', () => {
    process.env.TMPDIR = folder;
    const old = path.join(folder, 'statuspress-worker-000000000000.cjs');
    const recent = path.join(folder, 'statuspress-worker-111111111111.cjs');
    const leftPart = path.join(folder, 'statuspress-worker-222222222222.cjs.99.x.part');
    const notOurs = path.join(folder, 'other.cjs');
    for (const file of [old, recent, leftPart, notOurs]) writeFileSync(file, 'x');
    aged(old, 2 * DAY_MS);
    aged(leftPart, 2 * DAY_MS);
    aged(notOurs, 2 * DAY_MS);

    const file = rendererFile();
    expect(path.dirname(file)).toBe(folder);
    expect(readFileSync(file, 'utf8')).toContain('statuspress');
    expect(readdirSync(folder).sort()).toEqual([path.basename(file), 'other.cjs', 'statuspress-worker-111111111111.cjs'].sort());

    // There already: taken as it is, not written again under a process that may be reading it.
    writeFileSync(file, '// the same bundle');
    expect(rendererFile()).toBe(file);
    expect(readFileSync(file, 'utf8')).toBe('// the same bundle');
  });
});
