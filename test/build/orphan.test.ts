// A build killed outright (SIGKILL: no cleanup runs) while the process of the site's own templates
// is still starting must not leave that process behind: it checks and compiles the templates at once,
// synchronously, and nothing but its own watching thread can end it then. The thread compares its
// parent with the build's pid it was given, so a build gone before the thread started still counts.
import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN } from '../helpers/cli.js';
import { templatesProcess } from '../helpers/processes.js';

let work: string;
/** A status template within the limits (128 KiB) that takes Handlebars a second or more to compile. */
const SLOW = '{{#with (lookup this "x")}}x{{/with}}\n'.repeat(3_400);

beforeAll(() => {
  work = mkdtempSync(path.join(tmpdir(), 'statuspress-orphan-'));
  cpSync(path.join(import.meta.dirname, '../fixtures/valid-minimal/content'), path.join(work, 'content'), { recursive: true });
  mkdirSync(path.join(work, 'templates'));
  writeFileSync(path.join(work, 'templates', 'status.hbs'), SLOW);
});

afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});

/** Whether `pid` still runs (a zombie, waiting for its new parent to reap it, does not). */
function running(pid: number): boolean {
  try {
    return !/^State:\s+Z/m.test(readFileSync(`/proc/${pid}/status`, 'utf8'));
  } catch {
    return false;
  }
}

describe('a build killed while its templates\' process starts', () => {
  it('leaves no templates\' process behind: it ends before it could have compiled them', async () => {
    // What compiling the template takes Handlebars here: an orphan left running lives at least that long.
    const handlebars = createRequire(import.meta.url)('handlebars') as { create(): { precompile(source: string, options: object): string } };
    const started = performance.now();
    handlebars.create().precompile(SLOW, { strict: true, knownHelpersOnly: true });
    const compileMs = performance.now() - started;

    const build = spawn(process.execPath, [BIN, 'build', '--content', path.join(work, 'content'), '--out', path.join(work, 'out')], { stdio: 'ignore' });
    const exited = new Promise((resolve) => build.once('exit', resolve));
    const child = await templatesProcess(build.pid!);
    build.kill('SIGKILL');
    await exited;
    expect(child).not.toBeNull();
    const killed = performance.now();
    while (running(child!) && performance.now() - killed < 30_000) await new Promise((resolve) => setTimeout(resolve, 20));
    const lived = performance.now() - killed;
    console.log(`compiling took ${compileMs.toFixed(0)} ms here; the templates' process ended ${lived.toFixed(0)} ms after the build was killed`);
    if (running(child!)) process.kill(child!, 'SIGKILL');
    expect(lived).toBeLessThan(compileMs);
  }, 60_000);
});
