// The site in other languages, in one browser. The reading experience in German and in Arabic (right
// to left): the example content built in each, every kind of page at 375 and 1280 px checked by
// axe-core, nothing running off either side, the Components heading near the top, the Tab stops
// visible, and a screenshot of each page at 375 px where CI keeps them (artifacts/screenshots); one
// tab per language, each page loaded once, at 375 px, then the window widened to 1280 px. A text shown
// in another language than its page's runs in its own language's direction. And the one 404.html a
// static host sends for every missing address leads back into the language's folder it was asked
// under.
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { RunningServer } from '../../src/serve/server.js';
import { FIXTURES } from '../helpers/build.js';
import { startLocalServer } from '../helpers/local-server.js';
import type { LocalServer } from '../helpers/local-server.js';
import { axeViolations, buildSite, contextAt, launchBrowser, overflowing, ROOT, screenshot, serveSite, watchContext } from './helpers.js';
import type { BuiltSite } from './helpers.js';

const LANGUAGES = [
  { locale: 'de', zone: 'Europe/Berlin', components: 'Komponenten' },
  { locale: 'ar', zone: 'Asia/Riyadh', components: 'المكونات' },
] as const;
type Locale = (typeof LANGUAGES)[number]['locale'];

const PAGES = [
  { name: 'status', path: '' },
  { name: 'component', path: 'components/2/' },
  { name: 'notice', path: 'notices/27/' },
  { name: 'history', path: 'history/' },
];

let root: string;
let browser: Browser;
const builds: BuiltSite[] = [];
const servers = new Map<Locale, RunningServer>();
/** Each language's tab (a context for its server's origin) and what went wrong on its pages. */
const tabs = new Map<Locale, { page: Page; problems: string[] }>();

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'statuspress-languages-site-'));
  const launching = launchBrowser();
  for (const { locale, zone } of LANGUAGES) {
    const content = path.join(root, locale);
    await cp(path.join(ROOT, 'content'), content, { recursive: true });
    const site = (await readFile(path.join(content, 'site.yaml'), 'utf8')).replace(/^state_text:\n(?: {2}.*\n)*/m, '');
    await writeFile(path.join(content, 'site.yaml'), `${site}locale: ${locale}\ntime_zone: ${zone}\n`);
    const built = await buildSite(content, '2026-11-22T06:00:00Z');
    builds.push(built);
    servers.set(locale, await serveSite(built.dir));
  }
  browser = await launching;
  for (const { locale } of LANGUAGES) {
    const context = await contextAt(browser, '2026-11-22T06:00:00Z', { viewport: { width: 375, height: 900 } });
    const problems = watchContext(context, servers.get(locale)!.url);
    tabs.set(locale, { page: await context.newPage(), problems });
  }
});

afterAll(async () => {
  await browser?.close();
  await Promise.all([...servers.values()].map((s) => s.close()));
  await Promise.all(builds.map((b) => b.cleanup()));
  await rm(root, { recursive: true, force: true });
});

/** What starts left of the window: in a right-to-left page, overflow runs that way. */
const overflowingLeft = (page: Page): Promise<string[]> =>
  page.evaluate(`(() => {
    const found = [];
    for (const el of document.body.querySelectorAll('*')) {
      const box = el.getBoundingClientRect();
      // The skip link waits off screen until it is focused.
      if (box.width === 0 || box.left >= -0.5 || el.closest('.skip')) continue;
      let clipped = false;
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) if (getComputedStyle(p).overflowX !== 'visible') clipped = true;
      if (!clipped) found.push(el.tagName.toLowerCase() + ' "' + (el.textContent || '').trim().slice(0, 40) + '" starts at ' + Math.round(box.left) + ' px');
    }
    return found;
  })()`);

/** Presses Tab until focus leaves the page (at most 400 times): what each stop was, and whether it is off screen or has no outline. */
async function tabStops(page: Page): Promise<{ what: string; problem: string | null }[]> {
  const stops: { what: string; problem: string | null }[] = [];
  for (let i = 0; i < 400; i++) {
    await page.keyboard.press('Tab');
    const at = await page.locator('body').evaluate((body) => {
      const doc = body.ownerDocument;
      const view = doc.defaultView!;
      const focused = doc.activeElement;
      if (!focused || focused === body) return null;
      const box = focused.getBoundingClientRect();
      const what = `${focused.tagName.toLowerCase()}.${focused.className} ${(focused.textContent ?? '').trim().slice(0, 40)}`;
      const style = view.getComputedStyle(focused);
      if (box.width === 0 || box.height === 0 || box.bottom <= 0 || box.top >= view.innerHeight || box.right <= 0 || box.left >= view.innerWidth) return { what, problem: 'off screen' };
      if (style.outlineStyle === 'none' || style.outlineWidth === '0px') return { what, problem: 'no focus outline' };
      return { what, problem: null };
    });
    if (at === null) break;
    stops.push(at);
  }
  return stops;
}

describe.each(LANGUAGES)('the example site in $locale', ({ locale, components }) => {
  const site = (): string => `${servers.get(locale)!.url}/`;

  /**
   * Loads a page at 375 px and checks it there and at 1280 px: axe-core, nothing off either side, the
   * screenshot at 375 px. `at375` runs while the window is 375 px wide. What is wrong, one line each.
   */
  async function check(name: string, address: string, at375?: (page: Page) => Promise<void>): Promise<string[]> {
    const { page, problems } = tabs.get(locale)!;
    await page.setViewportSize({ width: 375, height: 900 });
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await page.goto(site() + address, { waitUntil: 'load' });
    if ((await page.locator('section.metrics form.picker').count()) > 0) await page.locator('section.metrics[data-ready="true"]').waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe(locale);
    const found: string[] = [];
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      found.push(...(await axeViolations(page)).map((v) => `${width} px: ${v}`));
      found.push(...[...(await overflowing(page)), ...(await overflowingLeft(page))].map((o) => `${address} at ${width} px: ${o}`));
      if (width === 375) {
        await screenshot(page, `example-${locale}`, name, width, 'light');
        await at375?.(page);
      }
    }
    return [...found, ...problems.splice(0)];
  }

  it.each(PAGES.filter((p) => p.name !== 'status'))('$name: axe-core finds nothing, nothing runs off either side, at 375 and 1280 px', async ({ name, path: address }) => {
    expect(await check(name, address)).toEqual([]);
  });

  it('status: the same, the Components heading within the first 1500 px at 375 px, and Tab stops each visible and outlined', async () => {
    const found = await check('status', '', async (page) => {
      expect(await page.locator('#components').innerText()).toBe(components);
      const top = await page.locator('#components').evaluate((e) => e.getBoundingClientRect().top + e.ownerDocument.defaultView!.scrollY);
      expect(top).toBeLessThanOrEqual(1500);
    });
    expect(found).toEqual([]);
    // On the same page, 1280 by 800 px; reduced motion, so the page scrolls to a focused element at once.
    const { page, problems } = tabs.get(locale)!;
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const stops = await tabStops(page);
    expect(stops.filter((s) => s.problem !== null)).toEqual([]);
    expect(stops.length).toBeGreaterThan(10);
    expect(problems.splice(0)).toEqual([]);
  });
});

// On the Arabic pages of an English site, `We are looking into it.` (a translation missing, shown in
// the default language) once ran right to left with the page, its full stop drawn at its left end
// (`.We are looking into it`), and `Slow pages?` (a language's own name in the switcher) as `?Slow pages`.
describe('a text in the other direction than its page', () => {
  let built: BuiltSite;
  let server: RunningServer;
  let page: Page;
  beforeAll(async () => {
    built = await buildSite(path.join(FIXTURES, 'rtl-fallback', 'content'), '2026-11-21T12:00:00Z');
    server = await serveSite(built.dir);
    page = await (await contextAt(browser, '2026-11-21T12:00:00Z')).newPage();
  });
  afterAll(async () => {
    await page?.context().close();
    await server?.close();
    await built?.cleanup();
  });

  /** Whether the last character of each element's text is drawn right of its first (as left-to-right text is), with the element's language. */
  const lastIsRight = (selector: string): Promise<{ lang: string; text: string; ltr: boolean }[]> =>
    // A string, evaluated in the page: the project's TypeScript has no DOM types.
    page.evaluate(`(() => [...document.querySelectorAll(${JSON.stringify(selector)})].map((element) => {
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT, { acceptNode: (n) => (n.textContent.trim() ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_SKIP) });
      const node = walker.nextNode();
      const text = node.textContent.trim();
      const start = node.textContent.indexOf(text);
      const box = (at) => {
        const range = document.createRange();
        range.setStart(node, at);
        range.setEnd(node, at + 1);
        return range.getBoundingClientRect();
      };
      return { lang: element.closest('[lang]').getAttribute('lang'), text, ltr: box(start + text.length - 1).left > box(start).left };
    }))()`);

  it('runs left to right on an Arabic page when it is English', async () => {
    await page.goto(`${server.url}/ar/notices/1/`);
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    expect(await lastIsRight('main h1[lang="en"], main [lang="en"] p')).toEqual([
      { lang: 'en', text: 'Slow pages?', ltr: true },
      { lang: 'en', text: 'We are looking into it.', ltr: true },
    ]);
  });

  it('runs right to left on an English page when it is Arabic', async () => {
    await page.goto(`${server.url}/notices/1/`);
    expect(await page.evaluate(`getComputedStyle(document.querySelector('nav.languages a[lang="ar"]')).direction`)).toBe('rtl');
  });
});

// A static host sends the one `404.html` at the root for every missing address. Under a language's
// folder (`/de/…`), its script leads the ways back into that folder; without the script (and at an
// address outside any language's folder) it offers every language's home as it is.
describe('the root 404 page on a static host', () => {
  let built: BuiltSite;
  let host: LocalServer;
  /** A tab with the page's script, and one without. */
  const tabs = new Map<boolean, Page>();
  beforeAll(async () => {
    built = await buildSite(path.join(FIXTURES, 'translated-site', 'content'), '2026-11-22T00:00:00Z');
    // A static host as GitHub Pages is one: the file at the address, its folder's index.html, or /404.html with a 404.
    host = await startLocalServer((req, res) => {
      const wanted = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
      const file = path.join(built.dir, wanted.endsWith('/') ? `${wanted}index.html` : wanted);
      const type = file.endsWith('.js') ? 'text/javascript' : file.endsWith('.css') ? 'text/css' : file.endsWith('.svg') ? 'image/svg+xml' : 'text/html; charset=utf-8';
      readFile(file).then(
        (body) => res.writeHead(200, { 'Content-Type': type }).end(body),
        () => readFile(path.join(built.dir, '404.html')).then((body) => res.writeHead(404, { 'Content-Type': 'text/html; charset=utf-8' }).end(body)),
      );
    });
    for (const javaScriptEnabled of [true, false]) tabs.set(javaScriptEnabled, await (await contextAt(browser, '2026-11-22T00:00:00Z', { javaScriptEnabled })).newPage());
  });
  afterAll(async () => {
    for (const page of tabs.values()) await page.context().close();
    await host?.close();
    await built?.cleanup();
  });

  const waysOf = async (url: string, javaScriptEnabled = true): Promise<{ status: number; ways: string[]; current: string | null }> => {
    const page = tabs.get(javaScriptEnabled)!;
    const answer = await page.goto(url);
    await page.waitForLoadState('load');
    const ways = await page.locator('.ways a').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
    const current = await page.locator('nav.languages a[aria-current]').getAttribute('hreflang');
    return { status: answer!.status(), ways, current };
  };

  it('under /de/, leads back into /de/ and marks Deutsch', async () => {
    expect(await waysOf(`${host.url}/de/notices/99/`)).toEqual({ status: 404, ways: ['/de/', '/de/history/'], current: 'de' });
  });

  it('elsewhere, and without its script, leads to the default language and offers every language', async () => {
    expect(await waysOf(`${host.url}/notices/99/`)).toEqual({ status: 404, ways: ['/', '/history/'], current: 'en' });
    expect(await waysOf(`${host.url}/de/notices/99/`, false)).toEqual({ status: 404, ways: ['/', '/history/'], current: 'en' });
  });
});
