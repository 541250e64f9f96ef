// What a site's own templates may write in all is bounded by the writer: told the files and UTF-8
// bytes so far before a file is written, the bound refuses, and nothing of the refused file (or
// after it) reaches the disk.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FileWriter } from '../../../src/write/files.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('a bounded writer', () => {
  it('is told each file and the UTF-8 bytes so far, and refuses the file that passes the bound', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'statuspress-bounded-'));
    dirs.push(dir);
    const told: [number, number][] = [];
    const writer = new FileWriter(dir, (files, bytes) => {
      told.push([files, bytes]);
      if (bytes > 20) throw new Error(`too much: ${files} files, ${bytes} bytes`);
    });
    // 5 bytes, then 9 (three characters of 3 bytes each), then 9 more: 23 > 20.
    let refused: unknown = null;
    try {
      await writer.write([
        { path: 'a.txt', contents: 'hello' },
        { path: 'b.txt', contents: '状状状' },
        { path: 'c.txt', contents: '状状状' },
      ]);
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
    expect(existsSync(path.join(dir, 'b.txt'))).toBe(true);
    expect(existsSync(path.join(dir, 'c.txt'))).toBe(false);
  });

  it('writes the compressed copies of a large text file, and counts them', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'statuspress-bounded-'));
    dirs.push(dir);
    const writer = new FileWriter(dir);
    await writer.write([{ path: 'api/big.json', contents: 'x'.repeat(10_000) }, { path: 'small.json', contents: '{}' }]);
    const written = await writer.settle();
    expect(written.paths).toEqual(['api/big.json', 'small.json']);
    expect(written.files).toBe(4);
    expect(['api/big.json.gz', 'api/big.json.br', 'small.json'].every((file) => existsSync(path.join(dir, file)))).toBe(true);
    expect(existsSync(path.join(dir, 'small.json.gz'))).toBe(false);
  });
});
