// Texts packed for another thread come back as they were, in any script, however many; an end that
// is not one gives no text rather than a wrong one.
import { MessageChannel } from 'node:worker_threads';
import { expect, it } from 'vitest';
import { buffersOf, TextPacker, unpacked } from '../../src/packed-texts.js';

const listOf = (texts: string[], room = texts.length) => {
  const packer = new TextPacker(room);
  texts.forEach((text) => packer.add(text));
  const packed = packer.packed();
  const at = unpacked(packed);
  return { packed, at, back: Array.from({ length: texts.length + 1 }, (_, i) => at(i)) };
};

it('gives back each text at its place, in every script, empty ones included, and nothing past the last', () => {
  // A byte order mark first (which a decoder drops unless told not to), scripts of every width, a pair of surrogates.
  const texts = ['\uFEFF20 Nov 2026, 10:05 UTC', '', '2026年11月20日 10:05 UTC', '\uFEFF', '٢٠ نوفمبر ٢٠٢٦، ١٠:٠٥ UTC', 'Emoji 🙂 and \u0000 and \uFFFD', '2026-11-20T10:05:00.000Z'];
  const { back, at } = listOf(texts);
  expect(back).toEqual([...texts, undefined]);
  expect([at(-1), at(0.5), at(Number.NaN)]).toEqual([undefined, undefined, undefined]);
});

it('grows past the room it was made with: a long text, and more texts than it was told of', () => {
  const long = 'ü'.repeat(10_000);
  const many = Array.from({ length: 50 }, (_, i) => `${i} ${long.slice(0, i * 7)}`);
  // Told of 10 texts of 32 bytes: these are 50, and far longer.
  expect(listOf([long, ...many.slice(1)], 10).back).toEqual([long, ...many.slice(1), undefined]);
  expect(listOf(['a', 'b', 'c'], 0).back).toEqual(['a', 'b', 'c', undefined]);
});

it('gives no text for an end that is not one: before the one before, or past the text', () => {
  const { packed } = listOf(['abc', 'def', 'ghi']);
  const ends = Uint32Array.of(3, 2, 10);
  const at = unpacked({ bytes: packed.bytes, ends });
  expect([at(0), at(1), at(2)]).toEqual(['abc', undefined, undefined]);
});

it('hands its buffers for transfer: posted, they arrive whole and leave the sender', () => {
  const { packed } = listOf(['one', 'two']);
  const { port1, port2 } = new MessageChannel();
  const got = new Promise<typeof packed>((resolve) => port2.once('message', resolve));
  port1.postMessage(packed, buffersOf(packed));
  expect(packed.bytes.byteLength).toBe(0);
  return got.then((arrived) => {
    expect([unpacked(arrived)(0), unpacked(arrived)(1)]).toEqual(['one', 'two']);
    port1.close();
    port2.close();
  });
});
