// Failures around the swap, injected into fs: when the previous output cannot be removed after the
// swap, the new output is already in place, so commit() succeeds and says what was left behind; when
// two builds publish into one output at once, the last one wins whole and the other's folder is
// removed by the next build.
import { mkdtempSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import type * as fsp from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { STATE_FILE } from '../../../src/routes/files.js';
import { openOutput } from '../../../src/write/index.js';

let failRemoval = false;

vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof fsp>();
  return {
    ...real,
    // Removing a previous build fails.
    rm: async (target: string, options: Parameters<typeof real.rm>[1]) => {
      if (failRemoval && target.includes('.builds/')) throw Object.assign(new Error(`EBUSY: resource busy, rmdir '${target}'`), { code: 'EBUSY' });
      return real.rm(target, options);
    },
  };
});

const state = { path: STATE_FILE, contents: '{}' };

describe('openOutput cleanup', () => {
  it('keeps the new output and warns when the previous one cannot be removed; the next build removes it', async () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), 'statuspress-cleanup-')), 'dist');
    const first = await openOutput(dir);
    await first.write([{ path: 'index.html', contents: 'old' }, state]);
    expect((await first.commit()).warnings).toEqual([]);
    const old = readlinkSync(dir);

    const second = await openOutput(dir);
    await second.write([{ path: 'index.html', contents: 'new' }, state]);
    failRemoval = true;
    const { warnings } = await second.commit();
    failRemoval = false;
    expect(readFileSync(path.join(dir, 'index.html'), 'utf8')).toBe('new');
    expect(warnings[0]).toMatch(/^the previous output could not be removed from .*dist\.builds\/.* \(EBUSY.*\); remove that folder by hand$/);
    expect(readdirSync(`${dir}.builds`)).toContain(path.basename(old));

    const third = await openOutput(dir);
    await third.write([{ path: 'index.html', contents: 'third' }, state]);
    expect((await third.commit()).warnings).toEqual([]);
    expect(readdirSync(`${dir}.builds`)).toEqual([path.basename(readlinkSync(dir))]);
  });

  it('lets the last of two builds publishing at once win, whole, and tidies the other away next time', async () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), 'statuspress-race-')), 'dist');
    const a = await openOutput(dir);
    const b = await openOutput(dir);
    await a.write([{ path: 'index.html', contents: 'a' }, state]);
    await b.write([{ path: 'index.html', contents: 'b' }, state]);
    await Promise.all([a.commit(), b.commit()]);
    const winner = readFileSync(path.join(dir, 'index.html'), 'utf8');
    expect(['a', 'b']).toContain(winner);
    const next = await openOutput(dir);
    await next.write([{ path: 'index.html', contents: 'next' }, state]);
    await next.commit();
    expect(readdirSync(`${dir}.builds`)).toEqual([path.basename(readlinkSync(dir))]);
    expect(readdirSync(path.dirname(dir)).sort()).toEqual(['dist', 'dist.builds']);
  });
});
