#!/usr/bin/env node
// Mutation check of the guards: six one-line bugs, each in code that guards something (a link out of
// the content folder, a build being written, the output link, the output beside the content, nginx's
// burst, a zero-length timeframe), which a mutation run once found no test would miss. Each is
// applied in turn to its source file, the test written to catch it runs with vitest, and the file is
// put back as it was, always: after the run, on an error, on Ctrl-C or SIGTERM. A mutant is killed
// when its test fails. Not part of `npm test`; docs/testing.md says how to run it and what it scored.
//
//   node scripts/mutate-guards.js            # every mutant; exits 1 unless all are killed
//   node scripts/mutate-guards.js b e        # only these
//   node scripts/mutate-guards.js --verbose  # vitest's output too
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';

const ROOT = path.resolve(import.meta.dirname, '..');
const VITEST = path.join(ROOT, 'node_modules/vitest/vitest.mjs');

/**
 * Each mutant: the text `from` (found exactly once in `file`) becomes `to`; `tests` are the files to
 * run and `name` the tests among them (a vitest -t pattern) that must fail.
 */
const MUTANTS = [
  {
    id: 'a',
    what: 'content links: inside means under root + separator, not any path starting with root',
    file: 'src/content/files.ts',
    from: 'if (real !== root && !real.startsWith(root + path.sep)) return say(CONTENT.linkOutside);',
    to: 'if (real !== root && !real.startsWith(root)) return say(CONTENT.linkOutside);',
    tests: ['test/unit/content/files.test.ts'],
    name: 'sibling folder whose name starts',
  },
  {
    id: 'b',
    what: "leftover cleanup: this process's builds still being written are not leftovers",
    file: 'src/write/swap.ts',
    from: 'if (candidate === current || active.has(candidate) || isRunning(ownerOf(candidate))) continue;',
    to: 'if (candidate === current || isRunning(ownerOf(candidate))) continue;',
    tests: ['test/unit/write/output.test.ts'],
    name: 'still being written',
  },
  {
    id: 'c',
    what: 'the output link counts as our own only when it names dist.builds/<build id>',
    file: 'src/write/swap.ts',
    from: 'return link.startsWith(prefix) && BUILD_ID.test(link.slice(prefix.length)) ?',
    to: 'return link.startsWith(prefix) ?',
    tests: ['test/unit/write/output.test.ts'],
    name: 'dist.builds/\\.\\.',
  },
  {
    id: 'd',
    what: 'output inside the content folder: under root + separator, not by prefix',
    file: 'src/write/index.ts',
    from: 'target.startsWith(root + path.sep)',
    to: 'target.startsWith(root)',
    tests: ['test/unit/write/output.test.ts'],
    name: 'content-dist',
  },
  {
    id: 'e',
    what: "nginx burst: what it lets through at once is serve's bucket (burst = rate - 1)",
    file: 'src/hosting/nginx.ts',
    from: "burst=' + (options.rateLimit - 1) + '",
    to: "burst=' + options.rateLimit + '",
    tests: ['test/unit/hosting/nginx-burst.test.ts'],
    name: "serve's bucket holds",
  },
  {
    id: 'f',
    what: 'impact_timeframe_overlaps: equal start and end are a valid zero-length timeframe',
    file: 'src/routes/params.ts',
    from: 'if (end < start) throw apiError(API.timeframeBackwards, { key });',
    to: 'if (end <= start) throw apiError(API.timeframeBackwards, { key });',
    tests: ['test/unit/routes/parse.test.ts'],
    name: 'equal impact_timeframe_overlaps timestamps',
  },
];

const args = process.argv.slice(2);
const verbose = args.includes('--verbose');
const only = args.filter((a) => !a.startsWith('--'));
const chosen = only.length > 0 ? MUTANTS.filter((m) => only.includes(m.id)) : MUTANTS;
if (chosen.length === 0 || chosen.length < only.length) {
  console.error(`usage: node scripts/mutate-guards.js [--verbose] [${MUTANTS.map((m) => m.id).join(' ')}]`);
  process.exit(2);
}

/** Puts the file being mutated back; null when none is. */
let restore = null;
let child = null;
const putBack = () => {
  if (restore) restore();
  restore = null;
};
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    child?.kill('SIGTERM');
    putBack();
    console.error(`\n${signal}: stopped; every source file is as it was`);
    process.exit(130);
  });
}
process.on('exit', putBack);

/** Runs vitest on `tests` (only the tests matching `name`, when given); resolves to its exit code and output. */
function vitest(tests, name) {
  return new Promise((resolve, reject) => {
    const argv = [VITEST, 'run', ...tests, ...(name ? ['-t', name] : []), '--reporter=dot'];
    child = spawn(process.execPath, argv, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('close', (code, signal) => {
      child = null;
      resolve({ code: code ?? (signal ? 128 : 1), output });
    });
  });
}

/** The tests ran at all: vitest exits 1 too when a -t pattern matches nothing. */
const ranSome = (output) => /Tests\s+.*\d+ (passed|failed)/.test(stripVTControlCharacters(output));

// The tests must pass on the code as it is, or a failure under a mutant proves nothing.
const baseline = [];
for (const m of chosen) {
  const { code, output } = await vitest(m.tests, m.name);
  if (code !== 0 || !ranSome(output)) baseline.push(`${m.id}: ${m.tests.join(' ')} -t "${m.name}"\n${output}`);
}
if (baseline.length > 0) {
  console.error(`the guards' tests fail (or match nothing) without any mutation:\n${baseline.join('\n')}`);
  process.exit(1);
}

let killed = 0;
for (const m of chosen) {
  const file = path.join(ROOT, m.file);
  const original = readFileSync(file, 'utf8');
  const found = original.split(m.from).length - 1;
  if (found !== 1) {
    console.error(`${m.id}: ${m.file} holds the text to mutate ${found} times, not once; update the mutant:\n  ${m.from}`);
    process.exit(1);
  }
  let result;
  restore = () => writeFileSync(file, original);
  try {
    writeFileSync(file, original.replace(m.from, () => m.to));
    result = await vitest(m.tests, m.name);
  } finally {
    putBack();
  }
  const dead = result.code !== 0;
  if (dead) killed += 1;
  console.log(`${dead ? 'killed  ' : 'SURVIVED'} (${m.id}) ${m.what} [${m.file}; ${m.tests.join(' ')}]`);
  if (verbose || !dead) console.log(result.output);
}
console.log(`killed ${killed} of ${chosen.length}`);
process.exit(killed === chosen.length ? 0 : 1);
