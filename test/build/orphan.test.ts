// A build killed outright (SIGKILL: no cleanup runs) must not leave the process of the site's own
// templates behind: it checks and compiles the templates at once, synchronously, and nothing but
// its own watching thread can end it then. The thread compares its parent with the build's pid it
// was given, so a build gone before the thread started still counts. A preload holds the process's
// main thread for good where compiling would hold it (test/helpers/processes.ts): the process ends
// only if its thread ends it, and the test's time limit stands for "never".
import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BIN } from '../helpers/cli.js';
import { ended, holdingPreload, running, templatesProcess } from '../helpers/processes.js';

let work: string;
/** The templates' processes started, killed after each test if it left one running. */
const started: number[] = [];

beforeAll(() => {
  work = mkdtempSync(path.join(tmpdir(), 'statuspress-orphan-'));
  cpSync(path.join(import.meta.dirname, '../fixtures/valid-minimal/content'), path.join(work, 'content'), { recursive: true });
  mkdirSync(path.join(work, 'templates'));
  writeFileSync(path.join(work, 'templates', 'status.hbs'), '<h1>{{stateText}}</h1>\n');
});

afterEach(() => {
  for (const pid of started.splice(0)) if (running(pid)) process.kill(pid, 'SIGKILL');
});

afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});

/** Starts a build whose templates' process `preload` holds; resolves with both. */
async function buildHeld(nodeOptions: string): Promise<{ build: ReturnType<typeof spawn>; exited: Promise<unknown>; child: number }> {
  const build = spawn(process.execPath, [BIN, 'build', '--content', path.join(work, 'content'), '--out', path.join(work, 'out')], { stdio: 'ignore', env: { ...process.env, NODE_OPTIONS: nodeOptions } });
  const exited = new Promise((resolve) => build.once('exit', resolve));
  const child = await templatesProcess(build.pid!);
  expect(child).not.toBeNull();
  started.push(child!);
  return { build, exited, child: child! };
}

const told = (file: string): string => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
};

describe('a build killed while its templates\' process is busy', () => {
  it('leaves no templates\' process behind: its thread ends it while its main thread is held', async () => {
    const preload = holdingPreload(work, { at: 'code' });
    const { build, exited, child } = await buildHeld(preload.nodeOptions);
    // Held, and its watching thread started: nothing else can end it now.
    while (told(preload.told).split('\n').filter((step) => step === 'held' || step === 'watching').length < 2) await new Promise((resolve) => setTimeout(resolve, 20));
    build.kill('SIGKILL');
    await exited;
    await ended(child);
  }, 30_000);

  it('leaves none behind when the build was gone before the process\'s thread started', async () => {
    const preload = holdingPreload(work, { at: 'code', orphaned: true });
    const { build, exited, child } = await buildHeld(preload.nodeOptions);
    build.kill('SIGKILL');
    await exited;
    await ended(child);
    // Its code, and so its thread, started after the build was gone; its main thread was held then, unless its thread ended it first.
    const steps = told(preload.told).trim().split('\n');
    expect(steps[0]).toBe('orphaned');
    expect(steps).toContain('watching');
  }, 30_000);
});
