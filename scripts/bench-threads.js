#!/usr/bin/env node
/**
 * bench-threads.js — the CPU time of each thread of a build, this checkout's and another's in turn.
 *
 *   TMPDIR=/dev/shm node scripts/bench-threads.js [--notices 2000] [--components 50] [--runs 3] [--against DIR]
 *
 * (The outputs go to the temporary folder: on a disk the write thread's time is mostly the disk's.)
 * Builds the benchmark's corpus (scripts/corpus.js) with `bin/statuspress.js build`, reading every
 * thread's user + system time from /proc/<pid>/task/<tid>/stat every 20 ms until the build ends (so
 * Linux only), and prints the median over --runs builds of: the build's thread (the process's first),
 * the write thread (the build's one Worker, with --threads 0: the last thread started that used
 * CPU), and the rest together (V8's background threads: its optimizing compiler and garbage
 * collector helpers, and libuv's pool). With
 * --against DIR (another checkout, a git worktree say, its lib/ built) each run builds with both, in
 * turn. Where two versions do the same work on their own threads but differ in the rest, V8 spends
 * the difference compiling or collecting: `node --trace-opt` and `--trace-gc` say which.
 * Needs `npm run build:lib`.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureCorpus, NOW } from './corpus.js';
import { scriptOptions } from './options.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = scriptOptions(import.meta.url, {
  options: { notices: { type: 'string', default: '2000' }, components: { type: 'string', default: '50' }, runs: { type: 'string', default: '3' }, against: { type: 'string' } },
});
if (!existsSync('/proc/self/task')) {
  console.error('bench-threads.js reads /proc/<pid>/task: it runs on Linux only');
  process.exit(2);
}
const TICK_MS = 1000 / 100; // USER_HZ: /proc's times are in hundredths of a second on Linux
const sides = [['this checkout', ROOT], ...(values.against ? [[values.against, path.resolve(values.against)]] : [])];
for (const [, dir] of sides) if (!existsSync(path.join(dir, 'lib', 'cli.js'))) fail(`${dir}/lib/cli.js is missing: run \`npm run build:lib\` there first`);
const corpus = ensureCorpus({ notices: Number(values.notices), components: Number(values.components) });

const results = new Map(sides.map(([name]) => [name, []]));
for (let run = 0; run < Number(values.runs); run++) {
  for (const [name, dir] of sides) results.get(name).push(await threadTimes(dir));
}
console.log(`statuspress build of ${path.relative(ROOT, corpus)}, node ${process.version}, ${os.cpus().length} CPUs; CPU seconds, medians of ${values.runs}`);
for (const [name, runs] of results) {
  const median = (pick) => runs.map(pick).sort((a, b) => a - b)[Math.floor((runs.length - 1) / 2)] / 1000;
  console.log(`${name}: build's thread ${median((r) => r.main).toFixed(2)}, write thread ${median((r) => r.writer).toFixed(2)}, the rest ${median((r) => r.rest).toFixed(2)}, wall ${median((r) => r.wall).toFixed(2)}`);
}

/** One build's CPU milliseconds by thread: the build's thread, the write thread, the rest. */
async function threadTimes(dir) {
  const out = mkdtempSync(path.join(os.tmpdir(), 'statuspress-threads-'));
  const started = performance.now();
  // --threads 0: no HTML threads (on 2 cores there are none anyway), so the one Worker is the write thread.
  const child = spawn(process.execPath, [path.join(dir, 'bin', 'statuspress.js'), 'build', '--content', corpus, '--out', path.join(out, 'dist'), '--now', NOW, '--threads', '0'], { stdio: 'ignore' });
  const cpu = new Map();
  const read = () => {
    for (const tid of safe(() => readdirSync(`/proc/${child.pid}/task`), [])) {
      const stat = safe(() => readFileSync(`/proc/${child.pid}/task/${tid}/stat`, 'utf8'), null);
      // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
      const fields = stat?.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (fields) cpu.set(Number(tid), (Number(fields[11]) + Number(fields[12])) * TICK_MS);
    }
  };
  const timer = setInterval(read, 20);
  const code = await new Promise((resolve) => child.on('exit', resolve));
  clearInterval(timer);
  const wall = performance.now() - started;
  rmSync(out, { recursive: true, force: true });
  if (code !== 0) fail(`the build with ${dir} exited with ${code}`);
  const main = cpu.get(child.pid) ?? 0;
  const writer = [...cpu].filter(([tid, ms]) => tid !== child.pid && ms > 0).sort((a, b) => b[0] - a[0])[0]?.[1] ?? 0;
  const rest = [...cpu.values()].reduce((sum, ms) => sum + ms, 0) - main - writer;
  return { main, writer, rest, wall };
}

function safe(read, otherwise) {
  try {
    return read();
  } catch {
    return otherwise;
  }
}

function fail(message) {
  console.error(`bench-threads.js: ${message}`);
  process.exit(2);
}
