// notice.postmortem: an incident's postmortem is announced once, when its `at` has passed, in the
// incident's thread; editing it sends nothing; a target limited to other components gets nothing.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { notify } from '../../../src/notify/index.js';
import type { NotifyResult } from '../../../src/notify/index.js';
import { fastTransport, HOOK_SECRET, receiver, scratch, writeSite } from './helpers.js';

const T0 = Date.parse('2026-11-20T10:00:00Z');
const HOUR = 3_600_000;
const iso = (ms: number): string => new Date(ms).toISOString().replace('.000Z', 'Z');

const INCIDENT = (postmortem: string): string =>
  `id: 42\ntype: unplanned\nsubject: Errors\ncomponents: [1]\nupdates:\n  - at: ${iso(T0)}\n    state: investigating\n    content: Looking.\n  - at: ${iso(T0 + HOUR)}\n    state: resolved\n    content: Fixed.\npostmortem:\n  at: ${iso(T0 + 48 * HOUR)}\n  content: ${JSON.stringify(postmortem)}\n`;

const TARGETS = `notify:
  - type: slack
    url_env: SLACK_URL
  - type: slack
    url_env: WEBSITE_URL
    components: [2]
  - type: webhook
    url_env: HOOK_URL
    secret_env: HOOK_SECRET
`;

describe('statuspress notify: postmortems', () => {
  it('one notice.postmortem once its at has passed; an edit of it sends nothing', async () => {
    const dir = await scratch();
    const content = await writeSite(dir, TARGETS, { '42.yaml': INCIDENT('The deploy lacked a canary. <!channel>') });
    const hooks = await receiver();
    const env = { SLACK_URL: `${hooks.url}/slack`, WEBSITE_URL: `${hooks.url}/website`, HOOK_URL: `${hooks.url}/hook`, HOOK_SECRET };
    const record = path.join(dir, 'notify.json');
    const run = (at: number): Promise<NotifyResult> => notify({ contentDir: content, now: at, previous: record, env, transport: fastTransport() });
    await run(T0 + 2 * HOUR);
    expect((await run(T0 + 24 * HOUR)).events).toEqual([]);
    const published = await run(T0 + 49 * HOUR);
    expect(published.events.map((e) => e.event.id)).toEqual(['notice-42-postmortem']);
    expect(hooks.bodies('/slack').map((b) => (b as { text: string }).text)).toEqual([
      '*[Acme Status] Postmortem: Errors*\nAPI\n>The deploy lacked a canary. &lt;!channel&gt;\n<https://status.acme.com/notices/42/|View on the status page>',
    ]);
    expect(hooks.bodies('/hook')[0]).toMatchObject({
      id: 'notice-42-postmortem',
      type: 'notice.postmortem',
      occurred_at: new Date(T0 + 48 * HOUR).toISOString(),
      update: null,
      postmortem: { content: 'The deploy lacked a canary. <!channel>', content_truncated: false, published_at: new Date(T0 + 48 * HOUR).toISOString() },
    });
    expect(hooks.bodies('/website')).toEqual([]);
    expect((await run(T0 + 49 * HOUR)).events).toEqual([]);
    await writeFile(path.join(content, 'notices/42.yaml'), INCIDENT('The deploy lacked a canary; corrected.'));
    expect((await run(T0 + 50 * HOUR)).events).toEqual([]);
    expect(hooks.requests).toHaveLength(2);
  });
});
