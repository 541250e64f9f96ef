// Update content is Markdown, written by whoever opens a pull request: rendered with markdown-it with
// raw HTML shown as text (html: false), links only to http(s) and mailto addresses, and no images
// (they would load from anywhere). The JSON API
// keeps the text byte for byte; only the pages render it.
import MarkdownIt from 'markdown-it';
import { trimEndOf } from '../../text.js';

// Images off: `![alt](url)` shows as a link, so no page loads anything from an address in content.
const md = new MarkdownIt({ html: false, linkify: false, typographer: false }).disable('image');

const ALLOWED_LINK = /^(?:https?:|mailto:)/i;
// Anything else (javascript:, data:, vbscript:, relative paths to who knows where) stays text.
md.validateLink = (url: string): boolean => ALLOWED_LINK.test(url.trim());

// Links leave the site: no referrer, and no handle on this page for the one opened.
const defaultLinkOpen = md.renderer.rules.link_open ?? ((tokens, i, options, _env, self) => self.renderToken(tokens, i, options));
md.renderer.rules.link_open = (tokens, i, options, env, self) => {
  tokens[i]!.attrSet('rel', 'nofollow noopener noreferrer');
  return defaultLinkOpen(tokens, i, options, env, self);
};

/**
 * One line of plain words, which markdown-it renders as `<p>escaped text</p>`: it starts with a letter
 * (no list, heading, quote or code), and holds no character Markdown gives a meaning to (emphasis,
 * links, code, entities, escapes, HTML). Most updates are such a line, and markdown-it costs ~40 µs
 * a call until warm; test/unit/render/site/markdown.test.ts holds the two readings equal.
 */
const PLAIN = /^\p{L}[^\n\r\t*_`[\]<>&\\!~|#=+]*$/u;

const ESCAPES: Record<string, string> = { '"': '&quot;' };

/** Rendered texts by source: the same sentence (auto transitions, templates) is common. */
const cache = new Map<string, string>();
const CACHE_SIZE = 5_000;

/** The HTML of an update's Markdown content, safe to place in a page as it is. */
export function renderMarkdown(text: string): string {
  let html = cache.get(text);
  if (html === undefined) {
    // Trailing spaces and line breaks only: four leading spaces would make a code block.
    const line = trimEndOf(text, ' \n');
    html = PLAIN.test(line) && !line.includes('  ') ? `<p>${line.replace(/"/g, (c) => ESCAPES[c]!)}</p>\n` : md.render(text);
    if (cache.size >= CACHE_SIZE) cache.clear();
    cache.set(text, html);
  }
  return html;
}

/** markdown-it's own reading, for the tests that hold the fast path to it. */
export const renderWithMarkdownIt = (text: string): string => md.render(text);
