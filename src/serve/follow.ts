// `serve` follows the clock. The content a build published gives a different site at moments known
// in advance (a maintenance's window, an expiry, a timeline state: derive/next-change.ts), and a
// static output only changes with a build. So at each such moment `serve` runs `statuspress build
// --again` as of that moment, in a child process (answers and the rate limit go on meanwhile),
// which builds the content the output keeps (never a withheld update: the build kept only what it
// published) into the output's builds folder and swaps it in; the watcher picks it up as it picks
// up any new build. A build swapped in from outside (a deploy) is followed from its own moment.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import path from 'node:path';
import { MAX_TIMER_MS } from '../util/time.js';
import { nextChange } from '../derive/next-change.js';
import { BUILDS_SUFFIX } from '../write/swap.js';
import { outputTarget } from '../write/target.js';
import { readBuildState } from './build-state.js';
import type { BuildWatcher, ServedBuild } from './current-build.js';

/** Runs `run` at the epoch ms `at` (at once when that has passed); the returned function cancels it. */
export type Scheduler = (at: number, run: () => Promise<void>) => () => void;

export interface FollowOptions {
  /** A script that runs the statuspress CLI (`bin/statuspress.js`, or the single-file statuspress.mjs). */
  cli: string;
  /** The wall clock, epoch ms; default Date.now. Tests pass their own with `schedule`. */
  now?: () => number;
  /** Default: a timer of the event loop. */
  schedule?: Scheduler;
  /** Told of each build made and of why the clock is no longer followed, one line each. */
  note?: (line: string) => void;
}

/** After a build that failed (a full disk, a folder made read-only), the next try waits this long, doubling to RETRY_MAX_MS. */
export const RETRY_FIRST_MS = 60_000;
const RETRY_MAX_MS = 15 * 60_000;

export const timerScheduler =
  (now: () => number): Scheduler =>
  (at, run) => {
    let timer: NodeJS.Timeout;
    const wait = (): void => {
      const left = at - now();
      timer = setTimeout(() => (at - now() > 0 ? wait() : void run()), Math.max(0, Math.min(left, MAX_TIMER_MS)));
      timer.unref();
    };
    wait();
    return () => clearTimeout(timer);
  };

export interface Follower {
  /** The build `build` is current: follows the clock from its moment. */
  follow(build: ServedBuild): void;
  /** Cancels what is scheduled and ends a build under way. */
  stop(): Promise<void>;
}

/** Follows the clock for the output `dir`, whose builds `builds` watches. */
export function followClock(dir: string, builds: BuildWatcher, options: FollowOptions): Follower {
  const now = options.now ?? Date.now;
  const schedule = options.schedule ?? timerScheduler(now);
  const note = options.note ?? ((): void => undefined);
  let cancel: (() => void) | null = null;
  let followed: string | null = null;
  let child: ChildProcess | null = null;
  let running: Promise<void> | null = null;
  let stopped = false;
  let retryMs = RETRY_FIRST_MS;
  // Said once: an output serve may not write into is served at its build's moment.
  let writable: Promise<boolean> | null = null;

  const plan = async (build: ServedBuild): Promise<void> => {
    if (stopped || followed === build.id) return;
    followed = build.id;
    cancel?.();
    cancel = null;
    const state = await readBuildState(build.root).catch(() => null);
    if (state === null || stopped || followed !== build.id) return;
    // The kept content is what the build published: its moments are published facts only.
    const at = nextChange(state.content, Date.parse(state.now));
    if (at === null) return;
    writable ??= canWrite(dir).then((yes) => {
      if (!yes) note(`${dir} is not writable: serving its build's moment, not following the clock`);
      return yes;
    });
    if (!(await writable) || stopped || followed !== build.id) return;
    cancel = schedule(at, start);
  };

  const start = (): Promise<void> => (running ??= rebuild().finally(() => (running = null)));

  const rebuild = async (): Promise<void> => {
    if (stopped) return;
    const moment = new Date(now()).toISOString();
    const result = await runBuild(options.cli, dir, moment, (started) => (child = started));
    child = null;
    if (stopped) return;
    if (result.code !== 0) {
      // Another build published meanwhile is newer: it is followed from its own moment.
      if (!result.detail.includes('output/superseded')) {
        // Tried again later: what failed may pass then, and the build in place is already late.
        note(`could not build ${dir} again as of ${moment}: ${result.detail}; serving the build in place, trying again in ${retryMs / 60_000} min`);
        cancel?.();
        cancel = schedule(now() + retryMs, start);
        retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
      }
    } else {
      retryMs = RETRY_FIRST_MS;
      note(`${dir} built again as of ${moment}: the clock changed the site`);
    }
    // Looked at now, so the next answer comes from it, and followed from its moment.
    await plan(await builds.current({ fresh: true }));
  };

  return {
    follow: (build) => void plan(build),
    async stop() {
      stopped = true;
      cancel?.();
      child?.kill();
      await running?.catch(() => undefined);
    },
  };
}

/**
 * Whether a build may be written where the output `dir` is published: next to it and in its builds
 * folder. Behind a link of the user's own (`dist -> /var/www/status`) that is where the link points.
 */
async function canWrite(dir: string): Promise<boolean> {
  const ok = (file: string): Promise<boolean> => access(file, constants.W_OK).then(() => true, () => false);
  const target = await outputTarget(dir).catch(() => path.resolve(dir));
  const builds = `${target}${BUILDS_SUFFIX}`;
  const hasBuilds = await access(builds).then(() => true, () => false);
  return (await ok(path.dirname(target))) && (!hasBuilds || (await ok(builds)));
}

/** Runs `statuspress build --again` for `dir` as of `moment`; resolves with its exit code and its last line of errors. */
function runBuild(cli: string, dir: string, moment: string, started: (child: ChildProcess) => void): Promise<{ code: number; detail: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [cli, 'build', '--again', '--out', dir, '--now', moment], { stdio: ['ignore', 'ignore', 'pipe'] });
    started(child);
    let errors = '';
    child.stderr!.setEncoding('utf8').on('data', (text: string) => (errors = (errors + text).slice(-4000)));
    child.once('error', (error) => resolve({ code: 1, detail: error.message }));
    child.once('close', (code) => resolve({ code: code ?? 1, detail: errors.trim().split('\n').filter(Boolean).join(' ') || `exit code ${code}` }));
  });
}
