// The bounded store every remembered text uses: kept once per key, emptied when full, per owner.
import { describe, expect, it } from 'vitest';
import { keep, storeOf } from '../../src/remembered.js';

describe('keep', () => {
  it('keeps a value, gives it back, and empties the store before it grows past its limit', () => {
    const made = new Map<number, string>();
    let calls = 0;
    const make = (n: number): string => `v${n}:${++calls}`;
    // As the stores use it: the value is made only when the key has none.
    const lookup = (n: number): string => made.get(n) ?? keep(made, n, 2, make(n));
    expect(lookup(1)).toBe('v1:1');
    expect(lookup(1)).toBe('v1:1');
    expect(lookup(2)).toBe('v2:2');
    expect(made.size).toBe(2);
    // The third key empties it first: never more than the limit, and 1 is made again when asked.
    expect(lookup(3)).toBe('v3:3');
    expect([...made.keys()]).toEqual([3]);
    expect(lookup(1)).toBe('v1:4');
    expect(calls).toBe(4);
  });

  it('keeps a store per owner', () => {
    const stores = new WeakMap<object, Map<string, number>>();
    const a = {};
    const b = {};
    storeOf(stores, a).set('x', 1);
    expect(storeOf(stores, a).get('x')).toBe(1);
    expect(storeOf(stores, b).get('x')).toBeUndefined();
  });
});
