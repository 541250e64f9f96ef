// The HTML site escapes everything it did not generate itself.
import { describe, expect, it } from 'vitest';
import { deriveSite } from '../../../src/derive/index.js';
import { noticeClaims, noticePages, renderHtml, siteRenderer } from '../../../src/render/html.js';
import { loadTheme } from '../../../src/theme/theme.js';
import { component, content, ms, unplanned, uu } from '../../helpers/content.js';

describe('renderHtml', () => {
  it('renders the page state, present notices and components, escaping hostile text', async () => {
    const site = deriveSite(
      content({
        site: { name: 'Acme <Status> & "Co"' },
        components: [component(1, { name: '<img src=x onerror=alert(1)>' })],
        notices: [
          unplanned(7, [uu('2026-11-20T10:00:00Z', 'investigating', { content: '</li><script>alert("x")</script>' })], {
            subject: '<b>Outage</b>',
            components: [1],
          }),
        ],
      }),
      ms('2026-11-20T12:00:00Z'),
    );
    const files = new Map([...renderHtml(site, await loadTheme(null))].map((f) => [f.path, String(f.contents)]));
    const html = files.get('index.html')!;
    expect(html).toContain('<title>Acme &lt;Status&gt; &amp; &quot;Co&quot;: Trouble</title>');
    expect(html).toContain('class="banner tone-degraded-performance"');
    expect(html).toContain('&lt;b&gt;Outage&lt;/b&gt;');
    expect(html).toContain('&lt;/li&gt;&lt;script&gt;');
    expect(html).toContain('&lt;img src&#x3D;x onerror&#x3D;alert(1)&gt;');
    expect(html).not.toMatch(/<script>|<img|<b>/);
    expect(files.has('notices/7/index.html')).toBe(true);
    expect(files.has('components/1/index.html')).toBe(true);
  });

  it('shares the notice pages with another thread: each is rendered once, by whichever claims it, with the same bytes', async () => {
    const notices = Array.from({ length: 9 }, (_, i) => unplanned(i + 1, [uu('2026-11-20T10:00:00Z', 'investigating')], { subject: `N${i + 1}` }));
    const site = deriveSite(content({ components: [component(1)], notices }), ms('2026-11-20T12:00:00Z'));
    const theme = await loadTheme(null);
    const alone = new Map([...renderHtml(site, theme)].map((f) => [f.path, String(f.contents)]));
    const claims = noticeClaims();
    const thread = renderHtml(site, theme, claims);
    const main = noticePages(site, siteRenderer(site, theme), claims);
    // The two take turns once the thread has reached the notice pages.
    const got = new Map<string, string>();
    const fromMain: string[] = [];
    const put = (path: string, contents: string) => {
      expect(got.has(path), path).toBe(false);
      got.set(path, contents);
    };
    for (let step = thread.next(); !step.done; step = thread.next()) {
      put(step.value.path, String(step.value.contents));
      if (!step.value.path.startsWith('notices/')) continue;
      const other = main.next();
      if (!other.done) {
        put(other.value.path, String(other.value.contents));
        fromMain.push(other.value.path);
      }
    }
    for (const rest of main) put(rest.path, String(rest.contents));
    expect(fromMain.length).toBeGreaterThan(2);
    expect(got).toEqual(alone);
  });
});
