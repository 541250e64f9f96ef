#!/usr/bin/env node
/**
 * bench-glance.js — a site of Cloudflare's shape: how long its build takes against copying what it
 * writes, and how heavy its home page is.
 *
 *   node scripts/bench-glance.js                 # 7000 notices, 500 components: 10 groups over 50 regions over 440 leaves
 *   node scripts/bench-glance.js --runs 5        # builds and copies each (default 3): medians
 *   node scripts/bench-glance.js --notices 2000 --components 200 --groups 10 --regions 40
 *
 * Cloudflare's status page lists hundreds of data centres under regions under continents and logged
 * about 650 incidents in eleven months of 2025: seven thousand notices is a decade of that. The corpus
 * is gen-corpus.js's with --groups and --regions (.bench/corpus-<n>-<c>-g<g>-r<r>/, reused while its
 * generator and parameters are the same). Each run builds it with `node bin/statuspress.js build
 * --content <corpus> --out <temp> --now <fixed>` in a child process, then copies the output with
 * `cp -rL` (what a deploy step that copies the site does, following links), timing both from here.
 * It prints the median of each, their ratio (the build's budget is 9 times the copy), the output's
 * files and bytes, and the home page's bytes (index.html, its budget 250 KB) and elements.
 * The build needs the compiled CLI: run `npm run build:lib` first.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { scriptOptions } from './options.js';
import { ensureCorpus, NOW } from './corpus.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CLI = path.join(ROOT, 'bin', 'statuspress.js');

const { values } = scriptOptions(import.meta.url, {
  options: {
    notices: { type: 'string', default: '7000' },
    components: { type: 'string', default: '500' },
    groups: { type: 'string', default: '10' },
    regions: { type: 'string', default: '50' },
    runs: { type: 'string', default: '3' },
  },
});
const [notices, components, groups, regions, runs] = ['notices', 'components', 'groups', 'regions', 'runs'].map((key) => {
  const value = Number(values[key]);
  if (!Number.isSafeInteger(value) || value < 1) {
    console.error(`--${key} ${values[key]}: expected a whole number above 0`);
    process.exit(2);
  }
  return value;
});
if (!existsSync(path.join(ROOT, 'lib', 'cli.js'))) {
  console.error('lib/cli.js is missing: run `npm run build:lib` first.');
  process.exit(2);
}

const corpus = ensureCorpus({ notices, components, groups, regions }, (line) => console.log(line));
const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];

/** Runs a command to its end, its wall time in seconds; exits on failure. */
function timed(command, args) {
  const started = performance.now();
  const result = spawnSync(command, args, { stdio: ['ignore', 'ignore', 'inherit'] });
  const seconds = (performance.now() - started) / 1000;
  if (result.status !== 0) {
    console.error(`${command} ${args.join(' ')} failed (${result.status ?? result.signal})`);
    process.exit(1);
  }
  return seconds;
}

/** Files and bytes under a folder. */
function sizeOf(dir) {
  let files = 0;
  let bytes = 0;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    files += 1;
    bytes += statSync(path.join(entry.parentPath ?? entry.path, entry.name)).size;
  }
  return { files, bytes };
}

const temp = mkdtempSync(path.join(os.tmpdir(), 'statuspress-bench-glance-'));
const builds = [];
const copies = [];
let written = { files: 0, bytes: 0 };
let home = '';
try {
  for (let run = 1; run <= runs; run += 1) {
    const out = path.join(temp, `out-${run}`);
    const copy = path.join(temp, `copy-${run}`);
    builds.push(timed(process.execPath, [CLI, 'build', '--content', corpus, '--out', out, '--now', NOW]));
    copies.push(timed('cp', ['-rL', out, copy]));
    if (run === 1) {
      written = sizeOf(out);
      home = readFileSync(path.join(out, 'index.html'), 'utf8');
    }
    // The output is a link to the build's folder in <out>.builds/ (the build swaps it in whole).
    for (const dir of [out, `${out}.builds`, copy]) rmSync(dir, { recursive: true, force: true });
    console.log(`run ${run}: build ${builds.at(-1).toFixed(2)} s, cp -rL ${copies.at(-1).toFixed(2)} s`);
  }
} finally {
  rmSync(temp, { recursive: true, force: true });
}

const build = median(builds);
const copy = median(copies);
// Start tags outside comments: an HTML parser's count for the markup statuspress writes.
const elements = (home.replace(/<!--[\s\S]*?-->/g, '').match(/<[a-zA-Z][^\s/>]*/g) ?? []).length;
console.log(`\n${notices} notices, ${components} components (${groups} groups over ${regions} regions over ${components - groups - regions} leaves), ${runs} runs, ${os.cpus().length} cores`);
console.log(`build (median)        ${build.toFixed(2)} s`);
console.log(`cp -rL (median)       ${copy.toFixed(2)} s`);
console.log(`build / copy          ${(build / copy).toFixed(1)}x`);
console.log(`output                ${written.files} files, ${(written.bytes / 1e6).toFixed(1)} MB`);
console.log(`home (index.html)     ${Buffer.byteLength(home).toLocaleString('en')} bytes, ${elements.toLocaleString('en')} elements`);
