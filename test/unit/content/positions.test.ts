import { LineCounter, parseDocument } from 'yaml';
import { describe, expect, it } from 'vitest';
import { positionOf } from '../../../src/content/positions.js';
import type { PathSegment } from '../../../src/content/positions.js';

const NOTICE = `id: 42
type: planned
subject: "Upgrade"   # quoted
components: [3, 7]
updates:
  - at: 2026-11-20T10:05:00Z
    state: scheduled
    content: |
      We will upgrade.
  - at: &when 2026-11-21T10:05:00Z
    updated_at: *when
    state: resolved
    content: Done.
meta: {a: 1, "b c": {d: 2}}
empty:
7: numeric key
`;

const source = (text: string): Parameters<typeof positionOf>[0] => {
  const lineCounter = new LineCounter();
  return { doc: parseDocument(text, { lineCounter }), lineCounter };
};
const at = (path: PathSegment[], where: 'key' | 'value' = 'value', text = NOTICE): string => {
  const { line, column } = positionOf(source(text), path, where);
  return `${line}:${column}`;
};

describe('positionOf', () => {
  it('finds values by key and index, the same key in different list items apart', () => {
    expect(at(['id'])).toBe('1:5');
    expect(at(['subject'])).toBe('3:10');
    expect(at(['components', 1])).toBe('4:17');
    expect(at(['updates', 0, 'state'])).toBe('7:12');
    expect(at(['updates', 1, 'state'])).toBe('12:12');
    expect(at(['updates', 0, 'content'])).toBe('8:14');
  });

  it('points at the key itself when asked (unknown or forbidden keys)', () => {
    expect(at(['updates', 1, 'state'], 'key')).toBe('12:5');
    expect(at(['meta'], 'key')).toBe('14:1');
  });

  it('falls back to the nearest existing ancestor when the node is missing', () => {
    expect(at(['begins_at'])).toBe('1:1');
    expect(at(['updates', 1, 'missing'])).toBe('10:5');
    expect(at(['updates', 5, 'state'])).toBe('6:3');
    expect(at(['components', 9])).toBe('4:13');
    expect(at(['id', 'deeper'])).toBe('1:5');
  });

  it('reads flow mappings, quoted and numeric keys', () => {
    expect(at(['meta', 'a'])).toBe('14:11');
    expect(at(['meta', 'b c', 'd'])).toBe('14:25');
    expect(at(['7'])).toBe('16:4');
  });

  it('points at an alias where it is used, and at the key of an empty value', () => {
    expect(at(['updates', 1, 'updated_at'])).toBe('11:17');
    expect(at(['empty'])).toBe('15:1');
  });

  it('descends through an alias into what it names', () => {
    const text = 'base: &b {x: 1, y: 2}\nother: *b\n';
    expect(at(['other', 'y'], 'value', text)).toBe('1:20');
  });

  it('answers 1:1 for an empty document or an unparsed file', () => {
    expect(at(['id'], 'value', '')).toBe('1:1');
    expect(positionOf({ doc: null, lineCounter: new LineCounter() }, ['id'])).toEqual({ line: 1, column: 1 });
  });
});
