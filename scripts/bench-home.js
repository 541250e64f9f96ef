#!/usr/bin/env node
/**
 * bench-home.js — how heavy the status page (the home page) is at scale: its elements, its bytes and
 * its gzipped bytes, against the budget a phone can take (Lighthouse flags a DOM of more than about
 * 1,500 elements as large and 3,000 as excessive).
 *
 *   node scripts/bench-home.js                                  # 2000 notices, 50 components
 *   node scripts/bench-home.js --notices 10000 --components 200
 *   node scripts/bench-home.js --max-elements 2500 --max-gzip 25600   # the budget (these are the defaults)
 *
 * It generates (or reuses) the corpus bench.js uses, in .bench/corpus-<notices>-<components>/ (same
 * generator, seed and --now), builds it with `node bin/statuspress.js build` into a temporary folder,
 * and measures index.html as written: elements counted as start tags outside comments (an HTML
 * parser's count for the markup statuspress writes, which has no implied elements but html, head and
 * body, all written), the other figures per kind of element, and the gzip size at level 9 (what the
 * build's own .gz beside it is, when it writes one). Exits 1 when the page is over the budget.
 * The build needs the compiled CLI: run `npm run build:lib` first.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { scriptOptions } from './options.js';
import { gzipSync } from 'node:zlib';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const GEN_CORPUS = path.join(ROOT, 'scripts', 'gen-corpus.js');
const CLI = path.join(ROOT, 'bin', 'statuspress.js');
/** The same corpus as bench.js's. */
const NOW = '2026-11-22T07:00:00Z';
const SEED = 1;

const { values } = scriptOptions(import.meta.url, {
  options: {
    notices: { type: 'string', default: '2000' },
    components: { type: 'string', default: '50' },
    'max-elements': { type: 'string', default: '2500' },
    'max-gzip': { type: 'string', default: String(25 * 1024) },
  },
});
const notices = Number(values.notices);
const components = Number(values.components);
if (!existsSync(path.join(ROOT, 'lib', 'cli.js'))) {
  console.error('lib/cli.js is missing: run `npm run build:lib` first.');
  process.exit(2);
}

const corpus = path.join(ROOT, '.bench', `corpus-${notices}-${components}`);
const generator = createHash('sha256').update(readFileSync(GEN_CORPUS)).digest('hex').slice(0, 16);
const marker = (() => {
  try {
    return JSON.parse(readFileSync(path.join(corpus, '.gen-corpus.json'), 'utf8'));
  } catch {
    return null;
  }
})();
const wanted = { generator, notices, components, seed: SEED, now: NOW };
if (marker === null || Object.entries(wanted).some(([key, value]) => marker[key] !== value)) {
  rmSync(corpus, { recursive: true, force: true });
  const made = spawnSync(process.execPath, [GEN_CORPUS, '--notices', String(notices), '--components', String(components), '--seed', String(SEED), '--now', NOW, '--out', corpus], { stdio: 'inherit' });
  if (made.status !== 0) process.exit(2);
}

const temp = mkdtempSync(path.join(os.tmpdir(), 'statuspress-home-'));
try {
  const out = path.join(temp, 'dist');
  // An empty templates folder: the built-in theme, whatever lies beside the corpus.
  mkdirSync(path.join(temp, 'none'));
  const built = spawnSync(process.execPath, [CLI, 'build', '--content', corpus, '--out', out, '--now', NOW, '--templates', path.join(temp, 'none')], { stdio: ['ignore', 'ignore', 'inherit'] });
  if (built.status !== 0) {
    console.error('build failed');
    process.exit(2);
  }
  const html = readFileSync(path.join(out, 'index.html'), 'utf8');
  const markup = html.replace(/<!--[\s\S]*?-->/g, '');
  const tags = [...markup.matchAll(/<([a-zA-Z][a-zA-Z0-9-]*)/g)].map((m) => m[1].toLowerCase());
  const byTag = new Map();
  for (const tag of tags) byTag.set(tag, (byTag.get(tag) ?? 0) + 1);
  const gzip = gzipSync(html, { level: 9 }).length;
  const maxElements = Number(values['max-elements']);
  const maxGzip = Number(values['max-gzip']);
  const top = [...byTag].sort((a, b) => b[1] - a[1]).slice(0, 8).map(([t, n]) => `${t} ${n}`).join(', ');
  console.log(`status page of ${notices} notices, ${components} components (as of ${NOW}):`);
  console.log(`  elements  ${String(tags.length).padStart(7)}   (budget ${maxElements}; ${top})`);
  console.log(`  bytes     ${String(Buffer.byteLength(html)).padStart(7)}`);
  console.log(`  gzipped   ${String(gzip).padStart(7)}   (budget ${maxGzip})`);
  if (tags.length > maxElements || gzip > maxGzip) {
    console.log('over the budget');
    process.exitCode = 1;
  }
} finally {
  rmSync(temp, { recursive: true, force: true });
}
