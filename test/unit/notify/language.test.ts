// statuspress notify speaks the site's default language in its time zone: a `locale: de`,
// `time_zone: Europe/Berlin` site gets German chat messages and emails with Berlin times, while the
// generic webhook's JSON stays as it is for every site (machine-readable).
import path from 'node:path';
import { writeFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { notify } from '../../../src/notify/index.js';
import { ALL_TARGETS, envFor, fastTransport, receiver, scratch, writeSite } from './helpers.js';
import { PASSWORD, smtpServer, USER } from './smtp.js';

const T0 = Date.parse('2026-11-20T10:00:00Z');
const at = (minutes: number): number => T0 + minutes * 60_000;
const iso = (minutes: number): string => new Date(at(minutes)).toISOString().replace('.000Z', 'Z');
const RETRY = { backoffMs: 1000, attemptTimeoutMs: 2000, budgetMs: 60_000 };
const GERMAN = 'locale: de\ntime_zone: Europe/Berlin\n';
const INCIDENT = (...updates: [number, string, string][]): string =>
  `id: 42\ntype: unplanned\nsubject: Fehler in der API\ncomponents: [1]\nupdates:\n${updates.map(([m, state, text]) => `  - at: ${iso(m)}\n    state: ${state}\n    content: ${JSON.stringify(text)}\n`).join('')}`;
const MAINTENANCE = `id: 43\ntype: planned\nsubject: Datenbank-Upgrade\ncomponents: [2]\nbegins_at: ${iso(60)}\nends_at: ${iso(120)}\nupdates:\n  - at: ${iso(45)}\n    state: scheduled\n    content: Wir aktualisieren die Datenbank.\n`;

describe('statuspress notify in the site’s language and time zone', () => {
  it('Slack gets German words and the window in Berlin time; the webhook payload is unchanged', async () => {
    const dir = await scratch();
    const content = await writeSite(dir, GERMAN + ALL_TARGETS);
    const hooks = await receiver();
    const run = (minutes: number) => notify({ contentDir: content, now: at(minutes), previous: path.join(dir, 'notify.json'), env: envFor(hooks.url), transport: fastTransport(), retry: RETRY });
    expect((await run(0)).outcome).toBe('first-run');
    await writeFile(path.join(content, 'notices/43.yaml'), MAINTENANCE);
    await run(50);
    const slack = hooks.bodies('/slack/T000/B000/slack-token-abc').map((b) => (b as { text: string }).text);
    // 11:00–12:00 UTC is 12:00–13:00 in Berlin in November (MEZ, UTC+1).
    expect(slack[0]).toBe(
      '*[Acme Status] Wartung (Geplant): Datenbank-Upgrade*\nGeplant · 20. Nov. 2026, 12:00–13:00 Uhr MEZ · Website\n>Wir aktualisieren die Datenbank.\n<https://status.acme.com/notices/43/|Auf der Statusseite ansehen>',
    );
    const teams = hooks.bodies('/teams/workflow-token-ghi')[0] as { attachments: { content: { actions: { title: string }[] } }[] };
    expect(teams.attachments[0]!.content.actions[0]!.title).toBe('Auf der Statusseite ansehen');
    const hook = hooks.bodies('/hook')[0] as Record<string, { state?: string; begins_at?: string; state_text?: string }>;
    expect(hook.notice).toMatchObject({ state: 'scheduled', begins_at: '2026-11-20T11:00:00.000Z' });
  });

  it('an email is German, its reply marked AW:, its times in Berlin', async () => {
    const dir = await scratch();
    const content = await writeSite(dir, `${GERMAN}notify:\n  - type: email\n    url_env: SMTP_URL\n    to_env: STATUS_EMAIL_TO\n    from: status@acme.com\n`);
    const server = await smtpServer();
    const env = { SMTP_URL: `smtp://${USER}:${PASSWORD}@127.0.0.1:${server.port}`, STATUS_EMAIL_TO: 'ops@acme.com' };
    const run = (minutes: number) => notify({ contentDir: content, now: at(minutes), previous: path.join(dir, 'notify.json'), env, transport: fastTransport(), retry: RETRY });
    expect((await run(0)).outcome).toBe('first-run');
    await writeFile(path.join(content, 'notices/42.yaml'), INCIDENT([5, 'investigating', 'Wir sehen uns das an.']));
    await run(10);
    await writeFile(path.join(content, 'notices/42.yaml'), INCIDENT([5, 'investigating', 'Wir sehen uns das an.'], [20, 'identified', 'Ein fehlerhaftes Deployment.']));
    await writeFile(path.join(content, 'notices/43.yaml'), MAINTENANCE);
    await run(50);
    const mails = server.mails.map((m) => m.parsed);
    const update = mails.find((m) => m.subject === 'AW: [Acme Status] Fehler in der API')!;
    expect(update.text).toBe('Neues zur Störung: Fehler in der API\n\nUrsache gefunden · API\n\nEin fehlerhaftes Deployment.\n\nAuf der Statusseite ansehen: https://status.acme.com/notices/42/');
    expect(String(update.html)).toContain('>Auf der Statusseite ansehen</a>');
    const maintenance = mails.find((m) => m.subject === '[Acme Status] Datenbank-Upgrade')!;
    expect(maintenance.text).toContain('Geplant · 20. Nov. 2026, 12:00–13:00 Uhr MEZ · Website');
  });
});
