// The reading experience in German and in Arabic (right to left): the example content built in each,
// every kind of page at 375 and 1280 px checked by axe-core, nothing running off either side, the
// Components heading near the top, the Tab stops visible, and a screenshot of each page at 375 px
// where CI keeps them (artifacts/screenshots).
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { RunningServer } from '../../src/serve/server.js';
import { axeViolations, buildSite, launchBrowser, overflowing, ROOT, screenshotPath, serveSite, watchContext } from './helpers.js';
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

describe.each(LANGUAGES)('the example site in $locale', ({ locale, components }) => {
  const site = (): string => `${servers.get(locale)!.url}/`;

  it.each(PAGES)('$name: axe-core finds nothing, nothing runs off either side, at 375 and 1280 px', async ({ name, path: address }) => {
    const found: string[] = [];
    for (const width of [375, 1280]) {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const problems = watchContext(context, new URL(site()).origin);
      const page = await context.newPage();
      await page.goto(site() + address, { waitUntil: 'load' });
      if ((await page.locator('section.metrics form.picker').count()) > 0) await page.locator('section.metrics[data-ready="true"]').waitFor();
      expect(await page.locator('html').getAttribute('lang')).toBe(locale);
      found.push(...(await axeViolations(page)).map((v) => `${width} px: ${v}`));
      found.push(...[...(await overflowing(page)), ...(await overflowingLeft(page))].map((o) => `${address} at ${width} px: ${o}`));
      if (width === 375) await page.screenshot({ path: await screenshotPath(`example-${locale}`, name, width, 'light'), fullPage: true });
      await context.close();
      found.push(...problems);
    }
    expect(found).toEqual([]);
  });

  it('puts the Components heading within the first 1500 px at 375 px', async () => {
    const context = await browser.newContext({ viewport: { width: 375, height: 800 } });
    const page = await context.newPage();
    await page.goto(site(), { waitUntil: 'load' });
    expect(await page.locator('#components').innerText()).toBe(components);
    const top = await page.locator('#components').evaluate((e) => e.getBoundingClientRect().top + e.ownerDocument.defaultView!.scrollY);
    expect(top).toBeLessThanOrEqual(1500);
    await context.close();
  });

  it('has Tab stops that are each visible and outlined', async () => {
    const context = await browser.newContext({ reducedMotion: 'reduce', viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(site(), { waitUntil: 'load' });
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
    expect(stops.filter((s) => s.problem !== null)).toEqual([]);
    expect(stops.length).toBeGreaterThan(10);
    await context.close();
  });
});
