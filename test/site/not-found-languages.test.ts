// A static host sends the one `404.html` at the root for every missing address. Under a language's
// folder (`/de/…`), its script leads the ways back into that folder; without the script (and at an
// address outside any language's folder) it offers every language's home as it is.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite, launchBrowser } from './helpers.js';
import type { BuiltSite } from './helpers.js';
import { startLocalServer } from '../helpers/local-server.js';
import type { LocalServer } from '../helpers/local-server.js';

const CONTENT = path.join(import.meta.dirname, '../fixtures/translated-site/content');

let built: BuiltSite;
let host: LocalServer;
let browser: Browser;

beforeAll(async () => {
  built = await buildSite(CONTENT, '2026-11-22T00:00:00Z');
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
  browser = await launchBrowser();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await host?.close();
  await built?.cleanup();
});

const waysOf = async (url: string, javaScriptEnabled = true): Promise<{ status: number; ways: string[]; current: string | null }> => {
  const context = await browser.newContext({ javaScriptEnabled });
  try {
    const page = await context.newPage();
    const answer = await page.goto(url);
    await page.waitForLoadState('load');
    const ways = await page.locator('.ways a').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
    const current = await page.locator('nav.languages a[aria-current]').getAttribute('hreflang');
    return { status: answer!.status(), ways, current };
  } finally {
    await context.close();
  }
};

describe('the root 404 page on a static host', () => {
  it('under /de/, leads back into /de/ and marks Deutsch', async () => {
    expect(await waysOf(`${host.url}/de/notices/99/`)).toEqual({ status: 404, ways: ['/de/', '/de/history/'], current: 'de' });
  });

  it('elsewhere, and without its script, leads to the default language and offers every language', async () => {
    expect(await waysOf(`${host.url}/notices/99/`)).toEqual({ status: 404, ways: ['/', '/history/'], current: 'en' });
    expect(await waysOf(`${host.url}/de/notices/99/`, false)).toEqual({ status: 404, ways: ['/', '/history/'], current: 'en' });
  });
});
