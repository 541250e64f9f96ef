// statuspress notify as a user runs it: a child process with the targets' addresses and secret in its
// environment, its output and its exit code. Exit 0 even when a target fails (a warning names it),
// 2 for a usage error; no address or secret ever printed; overlapping runs send each event once.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
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
    expect(second.stdout).toContain('Delivered: slack (SLACK_URL) 0/3, discord (DISCORD_URL) 3/3, teams (TEAMS_URL) 3/3, webhook (HOOK_URL) 3/3\n');
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

  it('retries as it says, in real time: 500 twice then 200 is one message taken, Retry-After: 1 is waited, a dead port is a warning with exit 0', async () => {
    const dir = await scratch();
    const only = '    events: [notice.published]\n';
    const content = await writeSite(dir, `notify:\n  - type: webhook\n    url_env: HOOK_URL\n    secret_env: HOOK_SECRET\n${only}  - type: slack\n    url_env: SLACK_URL\n${only}`);
    const hooks = await receiver();
    const env = envFor(hooks.url);
    const record = path.join(dir, 'notify.json');
    const args = (now: string): string[] => ['notify', '--content', content, '--previous', record, '--now', now];
    expect((await run(args('2026-11-20T10:00:00Z'), env)).code).toBe(0);

    await writeFile(path.join(content, 'notices/42.yaml'), NOTICE);
    hooks.answer('/hook', { status: 500 }, { status: 500 });
    // Twice: the second wait is Retry-After's 1 s, not the backoff's 2 s.
    hooks.answer('/slack/T000/B000/slack-token-abc', { status: 429, headers: { 'Retry-After': '1' } }, { status: 429, headers: { 'Retry-After': '1' } });
    const retried = await run(args('2026-11-20T10:10:00Z'), env);
    expect(retried).toMatchObject({ code: 0, stderr: '' });
    expect(retried.stdout).toContain('Delivered: webhook (HOOK_URL) 1/1, slack (SLACK_URL) 1/1\n');
    const hook = hooks.requests.filter((r) => r.path === '/hook');
    expect(hook.map((r) => r.headers['x-statuspress-event-id'])).toEqual(['notice-42-published', 'notice-42-published', 'notice-42-published']);
    expect(hook[1]!.at - hook[0]!.at).toBeGreaterThanOrEqual(900);
    expect(hook[2]!.at - hook[1]!.at).toBeGreaterThanOrEqual(1900);
    const slack = hooks.requests.filter((r) => r.path.startsWith('/slack'));
    expect(slack).toHaveLength(3);
    expect(slack[1]!.at - slack[0]!.at).toBeGreaterThanOrEqual(900);
    expect(slack[2]!.at - slack[1]!.at).toBeGreaterThanOrEqual(900);
    expect(slack[2]!.at - slack[1]!.at).toBeLessThan(1900);
    // Exactly one message: a re-run sends nothing more.
    expect((await run(args('2026-11-20T10:10:00Z'), env)).stdout).toMatch(/^No new events/);
    expect(hooks.requests).toHaveLength(6);

    await writeFile(path.join(content, 'notices/43.yaml'), NOTICE.replace('id: 42', 'id: 43'));
    const dead = await deadAddress();
    const refused = await run(args('2026-11-20T10:20:00Z'), { ...env, HOOK_URL: `${dead}/hook` });
    expect(refused.code).toBe(0);
    expect(refused.stderr).toBe('warning: webhook (HOOK_URL): 1 of 1 message not delivered: connection refused (5 attempts)\n');
    expect(refused.stdout).toContain('Delivered: webhook (HOOK_URL) 0/1, slack (SLACK_URL) 1/1\n');
    expect(`${refused.stdout}${refused.stderr}`).not.toContain(dead);
  }, 60_000);

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
