import { existsSync } from 'node:fs';
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { build } from '../../../src/build.js';
import { readContent } from '../../../src/content/index.js';
import { StatuspressError } from '../../../src/errors/error.js';
import { main } from '../../../src/cli/run.js';
import { initSite } from '../../../src/scaffold/init.js';
import { snapshot, tempDir } from './helpers.js';

const NOW = Date.parse('2026-11-20T10:05:00Z');
const ROOT = path.join(import.meta.dirname, '../../..');

const EXPECTED_FILES = [
  '.github/workflows/check.yml',
  '.github/workflows/publish.yml',
  '.gitignore',
  '.statuspress/statuspress.mjs',
  'README.md',
  'content/components/1-website.yaml',
  'content/components/2-api.yaml',
  'content/components/3-rest-api.yaml',
  'content/components/4-webhooks.yaml',
  'content/notices/1-welcome.yaml',
  'content/site.yaml',
  'templates/notices/api-outage.yaml',
  'templates/notices/slow-webhooks.yaml',
];

async function usageError(promise: Promise<unknown>): Promise<StatuspressError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(StatuspressError);
  // A usage error: its code names the entry (`usage/…`), and the CLI exits 2.
  expect((error as StatuspressError).code).toMatch(/^usage\//);
  expect((error as StatuspressError).exitCode).toBe(2);
  return error as StatuspressError;
}

describe('initSite', () => {
  it('writes exactly the files it lists, into a folder it creates', async () => {
    const dir = path.join(await tempDir(), 'my status');
    const { files } = await initSite(dir, { now: NOW });
    expect([...files].sort()).toEqual(EXPECTED_FILES);
    expect(Object.keys(await snapshot(dir))).toEqual(EXPECTED_FILES);
  });

  it('writes into an existing empty folder', async () => {
    const dir = await tempDir();
    const { files } = await initSite(dir, { now: NOW });
    expect(Object.keys(await snapshot(dir))).toEqual([...files].sort());
  });

  it('writes content that validates: the site, a component tree and a welcome notice dated now', async () => {
    const dir = await tempDir();
    await initSite(dir, { name: 'Acme Status', url: 'https://acme.github.io/status', now: NOW });
    const content = await readContent(path.join(dir, 'content'));
    expect(content.site).toMatchObject({ name: 'Acme Status', url: 'https://acme.github.io/status', createdAt: NOW, metrics: true });
    const api = content.components.find((c) => c.name === 'API');
    expect(api?.parentId).toBeNull();
    expect(content.components.filter((c) => c.parentId === api?.id)).toHaveLength(2);
    expect(content.notices).toHaveLength(1);
    expect(content.notices[0]).toMatchObject({ id: 1, type: 'general' });
    expect(content.notices[0]!.updates.map((u) => u.at)).toEqual([NOW]);
  });

  it('round-trips a hostile site name exactly', async () => {
    const dir = await tempDir();
    const name = 'Acme: "status" #1 <script>alert(1)</script>\n- yes';
    await initSite(dir, { name, now: NOW });
    expect((await readContent(path.join(dir, 'content'))).site.name).toBe(name);
  });

  it('builds as written', async () => {
    const dir = await tempDir();
    await initSite(dir, { now: NOW });
    const result = await build({ contentDir: path.join(dir, 'content'), outDir: path.join(dir, 'dist'), now: NOW });
    expect(result.files).toBeGreaterThan(0);
  });

  it('copies the single-file CLI, executable, and writes .gitignore and a README, but no package.json', async () => {
    const dir = path.join(await tempDir(), 'Acme Status Page');
    await initSite(dir, { name: 'Acme Status', now: NOW });
    const copy = await readFile(path.join(dir, '.statuspress/statuspress.mjs'));
    expect(copy.equals(await readFile(path.join(ROOT, 'lib/statuspress.mjs')))).toBe(true);
    expect((await stat(path.join(dir, '.statuspress/statuspress.mjs'))).mode & 0o111).not.toBe(0);
    expect(existsSync(path.join(dir, 'package.json'))).toBe(false);
    // `dist` without a slash: the output is a link, which `dist/` would not match.
    expect((await readFile(path.join(dir, '.gitignore'), 'utf8')).split('\n')).toEqual(['dist', 'dist.builds/', 'node_modules/', '.statuspress.lock*', '']);
    const readme = await readFile(path.join(dir, 'README.md'), 'utf8');
    expect(readme).toMatch(/^# Acme Status\n/);
    expect(readme).toContain('pull request');
    expect(readme).toContain('node .statuspress/statuspress.mjs validate');
    expect(readme).toContain('GitHub Actions');
    expect(readme).not.toContain('npm ci');
    expect(readme).toContain('on every push to `main`');
  });

  it('copies the single file it is given', async () => {
    const dir = await tempDir();
    const file = path.join(await tempDir(), 'cli.mjs');
    await writeFile(file, '#!/usr/bin/env node\n// statuspress 9.9.9: the whole statuspress CLI in one file\n');
    await initSite(path.join(dir, 'site'), { now: NOW, from: { kind: 'bundle', file } });
    expect(await readFile(path.join(dir, 'site/.statuspress/statuspress.mjs'), 'utf8')).toBe(await readFile(file, 'utf8'));
  });

  it('from npm: a package.json with the dependency instead of the single file, and workflows that install it', async () => {
    const dir = path.join(await tempDir(), 'Acme Status Page');
    const { files } = await initSite(dir, { name: 'Acme Status', now: NOW, from: { kind: 'npm', spec: 'file:../statuspress-0.1.0.tgz' } });
    expect(files).toContain('package.json');
    expect(files).not.toContain('.statuspress/statuspress.mjs');
    const pkg = JSON.parse(await readFile(path.join(dir, 'package.json'), 'utf8')) as Record<string, unknown>;
    expect(pkg).toEqual({
      name: 'acme-status-page',
      private: true,
      type: 'module',
      devDependencies: { statuspress: 'file:../statuspress-0.1.0.tgz' },
      scripts: { build: 'statuspress build', validate: 'statuspress validate', start: 'statuspress build && statuspress serve' },
    });
    const check = await readFile(path.join(dir, '.github/workflows/check.yml'), 'utf8');
    expect(check).toContain('run: npm ci');
    expect(check).toContain('npx statuspress validate --format github');
    const readme = await readFile(path.join(dir, 'README.md'), 'utf8');
    expect(readme).toContain('package-lock.json');
    expect(readme).toContain('npx statuspress validate');
  });

  it('statuspress init --from and --branch: npm, npm:SPEC and their refusals', async () => {
    const lines: string[] = [];
    const out = { log: (l: string) => lines.push(l), error: (l: string) => lines.push(l) };
    const parent = await tempDir();
    const dependency = async (dir: string): Promise<unknown> =>
      (JSON.parse(await readFile(path.join(parent, dir, 'package.json'), 'utf8')) as { devDependencies: unknown }).devDependencies;
    expect(await main(['init', path.join(parent, 'a'), '--from', 'npm'], out)).toBe(0);
    expect(await dependency('a')).toEqual({ statuspress: `^${__STATUSPRESS_VERSION__}` });
    expect(await main(['init', path.join(parent, 'b'), '--from', 'npm:statuspress@^0.2.0', '--branch', 'trunk'], out)).toBe(0);
    expect(await dependency('b')).toEqual({ statuspress: '^0.2.0' });
    expect(await readFile(path.join(parent, 'b/.github/workflows/publish.yml'), 'utf8')).toContain('branches: [trunk]');
    // The README says which branch publishes: the one the workflow names, not the repository's default.
    expect(await readFile(path.join(parent, 'b/README.md'), 'utf8')).toContain('on every push to `trunk`');
    for (const args of [['--from', 'yarn'], ['--from', 'npm:'], ['--from', 'npm:a b'], ['--branch', 'main, dev']]) {
      lines.length = 0;
      expect(await main(['init', path.join(parent, 'c'), ...args], out), args.join(' ')).toBe(2);
      expect(lines.join('\n')).toContain(args[0]!);
    }
    expect(existsSync(path.join(parent, 'c'))).toBe(false);
  });

  it('refuses a folder that is not empty and leaves it unchanged', async () => {
    const dir = await tempDir();
    await mkdir(path.join(dir, 'content'));
    await writeFile(path.join(dir, 'content/site.yaml'), 'name: Mine\n');
    await writeFile(path.join(dir, 'notes.txt'), 'keep me');
    const before = await snapshot(dir);
    const error = await usageError(initSite(dir, { now: NOW }));
    expect(error.message).toContain('is not empty');
    expect(await snapshot(dir)).toEqual(before);
  });

  it('refuses a folder holding only a dot file', async () => {
    const dir = await tempDir();
    await writeFile(path.join(dir, '.gitignore'), 'x\n');
    await usageError(initSite(dir, { now: NOW }));
    expect(await snapshot(dir)).toEqual({ '.gitignore': 'x\n' });
  });

  it('refuses a path that is a file', async () => {
    const file = path.join(await tempDir(), 'file');
    await writeFile(file, 'data');
    await usageError(initSite(file, { now: NOW }));
    expect(await readFile(file, 'utf8')).toBe('data');
  });

  it('refuses a name or url that would not validate, writing nothing', async () => {
    const parent = await tempDir();
    const dir = path.join(parent, 'site');
    const error = await usageError(initSite(dir, { url: 'status.acme.com', now: NOW }));
    expect(error.message).toMatch(/content\/site\.yaml:\d+:\d+ {2}url:/);
    await usageError(initSite(dir, { name: '  ', now: NOW }));
    await usageError(initSite(dir, { now: Number.NaN }));
    expect(existsSync(dir)).toBe(false);
  });
});
