// site.yaml's subscribe_url: the status page links the mailing list's sign-up page, with the words
// every page uses for it, the address escaped as everything from content is; without it, no link.
import { describe, expect, it } from 'vitest';
import { deriveSite } from '../../../../src/derive/index.js';
import { renderHtml } from '../../../../src/render/html.js';
import { loadTheme } from '../../../../src/theme/theme.js';
import { component, content, ms } from '../../../helpers/content.js';

async function statusHtml(subscribeUrl?: string): Promise<string> {
  const site = deriveSite(content({ site: subscribeUrl === undefined ? {} : { subscribeUrl }, components: [component(1)], notices: [] }), ms('2026-11-20T12:00:00Z'));
  for (const file of renderHtml(site, await loadTheme(null))) if (file.path === 'index.html') return String(file.contents);
  throw new Error('no status page');
}

describe('the subscribe link', () => {
  it('links the sign-up page from the status page, its address escaped', async () => {
    const html = await statusHtml('https://lists.acme.com/subscribe?list=status&lang=en');
    expect(html).toContain('<p class="subscribe"><a href="https://lists.acme.com/subscribe?list&#x3D;status&amp;lang&#x3D;en">Subscribe by email</a></p>');
  });

  it('is absent without subscribe_url', async () => {
    expect(await statusHtml()).not.toContain('Subscribe by email');
  });
});
