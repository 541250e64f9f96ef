// The widget in the embedding page's language: `data-lang` on the placeholder, else the nearest
// `lang`, reads the build's file of that language (`widget/de.json`): its own words, the state text
// and the present notices' subjects and links in German; a language the site does not have, English.
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src/serve/server.js';
import { buildSite, launchBrowser, serveSite } from './helpers.js';
import type { BuiltSite } from './helpers.js';

const CONTENT = path.join(import.meta.dirname, '../fixtures/translated-site/content');
/** Notice 1 is being investigated then. */
const NOW = '2026-11-20T23:50:00Z';

let built: BuiltSite;
let status: RunningServer;
let host: { server: Server; url: string };
let browser: Browser;

beforeAll(async () => {
  built = await buildSite(CONTENT, NOW);
  status = await serveSite(built.dir);
  const page = (body: string): string => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Product</title></head><body>${body}<script src="${status.url}/widget.js"></script></body></html>`;
  const pages: Record<string, string> = {
    '/': page('<div id="de" data-statuspress data-lang="de"></div><section lang="de-AT"><div id="at" data-statuspress></div></section><div id="en" data-statuspress></div><div id="fr" data-statuspress data-lang="fr"></div>'),
  };
  const server = createServer((req, res) => {
    const body = pages[req.url ?? ''];
    res.writeHead(body ? 200 : 404, { 'Content-Type': 'text/html; charset=utf-8' }).end(body ?? '');
  });
  host = await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${(server.address() as { port: number }).port}` })));
  browser = await launchBrowser();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => host?.server.close(resolve));
  await status?.close();
  await built?.cleanup();
});

/** The widget's words in the placeholder `#id`, and its links. */
async function shown(page: Page, id: string): Promise<{ text: string; links: string[] }> {
  const box = page.locator(`#${id} .w`);
  await box.waitFor({ timeout: 10_000 });
  await page.locator(`#${id} li`).first().waitFor({ timeout: 10_000 });
  return { text: (await box.textContent()) ?? '', links: await box.locator('a').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? '')) };
}

describe('the widget in the embedding page\'s language', () => {
  it('shows German with data-lang="de" and under lang="de-AT", English otherwise', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    try {
      await page.goto(`${host.url}/`);
      for (const id of ['de', 'at']) {
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
});
