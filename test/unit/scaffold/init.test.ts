import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { build } from '../../../src/build.js';
import { readContent } from '../../../src/content/index.js';
import { StatuspressError } from '../../../src/errors.js';
import { initSite } from '../../../src/scaffold/init.js';
import { snapshot, tempDir } from './helpers.js';

const NOW = Date.parse('2026-11-20T10:05:00Z');

const EXPECTED_FILES = [
  '.github/workflows/status.yml',
  '.gitignore',
  'README.md',
  'content/components/1-website.yaml',
  'content/components/2-api.yaml',
  'content/components/3-rest-api.yaml',
  'content/components/4-webhooks.yaml',
  'content/notices/1-welcome.yaml',
  'content/site.yaml',
  'package.json',
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

  it('writes a workflow: validate on pull requests, build and deploy to Pages on push, schedule and dispatch', async () => {
    const dir = await tempDir();
    await initSite(dir, { now: NOW });
    const workflow = parse(await readFile(path.join(dir, '.github/workflows/status.yml'), 'utf8')) as {
      on: Record<string, unknown>;
      jobs: Record<string, { if?: string; permissions?: Record<string, string>; concurrency?: { group: string }; steps: { uses?: string; run?: string; with?: Record<string, unknown> }[] }>;
    };
    expect(Object.keys(workflow.on).sort()).toEqual(['pull_request', 'push', 'schedule', 'workflow_dispatch']);
    expect(workflow.on.push).toEqual({ branches: ['main'] });
    expect(workflow.on.schedule).toEqual([{ cron: '*/10 * * * *' }]);

    const jobs = Object.values(workflow.jobs);
    const runs = (job: (typeof jobs)[number]): string[] => job.steps.flatMap((s) => (s.run ? [s.run] : []));
    const uses = (job: (typeof jobs)[number]): string[] => job.steps.flatMap((s) => (s.uses ? [s.uses] : []));
    const validate = jobs.find((j) => runs(j).some((r) => r.includes('validate')))!;
    expect(runs(validate)).toContain('npx statuspress validate --format github');
    expect(validate.if).toContain("== 'pull_request'");

    const deploy = jobs.find((j) => uses(j).includes('actions/deploy-pages@v4'))!;
    expect(deploy.if).toContain("!= 'pull_request'");
    expect(runs(deploy)).toEqual(['npm ci', 'npx statuspress build --out dist']);
    expect(uses(deploy)).toEqual(expect.arrayContaining(['actions/configure-pages@v5', 'actions/upload-pages-artifact@v3', 'actions/deploy-pages@v4']));
    expect(deploy.steps.find((s) => s.uses === 'actions/upload-pages-artifact@v3')?.with).toEqual({ path: 'dist' });
    // build before the Pages steps, deploy last
    const order = deploy.steps.map((s) => s.uses ?? s.run);
    expect(order.indexOf('npx statuspress build --out dist')).toBeLessThan(order.indexOf('actions/upload-pages-artifact@v3'));
    expect(order.at(-1)).toBe('actions/deploy-pages@v4');
    expect(deploy.permissions).toMatchObject({ pages: 'write', 'id-token': 'write' });
    expect(deploy.concurrency?.group).toBeTruthy();
    for (const job of [validate, deploy]) {
      expect(job.steps.find((s) => s.uses === 'actions/setup-node@v4')?.with).toMatchObject({ 'node-version': 20 });
    }
  });

  it('writes package.json, .gitignore and a README', async () => {
    const dir = path.join(await tempDir(), 'Acme Status Page');
    await initSite(dir, { name: 'Acme Status', now: NOW });
    const pkg = JSON.parse(await readFile(path.join(dir, 'package.json'), 'utf8')) as Record<string, unknown>;
    expect(pkg).toMatchObject({
      name: 'acme-status-page',
      private: true,
      type: 'module',
      devDependencies: { statuspress: '^0.1.0' },
      scripts: { build: 'statuspress build', validate: 'statuspress validate', start: 'statuspress build && statuspress serve' },
    });
    expect((await readFile(path.join(dir, '.gitignore'), 'utf8')).split('\n')).toEqual(expect.arrayContaining(['node_modules/', 'dist/']));
    const readme = await readFile(path.join(dir, 'README.md'), 'utf8');
    expect(readme).toMatch(/^# Acme Status\n/);
    expect(readme).toContain('pull request');
    expect(readme).toContain('npm start');
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
    expect(error.message).toContain('content/site.yaml  url:');
    await usageError(initSite(dir, { name: '  ', now: NOW }));
    await usageError(initSite(dir, { now: Number.NaN }));
    expect(existsSync(dir)).toBe(false);
  });
});
