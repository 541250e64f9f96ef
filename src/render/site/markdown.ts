// Update content is Markdown, written by whoever opens a pull request: rendered with markdown-it with
// raw HTML shown as text (html: false), links only to http(s) and mailto addresses, and no images
// (they would load from anywhere). The JSON API keeps the text byte for byte; only the pages render it.
import MarkdownIt from 'markdown-it';
import type { StateBlock, Token } from 'markdown-it';
import { trimEndOf } from '../../util/text.js';

// Images off: `![alt](url)` shows as a link, so no page loads anything from an address in content.
const md = new MarkdownIt({ html: false, linkify: false, typographer: false }).disable('image');

const ALLOWED_LINK = /^(?:https?:|mailto:)/i;
// Anything else (javascript:, data:, vbscript:, relative paths to who knows where) stays text.
md.validateLink = (url: string): boolean => ALLOWED_LINK.test(url.trim());

// Text is never dropped. markdown-it stops where blocks nest `maxNesting` (100) levels deep, a list
// counting two and a quote one, and leaves out everything after that point: 60 nested list items
// hid the sentence that followed them from every page and the feed. From FLAT_DEPTH levels on, a
// rule that runs before any other shows each paragraph-long run of lines as plain text instead, its
// markers and all, so the structure stops deepening and every character still shows, escaped.
// Each line is read once, so it stays linear however deep the nesting goes.
const FLAT_DEPTH = md.options.maxNesting - 4;
md.block.ruler.before('table', 'flat_past_depth', (state, startLine, endLine, silent) => {
  if (state.level < FLAT_DEPTH) return false;
  if (silent) return true;
  // markdown-it's block loop has skipped empty lines and lines indented less than this block's.
  let line = startLine + 1;
  while (line < endLine && !state.isEmpty(line) && state.sCount[line]! >= state.blkIndent) line += 1;
  state.push('paragraph_open', 'p', 1).map = [startLine, line];
  const text = state.push('text', '', 0);
  text.content = state
    .getLines(startLine, line, state.blkIndent, false)
    .split('\n')
    .map((l) => l.trim())
    .join('\n');
  state.push('paragraph_close', 'p', -1);
  state.line = line;
  return true;
});

// A table row with more cells than its header: markdown-it keeps as many as the header has and drops
// the rest. They are added to the row's last cell, after a `|` as in the source.
const tableRule = md.block.ruler.__rules__.find((rule) => rule.name === 'table')!;
const table = tableRule.fn;
md.block.ruler.at(
  'table',
  (state, startLine, endLine, silent) => {
    const first = state.tokens.length;
    if (!table(state, startLine, endLine, silent)) return false;
    if (!silent) keepExtraCells(state, first);
    return true;
  },
  { alt: [...tableRule.alt] },
);

/** The body rows of the table whose tokens start at `first`, given back the cells markdown-it left out. */
function keepExtraCells(state: StateBlock, first: number): void {
  const tokens = state.tokens;
  let columns = 0;
  let body = false;
  let lastCell: Token | null = null;
  let extra: string[] = [];
  for (let i = first; i < tokens.length; i += 1) {
    const token = tokens[i]!;
    if (token.type === 'th_open') columns += 1;
    else if (token.type === 'tbody_open') body = true;
    else if (body && token.type === 'tr_open' && token.map) {
      const line = token.map[0];
      extra = rowCells(state.src.slice(state.bMarks[line]! + state.tShift[line]!, state.eMarks[line]).trim()).slice(columns);
    } else if (body && token.type === 'inline') lastCell = token;
    else if (body && token.type === 'tr_close' && extra.length > 0 && lastCell) {
      lastCell.content = [lastCell.content, ...extra.map((cell) => cell.trim())].join(' | ');
      extra = [];
    }
  }
}

/** A table row's cells as markdown-it splits them: at each `|` not escaped by `\\`, which `\\|` leaves as `|`. */
function rowCells(row: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let from = 0;
  for (let i = 0; i < row.length; i += 1) {
    if (row[i] !== '|') continue;
    if (i > 0 && row[i - 1] === '\\') {
      cell += row.slice(from, i - 1);
      from = i;
    } else {
      cells.push(cell + row.slice(from, i));
      cell = '';
      from = i + 1;
    }
  }
  cells.push(cell + row.slice(from));
  if (cells[0] === '') cells.shift();
  if (cells.length > 0 && cells[cells.length - 1] === '') cells.pop();
  return cells;
}

// Links leave the site: no referrer, and no handle on this page for the one opened.
const defaultLinkOpen = md.renderer.rules.link_open ?? ((tokens, i, options, _env, self) => self.renderToken(tokens, i, options));
md.renderer.rules.link_open = (tokens, i, options, env, self) => {
  tokens[i]!.attrSet('rel', 'nofollow noopener noreferrer');
  return defaultLinkOpen(tokens, i, options, env, self);
};

/**
 * One line of plain words, which markdown-it renders as `<p>escaped text</p>`: it starts with a letter
 * (no list, heading, quote or code), and holds no character Markdown gives a meaning to (emphasis,
 * links, code, entities, escapes, HTML). Most updates are such a line, and markdown-it is slow until
 * warm; test/unit/render/site/markdown.test.ts holds the two readings equal.
 */
const PLAIN = /^\p{L}[^\n\r\t*_`[\]<>&\\!~|#=+]*$/u;

/** Rendered texts by source: the same sentence (auto transitions, templates) is common. */
const cache = new Map<string, string>();
/** How many rendered texts are remembered; the first text rendered after that empties the cache. */
export const REMEMBERED_TEXTS = 5_000;

/** `text` without its trailing spaces and line breaks, if that is one plain line (PLAIN), else null. */
function plainLine(text: string): string | null {
  // Trailing spaces and line breaks only: four leading spaces would make a code block.
  const line = trimEndOf(text, ' \n');
  return PLAIN.test(line) && !line.includes('  ') ? line : null;
}

/**
 * The HTML of an update's Markdown content, safe to place in a page as it is. A plain line is not
 * remembered: it costs less to render than to look up, and remembering every update's text kept
 * each alive long enough to reach the old generation, most of a large build's peak memory.
 */
export function renderMarkdown(text: string): string {
  const line = plainLine(text);
  if (line !== null) return `<p>${line.replaceAll('"', '&quot;')}</p>\n`;
  let html = cache.get(text);
  if (html === undefined) {
    html = md.render(text);
    if (cache.size >= REMEMBERED_TEXTS) cache.clear();
    cache.set(text, html);
  }
  return html;
}

/** markdown-it's own reading, for the tests that hold the fast path to it. */
export const renderWithMarkdownIt = (text: string): string => md.render(text);
