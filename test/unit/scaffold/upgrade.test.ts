// `statuspress upgrade`: the repository's single file replaced by the running version's, its mode
// kept, old → new printed; refused, with nothing written, where there is no such file to replace.
import { execFile } from 'node:child_process';
import { chmod, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { initSite } from '../../../src/scaffold/init.js';
import { upgradeBundle } from '../../../src/scaffold/upgrade.js';
import { refusal, snapshot, tempDir } from './helpers.js';

const ROOT = path.join(import.meta.dirname, '../../..');
const BUNDLE = path.join(ROOT, 'lib/statuspress.mjs');
const NOW = Date.parse('2026-11-20T10:05:00Z');
const OLD = '#!/usr/bin/env node\n// statuspress 0.0.9: the whole statuspress CLI in one file (node statuspress.mjs --help).\nconsole.log("old");\n';

/** A repository init made, whose single file is an older version's. */
async function oldRepository(): Promise<string> {
  const dir = path.join(await tempDir(), 'status');
  await initSite(dir, { now: NOW });
  await writeFile(path.join(dir, '.statuspress/statuspress.mjs'), OLD);
  return dir;
}

function cli(args: string[], cwd: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [path.join(ROOT, 'bin/statuspress.js'), ...args], { cwd, timeout: 30_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

describe('upgradeBundle', () => {
  it('replaces an older single file with the running version, keeping its mode', async () => {
    const dir = await oldRepository();
    const file = path.join(dir, '.statuspress/statuspress.mjs');
    await chmod(file, 0o755);
    const result = await upgradeBundle(dir);
    expect(result).toMatchObject({ from: '0.0.9', to: __STATUSPRESS_VERSION__, replaced: true });
    expect((await readFile(file)).equals(await readFile(BUNDLE))).toBe(true);
    expect((await stat(file)).mode & 0o777).toBe(0o755);
    expect(Object.keys(await snapshot(path.join(dir, '.statuspress')))).toEqual(['statuspress.mjs']);
  });

  it('writes nothing when the file is this very version', async () => {
    const dir = path.join(await tempDir(), 'status');
    await initSite(dir, { now: NOW });
    const before = (await stat(path.join(dir, '.statuspress/statuspress.mjs'))).mtimeMs;
    expect(await upgradeBundle(dir)).toMatchObject({ from: __STATUSPRESS_VERSION__, to: __STATUSPRESS_VERSION__, replaced: false });
    expect((await stat(path.join(dir, '.statuspress/statuspress.mjs'))).mtimeMs).toBe(before);
  });

  it('refuses a folder that is not a status repository', async () => {
    const dir = await tempDir();
    const error = await refusal(upgradeBundle(dir));
    expect(error.code).toBe('usage/upgrade-not-repository');
    expect(error.message).toContain('no .statuspress/statuspress.mjs');
    expect(await snapshot(dir)).toEqual({});
  });

  it('refuses a repository that takes statuspress from npm, saying how to upgrade it', async () => {
    const dir = path.join(await tempDir(), 'status');
    await initSite(dir, { now: NOW, from: { kind: 'npm', spec: '^0.1.0' } });
    const before = await snapshot(dir);
    const error = await refusal(upgradeBundle(dir));
    expect(error.code).toBe('usage/upgrade-not-repository');
    expect(error.hint).toContain('npm install statuspress@latest');
    expect(await snapshot(dir)).toEqual(before);
  });

  it('never overwrites a file that is not a statuspress CLI', async () => {
    const dir = await tempDir();
    await mkdir(path.join(dir, '.statuspress'));
    await writeFile(path.join(dir, '.statuspress/statuspress.mjs'), 'console.log("mine");\n');
    const error = await refusal(upgradeBundle(dir));
    expect(error.code).toBe('usage/upgrade-not-bundle');
    expect(await readFile(path.join(dir, '.statuspress/statuspress.mjs'), 'utf8')).toBe('console.log("mine");\n');
  });
});

describe('statuspress upgrade', () => {
  it('prints old → new, in the current folder or --dir; exit 2 outside a repository', async () => {
    const dir = await oldRepository();
    const upgraded = await cli(['upgrade'], dir);
    expect(upgraded.code).toBe(0);
    expect(upgraded.stdout).toContain(`statuspress 0.0.9 → ${__STATUSPRESS_VERSION__}: replaced .statuspress/statuspress.mjs`);
    const again = await cli(['upgrade', '--dir', dir], ROOT);
    expect(again).toMatchObject({ code: 0, stdout: expect.stringContaining('nothing to do') });
    const outside = await cli(['upgrade'], await tempDir());
    expect(outside.code).toBe(2);
    expect(outside.stderr).toContain('is not a statuspress repository');
    expect((await cli(['upgrade', 'extra'], dir)).code).toBe(2);
  });

  it('runs from the single file itself: the copy in a repository upgrades another', async () => {
    const dir = await oldRepository();
    const source = path.join(await tempDir(), 'status');
    await initSite(source, { now: NOW });
    const result = await new Promise<{ code: number; stdout: string }>((resolve) => {
      execFile(process.execPath, [path.join(source, '.statuspress/statuspress.mjs'), 'upgrade', '--dir', dir], (error, stdout) => {
        resolve({ code: error ? 1 : 0, stdout });
      });
    });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`0.0.9 → ${__STATUSPRESS_VERSION__}`);
    expect((await readFile(path.join(dir, '.statuspress/statuspress.mjs'))).equals(await readFile(BUNDLE))).toBe(true);
  });
});
