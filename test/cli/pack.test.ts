// The package as npm hands it out: `npm pack` of this project; a status repository made with
// `init --from npm:file:<tarball>` installs it (one install, which both cases below read), the
// installed package runs (--version, init, build), and the repository passes its check workflow.
// Everything offline: lib/ bundles every dependency, so the tarball depends on nothing and npm needs
// neither the registry nor its cache. `npm pack` runs with
// --ignore-scripts: `npm test` has just built lib/, and rebuilding it here would pull it from under
// the tests running beside this one.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readWorkflow, runJob } from '../unit/scaffold/run-workflow.js';

const ROOT = path.join(import.meta.dirname, '../..');
const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';
// No registry, no audit, no notices: the install must work from the tarball alone.
const OFFLINE = { npm_config_offline: 'true', npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false' };

function run(command: string, args: string[], cwd: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(command, args, { cwd, timeout: 120_000, env: { ...process.env, ...OFFLINE } }, (error, stdout, stderr) => {
      resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

let folder: string;
let tarball: string;
let version: string;
/** The repository `init --from npm:file:<tarball>` made, and its `npm install`, as init tells its user to run. */
let site: string;
let init: Awaited<ReturnType<typeof run>>;
let install: Awaited<ReturnType<typeof run>>;
beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'statuspress-pack-'));
  ({ version } = JSON.parse(await readFile(path.join(ROOT, 'package.json'), 'utf8')) as { version: string });
  const packed = await run(NPM, ['pack', '--ignore-scripts', '--json', '--pack-destination', folder], ROOT);
  expect(packed.code, packed.stderr).toBe(0);
  const [{ filename }] = JSON.parse(packed.stdout) as { filename: string }[];
  tarball = path.join(folder, filename);
  site = path.join(folder, 'npm-site');
  init = await run(process.execPath, [path.join(ROOT, 'bin/statuspress.js'), 'init', site, '--from', `npm:file:${tarball}`], folder);
  expect(init.code, init.stderr).toBe(0);
  install = await run(NPM, ['install'], site);
}, 180_000);
afterAll(() => rm(folder, { recursive: true, force: true }));

describe('npm pack', () => {
  it('holds the bin, the split bundle and the single file, and depends on nothing', async () => {
    const listed = await run('tar', ['-tzf', tarball], folder);
    const files = listed.stdout.trim().split('\n').sort();
    // lib/cli.js loads lib/build.js and lib/server.js (entry points of their own) when it needs them.
    expect(files).toEqual(expect.arrayContaining(['package/bin/statuspress.js', 'package/lib/cli.js', 'package/lib/build.js', 'package/lib/server.js', 'package/lib/statuspress.mjs', 'package/package.json']));
    expect(files.some((f) => f.startsWith('package/lib/chunks/'))).toBe(true);
    expect(files.filter((f) => f.endsWith('.map') || f.startsWith('package/src/') || f.startsWith('package/test/'))).toEqual([]);
  });

  it('installs with nothing besides it and runs: --version, init, build', async () => {
    expect(install.code, install.stderr).toBe(0);
    // Nothing but statuspress itself was installed.
    expect((await readdir(path.join(site, 'node_modules'))).filter((n) => !n.startsWith('.'))).toEqual(['statuspress']);
    const installed = JSON.parse(await readFile(path.join(site, 'node_modules/statuspress/package.json'), 'utf8')) as Record<string, unknown>;
    expect(installed.dependencies).toBeUndefined();

    // The bin npm linked, run as `npm exec` runs it (without npm's own start-up each time: the check
    // workflow below runs it through npx).
    const bin = path.join(site, 'node_modules/.bin/statuspress');
    expect(await run(bin, ['--version'], site)).toMatchObject({ code: 0, stdout: `statuspress ${version}\n` });
    const page = path.join(folder, 'status-page');
    const made = await run(bin, ['init', page, '--name', 'Acme Status'], folder);
    expect(made.code, made.stderr).toBe(0);
    // The single file init copied is the installed package's.
    const copied = await readFile(path.join(page, '.statuspress/statuspress.mjs'));
    expect(copied.equals(await readFile(path.join(site, 'node_modules/statuspress/lib/statuspress.mjs')))).toBe(true);
    const build = await run(bin, ['build'], page);
    expect(build.code, build.stderr).toBe(0);
    expect(build.stdout).toMatch(/^Built \d+ files/);
    expect(await run(process.execPath, ['.statuspress/statuspress.mjs', '--version'], page)).toMatchObject({ code: 0, stdout: `statuspress ${version}\n` });
  }, 180_000);

  it('init --from npm:file:<tarball> makes a repository that installs it and passes its check workflow', async () => {
    expect(init.stdout).toContain('npm install');
    expect(install.code, install.stderr).toBe(0);
    expect(JSON.parse(await readFile(path.join(site, 'package-lock.json'), 'utf8'))).toMatchObject({ packages: { 'node_modules/statuspress': { version } } });
    // The workflow's own steps: npm ci, then npx statuspress validate and build.
    const check = await readWorkflow(path.join(site, '.github/workflows/check.yml'));
    const job = await runJob(check, 'check', { cwd: site, env: OFFLINE, github: { event_name: 'pull_request', sha: 'd1' } }, { cacheKeys: new Set(), actions: [] });
    expect(job.ran).toEqual(expect.arrayContaining(['npm ci', 'Validate the content', 'Build the site']));
    expect(job.log).toContain('content: no problems found');
    expect(job.log).toMatch(/Built \d+ files/);
  }, 180_000);
});
