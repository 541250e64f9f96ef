// The widget on a page in a language the site has but has not translated everything into
// (test/fixtures/widget-fallback): a state text or subject shown in the default language carries
// that language's `lang` on the element that holds it, and its `dir` when the direction differs,
// as the site's own pages mark such a text; a translated one carries neither.
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src/serve/server.js';
import { buildSite, embeddingPage, launchBrowser, serveSite } from './helpers.js';
import type { BuiltSite } from './helpers.js';
import { startLocalServer } from '../helpers/local-server.js';
import type { LocalServer } from '../helpers/local-server.js';

const CONTENT = path.join(import.meta.dirname, '../fixtures/widget-fallback/content');
/** Both notices are being investigated then. */
const NOW = '2026-11-20T23:50:00Z';

let built: BuiltSite;
let status: RunningServer;
let host: LocalServer;
let browser: Browser;

beforeAll(async () => {
  built = await buildSite(CONTENT, NOW);
  status = await serveSite(built.dir);
  const body = '<div id="de" data-statuspress data-lang="de"></div><div id="ar" data-statuspress data-lang="ar"></div><div id="arc" data-statuspress data-lang="ar" data-mode="compact"></div><div id="en" data-statuspress data-lang="en"></div>';
  const html = embeddingPage(status.url, body);
  host = await startLocalServer((_req, res) => res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(html));
  browser = await launchBrowser();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await host?.close();
  await status?.close();
  await built?.cleanup();
});

/** Each text the widget in `#id` shows from the site or the API, with its lang and dir attributes. */
type Marked = { text: string; lang: string | null; dir: string | null };

describe('the widget: texts in the default language', () => {
  it('marks them with lang, and dir when the direction differs; leaves translated ones alone', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    try {
      await page.goto(`${host.url}/`);
      const texts = async (id: string, wait = 'li'): Promise<Marked[]> => {
        await page.locator(`#${id} ${wait}`).first().waitFor({ timeout: 10_000 });
        return page.locator(`#${id} bdi`).evaluateAll((all) => all.map((b) => ({ text: b.textContent ?? '', lang: b.getAttribute('lang'), dir: b.getAttribute('dir') })));
      };
      const de = await texts('de');
      expect(de).toContainEqual({ text: 'Einige Seiten sind langsam', lang: null, dir: null });
      expect(de).toContainEqual({ text: 'Langsame Seiten', lang: null, dir: null });
      expect(de).toContainEqual({ text: 'Slow search', lang: 'en', dir: null });

      const ar = await texts('ar');
      expect(ar).toContainEqual({ text: 'Some pages are slow', lang: 'en', dir: 'ltr' });
      expect(ar).toContainEqual({ text: 'Slow pages', lang: 'en', dir: 'ltr' });
      expect(ar).toContainEqual({ text: 'Slow search', lang: 'en', dir: 'ltr' });
      // The widget's own words are Arabic: not marked.
      expect(ar.filter((t) => t.lang === null).length).toBeGreaterThan(0);
      expect(await texts('arc', '.w')).toEqual([{ text: 'Some pages are slow', lang: 'en', dir: 'ltr' }]);

      // In the default language nothing is a fallback.
      expect((await texts('en')).filter((t) => t.lang !== null || t.dir !== null)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
