// Update content as the pages show it: markdown-it's reading (raw HTML as text, only http(s) and
// mailto links), and the fast path for plain lines held equal to it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { renderMarkdown, renderWithMarkdownIt } from '../../../../src/render/site/markdown.js';

describe('renderMarkdown', () => {
  it('renders Markdown, showing raw HTML as text', () => {
    expect(renderMarkdown('**Fixed** at 10:05. <script>alert(1)</script>')).toBe('<p><strong>Fixed</strong> at 10:05. &lt;script&gt;alert(1)&lt;/script&gt;</p>\n');
    expect(renderMarkdown('"><img src=x onerror=alert(1)>')).toBe('<p>&quot;&gt;&lt;img src=x onerror=alert(1)&gt;</p>\n');
    expect(renderMarkdown('{{constructor}} and {{{x}}}')).toBe('<p>{{constructor}} and {{{x}}}</p>\n');
  });

  it('links only to http(s) and mailto addresses, without a referrer', () => {
    expect(renderMarkdown('[post-mortem](https://example.com/pm)')).toBe('<p><a href="https://example.com/pm" rel="nofollow noopener noreferrer">post-mortem</a></p>\n');
    expect(renderMarkdown('[mail us](mailto:ops@example.com)')).toContain('href="mailto:ops@example.com"');
    for (const bad of ['javascript:alert(1)', 'JAVASCRIPT:alert(1)', 'data:text/html,<b>x</b>', 'vbscript:x', '//evil.example/x', '/relative']) {
      const html = renderMarkdown(`[click](${bad})`);
      expect(html, bad).not.toContain('<a');
    }
    expect(renderMarkdown('<javascript:alert(1)>')).not.toContain('<a');
  });

  it('shows an image as a link, so no page loads anything from an address in content', () => {
    expect(renderMarkdown('![tracker](https://evil.example/pixel.gif)')).toBe('<p>!<a href="https://evil.example/pixel.gif" rel="nofollow noopener noreferrer">tracker</a></p>\n');
  });

  it('renders a long run of spaces in linear time (a regular expression took a minute for 300,000)', () => {
    // Hostile content from a pull request: with /[ \n]+$/ this took V8 about two minutes; the test's time limit is one.
    const text = `Fixed${' '.repeat(400_000)}x`;
    expect(renderMarkdown(text)).toBe(renderWithMarkdownIt(text));
    expect(renderMarkdown(`Fixed.${' \n'.repeat(200_000)}`)).toBe('<p>Fixed.</p>\n');
  });

  it('reads plain lines as markdown-it does (the fast path)', () => {
    const samples = [
      'We are investigating elevated error rates.',
      'Café déjà vu: 99.9% of requests (p95) succeed; see status/page now?',
      '    Indented four: a code block',
      'Trailing spaces   ',
      'Two  spaces inside',
      'Line one\nLine two',
      'Ends with a newline\n',
      'He said "fine" & left',
      'Ünïcödé 😀 — dash',
    ];
    for (const text of samples) expect(renderMarkdown(text), JSON.stringify(text)).toBe(renderWithMarkdownIt(text));
  });

  it('reads any text as markdown-it does, fast path or not (generated)', () => {
    const alphabet = fc.constantFrom(...'aZé1 .,;:!?"\'()-+*_`[]<>&#=|~\\/\n\t%@$😀  '.split(''));
    fc.assert(
      fc.property(fc.array(alphabet, { maxLength: 40 }).map((chars) => chars.join('')), (text) => {
        expect(renderMarkdown(text)).toBe(renderWithMarkdownIt(text));
      }),
      { numRuns: 5_000 },
    );
  });

  it('reads plain-looking lines as markdown-it does (generated, mostly taking the fast path)', () => {
    const plainish = fc.constantFrom(...'abcXYZéß 1234567890.,;:?"\'()-/%@$'.split(''), '😀', '—', '\u00a0');
    const rare = fc.constantFrom(...'!*_`[]<>&#=|~+\\\n '.split(''));
    const line = fc
      .tuple(fc.constantFrom('W', 'é', 'Z', ' ', '1'), fc.array(fc.oneof({ weight: 30, arbitrary: plainish }, { weight: 1, arbitrary: rare }), { maxLength: 60 }))
      .map(([first, rest]) => first + rest.join(''));
    fc.assert(
      fc.property(line, (text) => {
        expect(renderMarkdown(text)).toBe(renderWithMarkdownIt(text));
      }),
      { numRuns: 5_000 },
    );
  });
});
