// Hostile text in every field of the content (site name, state and transition texts, component names
// and descriptions, notice subjects, tags, update contents): markup, attribute breakouts,
// `javascript:` and `data:` links in Markdown, Handlebars syntax, a CDATA end, entities and a bidi
// override. The content is written by the test (no hostile YAML is committed). Every page, the
// feed, the calendar and every badge must show it as text: no executable form in the raw output, the
// same text back from Chromium's DOM, the XML parser's and the iCalendar parser's.
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ICAL from 'ical.js';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src/serve/server.js';
import type { Json } from '../helpers/build.js';
import { buildSite, contextAt, decodeEntities, launchBrowser, overflowing, parseXml, screenshot, serveSite, watchContext } from './helpers.js';
import type { BuiltSite } from './helpers.js';

const SVG = 'http://www.w3.org/2000/svg';
const ATOM = 'http://www.w3.org/2005/Atom';
const NOW = '2026-11-20T12:00:00Z';

/**
 * Hostile text for a field that is shown as it is; `tag` tells the fields apart. It ends in a
 * right-to-left override (U+202E) left open, which would reverse whatever the page writes after it.
 */
const hostile = (tag: string): string =>
  `${tag} <script>alert("${tag}")</script> "><img src=x onerror=alert(1)> '><svg onload=alert(1)> ` +
  `{{constructor}} {{{x}}} {{> header}} ]]> &lt;b&gt; &amp; \u202Eevil\u202C javascript:alert(1) \u202Eoverride`;

/**
 * Hostile Markdown for an update's content, and the text it must show: links to `javascript:` and
 * `data:` stay text, an http link's quote cannot open an attribute, and raw HTML is shown as text.
 */
const hostileMarkdown = (tag: string): { source: string; text: string } => {
  const text =
    `${tag} <script>alert("${tag}")</script> "><img src=x onerror=alert(1)> {{constructor}} {{{x}}} ]]> \u202Eevil\u202C ` +
    '[x](javascript:alert(1)) [y](JaVaScRiPt:alert(1)) [z](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==) <javascript:alert(1)>';
  return { source: `${text} [ok](https://example.com/a"onmouseover="alert(1))`, text: `${text} ok` };
};

/** A YAML scalar of any text (JSON's string syntax is YAML's double-quoted style). */
const q = JSON.stringify;

const SITE = {
  name: hostile('site-name'),
  state: { operational: hostile('operational'), degraded: hostile('degraded'), 'under-maintenance': hostile('maintenance') },
  transition: { underway: hostile('underway'), complete: hostile('complete') },
};
const COMPONENTS = [
  { id: 1, name: hostile('c1-name'), description: hostile('c1-description'), extra: '' },
  { id: 2, name: hostile('c2-name'), description: hostile('c2-description'), extra: 'parent_id: 1\n' },
  { id: 3, name: hostile('c3-name'), description: hostile('c3-description'), extra: 'metrics: false\n' },
  { id: 4, name: hostile('c4-name'), description: hostile('c4-description'), extra: 'parent_id: 2\n' },
];
const U1 = hostileMarkdown('u1');
const U2 = hostileMarkdown('u2');
const U3 = hostileMarkdown('u3');
const NOTICES: { id: number; subject: string; tags: string[]; yaml: string }[] = [
  {
    id: 1,
    subject: hostile('n1-subject'),
    tags: [hostile('n1-tag-a'), hostile('n1-tag-b')],
    yaml: `type: unplanned\ncomponents: [2, 4]\nupdates:\n  - at: 2026-11-20T10:00:00Z\n    state: investigating\n    content: ${q(U1.source)}\n  - at: 2026-11-20T10:30:00Z\n    state: identified\n    content: ${q(U2.source)}\n`,
  },
  {
    id: 2,
    subject: hostile('n2-subject'),
    tags: [],
    yaml: `type: unplanned\ncomponents: [1]\nupdates:\n  - at: 2026-11-19T08:00:00Z\n    state: investigating\n    content: ${q(hostile('n2-first'))}\n  - at: 2026-11-19T09:00:00Z\n    state: resolved\n    content: ${q(U3.source)}\n`,
  },
  {
    id: 3,
    subject: hostile('n3-subject'),
    tags: [hostile('n3-tag')],
    yaml: `type: planned\ncomponents: [2]\nbegins_at: 2026-11-25T02:00:00Z\nends_at: 2026-11-25T04:00:00Z\nupdates:\n  - at: 2026-11-18T09:00:00Z\n    state: scheduled\n    content: ${q(U1.source)}\n`,
  },
  {
    id: 4,
    subject: hostile('n4-subject'),
    tags: [],
    yaml: `type: planned\ncomponents: [3]\nbegins_at: 2026-11-20T11:00:00Z\nends_at: 2026-11-20T14:00:00Z\nupdates:\n  - at: 2026-11-16T09:00:00Z\n    state: scheduled\n    content: ${q(U2.source)}\n`,
  },
  {
    id: 5,
    subject: hostile('n5-subject'),
    tags: [],
    yaml: `type: planned\ncomponents: [1]\nbegins_at: 2026-11-22T00:00:00Z\nends_at: 2026-11-22T02:00:00Z\nupdates:\n  - at: 2026-11-10T09:00:00Z\n    state: scheduled\n    content: ${q(U1.source)}\n  - at: 2026-11-11T09:00:00Z\n    state: cancelled\n    content: ${q(U3.source)}\n`,
  },
  {
    id: 6,
    subject: hostile('n6-subject'),
    tags: [hostile('n6-tag')],
    yaml: `type: general\nupdates:\n  - at: 2026-11-19T09:00:00Z\n    content: ${q(U3.source)}\n`,
  },
  {
    id: 7,
    subject: hostile('n7-subject'),
    tags: [],
    // Over: its automatic "complete" update carries the site's transition text.
    yaml: `type: planned\ncomponents: [4]\nbegins_at: 2026-11-19T01:00:00Z\nends_at: 2026-11-19T03:00:00Z\nupdates:\n  - at: 2026-11-12T09:00:00Z\n    state: scheduled\n    content: ${q(U2.source)}\n`,
  },
];
const subjects = NOTICES.map((n) => n.subject);
/** What the updates show: Markdown's reading of each (entities are Markdown too). */
const UPDATE_TEXTS = [U1.text, U2.text, U3.text, ...[SITE.transition.underway, SITE.transition.complete, hostile('n2-first')].map(decodeEntities)];

/** The content folder: every text field of every file hostile. */
async function writeContent(dir: string): Promise<void> {
  await mkdir(path.join(dir, 'components'), { recursive: true });
  await mkdir(path.join(dir, 'notices'), { recursive: true });
  const states = Object.entries(SITE.state).map(([k, v]) => `  ${k}: ${q(v)}\n`).join('');
  const transitions = Object.entries(SITE.transition).map(([k, v]) => `  ${k}: ${q(v)}\n`).join('');
  await writeFile(
    path.join(dir, 'site.yaml'),
    `name: ${q(SITE.name)}\nurl: https://status.hostile.test/status\ncreated_at: 2025-01-01T00:00:00Z\nmetrics: true\nstate_text:\n${states}transition_text:\n${transitions}`,
  );
  for (const c of COMPONENTS) {
    await writeFile(path.join(dir, `components/${c.id}.yaml`), `id: ${c.id}\nname: ${q(c.name)}\ndescription: ${q(c.description)}\n${c.extra}created_at: 2025-01-01T00:00:00Z\n`);
  }
  for (const n of NOTICES) {
    await writeFile(path.join(dir, `notices/${n.id}.yaml`), `id: ${n.id}\nsubject: ${q(n.subject)}\ntags: [${n.tags.map((t) => q(t)).join(', ')}]\n${n.yaml}`);
  }
}

let root: string;
let built: BuiltSite;
let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let problems: string[];
let page: Page;
/** Every output file but the API's and the precompressed copies, by path. */
const files = new Map<string, string>();

beforeAll(async () => {
  const launching = launchBrowser();
  root = await mkdtemp(path.join(tmpdir(), 'statuspress-hostile-'));
  await writeContent(path.join(root, 'content'));
  built = await buildSite(path.join(root, 'content'), NOW);
  for (const entry of await readdir(built.dir, { recursive: true, withFileTypes: true })) {
    const file = path.relative(built.dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
    if (entry.isFile() && !/\.(gz|br)$/.test(file) && !file.startsWith('api/') && !file.startsWith('_')) files.set(file, await readFile(path.join(built.dir, file), 'utf8'));
  }
  server = await serveSite(built.dir);
  browser = await launching;
  context = await contextAt(browser, NOW);
  problems = watchContext(context, server.url);
  page = await context.newPage();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await built?.cleanup();
  if (root) await rm(root, { recursive: true, force: true });
});

/**
 * A calendar's NAME (RFC 7986), a TEXT value: ical.js does not know the property and leaves the
 * escapes of RFC 5545 (3.3.11) as they are written.
 */
const calendarName = (calendar: ICAL.Component): string =>
  String(calendar.getFirstPropertyValue('name')).replace(/\\([\\;,nN])/g, (_, c: string) => (c === 'n' || c === 'N' ? '\n' : c));

const pages = (): string[] => [...files.keys()].filter((f) => f.endsWith('.html')).sort();

/** What Chromium's DOM of a page holds: anything that could run, and the texts the checks compare. */
interface DomReport {
  dangers: string[];
  title: string;
  texts: Record<string, string[]>;
  attributes: Record<string, string[]>;
}

/** Runs in the page: an allow-list of elements, no event handler attribute, no address but http(s), mailto and the site's own. */
function inspect(): DomReport {
  const g = globalThis as Json;
  const doc = g.document;
  const ALLOWED = new Set(
    'html head meta title link script body a header div nav ul ol li main section h1 h2 h3 p span time article details summary dl dt dd form fieldset legend label input button noscript footer bdi strong em code pre blockquote br hr'.split(' '),
  );
  const dangers: string[] = [];
  for (const element of doc.querySelectorAll('*')) {
    const name = element.localName;
    // The uptime bars are drawn with these, and nothing else is.
    const drawing = ['svg', 'line', 'path'].includes(name) && element.closest('.uptime > .bar') !== null;
    if (!ALLOWED.has(name) && !drawing) dangers.push(`a <${name}> element: ${element.outerHTML.slice(0, 80)}`);
    for (const attribute of element.attributes) {
      if (attribute.name.startsWith('on')) dangers.push(`an ${attribute.name} attribute on <${name}>`);
      if (['href', 'src', 'action', 'formaction', 'data-data'].includes(attribute.name)) {
        const url = new g.URL(attribute.value, doc.baseURI);
        if (!['http:', 'https:', 'mailto:'].includes(url.protocol)) dangers.push(`${attribute.name}="${attribute.value}" on <${name}>`);
      }
    }
    // Relative on every page; absolute from the site's path on the 404 page, which hosts send at any address.
    if (name === 'script' && (!/^(?:(\.\.\/)*|\/(?:[\w.-]+\/)*)assets\/(site|picker)\.[0-9a-f]{10}\.js$/.test(element.getAttribute('src') ?? '') || element.textContent !== '')) {
      dangers.push(`a script that is not the site's own: ${element.outerHTML.slice(0, 80)}`);
    }
  }
  // The page's own words read left to right: no override in a field reaches past it. Each text
  // node on one line that no field wrote (fields all hold "alert"), first letter left of its last.
  const walker = doc.createTreeWalker(doc.body, 4);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text: string = node.textContent;
    const letters = [...text.matchAll(/\p{L}/gu)];
    if (letters.length < 2 || /alert|\u202E/.test(text) || node.parentElement.closest('noscript, script, title')) continue;
    const rect = (at: number): Json => {
      const range = doc.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + 1);
      return range.getBoundingClientRect();
    };
    const first = rect(letters[0]!.index!);
    const last = rect(letters.at(-1)!.index!);
    if (first.width > 0 && Math.abs(first.top - last.top) < 2 && first.left > last.left) {
      dangers.push(`"${text.trim()}" in <${node.parentElement.localName} class="${node.parentElement.className}"> reads right to left`);
    }
  }
  // Names in a row (tags, affected components, the breadcrumb) stay in their order on a line.
  for (const row of doc.querySelectorAll('.crumbs, .inline')) {
    const items = [...row.querySelectorAll(':scope > a, :scope > li')];
    for (let i = 1; i < items.length; i++) {
      const after = items[i].getClientRects()[0];
      const sameLine = [...items[i - 1].getClientRects()].filter((r: Json) => after && Math.abs(r.top - after.top) < 2);
      if (sameLine.some((r: Json) => after.left < r.right - 1)) dangers.push(`"${items[i].textContent.slice(0, 20)}…" is drawn before the name it follows`);
    }
  }
  const all = (selector: string): string[] => [...doc.querySelectorAll(selector)].map((e: Json) => e.textContent.trim());
  const attrs = (selector: string, attribute: string): string[] => [...doc.querySelectorAll(selector)].map((e: Json) => e.getAttribute(attribute));
  return {
    dangers,
    title: doc.title,
    texts: {
      brand: all('.brand'),
      banner: all('#banner'),
      h1: all('main h1'),
      lead: all('.lead'),
      crumbs: all('.crumbs a'),
      treeNames: all('.tree .name'),
      noticeLinks: all('article.notice h3 a, ul.history a'),
      barNotices: all('.uptime .days li a'),
      tags: [...doc.querySelectorAll('.facts > div')].filter((d: Json) => d.querySelector('dt').textContent === 'Tags').flatMap((d: Json) => [...d.querySelectorAll('li')].map((li: Json) => li.textContent)),
      updates: all('.timeline .content, .notice .update > p:not(.when)'),
    },
    attributes: {
      ogSiteName: attrs('meta[property="og:site_name"]', 'content'),
      description: attrs('meta[name="description"]', 'content'),
      barLabels: attrs('.uptime > .bar', 'aria-label'),
      feedTitle: attrs('link[rel="alternate"]', 'title'),
    },
  };
}

describe('hostile text in every field', () => {
  it('builds, with every page there', () => {
    expect(pages()).toEqual(
      expect.arrayContaining(['index.html', 'history/index.html', 'notices/1/index.html', 'notices/6/index.html', 'components/1/index.html', 'components/4/index.html']),
    );
    expect([...files.keys()].filter((f) => f.startsWith('badges/'))).toHaveLength(1 + COMPONENTS.length);
  });

  it('leaves no executable form in the raw markup of any page, the feed or a badge', () => {
    const found: string[] = [];
    for (const [file, text] of files) {
      if (!/\.(html|atom|svg)$/.test(file)) continue;
      // The feed's entries are HTML inside CDATA: looked at as the HTML they are.
      const markup = file.endsWith('.atom') ? text.replace(/<!\[CDATA\[|\]\]>/g, '') : text;
      // Every `<` of a text is escaped, so each `<` here opens a tag the renderer wrote.
      for (const [tag] of markup.matchAll(/<[a-z!?/][^>]*>/gi)) {
        const what = `${file}: ${tag.slice(0, 100)}`;
        // The status page's moments (src/render/site/moments.ts) are a JSON data block, which no browser runs; no `<` in it opens a tag.
        const data = file === 'index.html' && tag === '<script type="application/json" data-statuspress="moments">';
        if (/^<script\b/i.test(tag) && !data && !/^<script src="(?:(\.\.\/)*|\/(?:[\w.-]+\/)*)assets\/(site|picker)\.[0-9a-f]{10}\.js" defer>$/.test(tag)) found.push(what);
        if (/^<(img|svg|iframe|object|embed|style|base|form|math)\b/i.test(tag) && !(file.endsWith('.svg') && /^<svg xmlns/.test(tag)) && !/^<svg viewBox="0 0 90 10" preserveAspectRatio="none" aria-hidden="true" focusable="false">$/.test(tag) && !/^<form class="picker"/.test(tag)) found.push(what);
        if (/\son[a-z]+\s*=/i.test(tag) || /\b(href|src|action)\s*=\s*"?\s*(javascript|data|vbscript):/i.test(tag)) found.push(what);
      }
    }
    expect(found).toEqual([]);
  });

  it('shows every field as text in each page Chromium renders, runs none of it, and fits each in a 360 px phone', async () => {
    const report: string[] = [];
    /** What runs past the right edge at 360 px: long names, subjects and unbroken words must wrap, nothing scroll sideways. */
    const overflows: string[] = [];
    const seen = { subjects: new Set<string>(), tags: new Set<string>(), updates: new Set<string>(), components: new Set<string>() };
    for (const file of pages()) {
      // The 404 page's links start with the path of the site's url, which this server does not serve
      // the site under: it is opened where a host would send it, at an address with nothing there.
      const address = file === '404.html' ? 'notices/999999/' : file.replace(/index\.html$/, '');
      await page.setViewportSize({ width: 1280, height: 720 });
      await page.goto(`${server.url}/${address}`, { waitUntil: 'load' });
      const dom = await page.evaluate(inspect);
      const shot = ['index.html', 'notices/1/index.html', 'history/index.html', 'components/4/index.html'].includes(file);
      const shotName = file.replace(/\/?index\.html$/, '').replace(/\//g, '-') || 'status';
      if (shot) await screenshot(page, 'hostile', shotName, 1280, 'light');
      // The same page in a 360 px phone.
      await page.setViewportSize({ width: 360, height: 800 });
      overflows.push(...(await overflowing(page)).map((o) => `${file}: ${o}`));
      if (shot) await screenshot(page, 'hostile', shotName, 360, 'light');
      report.push(...dom.dangers.map((d) => `${file}: ${d}`));
      const where = (what: string): string => `${file}: ${what}`;
      // Every page: the site's name in the header, the head's link previews and the feed's title.
      expect(dom.texts.brand, where('brand')).toEqual([SITE.name]);
      expect(dom.attributes.ogSiteName, where('og:site_name')).toEqual([SITE.name]);
      // A component's page links its own feed and calendar too, titled with its name.
      const own = /^components\/(\d+)\//.exec(file);
      const named = own ? COMPONENTS.find((x) => x.id === Number(own[1]))!.name : null;
      expect(dom.attributes.feedTitle, where('feed link title')).toEqual([
        `${SITE.name}: notices`,
        ...(named === null ? [] : [`${SITE.name}: ${named}: notices`, `${SITE.name}: ${named}: maintenance`]),
      ]);
      expect(dom.title.includes(SITE.name), where('title')).toBe(true);
      for (const d of dom.attributes.description) expect(d.length, where('description')).toBeGreaterThan(0);
      for (const s of dom.texts.noticeLinks) {
        expect(subjects, where('notice link')).toContain(s);
        seen.subjects.add(s);
      }
      for (const s of dom.texts.barNotices) expect(subjects, where('a day’s notice')).toContain(s.replace(/^(Minor incident|Major incident|Critical incident|Maintenance): /, ''));
      for (const t of dom.texts.tags) seen.tags.add(t);
      for (const u of dom.texts.updates) seen.updates.add(u);
      for (const n of dom.texts.treeNames) seen.components.add(n);
      for (const label of dom.attributes.barLabels) expect(COMPONENTS.map((c) => `${c.name}, past 90 days: `), where('bar label')).toContain(label.slice(0, label.indexOf(', past 90 days: ') + ', past 90 days: '.length));

      const notice = /^notices\/(\d+)\//.exec(file);
      if (notice) {
        const n = NOTICES.find((x) => x.id === Number(notice[1]))!;
        expect(dom.texts.h1, where('heading')).toEqual([n.subject]);
        expect(dom.title, where('title')).toBe(`${n.subject}: ${SITE.name}`);
        expect(dom.texts.tags, where('tags')).toEqual(n.tags);
      }
      const component = /^components\/(\d+)\//.exec(file);
      if (component) {
        const c = COMPONENTS.find((x) => x.id === Number(component[1]))!;
        expect(dom.texts.h1, where('heading')).toEqual([c.name]);
        expect(dom.texts.lead, where('description')).toEqual([c.description]);
        expect(dom.title, where('title')).toBe(`${c.name}: ${SITE.name}`);
        if (c.id === 4) expect(dom.texts.crumbs, where('breadcrumb')).toEqual(['Status', COMPONENTS[0]!.name, COMPONENTS[1]!.name]);
      }
      if (file === 'index.html') {
        expect(dom.texts.banner, where('banner')).toEqual([SITE.state.degraded]);
        expect(dom.title, where('title')).toBe(`${SITE.name}: ${SITE.state.degraded}`);
      }
    }
    expect(report).toEqual([]);
    expect([...seen.subjects].sort()).toEqual([...subjects].sort());
    expect([...seen.tags].sort()).toEqual(NOTICES.flatMap((n) => n.tags).sort());
    expect([...seen.components].sort()).toEqual(COMPONENTS.map((c) => c.name).sort());
    // Each update's Markdown shows as its text, links to javascript: and data: included; the
    // automatic "underway" and "complete" updates show the site's transition texts. They are
    // Markdown, where `&lt;b&gt;` is the way to write `<b>`.
    expect([...seen.updates].sort()).toEqual(UPDATE_TEXTS.sort());
    expect(overflows).toEqual([]);
    // The one 404 is the page sent for the address with nothing there (which Chromium logs too).
    expect(problems.filter((p) => !(p.includes('404') && p.includes('/notices/999999/')))).toEqual([]);
  });

  it('gives update links only the http(s) address, quotes encoded, opened without a referrer or a handle on the page', async () => {
    await page.goto(`${server.url}/notices/1/`);
    const links = await page.locator('.timeline .content a').evaluateAll((as) => as.map((a: Json) => [a.getAttribute('href'), a.getAttribute('rel'), a.textContent]));
    expect(links).toEqual([
      ['https://example.com/a%22onmouseover=%22alert(1)', 'nofollow noopener noreferrer', 'ok'],
      ['https://example.com/a%22onmouseover=%22alert(1)', 'nofollow noopener noreferrer', 'ok'],
    ]);
  });

  it('keeps the Atom feed well-formed XML whose titles and HTML contents hold the text and nothing that runs', async () => {
    const feed = parseXml(files.get('feed.atom')!).documentElement!;
    expect(feed.namespaceURI).toBe(ATOM);
    const direct = (parent: Json, name: string): Json[] => [...parent.getElementsByTagNameNS(ATOM, name)].filter((e: Json) => e.parentNode === parent);
    expect(direct(feed, 'title')[0].textContent).toBe(`${SITE.name}: notices`);
    expect(direct(direct(feed, 'author')[0], 'name')[0].textContent).toBe(SITE.name);
    const entries = direct(feed, 'entry');
    expect(entries.map((e) => decodeEntities(direct(e, 'title')[0].textContent)).sort()).toEqual([...subjects].sort());
    // Each entry's HTML, parsed as a feed reader's browser would: only harmless elements, the texts.
    for (const entry of entries) {
      const html: string = direct(entry, 'content')[0].textContent;
      const parsed = await page.evaluate((source) => {
        const g = globalThis as Json;
        const doc = new g.DOMParser().parseFromString(source, 'text/html');
        const bad: string[] = [];
        for (const element of doc.body.querySelectorAll('*')) {
          if (!['p', 'strong', 'a', 'em', 'code', 'br'].includes(element.localName)) bad.push(element.localName);
          for (const attribute of element.attributes) if (!['href', 'rel'].includes(attribute.name) || /^\s*(javascript|data):/i.test(attribute.value)) bad.push(`${attribute.name}=${attribute.value}`);
        }
        return { bad, paragraphs: [...doc.body.querySelectorAll('p')].map((p: Json) => p.textContent) };
      }, html);
      expect(parsed.bad).toEqual([]);
      expect(parsed.paragraphs.some((p) => UPDATE_TEXTS.includes(p))).toBe(true);
    }
  });

  it("keeps each component's feed and calendar well-formed, titled with the exact names", () => {
    const direct = (parent: Json, name: string): Json[] => [...parent.getElementsByTagNameNS(ATOM, name)].filter((e: Json) => e.parentNode === parent);
    for (const c of COMPONENTS) {
      const feed = parseXml(files.get(`components/${c.id}/feed.atom`)!).documentElement!;
      expect(direct(feed, 'title')[0].textContent, `component ${c.id}`).toBe(`${SITE.name}: ${c.name}: notices`);
      const calendar = new ICAL.Component(ICAL.parse(files.get(`components/${c.id}/maintenance.ics`)!));
      expect(calendarName(calendar), `component ${c.id}`).toBe(`${SITE.name}: ${c.name}: maintenance`);
    }
  });

  it('keeps the calendar parseable, with each summary and description the exact text', () => {
    const text = files.get('maintenance.ics')!;
    // Plain text properties only: no HTML description a calendar might render, no address but https.
    expect(text).not.toMatch(/X-ALT-DESC|ALTREP|FMTTYPE/i);
    const calendar = new ICAL.Component(ICAL.parse(text));
    expect(calendarName(calendar)).toBe(`${SITE.name}: maintenance`);
    const events = calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    expect(events.map((e) => e.summary).sort()).toEqual(NOTICES.filter((n) => n.yaml.startsWith('type: planned')).map((n) => n.subject).sort());
    const described = new Map(events.map((e) => [e.summary, e.description]));
    expect(described.get(NOTICES[2]!.subject)).toBe(`${U1.source}\n\nhttps://status.hostile.test/status/notices/3/`);
    expect(described.get(NOTICES[3]!.subject)).toBe(`${SITE.transition.underway}\n\nhttps://status.hostile.test/status/notices/4/`);
    expect(described.get(NOTICES[4]!.subject)).toBe(`${U3.source}\n\nhttps://status.hostile.test/status/notices/5/`);
    expect(described.get(NOTICES[6]!.subject)).toBe(`${SITE.transition.complete}\n\nhttps://status.hostile.test/status/notices/7/`);
    for (const event of events) expect(String(event.component.getFirstPropertyValue('url'))).toMatch(/^https:\/\/status\.hostile\.test\/status\/notices\/\d\/$/);
  });

  it('keeps every badge well-formed SVG with only its shapes, the name as text', () => {
    const badges = [...files].filter(([file]) => file.startsWith('badges/'));
    for (const [file, text] of badges) {
      const svg = parseXml(text, 'image/svg+xml').documentElement!;
      expect(svg.namespaceURI, file).toBe(SVG);
      const elements = [...svg.getElementsByTagName('*')];
      expect([...new Set(elements.map((e) => e.localName))].sort(), file).toEqual(['g', 'rect', 'text', 'title']);
      for (const element of [svg, ...elements]) {
        for (const attribute of [...element.attributes]) expect(attribute.name, file).toMatch(/^(xmlns|width|height|role|aria-label|x|y|fill|font-family|font-size|text-anchor)$/);
      }
      const [label, message] = [...svg.getElementsByTagName('text')].map((t) => t.textContent!);
      const name = file === 'badges/status.svg' ? 'status' : COMPONENTS.find((c) => file === `badges/components/${c.id}.svg`)!.name;
      // Long names are cut to 39 characters and an ellipsis.
      expect(name.startsWith(label!.replace(/…$/, '')), `${file}: ${label}`).toBe(true);
      expect(svg.getElementsByTagName('title')[0]!.textContent).toBe(`${label}: ${message}`);
      expect(svg.getAttribute('aria-label')).toBe(`${label}: ${message}`);
    }
  });
});
