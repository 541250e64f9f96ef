// statuspress notify as a user runs it: a child process with the targets' addresses and secret in its
// environment, its output and its exit code. Exit 0 even when a target fails (a warning names it),
// 2 for a usage error; no address or secret ever printed; overlapping runs send each event once.
import { execFileSync, spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync, watch } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { main } from '../../src/cli/run.js';
import { REAL_TRANSPORT } from '../../src/notify/deliver.js';
import { BIN, runCli } from '../helpers/cli.js';
import type { CliRun } from '../helpers/cli.js';
import { ALL_TARGETS, deadAddress, envFor, HOOK_SECRET, receiver, scratch, writeSite } from '../unit/notify/helpers.js';


// Only what the command needs: no variable of this machine's leaks in, and none is expected.
const run = (args: string[], env: Record<string, string>): Promise<CliRun> => runCli(args, { env, timeoutMs: 60_000 });

const NOTICE = 'id: 42\ntype: unplanned\nsubject: "Down\\n::warning::forged <!channel>"\ncomponents: [1]\nupdates:\n  - at: 2026-11-20T10:05:00Z\n    state: investigating\n    content: Looking.\n';

/** A site with every kind of target, a receiver for them, and the arguments of a run as of `now`. */
async function setup() {
  const dir = await scratch();
  const content = await writeSite(dir, ALL_TARGETS);
  const hooks = await receiver();
  const record = path.join(dir, 'notify.json');
  const args = (now: string): string[] => ['notify', '--content', content, '--previous', record, '--now', now];
  return { content, hooks, env: envFor(hooks.url), record, args };
}

describe('statuspress notify (CLI)', () => {
  it('records on the first run, then sends; a failing target is a warning with exit 0, and no secret is printed', async () => {
    const { content, hooks, env, record, args } = await setup();

    const first = await run(args('2026-11-20T10:00:00Z'), env);
    expect(first).toEqual({ code: 0, stdout: `No previous state at ${record}: nothing was sent. The state as of 2026-11-20T10:00:00.000Z is recorded; the next runs send what changes after it.\nRecorded in ${record}\n`, stderr: '' });

    await writeFile(path.join(content, 'notices/42.yaml'), NOTICE);
    hooks.answer('/slack/T000/B000/slack-token-abc', { status: 404, body: `no hook at ${env.SLACK_URL} (secret ${HOOK_SECRET})` });
    const second = await run(args('2026-11-20T10:10:00Z'), env);
    expect(second.code).toBe(0);
    expect(second.stderr).toBe('warning: slack (SLACK_URL): 3 of 3 messages not delivered: HTTP 404: "no hook at [secret] (secret [secret])"\n');
    const lines = second.stdout.split('\n');
    expect(lines[0]).toBe('3 new events since the build of 2026-11-20T10:00:00.000Z (this build: 2026-11-20T10:10:00.000Z)');
    // The subject's line break is shown escaped: it cannot start a line of its own (a workflow command).
    expect(lines[1]).toBe('  notice.published  notice-42-published  [Acme Status] New incident: Down ::warning::forged <!channel>');
    expect(second.stdout).toContain('Delivered in part: slack (SLACK_URL) 0/3 (3 not delivered), discord (DISCORD_URL) 3/3, teams (TEAMS_URL) 3/3, webhook (HOOK_URL) 3/3\n');
    for (const secret of ['slack-token-abc', 'discord-token-def', 'workflow-token-ghi', HOOK_SECRET, hooks.url]) {
      expect(`${second.stdout}${second.stderr}`).not.toContain(secret);
    }
    const again = await run(args('2026-11-20T10:10:00Z'), env);
    expect(again.stdout.split('\n')[0]).toBe('No new events since the build of 2026-11-20T10:10:00.000Z (this build: 2026-11-20T10:10:00.000Z)');
    expect(hooks.requests.filter((r) => r.path === '/hook')).toHaveLength(3);
  });

  it('an unset variable or a value that is no address: exit 2, named but never shown, nothing recorded', async () => {
    const dir = await scratch();
    const content = await writeSite(dir, ALL_TARGETS);
    const record = path.join(dir, 'notify.json');
    const env = envFor('http://127.0.0.1:9');
    const missing = await run(['notify', '--content', content, '--previous', record], { ...env, DISCORD_URL: '' });
    expect(missing.code).toBe(2);
    expect(missing.stdout).toBe('');
    expect(missing.stderr).toMatch(/^1 environment variable of site.yaml's notify targets is not set: DISCORD_URL \(discord \(DISCORD_URL\)\); nothing was sent\nSet each one where statuspress notify runs\./);
    const notUrl = await run(['notify', '--content', content, '--previous', record], { ...env, HOOK_URL: 'hook-token-zz9' });
    expect(notUrl.code).toBe(2);
    expect(notUrl.stderr).toContain('HOOK_URL (webhook (HOOK_URL)) does not hold an http(s) address; nothing was sent');
    expect(notUrl.stderr).not.toContain('hook-token-zz9');
    await expect(readFile(record)).rejects.toThrow(/ENOENT/);
    const noPrevious = await run(['notify', '--content', content], env);
    expect(noPrevious.code).toBe(2);
    expect(noPrevious.stderr).toMatch(/^Say where the previous state is: --previous FILE .*\n\nUsage: statuspress notify/);
  });

  it('--previous with a user name or password: exit 2 before anything is read or sent, the credentials never printed', async () => {
    const { content, hooks, env } = await setup();
    for (const address of ['https://deploy:hunter2-pw@status.acme.com/', 'http://hunter2-user@127.0.0.1:9/_statuspress/build.json']) {
      const result = await run(['notify', '--content', content, '--previous', address], env);
      expect(result.code, address).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr).toMatch(/^--previous holds a user name or password; give the deployed site’s public address without them/);
      expect(result.stderr).not.toContain('hunter2');
    }
    expect(hooks.requests).toEqual([]);
  });

  it('--previous that starts like a web address but is not one: exit 2, no folder named https: created', async () => {
    const { content, env } = await setup();
    const dir = path.dirname(content);
    const result = await runCli(['notify', '--content', content, '--previous', 'https://exa mple.com/'], { cwd: dir, env });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^--previous starts like a web address but is not a valid one/);
    await expect(readFile(path.join(dir, 'https:'))).rejects.toThrow(/ENOENT/);
  });

  it('two processes at once on the same record send each event once', async () => {
    const { content, hooks, env, args } = await setup();
    expect((await run(args('2026-11-20T10:00:00Z'), env)).code).toBe(0);
    await writeFile(path.join(content, 'notices/42.yaml'), NOTICE);
    const runs = await Promise.all([run(args('2026-11-20T10:10:00Z'), env), run(args('2026-11-20T10:10:00Z'), env)]);
    expect(runs.map((r) => r.code)).toEqual([0, 0]);
    expect(runs.map((r) => r.stdout.split('\n')[0]).sort()).toEqual([
      '3 new events since the build of 2026-11-20T10:00:00.000Z (this build: 2026-11-20T10:10:00.000Z)',
      'No new events since the build of 2026-11-20T10:10:00.000Z (this build: 2026-11-20T10:10:00.000Z)',
    ]);
    expect(hooks.requests).toHaveLength(12);
  });

  it('retries as it says, in real time: 500 then 200 is one message taken, Retry-After: 1 is waited', async () => {
    const dir = await scratch();
    const only = '    events: [notice.published]\n';
    const content = await writeSite(dir, `notify:\n  - type: webhook\n    url_env: HOOK_URL\n    secret_env: HOOK_SECRET\n${only}  - type: slack\n    url_env: SLACK_URL\n${only}`);
    const hooks = await receiver();
    const env = envFor(hooks.url);
    const record = path.join(dir, 'notify.json');
    const args = (now: string): string[] => ['notify', '--content', content, '--previous', record, '--now', now];
    expect(await run(args('2026-11-20T10:00:00Z'), env)).toMatchObject({ code: 0, stderr: '' });

    await writeFile(path.join(content, 'notices/42.yaml'), NOTICE);
    // One wait each, at the same time: the backoff's first second, and the second Retry-After asks for.
    hooks.answer('/hook', { status: 500 });
    hooks.answer('/slack/T000/B000/slack-token-abc', { status: 429, headers: { 'Retry-After': '1' } });
    const retried = await run(args('2026-11-20T10:10:00Z'), env);
    expect(retried).toMatchObject({ code: 0, stderr: '', stdout: expect.stringContaining('Delivered: webhook (HOOK_URL) 1/1, slack (SLACK_URL) 1/1\n') });
    const hook = hooks.requests.filter((r) => r.path === '/hook');
    expect(hook.map((r) => r.headers['x-statuspress-event-id'])).toEqual(['notice-42-published', 'notice-42-published']);
    const slack = hooks.requests.filter((r) => r.path.startsWith('/slack'));
    expect(slack).toHaveLength(2);
    // The waits' lengths (backoff doubled, Retry-After preferred) are checked on the recorded sleeps
    // (test/unit/notify/notify.test.ts), not on this clock.
    // Exactly one message: a re-run sends nothing more.
    expect((await run(args('2026-11-20T10:10:00Z'), env)).stdout).toMatch(/^No new events/);
    expect(hooks.requests).toHaveLength(4);
  });

  it('a dead port is a warning with exit 0, after the three attempts the docs promise, the address never printed', async () => {
    // In this process, so that the backoff's 3 s (1 + 2) are recorded rather than waited:
    // the bin's own output and exit code on a failing target are the first test's.
    const dir = await scratch();
    const only = '    events: [notice.published]\n';
    const content = await writeSite(dir, `notify:\n  - type: webhook\n    url_env: HOOK_URL\n    secret_env: HOOK_SECRET\n${only}  - type: slack\n    url_env: SLACK_URL\n${only}`);
    const hooks = await receiver();
    const dead = await deadAddress();
    const record = path.join(dir, 'notify.json');
    const args = (now: string): string[] => ['notify', '--content', content, '--previous', record, '--now', now];
    for (const [name, value] of Object.entries({ ...envFor(hooks.url), HOOK_URL: `${dead}/hook` })) vi.stubEnv(name, value);
    const slept: number[] = [];
    const sleep = vi.spyOn(REAL_TRANSPORT, 'sleep').mockImplementation((ms) => {
      slept.push(ms);
      return Promise.resolve();
    });
    try {
      const cli = async (now: string): Promise<{ code: number; stdout: string; stderr: string }> => {
        const out: string[] = [];
        const errors: string[] = [];
        const code = await main(args(now), { log: (line) => out.push(`${line}\n`), error: (line) => errors.push(`${line}\n`) });
        return { code, stdout: out.join(''), stderr: errors.join('') };
      };
      expect(await cli('2026-11-20T10:00:00Z')).toMatchObject({ code: 0, stderr: '' });
      await writeFile(path.join(content, 'notices/43.yaml'), NOTICE.replace('id: 42', 'id: 43'));
      const refused = await cli('2026-11-20T10:20:00Z');
      expect(refused).toMatchObject({
        code: 0,
        stderr: 'warning: webhook (HOOK_URL): 1 of 1 message not delivered: connection refused (3 attempts)\n',
        stdout: expect.stringContaining('Delivered in part: webhook (HOOK_URL) 0/1 (1 not delivered), slack (SLACK_URL) 1/1\n'),
      });
      expect(slept).toEqual([1000, 2000]);
      expect(`${refused.stdout}${refused.stderr}`).not.toContain(dead);
    } finally {
      sleep.mockRestore();
      vi.unstubAllEnvs();
    }
  });

  it('--previous URL reads the deployed build and records nothing, and says so', async () => {
    const { content, hooks, env, record } = await setup();
    const site = await receiver({ status: 404 });
    const args = (now: string, previous: string): string[] => ['notify', '--content', content, '--previous', previous, '--now', now];
    const first = await run(args('2026-11-20T10:00:00Z', `${site.url}/status`), env);
    expect(first).toEqual({
      code: 0,
      stdout: `No previous state at ${site.url}/status: nothing was sent.\n`,
      stderr: `warning: ${site.url}/status/_statuspress/build.json answered 404: nothing was sent (a first deployment, or a host that does not serve _statuspress/)\n`,
    });
    // The deployed build, as \`statuspress build\` writes it; a URL ending in .json is fetched as it is.
    const out = path.join(path.dirname(record), 'out');
    expect((await run(['build', '--content', content, '--out', out, '--now', '2026-11-20T10:00:00Z'], {})).code).toBe(0);
    site.answer('/deployed/state.json', { status: 200, body: await readFile(path.join(out, '_statuspress/build.json'), 'utf8') });
    await writeFile(path.join(content, 'notices/42.yaml'), NOTICE);
    const next = await run(args('2026-11-20T10:10:00Z', `${site.url}/deployed/state.json`), env);
    expect(next.code).toBe(0);
    expect(next.stdout.split('\n')[0]).toBe('3 new events since the build of 2026-11-20T10:00:00.000Z (this build: 2026-11-20T10:10:00.000Z)');
    expect(next.stdout).not.toContain('Recorded');
    expect(hooks.requests.filter((r) => r.path === '/hook')).toHaveLength(3);
    await expect(readFile(record)).rejects.toThrow(/ENOENT/);
  });
});

// Third round: foreign files in the record's place, a run stopped while it holds the lock, and
// terminal output of text that came from a file or the network (docs/reliability.md).
/** Whether `child` has ended. */
const exited = (child: ChildProcess): boolean => child.exitCode !== null || child.signalCode !== null;

/** Resolves once `file` exists (told by the folder's watcher), or once `child` has ended without making it. */
function appears(file: string, child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    const watcher = watch(path.dirname(file), (_event, name) => {
      if (name === path.basename(file)) done();
    });
    const done = (): void => {
      watcher.close();
      child.off('exit', done);
      resolve();
    };
    child.on('exit', done);
    if (existsSync(file) || exited(child)) done(); // made before the watcher was
  });
}

/**
 * Resolves once `child` handles SIGHUP itself, or once it has ended. Node handles SIGINT and SIGTERM
 * from its start, but SIGHUP only when a listener is added: here by notify's lock, which adds its
 * listeners for all three as it starts trying for the lock. Nothing else is seen from outside, so
 * the bit in Linux's /proc/<pid>/status is read until it is set.
 */
async function handlesSignals(child: ChildProcess): Promise<void> {
  const caught = async (): Promise<boolean> => {
    const status = await readFile(`/proc/${child.pid}/status`, 'utf8').catch(() => '');
    const mask = /^SigCgt:\s*([0-9a-f]+)$/m.exec(status)?.[1];
    return mask !== undefined && (BigInt(`0x${mask}`) & 1n) === 1n; // bit 0: signal 1, SIGHUP
  };
  while (!exited(child) && !(await caught())) await new Promise((resolve) => setImmediate(resolve));
}

describe('statuspress notify (CLI): the record file and the terminal', () => {
  /** No control character but the line breaks, and no line longer than `max`. */
  const terminalClean = (text: string, max: number): void => {
    // eslint-disable-next-line no-control-regex -- finding control characters is the point
    expect(text).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/);
    for (const line of text.split('\n')) expect(line.length).toBeLessThanOrEqual(max);
  };

  it('--previous naming a FIFO is refused at once (never waited on), exit 2, and leaves no lock', async () => {
    const { env, args, record } = await setup();
    execFileSync('mkfifo', [record]);
    // Nothing writes into the FIFO: a run that read it would wait for ever, and never exit with 2.
    const result = await runCli(args('2026-11-20T10:00:00Z'), { env, timeoutMs: 15_000 });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/is not a statuspress notify record \(it is a FIFO \(named pipe\), not a file\): it was left as it is, and nothing was sent\n/);
    expect((await readdir(path.dirname(record))).filter((f) => f.endsWith('.lock'))).toEqual([]);
  });

  it('SIGTERM while it holds the lock: the lock (and any temporary record) is removed, the process ends by the signal, the record is whole', async () => {
    const { env, args, record } = await setup();
    // A big record keeps the run in its locked section (reading, checking, replacing it) long enough to be stopped there.
    const sent = Object.fromEntries(Array.from({ length: 400_000 }, (_, i) => [`component-1-degraded-2020-01-01T00:00:${String(i).padStart(8, '0')}`, '2020-01-01T00:00:00.000Z']));
    const big = `${JSON.stringify({ format: 2, now: '2026-11-20T09:00:00.000Z', page: 'operational', components: { 1: 'operational', 2: 'operational' }, notices: {}, sent })}\n`;
    await writeFile(record, big);
    const child = spawn(process.execPath, [BIN, ...args('2026-11-20T10:00:00Z')], { env: { PATH: process.env.PATH ?? '', ...env }, stdio: 'ignore' });
    const ended = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
    const lock = `${record}.lock`;
    await appears(lock, child);
    expect(existsSync(lock)).toBe(true); // still there: the run is in its locked section
    child.kill('SIGTERM');
    const { code, signal } = await ended;
    expect({ code, signal }).toEqual({ code: null, signal: 'SIGTERM' });
    expect(existsSync(lock)).toBe(false);
    expect((await readdir(path.dirname(record))).filter((f) => f.startsWith('notify.json.'))).toEqual([]);
    // Whole: the old record, or the new one.
    const now = (JSON.parse(await readFile(record, 'utf8')) as { now: string }).now;
    expect(['2026-11-20T09:00:00.000Z', '2026-11-20T10:00:00.000Z']).toContain(now);
  }, 60_000);

  it('SIGTERM while a target keeps it waiting: it ends within moments, 143, the message in flight unknown and the rest held for the next run', async () => {
    const { content, hooks, env, args, record } = await setup();
    expect((await run(args('2026-11-20T10:00:00Z'), env)).code).toBe(0);
    await writeFile(path.join(content, 'notices/42.yaml'), NOTICE);
    // Slack keeps its first message unanswered; the others take theirs.
    hooks.answer('/slack/T000/B000/slack-token-abc', 'hang');
    const hung = new Promise<void>((resolve) => hooks.onHang(() => resolve()));
    const child = spawn(process.execPath, [BIN, ...args('2026-11-20T10:10:00Z')], { env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    const ended = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
    await hung;
    child.kill('SIGTERM');
    expect(await ended).toBe(143);
    expect(output).toContain('warning: slack (SLACK_URL): 1 of 3 messages handed over without an answer (the run was stopped while waiting for the answer): recorded as unknown, not sent again\n');
    // The other targets may have had a message in flight too: each of those is unknown as well.
    expect(output).toMatch(/warning: stopped by SIGTERM: \d+ messages not yet sent are held in the record for the next run\n/);
    expect(output).toMatch(/Delivered in part: .*slack \(SLACK_URL\) 0\/3 \(1 unknown, 2 held for the next run\)/);
    const written = JSON.parse(await readFile(record, 'utf8')) as { unknown: Record<string, string[]>; held: { event: string; target: string }[] };
    expect(Object.values(written.unknown).flat()).toContain('slack (SLACK_URL)');
    expect(written.held.filter((m) => m.target === 'slack (SLACK_URL)')).toHaveLength(2);
    // The next run sends each held message to its own target, once, and nothing else.
    const webhookBefore = hooks.requests.filter((r) => r.path === '/hook').map((r) => r.headers['x-statuspress-event-id']);
    const before = hooks.requests.length;
    const next = await run(args('2026-11-20T10:20:00Z'), env);
    expect(next.code).toBe(0);
    expect(hooks.requests.slice(before)).toHaveLength(written.held.length);
    expect(hooks.requests.slice(before).filter((r) => r.path === '/slack/T000/B000/slack-token-abc')).toHaveLength(2);
    const webhookIds = [...webhookBefore, ...hooks.requests.slice(before).filter((r) => r.path === '/hook').map((r) => r.headers['x-statuspress-event-id'])];
    expect(new Set(webhookIds).size).toBe(webhookIds.length);
  });

  it('SIGTERM while it waits for another run\'s lock leaves that lock alone', async () => {
    const { env, args, record } = await setup();
    const lock = `${record}.lock`;
    // No time in it: its age is then how long the run has seen it unchanged, so it is fresh whatever
    // the clock says (a dated one was stale on any day 2 minutes past it, and removed before the signal).
    await writeFile(lock, '4242\n');
    const child = spawn(process.execPath, [BIN, ...args('2026-11-20T10:00:00Z')], { env: { PATH: process.env.PATH ?? '', ...env }, stdio: 'ignore' });
    const ended = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
    // Stopped once it waits for the lock: before that, Node's own handler would end it, and the lock
    // would be left alone whatever notify's handlers do.
    await handlesSignals(child);
    expect(exited(child)).toBe(false);
    child.kill('SIGTERM');
    expect(await ended).toBe('SIGTERM');
    expect(await readFile(lock, 'utf8')).toBe('4242\n');
  });

  it('a hostile record (a terminal escape in a key, on a 3,141-character line) is refused without printing it', async () => {
    const { env, args, record } = await setup();
    const key = `\u001b[2J\u001b]0;pwned\u0007${'A'.repeat(3141)}`;
    await writeFile(record, JSON.stringify({ format: 1, now: '2026-11-20T09:00:00Z', page: 'operational', components: { [key]: 'operational' }, notices: {}, sent: {} }));
    const result = await run(args('2026-11-20T10:00:00Z'), env);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(`Could not read the previous state from ${record}: a notify record, but damaged: a key of "components" is not an id; nothing was sent\nIf the file is damaged, delete it: the next run sends nothing and records the state afresh, and the runs after it send what changes.\n`);
    terminalClean(`${result.stdout}${result.stderr}`, 400);
  });

  it('a hostile answer from a target reaches the terminal escaped and cut to 100 characters', async () => {
    const { content, hooks, env, args } = await setup();
    expect((await run(args('2026-11-20T10:00:00Z'), env)).code).toBe(0);
    await writeFile(path.join(content, 'notices/42.yaml'), NOTICE);
    hooks.answer('/hook', { status: 400, body: `\u001b[2J\u001b]0;pwned\u0007\u009b31m\r${'B'.repeat(3141)}` });
    const result = await run(args('2026-11-20T10:10:00Z'), env);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe(`warning: webhook (HOOK_URL): 3 of 3 messages not delivered: HTTP 400: "\\u001b[2J\\u001b]0;pwned\\u0007\\u009b31m ${'B'.repeat(100 - 19)}…"\n`);
    terminalClean(`${result.stdout}${result.stderr}`, 400);
  });

  it('an update inserted before published ones: sent once, and a warning line says the ids changed', async () => {
    const { content, hooks, env, args } = await setup();
    const notice = (...updates: [string, string][]): string =>
      `id: 42\ntype: unplanned\nsubject: Down\ncomponents: [1]\nupdates:\n${updates.map(([at, text]) => `  - at: ${at}\n    state: investigating\n    content: ${text}\n`).join('')}`;
    await writeFile(path.join(content, 'notices/42.yaml'), notice(['2026-11-20T10:05:00Z', 'Looking.'], ['2026-11-20T10:20:00Z', 'Found it.']));
    expect((await run(args('2026-11-20T10:30:00Z'), env)).code).toBe(0);
    await writeFile(path.join(content, 'notices/42.yaml'), notice(['2026-11-20T10:05:00Z', 'Looking.'], ['2026-11-20T10:10:00Z', 'Inserted.'], ['2026-11-20T10:20:00Z', 'Found it.']));
    const result = await run(args('2026-11-20T10:40:00Z'), env);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe("warning: notice 42's update ids changed (42002 is now 42003): clients of the API that kept them see new ones; no update was sent again\n");
    expect(result.stdout.split('\n')[0]).toBe('1 new event since the build of 2026-11-20T10:30:00.000Z (this build: 2026-11-20T10:40:00.000Z)');
    expect((hooks.bodies('/hook') as { update: { content: string } }[]).map((b) => b.update.content)).toEqual(['Inserted.']);
  });

  it('whatever a command prints passes a last guard: a control character left in a line is shown escaped', async () => {
    const lines: string[] = [];
    const code = await main(['\u001b[2J\u001b]0;pwned\u0007\r\u009b'], { log: (l) => lines.push(l), error: (l) => lines.push(l) });
    expect(code).toBe(2);
    expect(lines[0]!.split('\n')[0]).toBe('Unknown command "\\u001b[2J\\u001b]0;pwned\\u0007\\r\\u009b".');
    terminalClean(lines.join('\n'), 400);
  });

  it('keeps an audience whose site was not deployed waiting, and notifies the public all the same', async () => {
    const dir = await scratch();
    const content = await writeSite(dir, 'audiences:\n  staff:\n    url: https://status.internal.example.com\nnotify:\n  - type: webhook\n    url_env: HOOK_URL\n    secret_env: HOOK_SECRET\n  - type: slack\n    url_env: SLACK_URL\n    audience: staff\n');
    const hooks = await receiver();
    const env = envFor(hooks.url);
    const record = path.join(dir, 'notify.json');
    const args = (now: string, ...more: string[]): string[] => ['notify', '--content', content, '--previous', record, '--now', now, ...more];
    expect(await run(args('2026-11-20T10:00:00Z'), env)).toMatchObject({ code: 0, stderr: '' });
    await writeFile(path.join(content, 'notices/42.yaml'), NOTICE.replace(/^subject: .*$/m, 'subject: API down'));
    const waited = await run(args('2026-11-20T10:10:00Z', '--not-deployed', 'staff'), env);
    expect(waited).toMatchObject({ code: 0, stderr: 'warning: the staff site was not deployed: slack (SLACK_URL) get its events on the next run that deploys it\n' });
    const sent = hooks.requests.length;
    expect(sent).toBeGreaterThan(0);
    expect(hooks.requests.every((r) => r.path === '/hook')).toBe(true);
    // The next run that deploys the staff site sends what it waited for, and the public nothing again.
    const caught = await run(args('2026-11-20T10:20:00Z'), env);
    expect(caught).toMatchObject({ code: 0, stderr: '' });
    // The same events (the public notice is the staff's too), to the staff target alone.
    expect(hooks.requests.slice(sent).map((r) => r.path)).toEqual(Array(sent).fill('/slack/T000/B000/slack-token-abc'));
    expect(await run(args('2026-11-20T10:30:00Z', '--not-deployed', 'public'), env)).toMatchObject({ code: 2, stderr: expect.stringContaining('--audience "public" is no audience') });
  });
});
