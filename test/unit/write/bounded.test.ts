// What a site's own templates may write in all is bounded by the writer: told the files and UTF-8
// bytes so far before a file is written, the bound refuses, and nothing of the refused file (or
// after it) reaches the disk. The write thread measures the bytes as it encodes them; the plain
// writer counts them itself: both must say the same.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { bounded, FileWriter } from '../../../src/write/files.js';
import type { Writer } from '../../../src/write/files.js';
import { ThreadWriter } from '../../../src/write/thread.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const writers: [string, (dir: string) => Writer][] = [
  ['the write thread', (dir) => new ThreadWriter(dir)],
  ['the plain writer', (dir) => new FileWriter(dir)],
];

describe.each(writers)('bounded, over %s', (_, make) => {
  it('is told each file and the UTF-8 bytes so far, and refuses the file that passes the bound', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'statuspress-bounded-'));
    dirs.push(dir);
    const told: [number, number][] = [];
    const writer = bounded(make(dir), (files, bytes) => {
      told.push([files, bytes]);
      if (bytes > 20) throw new Error(`too much: ${files} files, ${bytes} bytes`);
    });
    // 5 bytes, then 9 (three characters of 3 bytes each), then 9 more: 23 > 20.
    let refused: unknown = null;
    try {
      writer.put({ path: 'a.txt', contents: 'hello' });
      writer.put({ path: 'b.txt', contents: '状状状' });
      writer.put({ path: 'c.txt', contents: '状状状' });
      await writer.settle();
    } catch (error) {
      refused = error;
      await writer.stop();
    }
    expect(String(refused)).toContain('too much: 3 files, 23 bytes');
    expect(told).toEqual([
      [1, 5],
      [2, 14],
      [3, 23],
    ]);
    expect(existsSync(path.join(dir, 'c.txt'))).toBe(false);
  });
});
