// A text shown in another language than its page's (a translation missing, shown in the default
// language; a language's own name in the switcher) runs in its own language's direction. On the
// Arabic pages of an English site, `We are looking into it.` once ran right to left with the page,
// its full stop drawn at its left end (`.We are looking into it`), and `Slow pages?` as `?Slow pages`.
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src/serve/server.js';
import { FIXTURES } from '../helpers/build.js';
import { buildSite, launchBrowser, serveSite } from './helpers.js';
import type { BuiltSite } from './helpers.js';

let built: BuiltSite;
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  built = await buildSite(path.join(FIXTURES, 'rtl-fallback', 'content'), '2026-11-21T12:00:00Z');
  server = await serveSite(built.dir);
  browser = await launchBrowser();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await built?.cleanup();
});

/** Whether the last character of each element's text is drawn right of its first (as left-to-right text is), with the element's language. */
const lastIsRight = (page: Page, selector: string): Promise<{ lang: string; text: string; ltr: boolean }[]> =>
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

describe('a text in the other direction than its page', () => {
  it('runs left to right on an Arabic page when it is English', async () => {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto(`${server.url}/ar/notices/1/`);
      expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
      expect(await lastIsRight(page, 'main h1[lang="en"], main [lang="en"] p')).toEqual([
        { lang: 'en', text: 'Slow pages?', ltr: true },
        { lang: 'en', text: 'We are looking into it.', ltr: true },
      ]);
    } finally {
      await context.close();
    }
  });

  it('runs right to left on an English page when it is Arabic', async () => {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto(`${server.url}/notices/1/`);
      expect(await page.evaluate(`getComputedStyle(document.querySelector('nav.languages a[lang="ar"]')).direction`)).toBe('rtl');
    } finally {
      await context.close();
    }
  });
});
