#!/usr/bin/env node
/**
 * bench-pages.js: what rendering the pages of the templates costs, apart from everything else a build
 * does, with the built-in templates and with the same templates as a site's own (copied, each with a
 * comment appended, so they are compiled at run time as a site's own are).
 *
 *   node scripts/bench-pages.js [--notices 2000] [--components 50] [--passes 4] [--rounds 3]
 *
 * Generates or reuses the corpus (corpus.js, as bench.js does), bundles a small driver of src/ with esbuild
 * into .bench/, and runs it in a fresh process per theme and round, alternating the two: each
 * process loads and validates the content, loads the theme (compiling the copied templates), then
 * renders every page of the templates (status, notices, components, history, 404) `--passes` times
 * from a newly derived site, writing nothing. It prints the CPU time of the first pass (what the
 * process that renders a site's own templates pays: its code and its memoised dates and Markdown
 * all cold) and the median of the others (the same work warm), medians over the rounds.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { scriptOptions } from './options.js';
import * as esbuild from 'esbuild';
import { esbuildPlugin } from './site-modules.js';
import { ensureCorpus, NOW } from './corpus.js';
import { copyBuiltinTemplates } from './templates-copy.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = scriptOptions(import.meta.url, {
  options: {
    notices: { type: 'string', default: '2000' },
    components: { type: 'string', default: '50' },
    passes: { type: 'string', default: '4' },
    rounds: { type: 'string', default: '3' },
  },
});
const passes = Math.max(2, Number(values.passes));
const rounds = Math.max(1, Number(values.rounds));
const size = { notices: Number(values.notices), components: Number(values.components) };
if (!Object.values(size).every((n) => Number.isSafeInteger(n) && n > 0)) throw new Error('--notices and --components: positive whole numbers');
const corpus = ensureCorpus(size);

// The built-in templates as a site's own: the same text and a comment, so none is skipped as identical.
const copy = copyBuiltinTemplates();

const driver = `
import { loadContent, requireValid, validateContent } from './src/content/index.js';
import { deriveSite } from './src/derive/index.js';
import { siteRenderer, templatedPages } from './src/render/html.js';
import { loadTheme } from './src/theme/theme.js';
const [dir, passes] = [process.argv[2] === '-' ? null : process.argv[2], Number(process.argv[3])];
const now = Date.parse(${JSON.stringify(NOW)});
const loaded = await loadContent(${JSON.stringify(corpus)});
const content = requireValid(validateContent(loaded, { now }), loaded.dir);
const theme = await loadTheme(dir);
const times = [];
let pages = 0;
for (let i = 0; i < passes; i++) {
  const site = deriveSite(content, now);
  const before = process.cpuUsage();
  pages = 0;
  for (const page of templatedPages(site, siteRenderer(site, theme))) pages += page.contents.length > 0 ? 1 : 0;
  const used = process.cpuUsage(before);
  times.push((used.user + used.system) / 1000);
}
console.log(JSON.stringify({ pages, times }));`;
mkdirSync(path.join(ROOT, '.bench'), { recursive: true });
const outfile = path.join(ROOT, '.bench', 'pages-driver.mjs');
await esbuild.build({
  stdin: { contents: driver, resolveDir: ROOT, loader: 'ts' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  packages: 'external',
  plugins: [esbuildPlugin],
  define: { __STATUSPRESS_VERSION__: '"bench"', __STATUSPRESS_SINGLE_FILE__: 'false' },
  outfile,
  logLevel: 'error',
});

const median = (list) => [...list].sort((a, b) => a - b)[list.length >> 1];
const themes = [
  { label: 'built-in templates', dir: '-', first: [], warm: [] },
  { label: 'the same as the site’s own', dir: copy, first: [], warm: [] },
];
let pages = 0;
for (let round = 0; round < rounds; round++) {
  for (const theme of themes) {
    const run = spawnSync(process.execPath, [outfile, theme.dir, String(passes)], { encoding: 'utf8', env: { ...process.env, NODE_EXTRA_CA_CERTS: '' } });
    if (run.status !== 0) throw new Error(`the driver failed: ${run.stderr}`);
    const result = JSON.parse(run.stdout.trim().split('\n').at(-1));
    pages = result.pages;
    theme.first.push(result.times[0]);
    theme.warm.push(median(result.times.slice(1)));
  }
}
console.log(`pages of the templates, ${values.notices} notices / ${values.components} components, now ${NOW}, node ${process.version}, ${os.cpus().length} CPUs, load average ${os.loadavg().map((n) => n.toFixed(1)).join(' ')}`);
console.log(`${pages} pages a pass, ${passes} passes a process, ${rounds} processes a theme (alternated); CPU, medians`);
for (const theme of themes) {
  console.log(`  ${theme.label.padEnd(28)} first pass ${median(theme.first).toFixed(0)} ms, warm ${median(theme.warm).toFixed(0)} ms  (first passes: ${theme.first.map((t) => t.toFixed(0)).join(' ')})`);
}
