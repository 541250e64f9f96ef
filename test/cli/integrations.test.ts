// One commit, three kinds of reader: a client of the Statuspage API (api/v2), a client of the spec API
// (api/v1, the site set to the underscore spelling strict clients want) and a Slack channel all learn of the same
// incident. Run as a team would: the CLI as child processes (new notice, build, serve, notify), the
// answers over HTTP from `statuspress serve`, the Slack message at a local receiver.
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, runCli } from '../helpers/cli.js';
import type { CliRun } from '../helpers/cli.js';
import type { Json } from '../helpers/build.js';
import { receiver, scratch, writeSite } from '../unit/notify/helpers.js';


const run = (args: string[], env: Record<string, string> = {}): Promise<CliRun> => runCli(args, { env, timeoutMs: 60_000 });

/** `statuspress serve` on a free port for the time of `fn`. */
async function serving<T>(dist: string, fn: (base: string) => Promise<T>): Promise<T> {
  const child = spawn(process.execPath, [BIN, 'serve', '--dir', dist, '--port', '0', '--at-build-time'], { stdio: ['ignore', 'pipe', 'pipe'] });
  try {
    const base = await new Promise<string>((resolve, reject) => {
      let out = '';
      const timer = setTimeout(() => reject(new Error(`serve did not start: ${out}`)), 15_000);
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        out += chunk;
        const match = /at (http:\/\/127\.0\.0\.1:\d+)\//.exec(out);
        if (match) {
          clearTimeout(timer);
          resolve(match[1]!);
        }
      });
      child.once('exit', (code) => reject(new Error(`serve exited (${code}): ${out}`)));
    });
    return await fn(base);
  } finally {
    child.kill();
  }
}

async function json(base: string, address: string): Promise<Json> {
  const answer = await fetch(base + address, { signal: AbortSignal.timeout(5_000) });
  expect(answer.status, address).toBe(200);
  return (await answer.json()) as Json;
}

describe('a Statuspage client, a Sorry client and a Slack channel see the same incident from the same commit', () => {
  it('new notice → build → serve and notify', async () => {
    const dir = await scratch();
    const content = await writeSite(dir, 'maintenance_spelling: under_maintenance\nnotify:\n  - type: slack\n    url_env: SLACK_URL\n');
    const slack = await receiver();
    const env = { SLACK_URL: `${slack.url}/services/T0/B0/token` };
    const record = path.join(dir, 'notify.json');
    const dist = path.join(dir, 'dist');

    // The deployment before the incident: built, and its state recorded by notify.
    expect((await run(['build', '--content', content, '--out', dist])).code).toBe(0);
    const first = await run(['notify', '--content', content, '--previous', record], env);
    expect(first.code, first.stderr).toBe(0);
    expect(slack.requests).toEqual([]);

    // The commit: an incident on the API, as `statuspress new notice` writes it.
    const created = await run([
      'new', 'notice', '--content', content, '--type', 'unplanned', '--subject', 'Checkout <fails> & times out',
      '--components', '1', '--state', 'identified', '--message', 'A bad deploy; rolling back.',
    ]);
    expect(created.code, created.stderr).toBe(0);
    const file = /Created (\S+) \(id (\d+)\)/.exec(created.stdout);
    expect(file, created.stdout).not.toBeNull();
    const id = Number(file![2]);
    expect(await readFile(path.resolve(file![1]!), 'utf8')).toContain('Checkout <fails> & times out');

    expect((await run(['build', '--content', content, '--out', dist])).code).toBe(0);
    const notified = await run(['notify', '--content', content, '--previous', record], env);
    expect(notified.code, notified.stderr).toBe(0);

    await serving(dist, async (base) => {
      // The Statuspage client.
      const summary = await json(base, '/api/v2/summary.json');
      expect(summary.status).toEqual({ indicator: expect.stringMatching(/^(minor|major|critical)$/), description: expect.any(String) });
      expect(summary.incidents).toHaveLength(1);
      expect(summary.incidents[0]).toMatchObject({ id: String(id), name: 'Checkout <fails> & times out', status: 'identified' });
      expect(summary.components.find((c: { id: string }) => c.id === '1').status).not.toBe('operational');
      const unresolved = await json(base, '/api/v2/incidents/unresolved.json');
      expect(unresolved.incidents.map((i: { id: string }) => i.id)).toEqual([String(id)]);

      // The Sorry client (the spec API).
      const status = await json(base, '/api/v1/status');
      expect(status.page.state).toBe('degraded');
      const present = await json(base, '/api/v1/notices?filter[timeline_state_eq]=present');
      expect(present.notices).toHaveLength(1);
      expect(present.notices[0]).toMatchObject({ id, subject: 'Checkout <fails> & times out', state: 'identified' });
      const notice = await json(base, `/api/v1/notices/${id}`);
      expect(notice.notice.url).toBe(`https://status.acme.com/notices/${id}/`);
      expect(summary.incidents[0].shortlink).toBe(notice.notice.url);
      // The page of the incident both link to is there.
      expect((await fetch(`${base}/notices/${id}/`, { signal: AbortSignal.timeout(5_000) })).status).toBe(200);
    });

    // The Slack channel: one message naming the same incident, linking the same page, its text escaped.
    const messages = slack.bodies('/services/T0/B0/token') as { text: string }[];
    const published = messages.filter((m) => m.text.includes('New incident'));
    expect(published).toHaveLength(1);
    expect(published[0]!.text).toContain('Checkout &lt;fails&gt; &amp; times out');
    expect(published[0]!.text).toContain(`<https://status.acme.com/notices/${id}/|`);

    // The next commit resolves it; a re-run of the same deployment sends nothing more.
    const before = slack.requests.length;
    expect((await run(['notify', '--content', content, '--previous', record], env)).code).toBe(0);
    expect(slack.requests.length).toBe(before);
  });
});
