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
      { type: 'slack', urlEnv: 'SLACK_WEBHOOK_URL', secretEnv: null, events: null },
      { type: 'webhook', urlEnv: 'STATUS_WEBHOOK_URL', secretEnv: 'STATUS_WEBHOOK_SECRET', events: ['notice.published', 'page.state_changed'] },
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
});
