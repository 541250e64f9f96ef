// The bounded store every remembered text uses: made once per key, emptied when full, per owner.
import { describe, expect, it } from 'vitest';
import { remembered, storeOf } from '../../src/remembered.js';

describe('remembered', () => {
  it('makes a value once, gives it back after, and empties the store before it grows past its limit', () => {
    const made = new Map<number, string>();
    let calls = 0;
    const make = (n: number) => () => `v${n}:${++calls}`;
    expect(remembered(made, 1, 2, make(1))).toBe('v1:1');
    expect(remembered(made, 1, 2, make(1))).toBe('v1:1');
    expect(remembered(made, 2, 2, make(2))).toBe('v2:2');
    expect(made.size).toBe(2);
    // The third key empties it first: never more than the limit, and 1 is made again when asked.
    expect(remembered(made, 3, 2, make(3))).toBe('v3:3');
    expect([...made.keys()]).toEqual([3]);
    expect(remembered(made, 1, 2, make(1))).toBe('v1:4');
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
