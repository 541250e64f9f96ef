// Each string of a file's data is made a copy of its own (so the file's text can be let go once the
// model is made): the data stays exactly what was read, whatever it holds.
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { parseText, withOwnStrings } from '../../../src/content/source.js';

describe('withOwnStrings', () => {
  it('leaves any data as it was: the same values, keys and objects', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.string({ unit: 'binary', minLength: 13 }), (value, odd) => {
        const data = { value, odd, list: [odd, value] };
        const copy = structuredClone(data);
        const list = data.list;
        expect(withOwnStrings(data)).toBe(data);
        expect(data).toEqual(copy);
        expect(data.list).toBe(list);
      }),
    );
  });

  it('keeps a `__proto__` key a property of its own, and the prototype as it was', () => {
    const data = JSON.parse('{"__proto__": "a text of more than thirteen characters", "nested": {"__proto__": {"polluted": true}}}') as Record<string, unknown>;
    withOwnStrings(data);
    expect(Object.getPrototypeOf(data)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(data, '__proto__')?.value).toBe('a text of more than thirteen characters');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('walks an object that aliases share once, and keeps it shared', () => {
    const { source } = parseText('notices/1-a.yaml', 'notice', 'a: &x {name: a name that is long enough}\nb: *x\nc: *x\n');
    const data = source.data as Record<string, { name: string }>;
    expect(data.a).toBe(data.b);
    expect(data.c!.name).toBe('a name that is long enough');
  });
});

it('leaves bytes (a `!!binary` value) as they are, without walking them', () => {
  const bytes = new Uint8Array(4);
  const data = { blob: bytes, list: [bytes] };
  const keys = vi.spyOn(Object, 'keys');
  expect(withOwnStrings(data).blob).toBe(bytes);
  expect(keys.mock.calls.some(([walked]) => walked === bytes)).toBe(false);
  keys.mockRestore();
  const { source } = parseText('notices/1-a.yaml', 'notice', 'blob: !!binary aGVsbG8=\n');
  expect((source.data as { blob: Uint8Array }).blob).toBeInstanceOf(Uint8Array);
});
