// statuspress notify's email target against a real SMTP server on 127.0.0.1 (smtp-server), the
// messages parsed as a mail client would (mailparser): one message per event, threaded on the
// notice, the recipients hidden from each other, hostile text escaped; a re-run sends nothing, a
// target limited to other components gets nothing; 4xx is tried again, 5xx is final, and failed
// authentication or TLS are warnings that name the target, never its address or password.
import path from 'node:path';
import { writeFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { notify } from '../../../src/notify/index.js';
import type { NotifyOptions, NotifyResult } from '../../../src/notify/index.js';
import { messageIdOf } from '../../../src/notify/email.js';
import { fastTransport, scratch, writeSite } from './helpers.js';
import { PASSWORD, smtpServer, USER } from './smtp.js';
import type { Mail, Server } from './smtp.js';

const T0 = Date.parse('2026-11-20T10:00:00Z');
const at = (minutes: number): number => T0 + minutes * 60_000;
const iso = (minutes: number): string => new Date(at(minutes)).toISOString().replace('.000Z', 'Z');
const RETRY = { backoffMs: 1000, attemptTimeoutMs: 2000, budgetMs: 60_000 };
const INCIDENT = (...updates: [number, string, string][]): string =>
  `id: 42\ntype: unplanned\nsubject: "Errors <script>alert(1)</script> & more"\ncomponents: [1]\nupdates:\n${updates.map(([m, state, text]) => `  - at: ${iso(m)}\n    state: ${state}\n    content: ${JSON.stringify(text)}\n`).join('')}`;

const EMAIL_TARGETS = `notify:
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

interface Setup {
  content: string;
  server: Server;
  transport: ReturnType<typeof fastTransport>;
  env: Record<string, string>;
  run(minutes: number, extra?: Partial<NotifyOptions>): Promise<NotifyResult>;
}

async function setup(targets = EMAIL_TARGETS, notices: Record<string, string> = {}): Promise<Setup> {
  const dir = await scratch();
  const content = await writeSite(dir, targets, notices);
  const server = await smtpServer();
  const transport = fastTransport();
  const url = `smtp://${USER}:${PASSWORD}@127.0.0.1:${server.port}`;
  const env = { SMTP_URL: url, STATUS_EMAIL_TO: 'ops@acme.com, status-announce@lists.acme.com', WEBSITE_SMTP_URL: url, WEBSITE_EMAIL_TO: 'web-team@acme.com' };
  const record = path.join(dir, 'notify.json');
  return {
    content,
    server,
    transport,
    env,
    run: (minutes, extra = {}) => notify({ contentDir: content, now: at(minutes), previous: record, env, transport, retry: RETRY, ...extra }),
  };
}

const SITE = { url: 'https://status.acme.com' } as Parameters<typeof messageIdOf>[0];

describe('statuspress notify: email', () => {
  it('sends each new update once, threaded on the incident, to the recipients hidden from each other; a target of another component gets nothing', async () => {
    const s = await setup();
    expect((await s.run(0)).outcome).toBe('first-run');
    await writeFile(path.join(s.content, 'notices/42.yaml'), INCIDENT([5, 'investigating', 'We are <b>looking</b> into it.']));
    const opened = await s.run(10);
    expect(opened.warnings).toEqual([]);
    await writeFile(path.join(s.content, 'notices/42.yaml'), INCIDENT([5, 'investigating', 'We are <b>looking</b> into it.'], [20, 'identified', 'A bad deploy: **rolling back**.']));
    const updated = await s.run(25);
    expect(updated.deliveries).toEqual([{ target: 'email (SMTP_URL, STATUS_EMAIL_TO)', event: updated.events[0]!.event.id, ok: true, attempts: 1 }]);
    // A re-run of the same build sends nothing.
    expect((await s.run(25)).deliveries).toEqual([]);

    // Published (with the incident's component and page state changes), then the update: all to the
    // unfiltered target; the Website target (components: [2]) gets none of them.
    const mails = s.server.mails;
    expect(mails.map((m) => m.to)).toEqual(Array(4).fill(['ops@acme.com', 'status-announce@lists.acme.com']));
    const [published, , , update] = mails as [Mail, Mail, Mail, Mail];
    expect(published.parsed.messageId).toBe(messageIdOf(SITE, 'notice-42-published'));
    expect(published.parsed.subject).toBe('[Acme Status] Errors <script>alert(1)</script> & more');
    expect(published.parsed.inReplyTo).toBeUndefined();
    expect(update.parsed.subject).toBe('Re: [Acme Status] Errors <script>alert(1)</script> & more');
    expect(update.parsed.inReplyTo).toBe(published.parsed.messageId);
    expect(update.parsed.references).toBe(published.parsed.messageId);
    // Derived from the site and the event, so re-runs and other machines agree.
    expect(update.parsed.messageId).toBe(messageIdOf(SITE, updated.events[0]!.event.id));
    // Bcc: neither recipient is named in the message.
    for (const mail of mails) {
      expect(mail.parsed.to).toBeUndefined();
      expect(mail.raw).not.toMatch(/ops@acme\.com|status-announce/);
      expect(mail.from).toBe('status@acme.com');
      expect(mail.parsed.headers.get('auto-submitted')).toBe('auto-generated');
    }
    // A plain-text and an HTML part from the same data; hostile text escaped in the HTML.
    expect(update.parsed.text).toContain('Incident update: Errors <script>alert(1)</script> & more');
    expect(update.parsed.text).toContain('A bad deploy: **rolling back**.');
    expect(update.parsed.text).toContain('https://status.acme.com/notices/42/');
    const html = String(update.parsed.html);
    expect(html).toContain('Errors &lt;script&gt;alert(1)&lt;/script&gt; &amp; more');
    expect(html).toContain('<strong>rolling back</strong>');
    expect(html).toContain('<a href="https://status.acme.com/notices/42/">');
    expect(String(published.parsed.html)).toContain('We are &lt;b&gt;looking&lt;/b&gt; into it.');
    expect(html).not.toMatch(/<script|<b>/);
  });

  it('one recipient is the To of the message', async () => {
    const s = await setup(EMAIL_TARGETS.replace('components: [2]', 'components: [1]'));
    await s.run(0);
    await writeFile(path.join(s.content, 'notices/42.yaml'), INCIDENT([5, 'investigating', 'Looking.']));
    await s.run(10);
    const website = s.server.mails.filter((m) => m.to.includes('web-team@acme.com'));
    // The notice and its component's state change; not the page's.
    expect(website.map((m) => m.parsed.subject)).toEqual(['[Acme Status] Errors <script>alert(1)</script> & more', '[Acme Status] API: degraded']);
    expect(website[0]!.parsed.to).toMatchObject({ text: 'web-team@acme.com' });
  });

  it('a 4xx reply is tried again after a backoff; a 5xx reply is final, and reported without the address or password', async () => {
    const s = await setup(EMAIL_TARGETS.split('  - type: email\n    url_env: WEBSITE')[0]!);
    await s.run(0);
    s.server.reply(451);
    await writeFile(path.join(s.content, 'notices/42.yaml'), INCIDENT([5, 'investigating', 'Looking.']));
    const retried = await s.run(10);
    expect(retried.deliveries.map((d) => [d.ok, d.attempts])).toEqual([
      [true, 2],
      [true, 1],
      [true, 1],
    ]);
    expect(s.transport.slept).toEqual([1000]);
    expect(s.server.mails).toHaveLength(3);

    s.server.reply(550);
    await writeFile(path.join(s.content, 'notices/42.yaml'), INCIDENT([5, 'investigating', 'Looking.'], [20, 'identified', 'Found it.']));
    const refused = await s.run(25);
    expect(refused.deliveries).toMatchObject([{ ok: false, attempts: 1 }]);
    expect(refused.warnings).toHaveLength(1);
    expect(refused.warnings[0]).toMatch(/^email \(SMTP_URL, STATUS_EMAIL_TO\): 1 of 1 message not delivered: SMTP 550: "Rejected for \[secret\] by relay \[secret\]"$/);
    expect(s.transport.slept).toEqual([1000]);
    expect(s.server.mails).toHaveLength(3);
    // At most once: the refused update is not tried by the next run.
    expect((await s.run(30)).deliveries).toEqual([]);
  });

  it('failed authentication and TLS are warnings naming the target, never its address or password', async () => {
    const s = await setup(EMAIL_TARGETS.split('  - type: email\n    url_env: WEBSITE')[0]!);
    await s.run(0);
    await writeFile(path.join(s.content, 'notices/42.yaml'), INCIDENT([5, 'investigating', 'Looking.']));
    const wrong = { ...s.env, SMTP_URL: `smtp://${USER}:wrong-pass-xx1@127.0.0.1:${s.server.port}` };
    const auth = await s.run(10, { env: wrong });
    expect(auth.warnings).toHaveLength(1);
    expect(auth.warnings[0]).toMatch(/^email \(SMTP_URL, STATUS_EMAIL_TO\): 3 of 3 messages not delivered: authentication failed: check the user name and password in the address/);
    expect(auth.deliveries.map((d) => d.attempts)).toEqual([1, 0, 0]);

    await writeFile(path.join(s.content, 'notices/42.yaml'), INCIDENT([5, 'investigating', 'Looking.'], [20, 'identified', 'Found it.']));
    const tls = await s.run(25, { env: { ...s.env, SMTP_URL: `smtps://${USER}:${PASSWORD}@127.0.0.1:${s.server.port}` } });
    expect(tls.warnings).toEqual([
      'email (SMTP_URL, STATUS_EMAIL_TO): 1 of 1 message not delivered: the TLS connection failed: check the server’s certificate, and smtps:// (TLS from the start, port 465) against smtp:// (STARTTLS, port 587)',
    ]);
    const shown = JSON.stringify([auth, tls]);
    for (const secret of [USER, PASSWORD, 'wrong-pass-xx1', String(s.server.port), 'ops@acme.com']) expect(shown).not.toContain(secret);
    expect(s.server.mails).toEqual([]);
  });

  it('a variable that holds no mail server or no recipient is a usage error naming it, not its value', async () => {
    const s = await setup();
    const error = await s.run(0, { env: { ...s.env, SMTP_URL: 'https://mail.acme.com', WEBSITE_EMAIL_TO: 'web team' } }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'usage/notify-env-not-mail' });
    expect((error as Error).message).toBe(
      'SMTP_URL (email (SMTP_URL, STATUS_EMAIL_TO)) holds no smtp:// or smtps:// address, WEBSITE_EMAIL_TO (email (WEBSITE_SMTP_URL, WEBSITE_EMAIL_TO)) holds no email address; nothing was sent',
    );
  });
});
