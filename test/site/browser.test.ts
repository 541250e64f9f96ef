// The HTML site in a real browser (Debian's Chromium through playwright-core): every kind of page at
// 1280 and 375 px wide, light and dark, with no console error, failed request or dialog, no serious or
// critical axe-core violation, valid HTML after its script ran, nothing wider than a phone's screen,
// and a screenshot each (artifacts/screenshots/), each page loaded once and its window narrowed. Then
// the component page's timeframe picker against the API's metrics answers, the uptime bar's arrow
// keys, and every page with JavaScript off.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { RunningServer } from '../../src/serve/server.js';
import type { Json } from '../helpers/build.js';
import { windowText } from '../../src/render/site/format.js';
import { durationText } from '../../src/render/site/text.js';
import { messages } from '../../src/i18n/messages.js';

const EN = messages('en');
import { axeViolations, buildFixture, buildSite, contextAt, htmlProblems, launchBrowser, overflowing, ROOT, screenshot, serveSite, SITE_FIXTURES, watchContext } from './helpers.js';
import type { BuiltSite, SiteFixture } from './helpers.js';

const BASE = '/status';
const FIXTURES = ['metrics-site', 'plain-site', 'empty-site'] as const satisfies readonly SiteFixture[];
type Fixture = (typeof FIXTURES)[number];

/** One page of each kind, named for its screenshots. */
const PAGES: { fixture: Fixture; name: string; path: string }[] = [
  // Every section shows: an incident and maintenance happening now, upcoming maintenance, an
  // announcement, the component tree with bars, the past 7 days.
  { fixture: 'metrics-site', name: 'status', path: '' },
  { fixture: 'metrics-site', name: 'notice-incident', path: 'notices/101/' },
  { fixture: 'metrics-site', name: 'notice-maintenance', path: 'notices/202/' },
  { fixture: 'metrics-site', name: 'notice-announcement', path: 'notices/302/' },
  { fixture: 'metrics-site', name: 'component-group-metrics', path: 'components/1/' },
  { fixture: 'metrics-site', name: 'component-leaf-metrics', path: 'components/4/' },
  { fixture: 'metrics-site', name: 'component-group-no-metrics', path: 'components/6/' },
  { fixture: 'metrics-site', name: 'history', path: 'history/' },
  { fixture: 'metrics-site', name: 'history-page-2', path: 'history/page/2/' },
  { fixture: 'metrics-site', name: 'history-planned', path: 'history/planned/' },
  // A site without metrics: no bars, no figures.
  { fixture: 'plain-site', name: 'status', path: '' },
  { fixture: 'plain-site', name: 'component-leaf-no-metrics', path: 'components/2/' },
  // Nothing yet.
  { fixture: 'empty-site', name: 'status', path: '' },
  { fixture: 'empty-site', name: 'history', path: 'history/' },
];

const WIDTHS = [1280, 375] as const;
const SCHEMES = ['light', 'dark'] as const;
/** The narrowest common phone, where what runs off the screen is checked again. */
const PHONE = 360;

let browser: Browser;
const builds = new Map<Fixture, BuiltSite>();
const servers = new Map<Fixture, RunningServer>();
const siteOf = (fixture: Fixture): string => `${servers.get(fixture)!.url}${BASE}/`;
/**
 * One tab per fixture (a context per origin, so a request leaving the site is seen), shared by every
 * test that needs no context option of its own: a new tab costs more than a page. Each test sets the
 * window and media it needs with tab().
 */
const tabs = new Map<Fixture, { page: Page; problems: string[] }>();

beforeAll(async () => {
  const launching = launchBrowser();
  await Promise.all(
    FIXTURES.map(async (fixture) => {
      const built = await buildFixture(fixture);
      builds.set(fixture, built);
      servers.set(fixture, await serveSite(built.dir, BASE));
    }),
  );
  browser = await launching;
  for (const fixture of FIXTURES) {
    const { context, problems } = await open(fixture);
    tabs.set(fixture, { page: await context.newPage(), problems });
  }
});

afterAll(async () => {
  await browser?.close();
  await Promise.all([...servers.values()].map((s) => s.close()));
  await Promise.all([...builds.values()].map((b) => b.cleanup()));
});

/** A browser context for one fixture's server, with what went wrong on its pages collected. */
async function open(fixture: Fixture, options: Parameters<Browser['newContext']>[0] = {}): Promise<{ context: BrowserContext; problems: string[] }> {
  const context = await contextAt(browser, SITE_FIXTURES[fixture], { viewport: { width: 1280, height: 900 }, ...options });
  return { context, problems: watchContext(context, new URL(siteOf(fixture)).origin) };
}

/** The fixture's shared tab, its window `width` × `height`, on screen, light, with no reduced motion or forced colours. */
async function tab(fixture: Fixture, { width = 1280, height = 900 } = {}): Promise<{ page: Page; problems: string[] }> {
  const shared = tabs.get(fixture)!;
  await shared.page.setViewportSize({ width, height });
  await shared.page.emulateMedia({ media: 'screen', colorScheme: 'light', reducedMotion: 'no-preference', forcedColors: 'none' });
  return shared;
}

/** Opens a page and waits until its script is done (the picker has read its data file). */
async function visit(page: Page, url: string): Promise<void> {
  await page.goto(url, { waitUntil: 'load' });
  if ((await page.locator('section.metrics form.picker').count()) > 0) await page.locator('section.metrics[data-ready="true"]').waitFor();
}

/** axe-core's rules whose findings depend on the colours: all that is run again in the dark scheme. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * What does not fit a history page at 360 px: the page's width, the tabs, and each row and its parts
 * (clipped inside too); and, on the metrics-site, whose history is never empty, a missing row.
 */
const historyMisfits = (page: Page, rows: boolean): Promise<string[]> =>
  page.locator('body').evaluate((body, { width, rows }) => {
    const doc = body.ownerDocument;
    const wide = doc.documentElement.scrollWidth > width ? [`the page is ${doc.documentElement.scrollWidth} px wide`] : [];
    const boxes = [...doc.querySelectorAll('.tabs, .tabs li, .history li, .history li > *, .pager')].filter((e) => {
      const box = e.getBoundingClientRect();
      return box.left < 0 || box.right > width || e.scrollWidth > e.clientWidth + 1;
    });
    const none = rows && doc.querySelectorAll('.history li').length === 0 ? ['no row of the history is shown'] : [];
    return [...wide, ...none, ...boxes.map((e) => `${e.tagName.toLowerCase()}.${e.className}: ${(e.textContent ?? '').trim().slice(0, 40)}`)];
  }, { width: PHONE, rows });

describe('every kind of page, 1280 and 375 px wide, light and dark, and 360 px', () => {
  // Each page is loaded once, at 1280 px, and the window narrowed to 375 and 360 px: the document is
  // the same at every width, and the stylesheet lays it out again at each.
  it.each(PAGES)('$fixture $name', async ({ fixture, name, path }) => {
    const { page, problems } = await tab(fixture);
    await visit(page, siteOf(fixture) + path);
    // The document as the script left it (local times, tab stops) is still valid HTML.
    const found = await htmlProblems(await page.content(), `${fixture}/${path} after its script`, { serialized: true });
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      // Nothing runs off the side of the window (which would need sideways scrolling on a phone).
      found.push(...(await overflowing(page)).map((o) => `${fixture}/${path} at ${width} px: ${o}`));
      for (const scheme of SCHEMES) {
        await page.emulateMedia({ colorScheme: scheme });
        // The layout is the same in both schemes: only the colour rules are run again in the dark.
        found.push(...(await axeViolations(page, scheme === 'light' ? undefined : COLOUR_RULES)).map((v) => `${width} px, ${scheme}: ${v}`));
        await screenshot(page, fixture, name, width, scheme);
      }
      await page.emulateMedia({ colorScheme: 'light' });
    }
    // The narrowest common phone: only the overflow check (the 375 px pass does the rest), and on
    // the history's pages, the tabs and every row fit, none of them clipped inside either.
    await page.setViewportSize({ width: PHONE, height: 800 });
    found.push(...(await overflowing(page)).map((o) => `${fixture}/${path} at ${PHONE} px: ${o}`));
    if (path.startsWith('history/')) found.push(...(await historyMisfits(page, fixture === 'metrics-site')).map((o) => `${fixture}/${path} at ${PHONE} px: ${o}`));
    expect([...problems.splice(0), ...found]).toEqual([]);
  });

  it('history/general/ (the one tab not above) fits at 360 px, tabs and rows', async () => {
    const { page, problems } = await tab('metrics-site', { width: PHONE, height: 740 });
    await visit(page, `${siteOf('metrics-site')}history/general/`);
    expect([...(await historyMisfits(page, true)), ...(await overflowing(page))]).toEqual([]);
    expect(problems.splice(0)).toEqual([]);
  });
});

/** An answer of the metrics-site's API (its path after `api/v1/`), which must be a 200. */
async function api(path: string): Promise<Json> {
  const res = await fetch(`${siteOf('metrics-site')}api/v1/${path}`);
  expect(res.status, path).toBe(200);
  return res.json();
}

interface Figures {
  window: string;
  uptime: string;
  mttr: string;
  mtbf: string;
  count: string;
}

async function shownFigures(page: Page): Promise<Figures & { start: string; end: string; error: string }> {
  const text = (selector: string): Promise<string> => page.locator(selector).innerText();
  return {
    window: await text('[data-figure="window"]'),
    uptime: await text('[data-figure="uptime"]'),
    mttr: await text('[data-figure="mttr"]'),
    mtbf: await text('[data-figure="mtbf"]'),
    count: await text('[data-figure="count"]'),
    start: await page.locator('#timeframe-start').inputValue(),
    end: await page.locator('#timeframe-end').inputValue(),
    error: (await page.locator('.picker-error').textContent()) ?? '',
  };
}

/** The API's metrics answer for a window, as the picker should show it. */
async function apiFigures(component: number, start: string, end: string): Promise<Figures & { start: string; end: string; error: string }> {
  const body = await api(`components/${component}/metrics?timeframe_start=${start}&timeframe_end=${end}&show_calculations=true`);
  return {
    window: windowText(body.timeframe_start, body.timeframe_end, EN),
    uptime: body.percentage_uptime.words,
    // Pages write durations in two units at most; the API's words keep theirs (test/unit/render/site/text.test.ts).
    mttr: durationText(body.mean_time_to_recovery.seconds, EN),
    mtbf: durationText(body.mean_time_between_failures.seconds, EN),
    count: String(body.calculation_data_in_timeframe.notices.count),
    start: body.timeframe_start,
    end: body.timeframe_end,
    error: '',
  };
}

describe("the component page's timeframe picker", () => {
  let problems: string[];
  let page: Page;
  beforeEach(async () => {
    ({ page, problems } = await tab('metrics-site'));
  });

  // The metrics-site is built as of 2026-11-20T12:00Z: Emails (8) has an incident a month, REST API
  // (4) an ongoing one and one on 12 Nov.
  const WINDOWS = [
    { what: 'a past month', start: '2026-09-01', end: '2026-09-30' },
    { what: 'the last 7 days', start: '2026-11-14', end: '2026-11-20' },
    { what: 'the 12 months back, from the earliest day allowed', start: '2025-11-20', end: '2026-11-20' },
    { what: 'a window ending after today (cut at today)', start: '2026-11-01', end: '2026-12-31' },
  ];

  it.each([8, 4])("opens each window from the address with the API's figures (component %i)", async (component) => {
    const seen = new Set<string>();
    for (const { what, start, end } of WINDOWS) {
      await visit(page, `${siteOf('metrics-site')}components/${component}/?timeframe_start=${start}&timeframe_end=${end}`);
      const expected = await apiFigures(component, start, end);
      expect(await shownFigures(page), what).toEqual(expected);
      seen.add(JSON.stringify(expected));
    }
    // The windows differ in their figures: the comparison is not of one default four times.
    expect(seen.size).toBe(WINDOWS.length);
    expect(problems.splice(0)).toEqual([]);
  });

  it("gives the API's figures for dates typed into the form, and puts them in the page's address", async () => {
    await visit(page, `${siteOf('metrics-site')}components/8/`);
    const defaults = await shownFigures(page);
    expect(defaults).toEqual(await apiFigures(8, defaults.start, defaults.end));
    await page.locator('#timeframe-start').fill('2026-01-01');
    await page.locator('#timeframe-end').fill('2026-03-31');
    await page.getByRole('button', { name: 'Show' }).click();
    expect(await shownFigures(page)).toEqual(await apiFigures(8, '2026-01-01', '2026-03-31'));
    expect(await shownFigures(page)).not.toEqual(defaults);
    const address = new URL(page.url());
    expect(address.pathname).toBe(`${BASE}/components/8/`);
    expect(Object.fromEntries(address.searchParams)).toEqual({ timeframe_start: '2026-01-01', timeframe_end: '2026-03-31' });
    // The address opens the same window again.
    await visit(page, page.url());
    expect(await shownFigures(page)).toEqual(await apiFigures(8, '2026-01-01', '2026-03-31'));
    expect(problems.splice(0)).toEqual([]);
  });

  it('says why a window is refused, and keeps the figures it showed', async () => {
    await visit(page, `${siteOf('metrics-site')}components/8/?timeframe_start=2025-11-19&timeframe_end=2026-11-20`);
    const refused = await shownFigures(page);
    expect(refused.error).toBe('The start must be at most 12 months ago (20 Nov 2025 or later).');
    const refusedByApi = await fetch(`${siteOf('metrics-site')}api/v1/components/8/metrics?timeframe_start=2025-11-19&timeframe_end=2026-11-20`);
    expect(refusedByApi.status).toBe(400);
    // The default window stays on show.
    const defaults = await apiFigures(8, refused.start, refused.end);
    expect({ ...refused, error: '' }).toEqual(defaults);

    await page.locator('#timeframe-start').fill('2026-11-10');
    await page.locator('#timeframe-end').fill('2026-11-01');
    await page.getByRole('button', { name: 'Show' }).click();
    expect(await page.locator('.picker-error').textContent()).toBe('The start must not be after the end.');
    expect(await page.locator('[data-figure="window"]').innerText()).toBe(defaults.window);
    expect(new URL(page.url()).searchParams.get('timeframe_start')).toBe('2025-11-19');

    await visit(page, `${siteOf('metrics-site')}components/8/?timeframe_start=20261101&timeframe_end=2026-11-20`);
    expect(await page.locator('.picker-error').textContent()).toBe('Give both dates as yyyy-mm-dd.');
    // The browser's own validation blocks the next submit (a date left empty): the old message goes.
    await page.locator('#timeframe-start').fill('');
    await page.getByRole('button', { name: 'Show' }).click();
    expect(await page.locator('#timeframe-start').evaluate((input) => (input as { validity: { valid: boolean } }).validity.valid)).toBe(false);
    expect(await page.locator('.picker-error').textContent()).toBe('');
    expect(problems.splice(0)).toEqual([]);
  });
});

describe("the uptime bar's keys", () => {
  it('make each bar one tab stop at 1280 and 375 px, the arrow keys moving between its 90 days (30 on a phone) and announcing each', async () => {
    const { page, problems } = await tab('metrics-site');
    await visit(page, siteOf('metrics-site'));
    const uptime = page.locator('.uptime').first();
    const bar = uptime.locator('.bar');
    const caption = uptime.locator('.day-caption');
    const shown = async (): Promise<string> => {
      // Focus stays on the bar while the caption follows the keys.
      expect(await bar.evaluate((b) => b === b.ownerDocument.activeElement)).toBe(true);
      return caption.innerText();
    };
    expect(await bar.getAttribute('tabindex')).toBe('0');
    await bar.focus();
    expect(await caption.getAttribute('aria-live')).toBe('polite');
    // Focused the first time, the bar starts at its last day.
    expect(await shown()).toMatch(/^20 Nov 2026: /);
    // The same page, the window narrowed: the layout is the stylesheet's at each width.
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      // One drawing of 90 days; a phone shows the last 30 of them, each at least 6 px wide, and says so.
      const days = width < 640 ? 30 : 90;
      expect(await bar.getAttribute('data-days')).toBe('90');
      expect(await uptime.locator('.figure:visible').innerText()).toMatch(new RegExp(`^\\d+\\.\\d\\d% uptime over ${days} days$`));
      expect((await bar.boundingBox())!.width / days, `${width} px`).toBeGreaterThanOrEqual(days === 30 ? 6 : 2);
      await bar.focus();
      await page.keyboard.press('End');
      expect(await shown()).toMatch(/^20 Nov 2026: /);
      await page.keyboard.press('ArrowLeft');
      expect(await shown()).toMatch(/^19 Nov 2026: /);
      // The first day shown: the first of 90, or on a phone of the last 30.
      const first = days === 30 ? /^22 Oct 2026: / : /^23 Aug 2026: /;
      await page.keyboard.press('Home');
      expect(await shown()).toMatch(first);
      await page.keyboard.press('ArrowLeft');
      expect(await shown()).toMatch(first);
      await page.keyboard.press('End');
      expect(await shown()).toMatch(/^20 Nov 2026: /);
      // A day something happened on is announced as the list below the bar says it.
      const line = uptime.locator(`.days li[data-day]:not(${Array.from({ length: 90 - days }, (_, i) => `[data-day="${i}"]`).join(', ') || '[data-day="-1"]'})`).first();
      const day = Number(await line.getAttribute('data-day')) - (90 - days);
      // Reached from the first day shown a week at a time, then a day at a time.
      await page.keyboard.press('Home');
      for (let i = 0; i < Math.floor(day / 7); i++) await page.keyboard.press('PageDown');
      for (let i = 0; i < day % 7; i++) await page.keyboard.press('ArrowRight');
      expect(await shown()).toBe(await line.textContent());
      expect(await shown()).toMatch(/^\d+ \w{3} 2026: (Minor|Major|Critical) incident: /);
      // The caption is on screen, inside the window.
      const box = (await caption.boundingBox())!;
      expect(box.x, `${width} px`).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, `${width} px`).toBeLessThanOrEqual(width);
    }
    expect(problems.splice(0)).toEqual([]);
  });
});

describe('the example site (content/), during incident 27', () => {
  let example: BuiltSite;
  let server: RunningServer;
  beforeAll(async () => {
    example = await buildSite(path.join(ROOT, 'content'), '2026-11-22T06:00:00Z');
    server = await serveSite(example.dir);
  });
  afterAll(async () => {
    await server?.close();
    await example?.cleanup();
  });

  it('puts the state, what is happening and the Components heading within the first 900 px at 1280 px, 1,500 px at 375 px', async () => {
    const context = await contextAt(browser, '2026-11-22T06:00:00Z', { viewport: { width: 1280, height: 800 } });
    const problems = watchContext(context, new URL(server.url).origin);
    const page = await context.newPage();
    await page.goto(`${server.url}/`, { waitUntil: 'load' });
    const top = (selector: string): Promise<number> => page.locator(selector).evaluate((e) => e.getBoundingClientRect().top + e.ownerDocument.defaultView!.scrollY);
    for (const { width, within } of [
      { width: 1280, within: 900 },
      { width: 375, within: 1500 },
    ]) {
      await page.setViewportSize({ width, height: 800 });
      const order = await page.locator('main h2').allInnerTexts();
      expect(order).toEqual(['Happening now', 'Components', 'Upcoming maintenance', 'Announcements', 'Past 7 days']);
      expect(await top('#components'), `${width} px`).toBeLessThanOrEqual(within);
    }
    // The incident's card says what it affects; the banner is coloured by the state.
    expect(await page.locator('#active ~ article.notice .affects').first().innerText()).toBe('Affects: Email');
    const banner = await page.locator('.banner').evaluate((b) => b.ownerDocument.defaultView!.getComputedStyle(b).backgroundColor);
    const body = await page.locator('body').evaluate((b) => b.ownerDocument.defaultView!.getComputedStyle(b.ownerDocument.documentElement).backgroundColor);
    expect(banner).not.toBe(body);
    await context.close();
    expect(problems).toEqual([]);
  });
});

describe('the 404 page', () => {
  /** Everything wrong with the 404 page the tab is on, at both widths and in both schemes. */
  async function check(page: Page, where: string): Promise<string[]> {
    const found: string[] = [];
    expect(await page.locator('h1').innerText()).toBe('Page not found');
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      const wide = await page.locator('body').evaluate((b) => b.ownerDocument.documentElement.scrollWidth);
      if (wide > width) found.push(`${where} is ${wide} px wide in a ${width} px window`);
      for (const scheme of SCHEMES) {
        await page.emulateMedia({ colorScheme: scheme });
        // As for every other page: only the colour rules again in the dark.
        found.push(...(await axeViolations(page, scheme === 'light' ? undefined : COLOUR_RULES)).map((v) => `${where}, ${width} px, ${scheme}: ${v}`));
        await screenshot(page, 'not-found', where.replace(/\W+/g, '-'), width, scheme);
      }
      await page.emulateMedia({ colorScheme: 'light' });
    }
    return found;
  }

  it("comes from serve for a notice's address with nothing there, themed, with a way home and to the history", async () => {
    const { page, problems } = await tab('metrics-site');
    const answer = await page.goto(`${siteOf('metrics-site')}notices/999/`);
    expect(answer!.status()).toBe(404);
    expect(await check(page, 'serve')).toEqual([]);
    // The page itself is the one 404 expected (which Chromium also logs).
    expect(problems.splice(0).filter((p) => !(p.includes('404') && p.includes('/notices/999/')))).toEqual([]);
    await page.getByRole('link', { name: 'The history' }).click();
    await page.waitForURL(`${siteOf('metrics-site')}history/`);
    expect(await page.locator('h1').innerText()).toBe('History');
    await page.goBack();
    await page.getByRole('link', { name: 'The status page' }).click();
    await page.waitForURL(siteOf('metrics-site'));
    expect(problems.splice(0).filter((p) => !(p.includes('404') && p.includes('/notices/999/')))).toEqual([]);
  });

  it('is 404.html in the output, as a static host sends it at any address (links from the path of the site url)', async () => {
    // The empty-site's url is https://empty.example.net/status/, the path this test serves it at.
    const built = await readFile(path.join(builds.get('empty-site')!.dir, '404.html'));
    const { page, problems } = await tab('empty-site');
    const deep = `${siteOf('empty-site')}notices/42/`;
    await page.route(deep, (route) => route.fulfill({ status: 404, contentType: 'text/html; charset=utf-8', body: built }));
    try {
      await page.goto(deep);
      expect(await check(page, 'static')).toEqual([]);
      expect(problems.splice(0).filter((p) => !(p.includes('404') && p.includes('/notices/42/')))).toEqual([]);
      await page.getByRole('link', { name: 'The status page' }).click();
      await page.waitForURL(siteOf('empty-site'));
    } finally {
      await page.unroute(deep);
    }
  });
});

describe('a notice page, printed', () => {
  it('keeps the notice and its whole timeline, without navigation or footer', async () => {
    const { page, problems } = await tab('metrics-site', { width: 800 });
    await visit(page, `${siteOf('metrics-site')}notices/104/`);
    await page.emulateMedia({ media: 'print' });
    const shown = (selector: string): Promise<boolean[]> => page.locator(selector).evaluateAll((list) => list.map((e) => (e as { checkVisibility(): boolean }).checkVisibility()));
    expect(await shown('.site-header nav, .crumbs, .site-footer')).toEqual([false, false, false]);
    expect(await shown('h1, .facts')).toEqual([true, true]);
    const items = await shown('ol.timeline > li');
    expect(items.length).toBeGreaterThan(1);
    expect(items.every(Boolean)).toBe(true);
    await screenshot(page, 'metrics-site', 'notice-printed', 800, 'light');
    // Black on white whatever the reader's scheme.
    const printedColours = (): Promise<string[]> =>
      page.locator('ol.timeline, .notice-page .meta .icon').evaluateAll((list) => list.map((e) => { const style = e.ownerDocument.defaultView!.getComputedStyle(e); return `${style.borderLeftColor} ${style.backgroundColor}`; }));
    const light = await printedColours();
    await page.emulateMedia({ media: 'print', colorScheme: 'dark' });
    expect(await page.locator('body').evaluate((b) => b.ownerDocument.defaultView!.getComputedStyle(b.ownerDocument.documentElement).backgroundColor)).toBe('rgb(255, 255, 255)');
    // The timeline's line and the state's icon are printed in the same colours in either scheme.
    expect(await printedColours()).toEqual(light);
    // The timeline's dots (.4rem left of its line) stay inside the page.
    expect(await page.locator('ol.timeline').evaluate((e) => e.getBoundingClientRect().left)).toBeGreaterThanOrEqual(6);
    await screenshot(page, 'metrics-site', 'notice-printed', 800, 'dark');
    const pdf = await page.pdf({ format: 'A4' });
    expect(pdf.byteLength).toBeGreaterThan(1000);
    expect(problems.splice(0)).toEqual([]);
  });
});

describe('the uptime bars in forced colours', () => {
  it('keep their words where the colours vanish: the key and the days with something to say', async () => {
    const { page, problems } = await tab('metrics-site');
    await page.emulateMedia({ forcedColors: 'active' });
    await visit(page, siteOf('metrics-site'));
    expect(await page.locator('body').evaluate((b) => b.ownerDocument.defaultView!.matchMedia('(forced-colors: active)').matches)).toBe(true);
    expect(await page.locator('ul.key').first().innerText()).toMatch(/No incident\s+Minor incident\s+Major incident\s+Critical incident\s+Maintenance\s+No data/);
    const days = page.locator('.uptime .days').first();
    expect(await days.locator('summary').isVisible()).toBe(true);
    await days.locator('summary').click();
    expect(await days.locator('li').first().innerText()).toMatch(/^\d+ \w{3} 2026: (Minor|Major|Critical) incident: .+, \d/);
    // The bar keeps an outline of its own, drawn in the system's text colour.
    expect(await page.locator('.uptime > .bar').first().evaluate((bar) => bar.ownerDocument.defaultView!.getComputedStyle(bar).borderTopStyle)).toBe('solid');
    expect(problems.splice(0)).toEqual([]);
  });
});

interface TabStop {
  what: string;
  problem: string | null;
}

/**
 * Presses Tab until focus leaves the page (at most 400 times) and says what each stop was and what
 * is wrong with it: off screen, without a focus outline, or under a sticky or fixed element.
 */
async function tabStops(page: Page): Promise<TabStop[]> {
  // The sticky and fixed elements, found once: no stop changes which they are.
  const held = await page.locator('body').evaluateHandle((body) => {
    const view = body.ownerDocument.defaultView!;
    return { body, pinned: [...body.querySelectorAll('*')].filter((e) => ['sticky', 'fixed'].includes(view.getComputedStyle(e).position)) };
  });
  const stops: TabStop[] = [];
  for (let i = 0; i < 400; i++) {
    await page.keyboard.press('Tab');
    const at = await held.evaluate(({ body, pinned }) => {
      const doc = body.ownerDocument;
      const view = doc.defaultView!;
      const focused = doc.activeElement;
      if (!focused || focused === body) return null;
      const box = focused.getBoundingClientRect();
      const what = `${focused.tagName.toLowerCase()}.${focused.className} ${(focused.textContent ?? '').trim().slice(0, 40)}`;
      const style = view.getComputedStyle(focused);
      if (box.width === 0 || box.height === 0 || box.bottom <= 0 || box.top >= view.innerHeight) return { what, problem: 'off screen' };
      if (style.outlineStyle === 'none' || style.outlineWidth === '0px') return { what, problem: 'no focus outline' };
      for (const fixed of pinned) {
        if (fixed.contains(focused)) continue;
        const over = fixed.getBoundingClientRect();
        if (over.bottom > box.top && over.top < box.bottom) return { what, problem: 'under a sticky element' };
      }
      return { what, problem: null };
    });
    if (at === null) break;
    stops.push(at);
  }
  await held.dispose();
  return stops;
}

/** The Tab stops of the status page the tab is on, checked: each visible and clear of the header, at most 40 plus 4 per component. */
async function expectTabStops(page: Page, javaScriptEnabled: boolean): Promise<void> {
  const components = await page.locator('.tree li.component').count();
  const stops = await tabStops(page);
  expect(stops.filter((s) => s.problem !== null)).toEqual([]);
  expect(stops.length).toBeGreaterThan(10);
  expect(stops.length).toBeLessThanOrEqual(40 + 4 * components);
  // The bars are one stop each with the script, none without; the days with something to say are a summary away.
  const bars = stops.filter((s) => s.what.startsWith('div.bar')).length;
  expect(bars).toBe(javaScriptEnabled ? await page.locator('.uptime > .bar').count() : 0);
  expect(stops.some((s) => s.what.startsWith('summary.') || s.what.startsWith('summary'))).toBe(true);
  expect(stops.at(-1)!.what).not.toMatch(/^div\.bar/);
}

describe('Tab stops of the status page', () => {
  it('with JavaScript: at most 40 plus 4 per component, each visible and clear of the header', async () => {
    const { page, problems } = await tab('metrics-site', { height: 800 });
    // Reduced motion: the page scrolls to a focused element at once, not smoothly after the check.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await visit(page, siteOf('metrics-site'));
    await expectTabStops(page, true);
    expect(problems.splice(0)).toEqual([]);
  });
});

describe("the page's script", () => {
  it("shows times in the reader's zone, the UTC text as their title", async () => {
    const { context, problems } = await open('metrics-site', { timezoneId: 'Pacific/Auckland', locale: 'en-GB' });
    const page = await context.newPage();
    await visit(page, `${siteOf('metrics-site')}notices/101/`);
    const began = page.locator('.facts time').first();
    expect(await began.getAttribute('datetime')).toBe('2026-11-20T10:00:00.000Z');
    expect(await began.getAttribute('title')).toBe('20 Nov 2026, 10:00 UTC');
    // 10:00 UTC is 23:00 in Auckland (UTC+13 in November).
    expect(await began.innerText()).toMatch(/^20 Nov 2026, 23:00 \S+/);
    // A window within one day writes its date once, in the reader's zone too.
    await visit(page, `${siteOf('metrics-site')}notices/202/`);
    const window = page.locator('.facts time[data-until]');
    expect(await window.getAttribute('title')).toBe('20 Nov 2026, 11:00–14:00 UTC');
    expect(await window.innerText()).toMatch(/^21 Nov 2026, 00:00–03:00 \S+$/);
    // The footer says the page refreshes itself: the script does it.
    expect(await page.locator('.site-footer').innerText()).toContain('; this page refreshes itself.');
    await context.close();
    expect(problems).toEqual([]);
  });
});

describe('with JavaScript off', () => {
  let context: BrowserContext;
  let problems: string[];
  let page: Page;
  beforeAll(async () => {
    // Reduced motion and 800 px high for the Tab stops, as with the script.
    ({ context, problems } = await open('metrics-site', { javaScriptEnabled: false, reducedMotion: 'reduce', viewport: { width: 1280, height: 800 } }));
    page = await context.newPage();
  });
  afterAll(() => context?.close());

  it('the status page shows the state, what is happening, the components and their bars', async () => {
    await page.goto(siteOf('metrics-site'));
    const status = await api('status.json');
    await expect.poll(() => page.locator('#banner').innerText()).toBe(status.page.state_text);
    expect(await page.locator('#banner').isVisible()).toBe(true);
    const subjects = (section: string): Promise<string[]> => page.locator(`#${section} ~ article.notice h3`).allInnerTexts();
    expect(await subjects('active')).toEqual(['Docs and GraphQL migration', 'Elevated error rates on the REST API']);
    expect(await subjects('upcoming')).toEqual(['Email queue cleanup', 'REST API database upgrade']);
    expect(await subjects('announcements')).toEqual(['Support hours', 'Planned office move']);
    expect((await subjects('recent')).length).toBeGreaterThan(0);
    // Every component, each group open, each with metrics with its 90 days.
    expect(await page.locator('.tree li.component').count()).toBe(status.page.links.components.count);
    expect(await page.locator('.tree li.group > details:not([open])').count()).toBe(0);
    expect(await page.locator('.tree .name').evaluateAll((names) => names.filter((n) => (n as { offsetParent: unknown }).offsetParent === null).length)).toBe(0);
    expect(await page.locator('.uptime > .bar').count()).toBe(8);
    for (const bar of await page.locator('.uptime > .bar').all()) expect(await bar.getAttribute('data-days')).toBe('90');
    expect(await page.locator('.uptime > .bar').first().isVisible()).toBe(true);
    // No day is a tab stop; the days something happened are links in a list.
    expect(await page.locator('.uptime [tabindex]').count()).toBe(0);
    expect(await page.locator('.uptime .days li a').count()).toBeGreaterThan(0);
    // Times stay in UTC, as written.
    expect(await page.locator('#banner + p time').innerText()).toBe('20 Nov 2026, 12:00 UTC');
    // Nothing refreshes the page without its script, and the footer does not say it does.
    expect(await page.locator('.site-footer').innerText()).not.toContain('refreshes');
  });

  it("a notice page shows its facts and whole timeline", async () => {
    await page.goto(`${siteOf('metrics-site')}notices/104/`);
    const notice = await api('notices/104.json');
    expect(await page.locator('h1').innerText()).toBe(notice.notice.subject);
    const items = page.locator('ol.timeline > li');
    expect(await items.count()).toBe(notice.notice.updates.length);
    for (const item of await items.all()) expect(await item.isVisible()).toBe(true);
    expect(await items.first().locator('.content').innerText()).toBe('The gateway is back.');
    expect(await page.locator('.facts').innerText()).toContain('Impact');
  });

  it('a component page shows the past 30 days; only the picker is inert, and says so', async () => {
    await page.goto(`${siteOf('metrics-site')}components/8/?timeframe_start=2026-09-01&timeframe_end=2026-09-30`);
    // The address's window needs the script: the page shows the default one, the API's.
    const metrics = await api('components/8/metrics.json');
    expect(await page.locator('[data-figure="uptime"]').innerText()).toBe(metrics.percentage_uptime.words);
    expect(await page.locator('[data-figure="mttr"]').innerText()).toBe(durationText(metrics.mean_time_to_recovery.seconds, EN));
    expect(await page.locator('[data-figure="window"]').innerText()).toBe(windowText(metrics.timeframe_start, metrics.timeframe_end, EN));
    expect(await page.locator('section.metrics').getAttribute('data-ready')).toBeNull();
    // Says so in <noscript>. (Scripts off through the DevTools protocol still parses <noscript> as
    // text, so its words are read, not its box.)
    expect(await page.locator('form.picker noscript').textContent()).toContain('Other timeframes are computed in your browser, with JavaScript');
    expect(await page.locator('.uptime > .bar').getAttribute('data-days')).toBe('90');
    expect(await page.locator('#notices ~ article.notice').count()).toBeGreaterThan(0);
  });

  it('the status page has at most 40 Tab stops plus 4 per component, each visible and clear of the header, and no bar among them', async () => {
    await page.goto(siteOf('metrics-site'));
    await expectTabStops(page, false);
  });

  it('gives no console error, failed request or request off the site on those pages', async () => {
    expect(problems).toEqual([]);
  });
});
