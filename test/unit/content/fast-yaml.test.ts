// The fast YAML path must read a file exactly as the careful one (`yaml`) does, or decline it.
import { parseDocument } from 'yaml';
import { describe, expect, it } from 'vitest';
import { loadContent } from '../../../src/content/index.js';
import { MAX_DEPTH, parseFast } from '../../../src/content/fast-yaml.js';
import { formatIssue } from '../../../src/errors.js';
import { SITE, writeContent } from './helpers.js';
import { noticeLike, seeded, stitched } from './yaml-generator.js';

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
  // Found by a reviewer's fuzzer: js-yaml reads each of these where `yaml` refuses it or reads it otherwise.
  'a: [1,\n2]',
  'a: "x\ny"',
  'tags: [announcement,\nfeeds]',
  'a: |\n  x\n\t\nb: 1',
  'a: "b"#c',
  'a: [b]#c',
  'a: 1\rb: 2',
  'a: !',
  'a:\n  - -\n  - b',
  'a: !!seq',
  'a: !<tag:statuspress,2026:int> 0x1F',
  '---a: 1',
  '--- a: 1',
  'a: "\\U00110000"',
  '{~: a}',
  '[:]',
  'a: |2\n  x',
  'a: >+\r\n\n ',
  'a: |\n   \n  x\n',
  '\uFEFF\tb: 1',
  '- a\n- b',
  // Found by a second reviewer's fuzzer of notice-shaped files.
  'a:\n#c\n  x\nb: 1',
  'a:\n  -\n#c\n   x\n  -',
  'a: [[]\n]',
  "a: [']',\na]",
  'a: [#]\n]',
  'a:\n  -\n- b',
  'a:\n  - x\n  -\n- b',
  'a: [:[]]',
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
    // Declined on purpose: flow mappings, tags, explicit keys, and texts that are not a mapping.
    expect(taken).toBeGreaterThanOrEqual(PLAIN.length - 10);
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
    // Nested sequences are declined anyway (the careful path reads them); block mappings go fast.
    if (shape === 'maps') expect(parseFast(make(MAX_DEPTH))).toEqual(careful(make(MAX_DEPTH)));
    expect(parseFast(make(MAX_DEPTH + 1))).toBeUndefined();
    const dir = await writeContent({ 'site.yaml': SITE, 'notices/1.yaml': make(MAX_DEPTH), 'notices/2.yaml': make(MAX_DEPTH + 1) });
    expect((await loadContent(dir)).issues.map(formatIssue)).toEqual([
      `notices/2.yaml:1:1  nested ${MAX_DEPTH + 1} levels deep; content files may nest at most ${MAX_DEPTH} levels`,
    ]);
  });
});

/**
 * Runs `count` generated texts through both parsers, expecting the same data wherever the fast path
 * reads a text at all; returns how many it read, so a test can tell it was exercised.
 */
function compareOn(generate: () => string, count: number): number {
  const warn = process.emitWarning;
  process.emitWarning = () => undefined; // `yaml` warns about collection keys on every such text
  let taken = 0;
  try {
    for (let i = 0; i < count; i++) {
      const text = generate();
      const fast = parseFast(text);
      if (fast === undefined) continue;
      taken += 1;
      expect(fast, JSON.stringify(text)).toEqual(careful(text));
    }
  } finally {
    process.emitWarning = warn;
  }
  return taken;
}

describe('parseFast against the careful parser, on generated text', () => {
  it('never reads stitched-together YAML differently, and reads some of it', () => {
    expect(compareOn(stitched(seeded(1)), 20_000)).toBeGreaterThan(1_000);
  });

  it('never reads a notice-shaped file with slips differently, and reads many of them', () => {
    const random = seeded(3);
    expect(compareOn(() => noticeLike(random), 20_000)).toBeGreaterThan(1_000);
  });
});
