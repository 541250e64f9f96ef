// site.yaml's `notify` targets: the model of a valid list, and every problem, at its node, without
// ever repeating a value that may be a secret.
import { describe, expect, it } from 'vitest';
import { loadContent, validateContent } from '../../../src/content/index.js';
import { SITE, problems, writeContent } from './helpers.js';

const site = (notify: string): Promise<string> => writeContent({ 'site.yaml': `${SITE}notify:\n${notify}` });

describe('site.yaml notify', () => {
  it('a valid list becomes the targets of the model; without one, the site has none', async () => {
    const dir = await site(
      '  - type: slack\n    url_env: SLACK_WEBHOOK_URL\n  - type: webhook\n    url_env: STATUS_WEBHOOK_URL\n    secret_env: STATUS_WEBHOOK_SECRET\n    events: [notice.published, page.state_changed]\n',
    );
    const { value, issues } = validateContent(await loadContent(dir));
    expect(issues).toEqual([]);
    expect(value!.site.notify).toEqual([
      { type: 'slack', urlEnv: 'SLACK_WEBHOOK_URL', secretEnv: null, events: null, components: null, reminderMs: 86_400_000, email: null },
      {
        type: 'webhook',
        urlEnv: 'STATUS_WEBHOOK_URL',
        secretEnv: 'STATUS_WEBHOOK_SECRET',
        events: ['notice.published', 'page.state_changed'],
        components: null,
        reminderMs: 86_400_000,
        email: null,
      },
    ]);
    const plain = validateContent(await loadContent(await writeContent({ 'site.yaml': SITE })));
    expect(plain.value!.site).not.toHaveProperty('notify');
  });

  it('an address or secret written in content is a problem, and is never quoted back', async () => {
    const hook = 'https://hooks.slack.com/services/T0000/B0000/abcdefZQX9';
    const dir = await site(
      `  - type: slack\n    url: ${hook}\n    url_env: SLACK_WEBHOOK_URL\n  - type: discord\n    url_env: ${hook}\n  - type: webhook\n    url_env: HOOK_URL\n    secret_env: "my signing ZQX9 123"\n  - type: teams\n    url_env: TEAMS_URL\n    token: abcZQX9\n    webhook: https://example.webhook.office.com/x\n`,
    );
    const found = await problems(dir);
    expect(found).toEqual([
      'site.yaml:6:5  notify.0.url: webhook addresses and secrets are never written in content; remove url and name the environment variable that holds it with url_env (or secret_env), and revoke the address if it was ever pushed',
      'site.yaml:9:14  notify.1.url_env: holds an address or secret instead of the name of the environment variable that holds it; write the name (like SLACK_WEBHOOK_URL), and revoke the address if it was ever pushed',
      "site.yaml:12:17  notify.2.secret_env: is not the name of an environment variable (letters, digits and _, not starting with a digit); write the variable's name, like STATUS_WEBHOOK_SECRET, never its value",
      'site.yaml:15:5  notify.3.token: webhook addresses and secrets are never written in content; remove token and name the environment variable that holds it with url_env (or secret_env), and revoke the address if it was ever pushed',
      'site.yaml:16:5  notify.3.webhook: webhook addresses and secrets are never written in content; remove webhook and name the environment variable that holds it with url_env (or secret_env), and revoke the address if it was ever pushed',
    ]);
    expect(found.join('\n')).not.toContain('ZQX9');
  });

  it('types, events, secret_env where it belongs, one target per variable, and did-you-mean', async () => {
    const dir = await site(
      '  - type: slak\n    url_env: A\n  - type: webhook\n    url_env: B\n  - type: slack\n    url_env: C\n    secret_env: D\n    events: []\n  - type: teams\n    url_env: A\n    events: [notice.publish]\n  - type: discord\n    urlenv: E\n',
    );
    expect(await problems(dir)).toEqual([
      'site.yaml:5:11  notify.0.type: "slak" is not allowed; did you mean "slack"?',
      'site.yaml:7:5  notify.1.secret_env: missing; a webhook target signs every message: add secret_env with the name of the environment variable holding the signing secret, like STATUS_WEBHOOK_SECRET',
      'site.yaml:11:5  notify.2.secret_env: only webhook targets are signed; remove secret_env from this slack target',
      'site.yaml:12:13  notify.2.events: an empty list sends nothing; list the events this target gets, or remove events to send it all of them',
      'site.yaml:14:14  notify.3.url_env: A is also the url_env of notify.0; each target reads its own variable, or it gets every message twice',
      'site.yaml:15:14  notify.3.events.0: "notice.publish" is not allowed; did you mean "notice.published"?',
      'site.yaml:16:5  notify.4.url_env: missing; add it (text)',
      'site.yaml:17:5  notify.4.urlenv: unknown key "urlenv"; did you mean "url_env"?',
    ]);
  });

  it('an email target: its recipients variable and sender, components and reminders', async () => {
    const dir = await writeContent({
      'site.yaml': `${SITE}subscribe_url: https://groups.google.com/g/acme-status\nnotify:\n  - type: email\n    url_env: SMTP_URL\n    to_env: STATUS_EMAIL_TO\n    from: Acme Status <status@acme.com>\n    components: [1]\n    reminder: 90m\n  - type: email\n    url_env: SMTP_URL\n    to_env: API_EMAIL_TO\n    from: status@acme.com\n  - type: slack\n    url_env: SLACK_WEBHOOK_URL\n    reminder: false\n`,
      'components/1-api.yaml': 'id: 1\nname: API\ncreated_at: 2024-01-01T00:00:00Z\n',
    });
    const { value, issues } = validateContent(await loadContent(dir));
    expect(issues).toEqual([]);
    expect(value!.site.subscribeUrl).toBe('https://groups.google.com/g/acme-status');
    expect(value!.site.notify).toEqual([
      { type: 'email', urlEnv: 'SMTP_URL', secretEnv: null, events: null, components: [1], reminderMs: 90 * 60_000, email: { toEnv: 'STATUS_EMAIL_TO', from: 'Acme Status <status@acme.com>' } },
      { type: 'email', urlEnv: 'SMTP_URL', secretEnv: null, events: null, components: null, reminderMs: 86_400_000, email: { toEnv: 'API_EMAIL_TO', from: 'status@acme.com' } },
      { type: 'slack', urlEnv: 'SLACK_WEBHOOK_URL', secretEnv: null, events: null, components: null, reminderMs: null, email: null },
    ]);
  });

  it('a reminder of true, a bare number or over 30 days gets the reminder\'s own message', async () => {
    const target = (reminder: string): string => `  - type: slack\n    url_env: SLACK_${reminder}\n    reminder: ${reminder}\n`;
    const dir = await writeContent({ 'site.yaml': `${SITE}notify:\n${target('true')}${target('24')}${target('31d')}` });
    const message = 'is not a duration of at most 30 days; write how long before a maintenance begins to remind, like 24h, 90m or 2d, or false for no reminder';
    expect(await problems(dir)).toEqual([
      `site.yaml:7:15  notify.0.reminder: ${message}`,
      `site.yaml:10:15  notify.1.reminder: ${message}`,
      `site.yaml:13:15  notify.2.reminder: ${message}`,
    ]);
  });

  it('email fields where they belong, a sender that is an address, reminders, known components, a plain subscribe link', async () => {
    const dir = await writeContent({
      'site.yaml': `${SITE}subscribe_url: "javascript:alert(1)"\nnotify:\n  - type: email\n    url_env: SMTP_URL\n  - type: email\n    url_env: SMTP2_URL\n    to_env: "list@acme.com"\n    from: not an address\n    reminder: 24 hours\n  - type: slack\n    url_env: SLACK_URL\n    to_env: TO\n    components: [1, 7]\n  - type: teams\n    url_env: TEAMS_URL\n    components: []\n`,
      'components/1-api.yaml': 'id: 1\nname: API\ncreated_at: 2024-01-01T00:00:00Z\n',
    });
    expect(await problems(dir)).toEqual([
      'site.yaml:4:16  subscribe_url: "javascript:alert(1)" must start with https:// or http://',
      'site.yaml:6:5  notify.0.from: missing; an email target needs from: the sender, like "Acme Status <status@acme.com>"',
      'site.yaml:6:5  notify.0.to_env: missing; an email target needs to_env: the name of the environment variable holding the recipients, like STATUS_EMAIL_TO',
      'site.yaml:10:13  notify.1.to_env: holds an address or secret instead of the name of the environment variable that holds it; write the name (like STATUS_EMAIL_TO), and revoke the address if it was ever pushed',
      'site.yaml:11:11  notify.1.from: is not one email address; write it like status@acme.com or "Acme Status <status@acme.com>"',
      'site.yaml:12:15  notify.1.reminder: is not a duration of at most 30 days; write how long before a maintenance begins to remind, like 24h, 90m or 2d, or false for no reminder',
      'site.yaml:15:5  notify.2.to_env: only email targets have to_env; remove it from this slack target',
      'site.yaml:16:21  notify.2.components.1: no component has id 7; list the id of a file in components/',
      'site.yaml:19:17  notify.3.components: an empty list limits the target to nothing; list the components it is about, or remove components to send it the whole page',
    ]);
  });
});

describe('site.yaml notify: each variable for one purpose, and a sender in plain characters', () => {
  it('refuses a to_env that is the target\'s own url_env, naming both, never a value', async () => {
    const dir = await site('  - type: email\n    url_env: SMTP_URL\n    to_env: SMTP_URL\n    from: status@acme.com\n');
    const found = await problems(dir);
    expect(found).toContainEqual(expect.stringContaining('notify.0.to_env: SMTP_URL is read for the recipients of an email target here, and for the mail server of an email target at notify.0.url_env'));
  });

  it('refuses a secret that another target reads as its address, and takes one server for two lists', async () => {
    const clash = await site('  - type: slack\n    url_env: HOOK\n  - type: webhook\n    url_env: OTHER\n    secret_env: HOOK\n');
    expect(await problems(clash)).toContainEqual(expect.stringContaining('notify.1.secret_env: HOOK is read for a signing secret here, and for a webhook address at notify.0.url_env'));
    const lists = await site('  - type: email\n    url_env: SMTP_URL\n    to_env: A_TO\n    from: a@acme.com\n  - type: email\n    url_env: SMTP_URL\n    to_env: B_TO\n    from: a@acme.com\n');
    expect(validateContent(await loadContent(lists)).issues).toEqual([]);
  });

  it.each([['\u202e', '202E'], ['\u200b', '200B'], ['\u2066', '2066']])('refuses %j in from, at its line', async (char, code) => {
    const dir = await site(`  - type: email\n    url_env: SMTP_URL\n    to_env: TO\n    from: "Acme${char} Status <status@acme.com>"\n`);
    const issues = validateContent(await loadContent(dir)).issues.filter((i) => i.path === 'notify.0.from');
    expect(issues.map((i) => i.code)).toEqual(['content/notify-from-invisible']);
    expect(issues[0]!.message).toBe(`from holds U+${code}, an invisible or direction-changing character; write the sender with plain characters`);
  });
});
