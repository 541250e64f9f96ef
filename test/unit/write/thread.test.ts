// The write thread: a failure to write stops it taking files, and the next batch handed over says so;
// a bound refuses a file before it is posted.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, it, vi } from 'vitest';
import { ThreadWriter } from '../../../src/write/thread.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const fresh = (): string => {
  const dir = mkdtempSync(path.join(tmpdir(), 'statuspress-thread-'));
  dirs.push(dir);
  return dir;
};
const files = (prefix: string) => Array.from({ length: 64 }, (_, i) => ({ path: `${prefix}/${i}.json`, contents: '{}' }));

it('stops at its first failure, which the next batch handed over and settle() report', async () => {
  const writer = new ThreadWriter(fresh());
  // A file and then a folder of the same name, in the first batch of 64.
  await writer.write([{ path: 'status.json', contents: '{}' }, { path: 'status.json/x.json', contents: '{}' }, ...files('a').slice(2)]);
  await vi.waitFor(() => expect(writer.write(files(`b${Math.random()}`))).rejects.toThrow(/ENOTDIR|EEXIST/));
  await writer.stop();
});

it('refuses, before posting it, the file that passes its bound', async () => {
  const dir = fresh();
  const writer = new ThreadWriter(dir, (count, bytes) => {
    if (bytes > 10) throw new Error(`over: ${count} files, ${bytes} bytes`);
  });
  await expect(
    (async () => {
      await writer.write([{ path: 'a.txt', contents: '01234' }, { path: 'b.txt', contents: '0123456789' }]);
      await writer.settle();
    })(),
  ).rejects.toThrow('over: 2 files, 15 bytes');
  await writer.stop();
  expect(existsSync(path.join(dir, 'b.txt'))).toBe(false);
});
