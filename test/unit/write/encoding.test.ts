// Each file must hold exactly its text's UTF-8, whatever characters it has, however large: written
// here, or through the write thread, which encodes each batch into one buffer it transfers.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { FileWriter } from '../../../src/write/files.js';
import { ThreadWriter } from '../../../src/write/thread.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

it.each([
  ['here', (dir: string) => new FileWriter(dir)],
  ['through the write thread', (dir: string) => new ThreadWriter(dir)],
])('writes each text, %s, as exactly its UTF-8 bytes: 1-, 2-, 3- and 4-byte characters, lone surrogates, empty and large texts', async (_, make) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'statuspress-encoding-'));
  dirs.push(dir);
  const texts = [
    'plain ascii',
    '',
    'café – naïve',
    '状況 ⟦ok⟧',
    'emoji 🚨🔥 and 𝒜',
    'lone \uD800 high and \uDC00 low',
    'x'.repeat((1 << 20) + 5) + '🚨',
    '状'.repeat(70_000),
    Buffer.from([0xff, 0x00, 0xfe]),
  ];
  const writer = make(dir);
  await writer.write(texts.map((contents, i) => ({ path: `f${i}.bin`, contents })));
  const written = await writer.settle();
  const expected = texts.map((t) => (typeof t === 'string' ? Buffer.from(t, 'utf8') : t));
  expected.forEach((bytes, i) => expect(readFileSync(path.join(dir, `f${i}.bin`)).equals(bytes), `f${i}.bin`).toBe(true));
  expect(written.bytes).toBe(expected.reduce((sum, b) => sum + b.byteLength, 0));
});
