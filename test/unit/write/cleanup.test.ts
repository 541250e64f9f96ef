// Failures around the swap, injected into fs: when the previous output cannot be removed after the
// swap, the new output is already in place, so commit() succeeds and says what was left behind; when
// another build takes the folder between the two renames, nothing is lost and the error says where
// the previous output is.
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import type * as fsp from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { StatuspressError } from '../../../src/errors.js';
import { STATE_FILE } from '../../../src/routes/files.js';
import { openOutput } from '../../../src/write/index.js';

let raceNext = false;

vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof fsp>();
  return {
    ...real,
    // Another build puts its output in place just before this one renames its own in.
    rename: async (from: string, to: string) => {
      if (raceNext && /\.tmp-[^/]*$/.test(from)) {
        raceNext = false;
        await real.mkdir(path.join(to, 'other'), { recursive: true });
      }
      return real.rename(from, to);
    },
    // Removing a previous output (`<out>.old-…`) fails.
    rm: async (target: string, options: Parameters<typeof real.rm>[1]) => {
      if (/\.old-[^/]*$/.test(target)) throw Object.assign(new Error(`EBUSY: resource busy, rmdir '${target}'`), { code: 'EBUSY' });
      return real.rm(target, options);
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

  it('keeps the previous output, and says where, when another build takes the folder during the swap', async () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), 'statuspress-race-')), 'dist');
    const state = { path: STATE_FILE, contents: '{}' };
    const first = await openOutput(dir);
    first.write([{ path: 'index.html', contents: 'previous' }, state]);
    await first.commit();

    const second = await openOutput(dir);
    second.write([{ path: 'index.html', contents: 'dropped' }, state]);
    raceNext = true;
    const error = await second.commit().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StatuspressError);
    expect((error as Error).message).toMatch(/was replaced by another build .*the previous output is kept in .*dist\.old-/);
    const kept = readdirSync(path.dirname(dir)).filter((f) => f.startsWith('dist.old-'));
    expect(kept).toHaveLength(1);
    expect(readFileSync(path.join(path.dirname(dir), kept[0]!, 'index.html'), 'utf8')).toBe('previous');
    expect(readdirSync(path.dirname(dir)).filter((f) => f.includes('.tmp-'))).toEqual([]);
  });
});
