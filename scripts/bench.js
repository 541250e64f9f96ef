#!/usr/bin/env node
/**
 * bench.js — how long a full build takes, how much it writes and how much memory it needs.
 *
 *   node scripts/bench.js                                  # two sizes: 2000/50 and 10000/200
 *   node scripts/bench.js --notices 2000 --components 50   # one size (either flag alone works too)
 *   node scripts/bench.js --runs 7                          # builds per size (default 3): median and range
 *   node scripts/bench.js --templates DIR                   # with a site's own templates (build --templates DIR)
 *   node scripts/bench.js --compare-templates DIR           # the built-in theme against DIR, alternated
 *   node scripts/bench.js --compare-templates copy          # ... against the built-in templates copied
 *
 * --compare-templates builds each size --runs times with the built-in theme and as many with the
 * templates in DIR, alternating one build of each, and ends with both medians (wall and CPU) and
 * their ratio: what a site's own templates cost over the built-in theme. `copy` stands for the
 * built-in templates and styles copied into .bench/templates-copy/, each template with a comment
 * appended (a template identical to the built-in one is no template of the site's own).
 *   node scripts/bench.js --locales en,de                   # the same corpus listing these languages (site.yaml `locales`)
 *   node scripts/bench.js --compare-version DIR             # this version against the checkout in DIR, alternated
 *   node scripts/bench.js --compare-templates copy --rounds 5   # five rounds of the comparison, each printed
 *
 * --compare-version builds the same corpus with this checkout's CLI and with DIR's (another version's
 * checkout, a git worktree say, with its lib/ built), one build of each in turn, and ends with both
 * medians and their ratio: what this version costs over that one (`git worktree add /tmp/old REV &&
 * (cd /tmp/old && npm ci)`, then `--compare-version /tmp/old`).
 * Each round also prints both sides' stages, medians in seconds, as `build --timings` gives them,
 * `start`, the rest of the process's wall time (Node starting, the CLI's modules loading), and
 * `between`, build()'s time outside its stages: where the two differ, stage by stage.
 * --rounds N repeats either comparison N times (default 1), printing each round's medians and ratios
 * and then the ratios of all rounds with their median: on a machine whose speed varies by a tenth
 * from one minute to the next, one round of 7 builds a side can land anywhere in that range.
 *
 * For each size it
 * 1. generates a synthetic corpus with gen-corpus.js into .bench/corpus-<notices>-<components>/, or
 *    reuses the folder when its .gen-corpus.json records the same parameters and generator;
 * 2. runs `node bin/statuspress.js build --content <corpus> --out <temp> --now <fixed>` in a child
 *    process, so its peak memory is its own: under `/usr/bin/time -v` when that exists, else with a
 *    preloaded hook that prints `process.resourceUsage().maxRSS` at exit; wall time is measured here;
 * 3. counts the files and bytes written; the outputs are removed after the last build.
 * The table also gives the median CPU time of a build (user + system, all its threads): divided by
 * the number of cores, it is the least wall time the machine could give that build.
 * Each size is built --runs times (the machine's speed varies from run to run): the table gives the
 * median wall time and the range. When NODE_EXTRA_CA_CERTS is set, Node reads that certificate file
 * at every start-up (70 ms per process on this machine, against 30 ms for Node's whole start
 * without it), although a build makes no TLS connection; the same builds are then also run without
 * it, in a second column, so the figures show statuspress and not the environment.
 * It ends with one table. The build needs the compiled CLI: run `npm run build:lib` first.
 */
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { scriptOptions } from './options.js';
import { ensureCorpus as makeCorpus, NOW } from './corpus.js';
import { copyBuiltinTemplates } from './templates-copy.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CLI = path.join(ROOT, 'bin', 'statuspress.js');
/** The CLI the next build runs: this checkout's, or --compare-version's. */
let cli = CLI;
const GNU_TIME = '/usr/bin/time';

const DEFAULT_SIZES = [
  { notices: 2000, components: 50 },
  { notices: 10000, components: 200 },
];

async function main() {
  if (!existsSync(path.join(ROOT, 'lib', 'cli.js'))) {
    fail('lib/cli.js is missing: run `npm run build:lib` first (bin/statuspress.js loads the compiled CLI).');
  }
  const { sizes, runs, rounds, templates, compare, locales, version } = parseOptions(process.argv.slice(2));
  if (compare) return compareTemplates(sizes, runs, rounds, compare);
  if (version) return compareVersion(sizes, runs, rounds, version);
  TEMPLATES = templates;
  const caCerts = process.env.NODE_EXTRA_CA_CERTS ? { ...process.env, NODE_EXTRA_CA_CERTS: undefined } : null;
  const rows = [];
  for (const size of sizes) {
    const corpus = withLocales(ensureCorpus(size), locales);
    const builds = [];
    const withoutCerts = [];
    // Interleaved, so a slow spell of the machine hits both columns alike.
    for (let run = 0; run < runs; run++) {
      builds.push(await measureBuild(corpus, process.env));
      if (caCerts) withoutCerts.push(await measureBuild(corpus, caCerts));
    }
    rows.push({ ...size, builds, withoutCerts });
  }
  printTable(rows, runs);
}

function parseOptions(argv) {
  const { values } = scriptOptions(import.meta.url, {
    args: argv,
    options: { notices: { type: 'string' }, components: { type: 'string' }, runs: { type: 'string' }, rounds: { type: 'string' }, templates: { type: 'string' }, 'compare-templates': { type: 'string' }, 'compare-version': { type: 'string' }, locales: { type: 'string' } },
    strict: true,
  });
  const runs = count(values.runs ?? '3', '--runs');
  const rounds = count(values.rounds ?? '1', '--rounds');
  const templates = values.templates === undefined ? null : path.resolve(values.templates);
  const given = values['compare-templates'];
  if (given !== undefined && templates !== null) fail('--templates and --compare-templates: give one');
  const compare = given === undefined ? null : given === 'copy' ? copyBuiltinTemplates() : path.resolve(given);
  if (compare !== null && !existsSync(compare)) fail(`--compare-templates ${given}: no such folder`);
  const locales = values.locales === undefined ? null : values.locales.split(',').map((tag) => tag.trim()).filter(Boolean);
  const version = values['compare-version'] === undefined ? null : path.resolve(values['compare-version']);
  if (version !== null && !existsSync(path.join(version, 'lib', 'cli.js'))) fail(`--compare-version ${values['compare-version']}: no lib/cli.js there (a checkout of statuspress, after npm ci)`);
  if (version !== null && (compare !== null || templates !== null || locales !== null)) fail('--compare-version is given alone (with --notices, --components, --runs, --rounds)');
  if (values.rounds !== undefined && compare === null && version === null) fail('--rounds repeats a comparison: give --compare-templates or --compare-version');
  const sized = values.notices === undefined && values.components === undefined ? DEFAULT_SIZES : [{ notices: count(values.notices ?? '2000', '--notices'), components: count(values.components ?? '50', '--components') }];
  return { sizes: sized, runs, rounds, templates, compare, locales, version };
}

/** The built-in theme against the templates in `dir`, one build of each in turn, for each size; prints medians and ratios. */
const compareTemplates = (sizes, runs, rounds, dir) =>
  alternate(sizes, runs, rounds, `built-in theme against --templates ${path.relative(ROOT, dir) || dir}`, [
    { label: 'built-in', use: () => (TEMPLATES = null) },
    { label: 'own templates', use: () => (TEMPLATES = dir) },
  ]);

/** The CLI of the checkout in `dir` against this checkout's, one build of each in turn, for each size; prints medians and ratios. */
const compareVersion = (sizes, runs, rounds, dir) =>
  alternate(sizes, runs, rounds, `${dir} against this checkout`, [
    { label: path.basename(dir), use: () => (cli = path.join(dir, 'bin', 'statuspress.js')) },
    { label: 'this checkout', use: () => (cli = CLI) },
  ]);

/**
 * Builds each size `runs` times as each of the two `sides` sets up, alternating, `rounds` times over;
 * prints each round's medians, their ratio and the output's size, then the rounds' ratios.
 */
async function alternate(sizes, runs, rounds, title, sides) {
  const ratios = sizes.map(() => ({ wall: [], cpu: [] }));
  for (let round = 0; round < rounds; round++) {
    const results = [];
    for (const size of sizes) {
      const corpus = ensureCorpus(size);
      const builds = sides.map(() => []);
      for (let run = 0; run < runs; run++) {
        for (const [i, side] of sides.entries()) {
          side.use();
          builds[i].push(await measureBuild(corpus, process.env));
        }
      }
      results.push({ size, builds });
    }
    const which = rounds > 1 ? `round ${round + 1} of ${rounds}: ` : '';
    console.log(`\n${which}statuspress build, --now ${NOW}, node ${process.version}, ${os.cpus().length} CPUs, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
    console.log(`${title}, ${runs} builds each, alternated; medians`);
    for (const [k, { size, builds: [a, b] }] of results.entries()) {
      const wall = [median(a.map((x) => x.seconds)), median(b.map((x) => x.seconds))];
      const cpu = [median(a.map((x) => x.cpuSeconds)), median(b.map((x) => x.cpuSeconds))];
      ratios[k].wall.push(wall[1] / wall[0]);
      ratios[k].cpu.push(cpu[1] / cpu[0]);
      console.log(`${size.notices} notices, ${size.components} components: wall ${wall[0].toFixed(2)} s against ${wall[1].toFixed(2)} s (${ratio(...wall)}), CPU ${cpu[0].toFixed(2)} s against ${cpu[1].toFixed(2)} s (${ratio(...cpu)})`);
      console.log(`  wall, ${sides[0].label}: ${a.map((x) => x.seconds.toFixed(2)).join(' ')}; ${sides[1].label}: ${b.map((x) => x.seconds.toFixed(2)).join(' ')}`);
      console.log(`  stages (medians, s), ${sides[0].label}: ${stageMedians(a)}; ${sides[1].label}: ${stageMedians(b)}`);
      console.log(`  files, bytes: ${a[0].files}, ${a[0].bytes} against ${b[0].files}, ${b[0].bytes}`);
    }
  }
  if (rounds < 2) return;
  const shown = (list) => `${list.map((r) => ratio(1, r)).join(', ')} (median ${ratio(1, median(list))})`;
  console.log(`\n${rounds} rounds, ${sides[1].label} against ${sides[0].label}:`);
  sizes.forEach((size, k) => console.log(`${size.notices} notices, ${size.components} components: wall ${shown(ratios[k].wall)}; CPU ${shown(ratios[k].cpu)}`));
}

/** Each stage's median over `builds` (parseStages), in the order the build ran them. */
function stageMedians(builds) {
  const names = [...new Set(builds.flatMap((build) => Object.keys(build.stages)))];
  return names.map((name) => `${name} ${median(builds.map((build) => build.stages[name] ?? null)).toFixed(2)}`).join(', ') || 'none printed';
}

function median(list) {
  const sorted = list.filter((x) => x !== null).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const half = sorted.length >> 1;
  // An even count's median is the mean of its middle two: the lower one alone flattered the second side.
  return sorted.length % 2 === 1 ? sorted[half] : (sorted[half - 1] + sorted[half]) / 2;
}

const ratio = (a, b) => `${b >= a ? '+' : '−'}${Math.abs(Math.round((b / a - 1) * 100))}%`;

function count(text, flag) {
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value < 1) fail(`${flag} ${text}: expected a positive integer`);
  return value;
}

// ---------------------------------------------------------------------------------------------
// 1. Corpus

/** The corpus for a size (corpus.js): generated once, then reused. */
function ensureCorpus(size) {
  try {
    return makeCorpus(size, log);
  } catch (error) {
    fail(error.message);
  }
}

/**
 * --locales: a copy of the corpus whose site.yaml lists these languages, its texts untranslated (each
 * other language's pages show them all in the default one: the most text a language's copy can
 * hold). Null: the corpus itself.
 */
function withLocales(dir, locales) {
  if (locales === null) return dir;
  const copy = `${dir}-locales-${locales.join('-')}`;
  rmSync(copy, { recursive: true, force: true });
  cpSync(dir, copy, { recursive: true });
  const site = path.join(copy, 'site.yaml');
  writeFileSync(site, `${readFileSync(site, 'utf8').replace(/\n?$/, '\n')}locales: [${locales.join(', ')}]\n`);
  log(`corpus ${path.relative(ROOT, copy)}: with locales ${locales.join(', ')}`);
  return copy;
}

// ---------------------------------------------------------------------------------------------
// 2. Build in a child process

/** Builds the corpus once; returns wall seconds, peak RSS in bytes and what the build wrote. */
async function measureBuild(corpus, env) {
  const temp = mkdtempSync(path.join(os.tmpdir(), 'statuspress-bench-'));
  const out = path.join(temp, 'dist');
  // Removed only after the last build: on this machine's disk (ext4 with discard on a virtual disk),
  // deleting thousands of files stalls file creation for seconds afterwards, which would be charged
  // to the next build.
  leftovers.push(temp);
  try {
    const buildArgs = [cli, 'build', '--content', corpus, '--out', out, '--now', NOW, '--timings', ...(TEMPLATES ? ['--templates', TEMPLATES] : [])];
    log(`build ${path.relative(ROOT, corpus)}${env.NODE_EXTRA_CA_CERTS ? '' : process.env.NODE_EXTRA_CA_CERTS ? ' (without NODE_EXTRA_CA_CERTS)' : ''} ...`);
    const { seconds, stdout, stderr, status } = await timed(childCommand(buildArgs, temp), env);
    if (status !== 0) fail(`the build exited with ${status}:\n${stripReport(stderr).slice(-4000)}`);
    const peakRss = parsePeakRss(stderr);
    const cpuSeconds = parseCpu(stderr);
    const { files, bytes } = walk(out);
    return { seconds, files, bytes, peakRss, cpuSeconds, stages: parseStages(stdout, seconds) };
  } catch (error) {
    rmSync(temp, { recursive: true, force: true });
    throw error;
  }
}

const leftovers = [];
/** --templates: the site's own templates every build uses (null: the built-in ones). */
let TEMPLATES = null;

function removeLeftovers() {
  for (const temp of leftovers.splice(0)) rmSync(temp, { recursive: true, force: true });
}

const RSS_TAG = 'bench-max-rss-kb:';
const CPU_TAG = 'bench-cpu-seconds:';

/** `/usr/bin/time -v node …` when available; otherwise node with a preloaded exit hook. */
function childCommand(nodeArgs, temp) {
  if (existsSync(GNU_TIME)) return { file: GNU_TIME, args: ['-v', process.execPath, ...nodeArgs] };
  const hook = path.join(temp, 'max-rss.cjs');
  writeFileSync(
    hook,
    `process.on('exit', () => { const u = process.resourceUsage(); process.stderr.write('\\n${RSS_TAG} ' + u.maxRSS + '\\n${CPU_TAG} ' + (u.userCPUTime + u.systemCPUTime) / 1e6 + '\\n'); });\n`,
  );
  return { file: process.execPath, args: ['--require', hook, ...nodeArgs] };
}

/** Runs a command with its output collected; measures the wall time around it. */
function timed({ file, args }, env) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(file, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (status) => resolve({ seconds: (performance.now() - started) / 1000, stdout, stderr, status }));
  });
}

/**
 * Seconds per stage, from `build --timings` (`Built … in 1655 ms`, then `load 383 ms, validate 249
 * ms, …`); `start`, the process's wall time outside build() (Node starting, the CLI's modules
 * loading, the process ending); and `between`, build()'s time outside its stages. Empty when the
 * CLI printed no timings.
 */
function parseStages(stdout, seconds) {
  const total = /\bin (\d+) ms\b/.exec(stdout);
  const line = stdout.split('\n').find((l) => /^[a-z]+ \d+ ms(, [a-z]+ \d+ ms)*/.test(l));
  if (!total || !line) return {};
  const stages = Object.fromEntries([...line.matchAll(/([a-z]+) (\d+) ms/g)].map(([, name, ms]) => [name, Number(ms) / 1000]));
  const inBuild = Number(total[1]) / 1000;
  // `between`: what `in … ms` counts outside the stages (loading build()'s modules, opening the output, the theme, the texts ahead).
  return { start: seconds - inBuild, ...stages, between: inBuild - Object.values(stages).reduce((sum, s) => sum + s, 0) };
}

/** Peak resident set size in bytes, from GNU time's report or the exit hook's line (both in KiB). */
function parsePeakRss(stderr) {
  const match = /Maximum resident set size \(kbytes\): (\d+)/.exec(stderr) ?? new RegExp(`${RSS_TAG} (\\d+)`).exec(stderr);
  return match ? Number(match[1]) * 1024 : null;
}

/** CPU seconds of every thread of the build (user + system), from GNU time's report or the exit hook's line. */
function parseCpu(stderr) {
  const user = /User time \(seconds\): ([\d.]+)/.exec(stderr);
  const system = /System time \(seconds\): ([\d.]+)/.exec(stderr);
  if (user && system) return Number(user[1]) + Number(system[1]);
  const hook = new RegExp(`${CPU_TAG} ([\\d.]+)`).exec(stderr);
  return hook ? Number(hook[1]) : null;
}

/** The child's own error output, without GNU time's report. */
function stripReport(stderr) {
  const index = stderr.search(/\n?\s*Command (being timed|exited with)/);
  return index === -1 ? stderr : stderr.slice(0, index);
}

// ---------------------------------------------------------------------------------------------
// 3. Output size

function walk(dir) {
  let files = 0;
  let bytes = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      const inner = walk(full);
      files += inner.files;
      bytes += inner.bytes;
    } else if (entry.isFile()) {
      files += 1;
      bytes += statSync(full).size;
    }
  }
  return { files, bytes };
}

// ---------------------------------------------------------------------------------------------
// Report

function printTable(rows, runs) {
  const MB = 1024 * 1024;
  const withoutCerts = rows.some((r) => r.withoutCerts.length > 0);
  const header = [
    'notices',
    'components',
    `wall time (s), median of ${runs} [range]`,
    ...(withoutCerts ? ['without NODE_EXTRA_CA_CERTS (s)'] : []),
    'CPU (s), median',
    'files written',
    'bytes written (MB)',
    'peak RSS (MB)',
  ];
  const lines = rows.map((r) => {
    const last = r.builds[r.builds.length - 1];
    const peak = Math.max(...r.builds.map((b) => b.peakRss ?? 0));
    return [
      String(r.notices),
      String(r.components),
      timeCell(r.builds),
      ...(withoutCerts ? [timeCell(r.withoutCerts)] : []),
      cpuCell(r.builds),
      String(last.files),
      (last.bytes / MB).toFixed(1),
      peak === 0 ? 'n/a' : (peak / MB).toFixed(0),
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const format = (cells) => cells.map((cell, i) => cell.padStart(widths[i])).join('  ');
  console.log(`\nstatuspress build, --now ${NOW}, node ${process.version}, ${os.cpus().length} CPUs`);
  console.log(format(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const line of lines) console.log(format(line));
}

/** `1.23 [1.10-1.40]`: the median wall time of the builds and their range. */
function timeCell(builds) {
  const seconds = builds.map((b) => b.seconds).sort((a, b) => a - b);
  const median = seconds[Math.floor((seconds.length - 1) / 2)];
  const range = seconds.length > 1 ? ` [${seconds[0].toFixed(2)}-${seconds[seconds.length - 1].toFixed(2)}]` : '';
  return `${median.toFixed(2)}${range}`;
}

/** The median CPU time of the builds: divided by the cores, the least wall time the machine allows. */
function cpuCell(builds) {
  const seconds = builds.map((b) => b.cpuSeconds).filter((s) => s !== null).sort((a, b) => a - b);
  return seconds.length === 0 ? 'n/a' : seconds[Math.floor((seconds.length - 1) / 2)].toFixed(2);
}

function log(message) {
  console.log(`bench: ${message}`);
}

/** Stops the run; the outputs are still removed on the way out. */
function fail(message) {
  throw new BenchError(message);
}

class BenchError extends Error {}

try {
  await main();
} catch (error) {
  if (!(error instanceof BenchError)) throw error;
  console.error(`bench: ${error.message}`);
  process.exitCode = 1;
} finally {
  removeLeftovers();
}
