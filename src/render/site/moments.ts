// The status page follows the clock on any static host: it carries, in a JSON data block no
// browser runs, what its main part shows at each of the few moments of its next day when that changes
// by time alone (a maintenance beginning or ending, an announcement expiring), and the page's
// script (src/browser/site.ts) shows each at its moment. The moments and what they show come from the
// published content only, as the build's state keeps it (render/state.ts): an update withheld
// until later is in none of them, nor is its time. Each moment is the same page rendered by the
// same templates (a site's own too, in their process) as of that moment: what a build then would
// show, its texts escaped as every page's are.
import { MAX_MOMENTS } from '../../derive/moments.js';

/**
 * What the moments may add to a page at most, in characters: a later moment past it is left to the
 * next build. Each moment copies the page's main part, so the page of a site of hundreds of
 * components (its main part alone past this) carries none, rather than doubling in size.
 */
export const MOMENTS_CHARS = 128 * 1024;

/** What the page's script makes of one moment: its main part, page state, title and icon. */
export interface PageMoment {
  /** ISO 8601. */
  at: string;
  /** The inside of its `<main>`, as the templates wrote it. */
  main: string;
  /** The layout's `data-state` on `<html>`, its `<title>` as written (HTML, with its escapes) and its icon's address. */
  state?: string;
  title?: string;
  icon?: string;
}

/**
 * The page `html` (`render` made it of `base`) with the moments that change what it shows: each
 * moment whose context differs from the one before it (but for its time), as one JSON data block
 * just before `</body>` (`<script type="application/json" data-statuspress="moments">`, which no
 * browser runs, its `<` written `\u003c` so no text ends it): the inside of its `<main>`, and its
 * page state, title and icon. A page without one `<main>` (a site's own layout may have none)
 * carries no moments.
 */
export function withMoments<C extends object>(html: string, base: C, moments: Iterable<{ at: number; context: C }>, render: (context: C) => string): string {
  if (mainOf(html) === null) return html;
  const shown: PageMoment[] = [];
  let size = 0;
  let before = sameness(base);
  // Taken one at a time: on a large page the first moment's main part is past MOMENTS_CHARS
  // already, and the contexts of the others are never made.
  for (const { at, context } of moments) {
    if (shown.length === MAX_MOMENTS) break;
    const key = sameness(context);
    if (key === before) continue;
    before = key;
    const page = render(context);
    const main = mainOf(page);
    if (main === null) break;
    const moment: PageMoment = { at: new Date(at).toISOString(), main };
    const state = /<html\b[^>]*\sdata-state="([^"]*)"/.exec(page)?.[1];
    if (state !== undefined) moment.state = unescaped(state);
    const title = /<title>([^<]*)<\/title>/.exec(page)?.[1];
    if (title !== undefined) moment.title = title;
    const icon = /<link\b[^>]*\srel="icon"[^>]*>/.exec(page)?.[0].match(/\shref="([^"]*)"/)?.[1];
    if (icon !== undefined) moment.icon = unescaped(icon);
    size += main.length + (moment.title?.length ?? 0);
    if (size > MOMENTS_CHARS) break;
    shown.push(moment);
  }
  if (shown.length === 0) return html;
  const block = `<script type="application/json" data-statuspress="moments">${JSON.stringify(shown).replace(/</g, '\\u003c')}</script>\n`;
  const end = html.lastIndexOf('</body>');
  return end === -1 ? html + block : html.slice(0, end) + block + html.slice(end);
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** An attribute's value as its text: the escapes Handlebars writes, and any numeric one. */
const unescaped = (value: string): string =>
  value.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (whole, name: string) =>
    name[0] !== '#' ? (ENTITIES[name.toLowerCase()] ?? whole) : String.fromCodePoint(name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1))),
  );

/**
 * The inside of the page's one `<main>` element, or null: its text comes escaped from the
 * templates, so the first `<main` and the last `</main>` are the element's own.
 */
function mainOf(html: string): string | null {
  const open = /<main\b[^>]*>/.exec(html);
  const close = html.lastIndexOf('</main>');
  if (open === null || close < open.index || html.indexOf('<main', open.index + 1) !== -1) return null;
  return html.slice(open.index + open[0].length, close);
}

/**
 * What a moment's page shows, but for the time it is as of: the status line and footer name the
 * moment, which changes at every moment, so that a moment changing nothing else is left out.
 */
function sameness(context: object): string {
  return JSON.stringify(Object.entries(context).filter(([key]) => !TIMED.has(key)));
}

/** The fields of a page's context that hold the time it is as of, and its words (the same at every moment). */
const TIMED = new Set(['t', 'built', 'statusLine', 'footerBuilt']);
