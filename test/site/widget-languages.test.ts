// The widget in the embedding page's language: `data-lang` on the placeholder, else the nearest
// `lang`, reads the build's file of that language (`widget/de.json`): its own words, the state text
// and the present notices' subjects and links in German; a language the site does not have, the
// site's default language (`widget/default.json`): English here, German for a German site.
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
/** Notice 1 is being investigated then. */
const NOW = '2026-11-20T23:50:00Z';

let built: BuiltSite;
let status: RunningServer;
/** The same content as a German site of one language (`locale: de`, no translations). */
let german: { work: string; built: BuiltSite; status: RunningServer };
let host: LocalServer;
let browser: Browser;

beforeAll(async () => {
  built = await buildSite(CONTENT, NOW);
  status = await serveSite(built.dir);
  const page = (body: string): string => embeddingPage(status.url, body);
  const work = await mkdtemp(path.join(tmpdir(), 'statuspress-widget-de-'));
  await cp(CONTENT, work, { recursive: true });
  await writeFile(path.join(work, 'site.yaml'), 'name: Acme Status\nurl: https://status.acme.com\ncreated_at: 2024-01-01T00:00:00Z\nlocale: de\n');
  for (const name of [...(await readdir(path.join(work, 'notices'))).map((n) => `notices/${n}`), ...(await readdir(path.join(work, 'components'))).map((n) => `components/${n}`)]) {
    const file = path.join(work, name);
    await writeFile(file, (await readFile(file, 'utf8')).split('\n').filter((line) => !/^\s*(- )?translations:|^\s+de:/.test(line)).join('\n'));
  }
  const germanBuilt = await buildSite(work, NOW);
  german = { work, built: germanBuilt, status: await serveSite(germanBuilt.dir) };
  const pages: Record<string, string> = {
    '/': page('<div id="de" data-statuspress data-lang="de"></div><div id="upper" data-statuspress data-lang="DE"></div><section lang="de-at"><div id="at" data-statuspress></div></section><div id="en" data-statuspress></div><div id="fr" data-statuspress data-lang="fr"></div>'),
    // The German site's widget on pages in a language it does not have, and in none.
    '/german': embeddingPage(german.status.url, '<div id="fr" data-statuspress></div>', { lang: 'fr', title: 'Produit' }),
    '/german-none': embeddingPage(german.status.url, '<div id="none" data-statuspress></div><div id="path" data-statuspress data-lang="../api/v1/status"></div>', { lang: null }),
  };
  host = await startLocalServer((req, res) => {
    const body = pages[req.url ?? ''];
    res.writeHead(body ? 200 : 404, { 'Content-Type': 'text/html; charset=utf-8' }).end(body ?? '');
  });
  browser = await launchBrowser();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await host?.close();
  await status?.close();
  await built?.cleanup();
  await german?.status.close();
  await german?.built.cleanup();
  if (german) await rm(german.work, { recursive: true, force: true });
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
    const context = await browser.newContext();
    const page = await context.newPage();
    try {
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
    } finally {
      await context.close();
    }
  });

  it('shows the site\'s default language where the page\'s is not the site\'s, or not given', async () => {
    expect(await readFile(path.join(german.built.dir, 'widget/default.json'), 'utf8')).toBe(await readFile(path.join(german.built.dir, 'widget/de.json'), 'utf8'));
    const context = await browser.newContext();
    const page = await context.newPage();
    try {
      // A `lang` that is no language tag (here a path to another JSON file) is never asked for.
      for (const [address, id] of [['/german', 'fr'], ['/german-none', 'none'], ['/german-none', 'path']] as const) {
        await page.goto(`${host.url}${address}`);
        const shownThere = await shown(page, id);
        expect(shownThere.text).toContain('Störung · Wird untersucht');
        expect(shownThere.text).toContain('Slow pages');
        expect(shownThere.links).toContain('https://status.acme.com/notices/1/');
      }
    } finally {
      await context.close();
    }
  });
});
