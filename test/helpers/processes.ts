// Processes a test watches through /proc (Linux): the templates' process a build starts, and a way
// to hold it where a template would keep it busy.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PARENT_ENV, PROCESS_FLAG } from '../../src/render/worker-messages.js';

/** The pid of `parent`'s child running the templates' process, once there is one (null: the parent ended first). */
export async function templatesProcess(parent: number): Promise<number | null> {
  for (;;) {
    let children: number[];
    try {
      children = readdirSync(`/proc/${parent}/task`).flatMap((task) => readFileSync(`/proc/${parent}/task/${task}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number));
    } catch {
      return null;
    }
    for (const pid of children) {
      try {
        if (readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').includes(PROCESS_FLAG)) return pid;
      } catch {
        // gone meanwhile
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** Whether `pid` still runs (a zombie, waiting for its new parent to reap it, does not). */
export function running(pid: number): boolean {
  try {
    return !/^State:\s+Z/m.test(readFileSync(`/proc/${pid}/status`, 'utf8'));
  } catch {
    return false;
  }
}

/** Resolves once `pid` no longer runs: the test's own time limit bounds the wait. */
export async function ended(pid: number): Promise<void> {
  while (running(pid)) await new Promise((resolve) => setTimeout(resolve, 20));
}

/**
 * Writes a preload into `dir` that holds the main thread of the templates' process a build starts
 * (given to the build through NODE_OPTIONS, which the process inherits; no other process is held):
 * - `at: 'start'`: from its start, before its own code runs;
 * - `at: 'code'`: once its own code runs, when it starts listening for the build's messages (just
 *   after starting its thread that watches the build), as compiling the templates holds it;
 * and with `orphaned`, only once the build is gone, so that its code starts after that. It appends
 * to the file `told` each step as it comes: `orphaned`, `held`, and `watching` from the process's
 * watching thread as it starts (preloads run in threads too). Returns NODE_OPTIONS's value.
 */
export function holdingPreload(dir: string, how: { at: 'start' | 'code'; orphaned?: boolean }): { nodeOptions: string; told: string } {
  const file = path.join(dir, `hold-${how.at}${how.orphaned ? '-orphaned' : ''}.cjs`);
  const told = `${file}.told`;
  writeFileSync(
    file,
    `const { appendFileSync } = require('node:fs');
const { isMainThread } = require('node:worker_threads');
const tell = (step) => appendFileSync(${JSON.stringify(told)}, step + '\\n');
const sleep = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
if (isMainThread && process.argv.includes(${JSON.stringify(PROCESS_FLAG)})) {
  const hold = () => {
    tell('held');
    for (;;) sleep(60_000);
  };
  if (${how.orphaned === true}) {
    const build = Number(process.env[${JSON.stringify(PARENT_ENV)}]);
    while (process.ppid === build) sleep(5);
    tell('orphaned');
  }
  if (${how.at === 'start'}) hold();
  process.on('newListener', (event) => void (event === 'message' && hold()));
} else if (!isMainThread && process.env[${JSON.stringify(PARENT_ENV)}] !== undefined) {
  // A thread of the templates' process (not of the build): held before any job, its only one is the watching thread.
  tell('watching');
}
`,
  );
  return { nodeOptions: `${process.env.NODE_OPTIONS ?? ''} --require ${JSON.stringify(file)}`.trim(), told };
}
