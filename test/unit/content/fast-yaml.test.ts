// The fast YAML path must read a file exactly as the careful one (`yaml`) does, or decline it.
import { parseDocument } from 'yaml';
import { describe, expect, it } from 'vitest';
import { loadContent } from '../../../src/content/index.js';
import { MAX_DEPTH, parseFast } from '../../../src/content/fast-yaml.js';
import { formatIssue } from '../../../src/errors.js';
import { SITE, writeContent } from './helpers.js';

/** What the careful path reads, or 'refused' when it reports an error or warning. */
function careful(text: string): unknown {
  const doc = parseDocument(text, { uniqueKeys: true, prettyErrors: false });
  return doc.errors.length > 0 || doc.warnings.length > 0 ? 'refused' : (doc.toJS() ?? null);
}

const PLAIN = [
  'a: 1',
  'a: 017',
  'a: 0o17',
  'a: 0x1F',
  'a: -0',
  'a: +1',
  'a: 12345678901234567890',
  'a: 1.',
  'a: .5',
  'a: -.5',
  'a: +.5',
  'a: 1e3',
  'a: 1.5e-3',
  'a: .inf',
  'a: -.Inf',
  'a: .NaN',
  'a: 0b101',
  'a: -0x1F',
  'a: -0o17',
  'a: 1_000',
  'a: yes',
  'a: on',
  'a: True',
  'a: FALSE',
  'a: ~',
  'a:',
  'a: NULL',
  'a: 2026-11-20',
  'a: 2026-11-20T10:00:00Z',
  'a: 12:30',
  'a: !!str 1',
  '"a": 1',
  "'a': 1",
  'a: "\\x5f_proto"',
  '1: a',
  'true: a',
  '1.0: a',
  '0x1F: a',
  '? a\n: b',
  'a: [1, 2.5, ~, true, x]',
  'a: {b: c}',
  '- a\n- b',
  '',
  '# only a comment',
  '---\na: 1\n...',
  '\uFEFFa: 1',
  'a: 1\r\nb: 2\r\n',
  'a: |\n  one\n  two\n',
  'a: >-\n  folded\n  text\n',
  'a: plain\n  continued\n',
  'a: "quoted\n  folded"',
];

const UNUSUAL = [
  'a: !!float 1',
  'a: !!int "1"',
  'a: !!bool "true"',
  'a: !!null ""',
  '~: a',
  'null: a',
  ': a',
  '{x: 1}: a',
  '[x, y]: a',
  '? [a]\n: b',
  `${'k'.repeat(1100)}: a`,
  '%YAML 1.1\n---\na: yes',
  'a: &x 1\nb: *x',
  'a: !<tag:yaml.org,2002:str>&s Hello\nb: *s',
  'a: 1\na: 2',
  'a: 1\n---\nb: 2',
  'a: !!binary aGk=',
  'a: !local x',
  'a: [unclosed',
];

describe('parseFast', () => {
  it('reads plain YAML exactly as the careful parser does, and takes most of it', () => {
    let taken = 0;
    for (const text of [...PLAIN, ...UNUSUAL]) {
      const fast = parseFast(text);
      if (fast === undefined) continue;
      taken += 1;
      expect(fast, JSON.stringify(text)).toEqual(careful(text));
    }
    expect(taken).toBeGreaterThanOrEqual(PLAIN.length - 2);
  });

  it('declines what the two parsers read differently, and what the careful parser refuses', () => {
    for (const text of UNUSUAL) expect(parseFast(text), JSON.stringify(text)).toBeUndefined();
  });
});

describe('the nesting limit', () => {
  const nested = {
    maps: (levels: number): string => Array.from({ length: levels }, (_, i) => `${'  '.repeat(i)}k${i}:`).join('\n') + ' x\n',
    sequences: (levels: number): string => `${'- '.repeat(levels)}x\n`,
    flow: (levels: number): string => `k: ${'['.repeat(levels - 1)}x${']'.repeat(levels - 1)}\n`,
  };

  it.each(Object.entries(nested))('is the same on both paths for %s: 64 levels pass, 65 are refused', async (shape, make) => {
    // js-yaml counts a compact sequence one level deeper than `yaml`: it declines 64 of those, which
    // only means the careful path reads them. It never takes more than the limit.
    if (shape !== 'sequences') expect(parseFast(make(MAX_DEPTH))).toEqual(careful(make(MAX_DEPTH)));
    expect(parseFast(make(MAX_DEPTH + 1))).toBeUndefined();
    const dir = await writeContent({ 'site.yaml': SITE, 'notices/1.yaml': make(MAX_DEPTH), 'notices/2.yaml': make(MAX_DEPTH + 1) });
    expect((await loadContent(dir)).issues.map(formatIssue)).toEqual([
      `notices/2.yaml:1:1  nested ${MAX_DEPTH + 1} levels deep; content files may nest at most ${MAX_DEPTH} levels`,
    ]);
  });
});
