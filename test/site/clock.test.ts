// The status page follows the clock on a plain static host (serve-handler, not `statuspress
// serve`): opened a minute before a maintenance begins, on Playwright's clock, it shows the
// maintenance begin at its minute (the banner, the entry, the component's state, the page's state
// and title) and checks the status file again, without reloading; at its end, the same. The site's
// own templates render it (test/fixtures/clock-site), so the moments come from their process. The
// widget, embedded in a page of the same host, follows the clock too.
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import { mkdtemp, readFile, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import handler from 'serve-handler';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { build } from '../../src/build.js';
import { launchBrowser, watchContext } from './helpers.js';

const SITE = path.join(import.meta.dirname, '../fixtures/clock-site');
const BUILT = Date.parse('2026-11-20T01:50:00Z');

const EMBEDDING = '<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>Product</title>\n</head>\n<body>\n<div data-statuspress></div>\n<script src="/widget.js"></script>\n</body>\n</html>\n';

let root: string;
let server: Server;
let origin: string;
let browser: Browser;

beforeAll(async () => {
  const launching = launchBrowser();
  root = await mkdtemp(path.join(tmpdir(), 'statuspress-clock-'));
  const dist = path.join(root, 'dist');
  await build({ contentDir: path.join(SITE, 'content'), templatesDir: path.join(SITE, 'templates'), outDir: dist, now: BUILT, threads: 0 });
  // A static host serves files: the output's folder, not the link to it.
  const files = await realpath(dist);
  server = createServer((request, response) => {
    // A product's page embedding the widget, without an icon of its own (the browser asks for one).
    if (request.url === '/product.html' || request.url === '/favicon.ico') {
      if (request.url === '/favicon.ico') response.writeHead(204).end();
      else response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(EMBEDDING);
      return;
    }
    void handler(request, response, { public: files });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  origin = `http://127.0.0.1:${address.port}`;
  browser = await launching;
});

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
  await rm(root, { recursive: true, force: true });
});

/** What the page shows of the clock's changes, read in the page. */
const shown = `(() => ({
  state: document.documentElement.dataset.state,
  title: document.title,
  icon: document.querySelector('link[rel="icon"]').getAttribute('href'),
  banner: document.querySelector('#banner').textContent,
  active: [...document.querySelectorAll('#active ~ article h3')].map((h) => h.textContent),
  upcoming: [...document.querySelectorAll('#upcoming ~ article h3')].map((h) => h.textContent),
  recent: [...document.querySelectorAll('#recent ~ article h3')].map((h) => h.textContent),
  entry: [...document.querySelectorAll('article')].find((a) => a.querySelector('h3').textContent === 'Database upgrade')?.querySelector('.label')?.textContent ?? null,
  api: [...document.querySelectorAll('.components .row')].find((r) => r.querySelector('.name').textContent === 'API').querySelector('.state').textContent,
  localTimes: [...document.querySelectorAll('main time[datetime]')].every((t) => t.title !== ''),
  header: document.querySelector('.clock-header') !== null,
  marker: window.stayed === true,
}))()`;

describe('the status page on a static host', () => {
  it('shows a maintenance begin and end at its minute, and checks the status file at each', async () => {
    const context = await browser.newContext({ timezoneId: 'UTC' });
    const problems = watchContext(context, origin);
    const page = await context.newPage();
    let navigations = 0;
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) navigations++;
    });
    const statusChecks: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/v1/status.json')) statusChecks.push(request.url());
    });
    await page.clock.install({ time: Date.parse('2026-11-20T01:58:30Z') });
    await page.goto(`${origin}/`);
    await page.clock.pauseAt(Date.parse('2026-11-20T01:59:50Z'));
    await page.evaluate('window.stayed = true');
    const before = (await page.evaluate(shown)) as { icon: string };
    expect(before).toMatchObject({
      state: 'operational',
      title: 'Clock Test Status: All systems operational',
      banner: 'All systems operational',
      active: [],
      upcoming: ['Database upgrade', 'Long network work'],
      entry: 'Scheduled',
      api: 'Operational',
      header: true,
    });
    expect(before.icon).toMatch(/icon-operational/);

    // A millisecond before: nothing yet.
    await page.clock.runFor(9_999);
    expect(await page.evaluate(shown)).toMatchObject({ state: 'operational', entry: 'Scheduled' });
    const checks = statusChecks.length;
    const checked = page.waitForResponse((response) => response.url().endsWith('/api/v1/status.json'));
    await page.clock.runFor(1);
    await checked;
    const begun = (await page.evaluate(shown)) as { icon: string };
    expect(begun).toMatchObject({
      state: 'under-maintenance',
      title: 'Clock Test Status: Maintenance is underway',
      banner: 'Maintenance is underway',
      active: ['Database upgrade'],
      upcoming: ['Long network work'],
      entry: 'Underway',
      api: 'Under maintenance',
      localTimes: true,
      header: true,
      // The status file still says operational (no build since): the page stays, not reloaded.
      marker: true,
    });
    expect(begun.icon).toMatch(/icon-under-maintenance/);
    expect(statusChecks.length).toBe(checks + 1);

    // Its end, two hours on: the maintenance is past, the page operational again.
    const again = page.waitForResponse((response) => response.url().endsWith('/api/v1/status.json'));
    await page.clock.fastForward(2 * 60 * 60_000);
    await again;
    expect(await page.evaluate(shown)).toMatchObject({
      state: 'operational',
      banner: 'All systems operational',
      active: [],
      recent: ['Database upgrade'],
      entry: 'Complete',
      api: 'Operational',
      marker: true,
    });
    // Withheld until 02:30: never on the page, whatever its clock says.
    expect(await page.content()).not.toContain('WITHHELD');
    expect(navigations).toBe(1);
    expect(problems).toEqual([]);
    await context.close();
  });
});

/** What the widget shows: its state line and class, and its notices' labels and links' texts. */
const widget = `(() => {
  const box = document.querySelector('[data-statuspress]').shadowRoot?.querySelector('.w');
  return box ? { state: box.querySelector('.s')?.textContent ?? null, className: box.className, notices: [...box.querySelectorAll('li')].map((li) => li.textContent) } : null;
})()`;

describe('the widget on a static host', () => {
  it('shows a maintenance begin and end at its minute, and reads the status file at each', async () => {
    const context = await browser.newContext({ timezoneId: 'UTC' });
    const problems = watchContext(context, origin);
    const page = await context.newPage();
    const statusChecks: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/v2/status.json')) statusChecks.push(request.url());
    });
    await page.clock.install({ time: Date.parse('2026-11-20T01:58:30Z') });
    await page.goto(`${origin}/product.html`);
    // Shown (its requests answered) before the clock jumps ahead.
    await expect.poll(() => page.evaluate(widget)).toEqual({ state: 'All systems operational', className: 'w none', notices: [] });
    await page.clock.pauseAt(Date.parse('2026-11-20T01:59:50Z'));

    // A millisecond before: nothing yet.
    await page.clock.runFor(9_999);
    expect(await page.evaluate(widget)).toMatchObject({ className: 'w none' });
    const checks = statusChecks.length;
    await page.clock.runFor(1);
    await expect.poll(() => page.evaluate(widget)).toEqual({ state: 'Maintenance is underway', className: 'w maintenance', notices: ['Maintenance · UnderwayDatabase upgrade'] });
    // It read the status file again (which still says operational: no build since).
    expect(statusChecks.length).toBe(checks + 1);

    // Its end, two hours on: operational again.
    await page.clock.fastForward(2 * 60 * 60_000);
    await expect.poll(() => page.evaluate(widget)).toEqual({ state: 'All systems operational', className: 'w none', notices: [] });
    expect(statusChecks.length).toBeGreaterThan(checks + 1);
    // Withheld until 02:30: neither its text nor its time is in the widget's file.
    const file = await readFile(path.join(root, 'dist/widget/default.json'), 'utf8');
    expect(file).toContain('Database upgrade');
    expect(file).not.toContain('WITHHELD');
    expect((JSON.parse(file) as { m: { a: number }[] }).m.map((m) => new Date(m.a).toISOString())).toEqual(['2026-11-20T02:00:00.000Z', '2026-11-20T04:00:00.000Z', '2026-11-20T05:00:00.000Z']);
    expect(problems).toEqual([]);
    await context.close();
  });
});
