// When the previous output cannot be removed after the swap, the new output is already in place:
// commit() succeeds and says what was left behind, rather than failing a build that was published.
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import type * as fs from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { STATE_FILE } from '../../../src/routes/files.js';
import { openOutput } from '../../../src/write/index.js';

vi.mock('node:fs', async (importOriginal) => {
  const real = await importOriginal<typeof fs>();
  return {
    ...real,
    // The last step of removing a previous output (`<out>.old-…`) fails.
    rmdirSync: (dir: fs.PathLike) => {
      if (/\.old-[^/]*$/.test(String(dir))) throw Object.assign(new Error(`EBUSY: resource busy, rmdir '${String(dir)}'`), { code: 'EBUSY' });
      real.rmdirSync(dir);
    },
  };
});

describe('openOutput cleanup', () => {
  it('keeps the new output and warns when the previous one cannot be removed', async () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), 'statuspress-cleanup-')), 'dist');
    const state = { path: STATE_FILE, contents: '{}' };
    const first = await openOutput(dir);
    first.write([{ path: 'index.html', contents: 'old' }, state]);
    expect((await first.commit()).warnings).toEqual([]);

    const second = await openOutput(dir);
    second.write([{ path: 'index.html', contents: 'new' }, state]);
    const { warnings } = await second.commit();
    expect(readFileSync(path.join(dir, 'index.html'), 'utf8')).toBe('new');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^the previous output could not be removed from .*dist\.old-.* \(EBUSY.*\); remove that folder by hand$/);
    expect(readdirSync(path.dirname(dir)).filter((f) => f.startsWith('dist.old-'))).toHaveLength(1);
  });
});
