// The widget in the embedding page's language: `data-lang` on the placeholder, else the nearest
// `lang`, reads the build's file of that language (`widget/de.json`): its own words, the state text
// and the present notices' subjects and links in German; a language the site does not have, the
// site's default language (`widget/default.json`): English here, German for a German site.
// And on a page in a language the site has but has not translated everything into
// (test/fixtures/widget-fallback): a state text or subject shown in the default language carries
// that language's `lang` on the element that holds it, and its `dir` when the direction differs,
// as the site's own pages mark such a text; a translated one carries neither. One browser and one
// tab for the file.
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src/serve/server.js';
import { buildSite, embeddingPage, launchBrowser, serveSite } from './helpers.js';
import type { BuiltSite } from './helpers.js';
import { startLocalServer } from '../helpers/local-server.js';
import type { LocalServer } from '../helpers/local-server.js';

const CONTENT = path.join(import.meta.dirname, '../fixtures/translated-site/content');
const FALLBACK_CONTENT = path.join(import.meta.dirname, '../fixtures/widget-fallback/content');
/** Notice 1 is being investigated then (in widget-fallback, both notices are). */
const NOW = '2026-11-20T23:50:00Z';

let built: BuiltSite;
let status: RunningServer;
/** The same content as a German site of one language (`locale: de`, no translations). */
let german: { work: string; built: BuiltSite; status: RunningServer };
/** The partly translated site of widget-fallback (`locales: [en, de, ar]`). */
let fallback: { built: BuiltSite; status: RunningServer };
let host: LocalServer;
let browser: Browser;
/** One tab for the file's tests. */
let page: Page;

beforeAll(async () => {
  const launching = launchBrowser();
  built = await buildSite(CONTENT, NOW);
  status = await serveSite(built.dir);
  const hostPage = (body: string): string => embeddingPage(status.url, body);
  const work = await mkdtemp(path.join(tmpdir(), 'statuspress-widget-de-'));
  await cp(CONTENT, work, { recursive: true });
  await writeFile(path.join(work, 'site.yaml'), 'name: Acme Status\nurl: https://status.acme.com\ncreated_at: 2024-01-01T00:00:00Z\nlocale: de\n');
  for (const name of [...(await readdir(path.join(work, 'notices'))).map((n) => `notices/${n}`), ...(await readdir(path.join(work, 'components'))).map((n) => `components/${n}`)]) {
    const file = path.join(work, name);
    await writeFile(file, (await readFile(file, 'utf8')).split('\n').filter((line) => !/^\s*(- )?translations:|^\s+de:/.test(line)).join('\n'));
  }
  const [germanBuilt, fallbackBuilt] = await Promise.all([buildSite(work, NOW), buildSite(FALLBACK_CONTENT, NOW)]);
  german = { work, built: germanBuilt, status: await serveSite(germanBuilt.dir) };
  fallback = { built: fallbackBuilt, status: await serveSite(fallbackBuilt.dir) };
  const pages: Record<string, string> = {
    '/': hostPage('<div id="de" data-statuspress data-lang="de"></div><div id="upper" data-statuspress data-lang="DE"></div><section lang="de-at"><div id="at" data-statuspress></div></section><div id="en" data-statuspress></div><div id="fr" data-statuspress data-lang="fr"></div>'),
    // The German site's widget on pages in a language it does not have, and in none.
    '/german': embeddingPage(german.status.url, '<div id="fr" data-statuspress></div>', { lang: 'fr', title: 'Produit' }),
    '/german-none': embeddingPage(german.status.url, '<div id="none" data-statuspress></div><div id="path" data-statuspress data-lang="../api/v1/status"></div>', { lang: null }),
    '/fallback': embeddingPage(
      fallback.status.url,
      '<div id="de" data-statuspress data-lang="de"></div><div id="ar" data-statuspress data-lang="ar"></div><div id="arc" data-statuspress data-lang="ar" data-mode="compact"></div><div id="en" data-statuspress data-lang="en"></div>',
    ),
  };
  host = await startLocalServer((req, res) => {
    const body = pages[req.url ?? ''];
    res.writeHead(body ? 200 : 404, { 'Content-Type': 'text/html; charset=utf-8' }).end(body ?? '');
  });
  browser = await launching;
  page = await (await browser.newContext()).newPage();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await host?.close();
  await status?.close();
  await built?.cleanup();
  await german?.status.close();
  await german?.built.cleanup();
  if (german) await rm(german.work, { recursive: true, force: true });
  await fallback?.status.close();
  await fallback?.built.cleanup();
});

/** The widget's words in the placeholder `#id`, and its links. */
async function shown(page: Page, id: string): Promise<{ text: string; links: string[] }> {
  const box = page.locator(`#${id} .w`);
  await box.waitFor({ timeout: 10_000 });
  await page.locator(`#${id} li`).first().waitFor({ timeout: 10_000 });
  return { text: (await box.textContent()) ?? '', links: await box.locator('a').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? '')) };
}

describe('the widget in the embedding page\'s language', () => {
  it('shows German with data-lang="de" or "DE" and under lang="de-at", English otherwise', async () => {
    await page.goto(`${host.url}/`);
    // Language tags are case-insensitive: `DE` and `de-at` read the build's `de.json` (a host's paths are not).
    for (const id of ['de', 'upper', 'at']) {
      const german = await shown(page, id);
      expect(german.text).toContain('Einige Systeme haben Probleme');
      expect(german.text).toContain('Störung · Wird untersucht');
      expect(german.text).toContain('Langsame Seiten');
      expect(german.links).toContain('https://status.acme.com/de/notices/1/');
      expect(german.links.at(-1)).toBe('https://status.acme.com/de/');
    }
    for (const id of ['en', 'fr']) {
      const english = await shown(page, id);
      expect(english.text).toContain('Incident · Investigating');
      expect(english.text).toContain('Slow pages');
      expect(english.text).toContain('Some systems are experiencing problems');
      expect(english.links).toContain('https://status.acme.com/notices/1/');
    }
  });

  it('shows the site\'s default language where the page\'s is not the site\'s, or not given', async () => {
    expect(await readFile(path.join(german.built.dir, 'widget/default.json'), 'utf8')).toBe(await readFile(path.join(german.built.dir, 'widget/de.json'), 'utf8'));
    // A `lang` that is no language tag (here a path to another JSON file) is never asked for.
    for (const [address, id] of [['/german', 'fr'], ['/german-none', 'none'], ['/german-none', 'path']] as const) {
      if (page.url() !== `${host.url}${address}`) await page.goto(`${host.url}${address}`);
      const shownThere = await shown(page, id);
      expect(shownThere.text).toContain('Störung · Wird untersucht');
      expect(shownThere.text).toContain('Slow pages');
      expect(shownThere.links).toContain('https://status.acme.com/notices/1/');
    }
  });
});

/** Each text the widget in `#id` shows from the site or the API, with its lang and dir attributes. */
type Marked = { text: string; lang: string | null; dir: string | null };

describe('the widget: texts in the default language', () => {
  it('marks them with lang, and dir when the direction differs; leaves translated ones alone', async () => {
    await page.goto(`${host.url}/fallback`);
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
  });
});
