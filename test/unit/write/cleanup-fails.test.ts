// A build whose writing fails, and whose folder then cannot be removed either (a disk that went
// read-only under it): the error reported is the one that stopped the build, never the cleanup's.
import { mkdtempSync } from 'node:fs';
import type * as FsPromises from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, it, vi } from 'vitest';
import { StatuspressError } from '../../../src/errors/error.js';
import { openOutput } from '../../../src/write/index.js';

const cleanup = vi.hoisted(() => ({ fails: false }));
vi.mock('node:fs/promises', async (original) => {
  const fs = await original<typeof FsPromises>();
  return {
    ...fs,
    rm: (async (...args: Parameters<typeof fs.rm>) => {
      if (cleanup.fails) throw Object.assign(new Error(`EROFS: read-only file system, rm '${String(args[0])}'`), { code: 'EROFS' });
      return fs.rm(...args);
    }) as typeof fs.rm,
  };
});

afterEach(() => {
  cleanup.fails = false;
});

it('reports the failure to write, not the failure to clean up after it', async () => {
  const dir = path.join(mkdtempSync(path.join(tmpdir(), 'statuspress-cleanup-')), 'dist');
  const output = await openOutput(dir);
  cleanup.fails = true;
  let error: unknown;
  try {
    // A file and then a folder of the same name: the mkdir fails.
    await output.write([{ path: 'status.json', contents: '{}' }, { path: 'status.json/x.json', contents: '{}' }]);
    await output.commit();
  } catch (caught) {
    error = caught;
    await output.discard().catch(() => undefined);
  }
  expect(error).toBeInstanceOf(StatuspressError);
  expect(error).toMatchObject({ code: 'output/write-failed' });
  expect((error as Error).message).toMatch(/ENOTDIR|EEXIST|EISDIR/);
  expect((error as Error).message).not.toMatch(/EROFS/);
});
