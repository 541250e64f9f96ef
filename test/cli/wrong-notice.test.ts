// The wrong id lands on the wrong notice: `update 1 --message "Rolling back now"` on a fresh page
// posted the incident's text onto the welcome announcement, which the stale-notice guard lets
// through while it is new. An update to an announcement while an incident is open is refused,
// naming the open incidents; --announcement posts to it on purpose; a --state for it says it is an
// announcement and names the incidents.
import { cp, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, runCli } from '../helpers/cli.js';

// The example's moment: incident 27 open, announcement 26 posted two days before.
const NOW = '2026-11-22T07:45:00Z';
let tmp: string;
let content: string;
beforeAll(async () => {
  tmp = await mkdtemp(path.join(tmpdir(), 'statuspress-wrong-notice-'));
  content = path.join(tmp, 'content');
  await cp(path.join(ROOT, 'content'), content, { recursive: true });
});
afterAll(() => rm(tmp, { recursive: true, force: true }));

async function texts(): Promise<string[]> {
  const dir = path.join(content, 'notices');
  return Promise.all((await readdir(dir)).sort().map((f) => readFile(path.join(dir, f), 'utf8')));
}

describe('update of an announcement while an incident is open', () => {
  it('is refused with exit 2, naming the open incidents, and writes nothing', async () => {
    const before = await texts();
    const run = await runCli(['update', '26', '--content', content, '--now', NOW, '--message', 'Rolling back now']);
    expect(run).toMatchObject({ code: 2, stdout: '' });
    expect(run.stderr).toBe(
      'Notice 26 ("Support hours over Thanksgiving") is an announcement, not an incident; nothing was written. Open incident: 27 "Email notifications delayed".\n' +
        'To post to an incident, give its id (statuspress update ID --state STATE --message TEXT); to post to this announcement on purpose, add --announcement.\n',
    );
    expect(await texts()).toEqual(before);
  });

  it('with --state says the notice is an announcement and names the incidents', async () => {
    const before = await texts();
    const run = await runCli(['update', '26', '--content', content, '--now', NOW, '--state', 'identified', '--message', 'Rolling back now', '--announcement']);
    expect(run).toMatchObject({ code: 2, stdout: '' });
    expect(run.stderr.split('\n')[0]).toBe('Notice 26 ("Support hours over Thanksgiving") is an announcement, not an incident, and has no state (--state "identified"); nothing was written. Open incident: 27 "Email notifications delayed".');
    expect(await texts()).toEqual(before);
  });

  it('goes through with --announcement, and to the incident by its own id', async () => {
    // Posted to two days ago, it is stale as well: --reopen.
    const meant = await runCli(['update', '26', '--content', content, '--now', NOW, '--message', 'Support answers incidents first today.', '--announcement', '--reopen']);
    expect(meant).toMatchObject({ code: 0, stderr: '' });
    expect(meant.stdout).toContain('notice 26 "Support hours over Thanksgiving" (general)');
    const incident = await runCli(['update', '27', '--content', content, '--now', NOW, '--state', 'recovering', '--message', 'Rolling back now']);
    expect(incident).toMatchObject({ code: 0, stderr: '' });
  });

  it('goes through without --announcement once no incident is open', async () => {
    expect(await runCli(['resolve', '27', '--content', content, '--now', NOW])).toMatchObject({ code: 0 });
    const run = await runCli(['update', '26', '--content', content, '--now', '2026-11-22T08:00:00Z', '--message', 'All clear.']);
    expect(run).toMatchObject({ code: 0, stderr: '' });
  });
});
