// The fast YAML path must read a file exactly as the careful one (`yaml`) does, or decline it.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseDocument, stringify } from 'yaml';
import { describe, expect, it } from 'vitest';
import { loadContent } from '../../../src/content/index.js';
import { MAX_DEPTH, parseFast } from '../../../src/content/fast-yaml.js';
import { formatIssue } from '../../../src/errors/error.js';
import { SITE, writeContent } from './helpers.js';
import { TAKEN, UNLISTED, UNUSUAL } from './yaml-examples.js';
import { cleanNotice, mutated, noticeLike, seeded, stitched, wildLines, wildText } from './yaml-generator.js';

/** What the careful path reads, or 'refused' when it reports an error or warning. */
function careful(text: string): unknown {
  const doc = parseDocument(text, { uniqueKeys: true, prettyErrors: false });
  return doc.errors.length > 0 || doc.warnings.length > 0 ? 'refused' : (doc.toJS() ?? null);
}

describe('parseFast', () => {
  it('takes the forms it lists and reads them exactly as the careful parser does', () => {
    for (const text of TAKEN) {
      const fast = parseFast(text);
      expect(fast, JSON.stringify(text)).toBeDefined();
      expect(fast, JSON.stringify(text)).toEqual(careful(text));
    }
  });

  it('declines forms it does not list, even harmless ones', () => {
    for (const text of UNLISTED) expect(parseFast(text), JSON.stringify(text)).toBeUndefined();
  });

  it('declines what the two parsers read differently, and what the careful parser refuses', () => {
    for (const text of UNUSUAL) expect(parseFast(text), JSON.stringify(text)).toBeUndefined();
  });
});

describe('the fast path takes', () => {
  const ROOT = path.join(import.meta.dirname, '../../..');
  /** The `.yaml` files under `dir` that the fast path declines. */
  const declined = (dir: string): string[] => {
    const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.yaml'));
    expect(files.length).toBeGreaterThan(20);
    return files.filter((file) => parseFast(readFileSync(path.join(dir, file), 'utf8')) === undefined);
  };

  it('every file of the example content', () => {
    expect(declined(path.join(ROOT, 'content'))).toEqual([]);
  });

  // The benchmark's seed and time, fewer notices: the same templates, in a tenth of the time.
  it('every file gen-corpus.js writes for the benchmark', () => {
    const temp = mkdtempSync(path.join(tmpdir(), 'statuspress-corpus-'));
    try {
      const out = path.join(temp, 'corpus');
      const args = ['--notices', '300', '--components', '50', '--seed', '1', '--now', '2026-11-22T07:00:00Z', '--out', out];
      execFileSync(process.execPath, [path.join(ROOT, 'scripts/gen-corpus.js'), ...args], { stdio: 'ignore' });
      expect(declined(out)).toEqual([]);
    } finally {
      rmSync(temp, { recursive: true, force: true });
    }
  });

  it('every clean notice of the generator, with comments, quotes and Markdown', () => {
    const random = seeded(13);
    for (let i = 0; i < 300; i++) {
      const text = cleanNotice(random);
      expect(parseFast(text), text).toEqual(careful(text));
    }
  });
});

describe('the nesting limit', () => {
  const nested = {
    maps: (levels: number): string => Array.from({ length: levels }, (_, i) => `${'  '.repeat(i)}k${i}:`).join('\n') + ' x\n',
    sequences: (levels: number): string => `${'- '.repeat(levels)}x\n`,
    flow: (levels: number): string => `k: ${'['.repeat(levels - 1)}x${']'.repeat(levels - 1)}\n`,
    // `k1:\n  - k3:\n      - k5: x`: js-yaml counts these one deeper, so 64 levels go carefully too.
    'maps in sequences': (levels: number): string => {
      let value: unknown = 'x';
      for (let level = levels; level >= 1; level--) value = level % 2 === 1 ? { [`k${level}`]: value } : [value];
      return stringify(value);
    },
  };

  it.each(Object.entries(nested))('is the same on both paths for %s: 64 levels pass, 65 are refused', async (shape, make) => {
    // Nested sequences are declined anyway (the careful path reads them); block mappings go fast.
    if (shape === 'maps') expect(parseFast(make(MAX_DEPTH))).toEqual(careful(make(MAX_DEPTH)));
    expect(parseFast(make(MAX_DEPTH + 1))).toBeUndefined();
    const dir = await writeContent({ 'site.yaml': SITE, 'notices/1.yaml': make(MAX_DEPTH), 'notices/2.yaml': make(MAX_DEPTH + 1) });
    expect((await loadContent(dir)).issues.map((issue) => formatIssue(issue))).toEqual([
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

/** FUZZ_SCALE=25 npx vitest run test/unit/content/fast-yaml.test.ts runs every comparison 25 times as long. */
const SCALE = Number(process.env.FUZZ_SCALE ?? 1);

describe('parseFast against the careful parser, on generated text', () => {
  it('never reads stitched-together YAML differently, and reads some of it', () => {
    expect(compareOn(stitched(seeded(1)), 10_000 * SCALE)).toBeGreaterThan(40 * SCALE);
  });

  it('never reads a notice-shaped file with slips differently, and reads many of them', () => {
    const random = seeded(3);
    expect(compareOn(() => noticeLike(random), 10_000 * SCALE)).toBeGreaterThan(150 * SCALE);
  });

  it('never reads text made of anything YAML gives a meaning differently, alone or as a value, and reads some of it', () => {
    // Alone, such text is almost always declined (2 of 10,000 read): as a key's value, about 1 in 12
    // is read, so the comparison runs on hundreds of them.
    const random = seeded(5);
    let n = 0;
    const text = (): string => (n++ % 2 === 0 ? wildText(random) : `key: ${wildText(random)}\n`);
    expect(compareOn(text, 10_000 * SCALE)).toBeGreaterThan(120 * SCALE);
  });

  it('never reads lines of YAML shapes holding anything differently, and reads some of them', () => {
    const random = seeded(7);
    expect(compareOn(() => wildLines(random), 10_000 * SCALE)).toBeGreaterThan(300 * SCALE);
  });

  it('never reads a plain file with a few characters changed differently, and reads many of them', () => {
    const random = seeded(11);
    expect(compareOn(() => mutated(random), 5_000 * SCALE)).toBeGreaterThan(800 * SCALE);
  });
});
