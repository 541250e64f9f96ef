// statuspress notify with an email target as a status repository runs it: the single-file CLI
// (lib/statuspress.mjs, nodemailer bundled in), a real SMTP server on 127.0.0.1. The new update of
// an incident is sent once, threaded on the incident, to the recipients in the variable; a re-run
// sends nothing; a target limited to another component gets nothing; no address or password printed.
import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/cli.js';
import { scratch, writeSite } from '../unit/notify/helpers.js';
import { PASSWORD, smtpServer, USER } from '../unit/notify/smtp.js';

const SINGLE_FILE = path.join(ROOT, 'lib/statuspress.mjs');

const run = (args: string[], env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> =>
  new Promise((resolve) => {
    execFile(process.execPath, [SINGLE_FILE, ...args], { env: { PATH: process.env.PATH ?? '', ...env }, timeout: 60_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });

const TARGETS = `notify:
  - type: email
    url_env: SMTP_URL
    to_env: STATUS_EMAIL_TO
    from: Acme Status <status@acme.com>
  - type: email
    url_env: WEBSITE_SMTP_URL
    to_env: WEBSITE_EMAIL_TO
    from: status@acme.com
    components: [2]
`;

const incident = (...updates: [string, string, string][]): string =>
  `id: 42\ntype: unplanned\nsubject: Errors on the API\ncomponents: [1]\nupdates:\n${updates.map(([at, state, text]) => `  - at: ${at}\n    state: ${state}\n    content: ${text}\n`).join('')}`;

describe('statuspress notify with an email target (single-file CLI)', () => {
  it('sends the new update once, threaded on the incident, to the recipients in the variable', async () => {
    const dir = await scratch();
    const content = await writeSite(dir, TARGETS, { '42.yaml': incident(['2026-11-20T10:05:00Z', 'investigating', 'Looking.']) });
    const server = await smtpServer();
    const url = `smtp://${USER}:${PASSWORD}@127.0.0.1:${server.port}`;
    const env = { SMTP_URL: url, STATUS_EMAIL_TO: 'status-announce@lists.acme.com', WEBSITE_SMTP_URL: url, WEBSITE_EMAIL_TO: 'web-team@acme.com' };
    const record = path.join(dir, 'notify.json');
    const args = (now: string): string[] => ['notify', '--content', content, '--previous', record, '--now', now];

    expect((await run(args('2026-11-20T10:10:00Z'), env)).code).toBe(0);
    await writeFile(path.join(content, 'notices/42.yaml'), incident(['2026-11-20T10:05:00Z', 'investigating', 'Looking.'], ['2026-11-20T10:20:00Z', 'identified', 'A bad deploy.']));
    const sent = await run(args('2026-11-20T10:25:00Z'), env);
    expect(sent.code).toBe(0);
    expect(sent.stderr).toBe('');
    expect(sent.stdout).toContain('Delivered: email (SMTP_URL, STATUS_EMAIL_TO) 1/1, email (WEBSITE_SMTP_URL, WEBSITE_EMAIL_TO) 0/0');
    const again = await run(args('2026-11-20T10:25:00Z'), env);
    expect(again.stdout.split('\n')[0]).toBe('No new events since the build of 2026-11-20T10:25:00.000Z (this build: 2026-11-20T10:25:00.000Z)');

    expect(server.mails).toHaveLength(1);
    const [mail] = server.mails;
    expect(mail!.to).toEqual(['status-announce@lists.acme.com']);
    expect(mail!.parsed.subject).toBe('Re: [Acme Status] Errors on the API');
    expect(mail!.parsed.inReplyTo).toMatch(/^<notice-42-published\.[0-9a-f]{12}@status\.acme\.com>$/);
    expect(mail!.parsed.text).toContain('A bad deploy.');
    for (const secret of [USER, PASSWORD, String(server.port)]) expect(`${sent.stdout}${sent.stderr}${again.stdout}`).not.toContain(secret);
  });
});
