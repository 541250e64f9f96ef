// The process of a site's own templates killed from outside while the build runs (the system's OOM
// killer ends the largest process when the machine runs out of memory, before the process reaches
// its own heap limit): the build stops with a usage error that names the templates, exit 2, and the
// previous output stays. It printed "failed unexpectedly" and a stack trace, exit 1. A preload holds
// the process from its start (test/helpers/processes.ts), so that it is certain to be killed while
// the build waits for it, never after it has answered.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN } from '../helpers/cli.js';
import { holdingPreload, templatesProcess } from '../helpers/processes.js';

let work: string;

beforeAll(() => {
  work = mkdtempSync(path.join(tmpdir(), 'statuspress-renderer-ended-'));
  cpSync(path.join(import.meta.dirname, '../fixtures/valid-minimal/content'), path.join(work, 'content'), { recursive: true });
  mkdirSync(path.join(work, 'templates'));
});

afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});

/** Every file of the output as it is now, by path. */
const snapshot = (dir: string): Map<string, string> =>
  new Map(
    (readdirSync(dir, { recursive: true, withFileTypes: true }) as { isFile(): boolean; parentPath: string; name: string }[])
      .filter((entry) => entry.isFile())
      .map((entry) => [path.relative(dir, path.join(entry.parentPath, entry.name)), readFileSync(path.join(entry.parentPath, entry.name), 'latin1')]),
  );

describe('the process of the site\'s own templates killed from outside', () => {
  it('stops the build with a usage error naming the templates, and the previous output stays', async () => {
    const out = path.join(work, 'out');
    const first = spawnSync(process.execPath, [BIN, 'build', '--content', path.join(work, 'content'), '--out', out], { encoding: 'utf8' });
    expect(first.status, first.stderr).toBe(0);
    const before = snapshot(out);
    writeFileSync(path.join(work, 'templates', 'status.hbs'), '<h1>{{stateText}}</h1>\n');
    const { nodeOptions } = holdingPreload(work, { at: 'start' });
    const build = spawn(process.execPath, [BIN, 'build', '--content', path.join(work, 'content'), '--out', out], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NODE_OPTIONS: nodeOptions } });
    let said = '';
    build.stdout.on('data', (chunk: Buffer) => (said += chunk.toString()));
    build.stderr.on('data', (chunk: Buffer) => (said += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => build.once('close', resolve));
    const child = await templatesProcess(build.pid!);
    expect(child).not.toBeNull();
    process.kill(child!, 'SIGKILL');
    expect(await exited, said).toBe(2);
    expect(said).toMatch(/^templates\/status\.hbs {2}The process rendering (templates\/status\.hbs|The built-in|The site’s templates).* ended \(SIGKILL\)/m);
    expect(said).not.toMatch(/failed unexpectedly| {4}at /);
    expect(snapshot(out)).toEqual(before);
  }, 60_000);
});
