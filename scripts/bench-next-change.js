#!/usr/bin/env node
/**
 * bench-next-change.js: how long nextChange and pendingMoments (src/derive/next-change.ts) take on a
 * synthetic site, in UTC and in a zone with daylight saving (its local midnights cost Intl lookups).
 *
 *   node scripts/bench-next-change.js [--notices 10000] [--components 200] [--runs 7]
 *
 * Generates the corpus (scripts/gen-corpus.js, seed 1, now 2026-11-22T07:00:00Z), bundles a small
 * driver of src/ with esbuild into .bench/, and prints the median of `--runs` calls of each.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { scriptOptions } from './options.js';
import * as esbuild from 'esbuild';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = scriptOptions(import.meta.url, { options: { notices: { type: 'string', default: '10000' }, components: { type: 'string', default: '200' }, runs: { type: 'string', default: '7' } } });
const NOW = '2026-11-22T07:00:00Z';
const corpus = path.join(ROOT, '.bench', `corpus-${values.notices}-${values.components}`);
const made = spawnSync(process.execPath, [path.join(ROOT, 'scripts/gen-corpus.js'), '--notices', values.notices, '--components', values.components, '--seed', '1', '--now', NOW, '--out', corpus], { stdio: 'ignore' });
if (made.status !== 0) throw new Error('gen-corpus.js failed');

const driver = `
import { loadContent, validateContent } from './src/content/index.js';
import { nextChange, pendingMoments } from './src/derive/next-change.js';
const loaded = validateContent(await loadContent(${JSON.stringify(corpus)})).value;
const now = Date.parse(${JSON.stringify(NOW)});
const median = (fn) => {
  const times = [];
  for (let i = 0; i < ${Number(values.runs)}; i++) { const t = performance.now(); fn(); times.push(performance.now() - t); }
  return times.sort((a, b) => a - b)[times.length >> 1].toFixed(1);
};
for (const zone of ['UTC', 'Europe/Berlin']) {
  const content = { ...loaded, site: { ...loaded.site, timeZone: zone } };
  console.log(zone.padEnd(14), 'nextChange', median(() => nextChange(content, now)), 'ms; pendingMoments', median(() => pendingMoments(content, now)), 'ms;', pendingMoments(content, now).length, 'moments');
}`;
mkdirSync(path.join(ROOT, '.bench'), { recursive: true });
const outfile = path.join(ROOT, '.bench', 'next-change-driver.mjs');
await esbuild.build({ stdin: { contents: driver, resolveDir: ROOT, loader: 'ts' }, bundle: true, platform: 'node', format: 'esm', packages: 'external', define: { __STATUSPRESS_VERSION__: '"bench"' }, outfile, logLevel: 'error' });
console.log(`nextChange, ${values.notices} notices / ${values.components} components, now ${NOW}, node ${process.version}, ${os.cpus().length} CPUs (median of ${values.runs})`);
const run = spawnSync(process.execPath, [outfile], { stdio: 'inherit' });
process.exit(run.status ?? 1);
