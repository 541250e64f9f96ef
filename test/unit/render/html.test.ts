// The HTML front page escapes everything it did not generate itself.
import { describe, expect, it } from 'vitest';
import { deriveSite } from '../../../src/derive/index.js';
import { renderHtml } from '../../../src/render/html.js';
import { component, content, ms, unplanned, uu } from '../../helpers/content.js';

describe('renderHtml', () => {
  it('renders the page state, present notices and components, escaping hostile text', () => {
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
    const [file] = renderHtml(site);
    expect(file!.path).toBe('index.html');
    const html = String(file!.contents);
    expect(html).toContain('<title>Acme &lt;Status&gt; &amp; &quot;Co&quot;</title>');
    expect(html).toContain('class="state degraded"');
    expect(html).toContain('&lt;b&gt;Outage&lt;/b&gt;');
    expect(html).toContain('&lt;/li&gt;&lt;script&gt;');
    expect(html).toContain('&lt;img src&#x3D;x onerror&#x3D;alert(1)&gt;');
    expect(html).not.toMatch(/<script|<img|<b>/);
  });
});
