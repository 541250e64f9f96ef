// The embeddable widget in a real browser, as a product embeds it: a host page on another origin
// (a second server on 127.0.0.1) with a strict Content-Security-Policy that allows the status origin
// in script-src and connect-src only, and `style-src 'self'`, loads `widget.js` from `statuspress
// serve`. It must show the page's state and the incidents and maintenance happening now, each
// linked to its page, with no CSP violation (the page records every `securitypolicyviolation`
// event, and a control shows the same page does report an inline style); show hostile text from
// the API as text; say "Status unavailable" with the status page's link when the API cannot be
// read; refresh on its interval, never more often than once a minute and not while the page is
// hidden; pass axe-core in light and dark; be usable with the keyboard; and load on a cross-origin
// isolated page.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, ConsoleMessage, Dialog, Page, Request, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src/serve/server.js';
import type { Json } from '../helpers/build.js';
import { request } from '../http/client.js';
import { axeFindings, buildFixture, buildSite, launchBrowser, screenshotPath, serveSite } from './helpers.js';
import type { BuiltSite } from './helpers.js';
import { startLocalServer } from '../helpers/local-server.js';
import type { LocalServer } from '../helpers/local-server.js';

const NOW = '2026-11-20T12:00:00Z';
/** The fixture site is served under a base path: the widget must find its API from its own address. */
const BASE = '/status';
/** How long any one wait in this file may take. */
const WAIT = 10_000;

/** HTML that must stay text, in a notice's subject and the site's texts. */
const hostile = (tag: string): string => `${tag} <img src=x onerror=alert(1)> <script>alert(1)</script> <b>bold</b> "><svg onload=alert(1)> {{x}} &amp; \u202Eevil`;
const HOSTILE = { name: hostile('name'), degraded: hostile('degraded'), incident: hostile('incident'), maintenance: hostile('maintenance') };
const q = JSON.stringify;

/** A small site whose present incident, maintenance and announcement carry hostile text. */
async function writeHostileContent(dir: string): Promise<void> {
  await mkdir(path.join(dir, 'components'), { recursive: true });
  await mkdir(path.join(dir, 'notices'), { recursive: true });
  await writeFile(path.join(dir, 'site.yaml'), `name: ${q(HOSTILE.name)}\nurl: https://status.hostile.test\ncreated_at: 2025-01-01T00:00:00Z\nstate_text:\n  degraded: ${q(HOSTILE.degraded)}\n`);
  await writeFile(path.join(dir, 'components/1.yaml'), 'id: 1\nname: API\ncreated_at: 2025-01-01T00:00:00Z\n');
  const notices = [
    `id: 1\ntype: unplanned\nsubject: ${q(HOSTILE.incident)}\ncomponents: [1]\nupdates:\n  - at: 2026-11-20T10:00:00Z\n    state: identified\n    content: x\n`,
    `id: 2\ntype: planned\nsubject: ${q(HOSTILE.maintenance)}\ncomponents: [1]\nbegins_at: 2026-11-20T11:00:00Z\nends_at: 2026-11-20T14:00:00Z\nupdates:\n  - at: 2026-11-19T09:00:00Z\n    state: scheduled\n    content: x\n`,
    `id: 3\ntype: general\nsubject: An announcement the widget leaves to the status page\nupdates:\n  - at: 2026-11-19T09:00:00Z\n    content: x\n`,
  ];
  for (const [i, text] of notices.entries()) await writeFile(path.join(dir, `notices/${i + 1}.yaml`), text);
}

/** A host page: the product's, on its own origin, with the placeholders and the script tag given. */
interface HostPage {
  /** Origin allowed in script-src and connect-src (the status page's). */
  origin: string;
  body: string;
  /** More headers of the page. */
  headers?: Record<string, string>;
}

/** The product's server: each page under its name, with a strict CSP naming the status origin only. */
function startHost(pages: Map<string, HostPage>): Promise<LocalServer> {
  return startLocalServer((req, res) => {
    const page = pages.get((req.url ?? '/').slice(1));
    // The browser asks for a favicon of its own accord: none, without an error to the console.
    if (req.url === '/favicon.ico') {
      res.writeHead(204).end();
      return;
    }
    if (!page) {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('no such page');
      return;
    }
    res.writeHead(200, {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': `default-src 'none'; script-src ${page.origin}; connect-src ${page.origin}; style-src 'self'; img-src 'self'; base-uri 'none'; form-action 'none'`,
      ...page.headers,
    });
    res.end(`<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>Product</title>\n</head>\n<body>\n<main>\n<h1>Product</h1>\n${page.body}\n</main>\n</body>\n</html>\n`);
  });
}

/** A server with the widget and nothing else: every API address answers 404, as from a broken deploy. */
function startLonely(widget: string): Promise<LocalServer> {
  return startLocalServer((req, res) => {
    if (req.url === '/widget.js') res.writeHead(200, { 'Content-Type': 'text/javascript', 'Access-Control-Allow-Origin': '*' }).end(widget);
    else res.writeHead(404, { 'Content-Type': 'application/json', 'Access-Control-Allow-Origin': '*' }).end('{}');
  });
}

/**
 * The page's globals, for the functions evaluated in it: this project's tests are typed without the
 * DOM, so each such function starts with `const { document, getComputedStyle } = globalThis as unknown as InPage;`.
 */
interface InPage {
  document: Json;
  getComputedStyle(element: unknown): { backgroundColor: string; clipPath: string; outlineStyle: string };
  Event: new (type: string) => unknown;
  violations: string[];
}

let browser: Browser;
let root: string;
let fixture: BuiltSite;
let hostileSite: BuiltSite;
let status: RunningServer;
let hostileStatus: RunningServer;
let host: LocalServer;
let lonely: LocalServer;
const pages = new Map<string, HostPage>();
/** The context and tab the tests share (all but the one with a fake clock), each opening its host page in it. */
let shared: { context: BrowserContext; page: Page };

/** The fixture's status site as the widget addresses it (`http://127.0.0.1:<port>/status/`). */
const statusSite = (): string => `${status.url}${BASE}/`;

/**
 * A context whose pages keep every `securitypolicyviolation` (see violations()): through the DevTools
 * protocol, which the page's CSP does not cover, before any script of the page. Its clock stands
 * still at the builds' moment (timers running), unless `fixed` is false (a test installing a clock
 * of its own): the widget shows what the build foresaw for a moment once it comes
 * (src/render/site/widget-moments.ts), so on the machine's clock it would show what today makes of it.
 */
async function newContext(options: Parameters<Browser['newContext']>[0] = {}, fixed = true): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext(options);
  if (fixed) await context.clock.setFixedTime(Date.parse(NOW));
  context.setDefaultTimeout(WAIT);
  await context.addInitScript(() => {
    const page = globalThis as unknown as InPage;
    const seen: string[] = [];
    page.violations = seen;
    page.document.addEventListener('securitypolicyviolation', (event: Json) => seen.push(`${event.effectiveDirective} blocked ${event.blockedURI}`));
  });
  return { context, page: await context.newPage() };
}

beforeAll(async () => {
  const launching = launchBrowser();
  root = await mkdtemp(path.join(tmpdir(), 'statuspress-widget-'));
  await writeHostileContent(path.join(root, 'content'));
  [fixture, hostileSite] = await Promise.all([buildFixture('metrics-site'), buildSite(path.join(root, 'content'), NOW)]);
  [status, hostileStatus] = await Promise.all([serveSite(fixture.dir, BASE), serveSite(hostileSite.dir)]);
  const widget = (await request(status.url, `${BASE}/widget.js`)).body;
  lonely = await startLonely(widget);
  host = await startHost(pages);
  const script = (site: string): string => `<script src="${site}widget.js" async></script>`;
  pages.set('full', { origin: status.url, body: `<div data-statuspress data-theme="light"></div>\n${script(statusSite())}` });
  // The script first, the element after it: a custom element is shown whenever it is parsed.
  pages.set('compact-dark', { origin: status.url, body: `${script(statusSite())}\n<p>Our status: <statuspress-status data-mode="compact" data-theme="dark"></statuspress-status></p>` });
  pages.set('auto', { origin: status.url, body: `<div data-statuspress></div>\n<div data-statuspress data-mode="compact"></div>\n${script(statusSite())}` });
  pages.set('refresh', { origin: status.url, body: `<div data-statuspress data-refresh="0.01"></div>\n${script(statusSite())}` });
  pages.set('hostile', { origin: hostileStatus.url, body: `<div data-statuspress></div>\n${script(`${hostileStatus.url}/`)}` });
  // A cross-origin isolated page loads only what answers with CORS (or a CORP header): the script with crossorigin.
  pages.set('isolated', {
    origin: status.url,
    body: `<div data-statuspress></div>\n<script src="${statusSite()}widget.js" async crossorigin="anonymous"></script>`,
    headers: { 'Cross-Origin-Embedder-Policy': 'require-corp', 'Cross-Origin-Opener-Policy': 'same-origin' },
  });
  pages.set('lonely', { origin: lonely.url, body: `<div data-statuspress></div>\n${script(`${lonely.url}/`)}` });
  browser = await launching;
  shared = await newContext();
});

afterAll(async () => {
  await browser?.close();
  await Promise.all([status?.close(), hostileStatus?.close()]);
  await Promise.all([host?.close(), lonely?.close()]);
  await Promise.all([fixture?.cleanup(), hostileSite?.cleanup()]);
  await rm(root, { recursive: true, force: true });
});

interface Opened {
  page: Page;
  /** What went wrong: console errors, uncaught errors, dialogs, failed requests, requests to a third origin. */
  problems: string[];
}

/**
 * Opens a host page in `tab` (the shared one unless given), recording what must not happen from then
 * on. `before` runs before the page loads (routes). Whatever `before` routed is removed by close().
 */
async function open(name: string, before?: (page: Page) => Promise<unknown>, tab: Page = shared.page): Promise<Opened & { close: () => Promise<void> }> {
  const page = tab;
  // The page before is left first, so nothing it still does is counted here.
  await page.goto('about:blank');
  const problems: string[] = [];
  const allowed = new Set([host.url, new URL(pages.get(name)!.origin).origin]);
  const listeners = {
    console: (message: ConsoleMessage) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(`console ${message.type()}: ${message.text()}`);
    },
    pageerror: (error: Error) => problems.push(`uncaught: ${error.message}`),
    dialog: (dialog: Dialog) => {
      problems.push(`a ${dialog.type()} opened: ${dialog.message()}`);
      void dialog.dismiss();
    },
    request: (r: Request) => {
      if (!allowed.has(new URL(r.url()).origin)) problems.push(`request to another origin: ${r.url()}`);
    },
    requestfailed: (r: Request) => problems.push(`request failed: ${r.url()} ${r.failure()?.errorText ?? ''}`),
    response: (r: Response) => {
      if (r.status() >= 400) problems.push(`${r.status()} for ${r.url()}`);
    },
  };
  page.on('console', listeners.console);
  page.on('pageerror', listeners.pageerror);
  page.on('dialog', listeners.dialog);
  page.on('request', listeners.request);
  page.on('requestfailed', listeners.requestfailed);
  page.on('response', listeners.response);
  await before?.(page);
  await page.goto(`${host.url}/${name}`, { waitUntil: 'load' });
  const close = async (): Promise<void> => {
    page.off('console', listeners.console);
    page.off('pageerror', listeners.pageerror);
    page.off('dialog', listeners.dialog);
    page.off('request', listeners.request);
    page.off('requestfailed', listeners.requestfailed);
    page.off('response', listeners.response);
    await page.unrouteAll({ behavior: 'wait' });
    await page.emulateMedia({ colorScheme: 'light' });
  };
  return { page, problems, close };
}

/** Answers requests to `url` with the server's JSON answer, changed by `change`. */
const rewrite = (page: Page, url: string, change: (answer: Json) => void): Promise<unknown> =>
  page.route(url, async (route) => {
    const answer = (await (await route.fetch()).json()) as Json;
    change(answer);
    await route.fulfill({ status: 200, body: JSON.stringify(answer), headers: { 'Content-Type': 'application/json', 'Access-Control-Allow-Origin': '*' } });
  });

const violations = (page: Page): Promise<string[]> => page.evaluate(() => (globalThis as unknown as InPage).violations);

/** The widget's box inside the nth host element, once rendered (locators pierce open shadow roots). */
const box = (page: Page, nth = 0) => page.locator('[data-statuspress], statuspress-status').nth(nth).locator('.w');

/** What the widget shows: state line, notices (label, link text, href) and the last link. */
async function shown(page: Page, nth = 0) {
  const widget = box(page, nth);
  await widget.waitFor({ timeout: WAIT });
  return {
    /** The full widget's state line; null in the compact one, whose state is its link. */
    state: await widget.evaluate((el) => el.querySelector('.s')?.textContent ?? null),
    notices: await widget.locator('li').evaluateAll((items) =>
      items.map((li) => ({ label: li.querySelector('.m')!.textContent, text: li.querySelector('a')!.textContent, href: li.querySelector('a')!.getAttribute('href') })),
    ),
    links: await widget.locator('a').evaluateAll((links) => links.map((a) => ({ text: a.textContent, href: a.getAttribute('href') }))),
  };
}

/** The API's answers the widget reads, fetched by the test itself. */
async function api(server: RunningServer, base = ''): Promise<{ page: Json; notices: Json[] }> {
  const { page } = (await request(server.url, `${base}/api/v1/status`)).json();
  const { notices } = (await request(server.url, `${base}/api/v1/notices?filter[timeline_state_eq]=present`)).json();
  return { page, notices };
}

/** The present incidents, then the present maintenance, as the widget lists them (at most 3). */
const expectedNotices = (notices: Json[]) =>
  [...notices.filter((n) => n.type === 'unplanned'), ...notices.filter((n) => n.type === 'planned')].slice(0, 3).map((n) => ({
    label: `${n.type === 'unplanned' ? 'Incident' : 'Maintenance'} · ${n.state.charAt(0).toUpperCase()}${n.state.slice(1)}`,
    text: n.subject,
    href: n.url,
  }));

/** axe-core's rules whose findings depend on the colours: all that is run again in the dark scheme. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

describe('the widget on another origin under a strict CSP', () => {
  it('shows the state and the present incident and maintenance, each linked to its page, reached by Tab link by link, with no CSP violation on a page that does report inline styles', async () => {
    const { page: statusPage, notices } = await api(status, BASE);
    expect(statusPage.state).toBe('degraded');
    const expected = expectedNotices(notices);
    // The fixture has both kinds happening now, and an announcement the widget leaves out.
    expect(new Set(notices.map((n: Json) => n.type))).toEqual(new Set(['unplanned', 'planned', 'general']));
    const { page, problems, close } = await open('full');
    try {
      const seen = await shown(page);
      expect(seen.state).toBe(statusPage.state_text);
      expect(seen.notices).toEqual(expected);
      expect(seen.links.at(-1)).toEqual({ text: statusPage.name, href: new URL(statusPage.url).href });
      // Announced politely: the box sits in a status region.
      expect(await page.locator('[data-statuspress] [role="status"][aria-live="polite"] .w').count()).toBe(1);
      // The adopted stylesheet applies (a CSP that blocked it would leave these at the browser's defaults).
      const look = await box(page).evaluate((el) => {
        const { getComputedStyle } = globalThis as unknown as InPage;
        const icon = getComputedStyle(el.querySelector('.i')!);
        return { background: getComputedStyle(el).backgroundColor, icon: icon.backgroundColor, clip: icon.clipPath };
      });
      // A minor incident: the degraded colour, in a triangle.
      expect(look).toEqual({ background: 'rgb(255, 255, 255)', icon: 'rgb(194, 130, 0)', clip: 'polygon(50% 0px, 100% 100%, 0px 100%)' });
      await page.screenshot({ path: await screenshotPath('widget', 'full', 'light') });

      // The Tab key goes through its links, link by link, each with a visible focus ring.
      const focused = (): Promise<{ href: string | null; outline: string } | null> =>
        page.evaluate(() => {
          const { document, getComputedStyle } = globalThis as unknown as InPage;
          const inner = document.activeElement?.shadowRoot?.activeElement;
          return inner ? { href: inner.getAttribute('href'), outline: getComputedStyle(inner).outlineStyle } : null;
        });
      const hrefs: (string | null)[] = [];
      for (let i = 0; i < 4; i++) {
        await page.keyboard.press('Tab');
        const now = await focused();
        expect(now?.outline, `tab ${i + 1}`).toBe('solid');
        hrefs.push(now!.href);
      }
      expect(hrefs).toEqual([...expected.map((n) => n.href), new URL(statusPage.url).href]);
      expect(await violations(page)).toEqual([]);
      expect(problems).toEqual([]);

      // The control: the same page does report inline styles (a style attribute and a <style> element are refused).
      await page.evaluate(() => {
        const { document } = globalThis as unknown as InPage;
        document.body.setAttribute('style', 'color: red');
        document.head.append(Object.assign(document.createElement('style'), { textContent: 'h1 { color: red }' }));
      });
      await expect.poll(() => violations(page), { timeout: WAIT }).toEqual(['style-src-attr blocked inline', 'style-src-elem blocked inline']);
    } finally {
      await close();
    }
  });

  it('compact and dark, as a custom element: one line, the state linked to the status page', async () => {
    const { page: statusPage } = await api(status, BASE);
    const { page, problems, close } = await open('compact-dark');
    try {
      const seen = await shown(page);
      expect(seen.state).toBeNull();
      expect(seen.notices).toEqual([]);
      expect(seen.links).toEqual([{ text: statusPage.state_text, href: new URL(statusPage.url).href }]);
      const look = await box(page).evaluate((el) => ({
        background: (globalThis as unknown as InPage).getComputedStyle(el).backgroundColor,
        height: el.getBoundingClientRect().height,
      }));
      expect(look.background).toBe('rgb(13, 17, 23)');
      expect(look.height).toBeLessThan(30);
      expect(await violations(page)).toEqual([]);
      expect(problems).toEqual([]);
      await page.screenshot({ path: await screenshotPath('widget', 'compact', 'dark') });
    } finally {
      await close();
    }
  });

  it('follows the reader’s colour scheme without data-theme, and passes axe-core in light and dark', async () => {
    const { page, problems, close } = await open('auto');
    try {
      await shown(page, 0);
      await shown(page, 1);
      // One page, its scheme switched: the widget's stylesheet follows `prefers-color-scheme` as it changes.
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme });
        const background = await box(page).evaluate((el) => (globalThis as unknown as InPage).getComputedStyle(el).backgroundColor);
        expect(background, colorScheme).toBe(colorScheme === 'dark' ? 'rgb(13, 17, 23)' : 'rgb(255, 255, 255)');
        // The layout is the same in both schemes: only the colour rules are run again in the dark.
        const { violations: found, passes } = await axeFindings(page, { passes: true, ...(colorScheme === 'dark' ? { only: COLOUR_RULES } : {}) });
        expect(found, colorScheme).toEqual([]);
        // axe-core did read inside the shadow roots: its contrast check passed on the widgets' links.
        expect((passes.get('color-contrast') ?? []).filter((target) => Array.isArray(target[0])).length, colorScheme).toBeGreaterThanOrEqual(5);
        expect(await violations(page), colorScheme).toEqual([]);
        await page.screenshot({ path: await screenshotPath('widget', 'auto', colorScheme) });
      }
      expect(problems).toEqual([]);
    } finally {
      await close();
    }
  });

  it('works on a cross-origin isolated page (COEP require-corp), loaded with crossorigin="anonymous"', async () => {
    const { page: statusPage } = await api(status, BASE);
    const { page, problems, close } = await open('isolated');
    try {
      expect(await page.evaluate(() => (globalThis as unknown as { crossOriginIsolated: boolean }).crossOriginIsolated)).toBe(true);
      expect((await shown(page)).state).toBe(statusPage.state_text);
      expect(await violations(page)).toEqual([]);
      expect(problems).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe('in an outage', () => {
  it('says the status page’s heading of a major outage, in the outage colour, and of a partial one in the compact widget', async () => {
    const { page, problems, close } = await open('full', (page) =>
      rewrite(page, `${statusSite()}api/v2/status.json`, (answer) => {
        answer.status.indicator = 'critical';
      }),
    );
    try {
      const seen = await shown(page);
      expect(seen.state).toBe('Major system outage');
      expect(await box(page).getAttribute('class')).toBe('w critical');
      const icon = await box(page).evaluate((el) => (globalThis as unknown as InPage).getComputedStyle(el.querySelector('.i')!).backgroundColor);
      expect(icon).toBe('rgb(138, 15, 26)');
      expect(problems).toEqual([]);
      await page.screenshot({ path: await screenshotPath('widget', 'major-outage', 'light') });
    } finally {
      await close();
    }
    const partial = await open('compact-dark', (page) =>
      rewrite(page, `${statusSite()}api/v2/status.json`, (answer) => {
        answer.status.indicator = 'major';
      }),
    );
    try {
      expect((await shown(partial.page)).links.map((l) => l.text)).toEqual(['Partial system outage']);
      expect(await box(partial.page).getAttribute('class')).toBe('w c major');
      expect(partial.problems).toEqual([]);
    } finally {
      await partial.close();
    }
  });
});

describe('what the API says is shown as text', () => {
  it('shows HTML in a subject and in the site’s texts as text, and leaves announcements to the status page', async () => {
    const { page, problems, close } = await open('hostile');
    try {
      const seen = await shown(page);
      expect(seen.state).toBe(HOSTILE.degraded);
      expect(seen.notices).toEqual([
        { label: 'Incident · Identified', text: HOSTILE.incident, href: 'https://status.hostile.test/notices/1/' },
        { label: 'Maintenance · Underway', text: HOSTILE.maintenance, href: 'https://status.hostile.test/notices/2/' },
      ]);
      expect(seen.links.at(-1)).toEqual({ text: HOSTILE.name, href: 'https://status.hostile.test/' });
      // Nothing but the widget's own elements, and each text from the API isolated in a <bdi>.
      const tags = await box(page).evaluate((el) => [...new Set([...el.querySelectorAll('*')].map((e) => e.localName))].sort());
      expect(tags).toEqual(['a', 'bdi', 'li', 'p', 'span', 'ul']);
      expect(await box(page).locator('a > bdi').count()).toBe(3);
      expect(await violations(page)).toEqual([]);
      expect(problems).toEqual([]);
    } finally {
      await close();
    }
  });

  it('never links anything but http(s), and reads the maintenance indicator', async () => {
    const fixed = `${hostileStatus.url}/`;
    const { page, problems, close } = await open('hostile', async (page) => {
      await rewrite(page, `${fixed}api/v2/status.json`, (answer) => {
        answer.page.url = 'javascript:alert(1)';
        answer.status.indicator = 'maintenance';
      });
      await rewrite(page, `${fixed}api/v1/notices/**`, (answer) => {
        answer.notices[0].url = 'javascript:alert(2)';
        answer.notices[1].url = ' data:text/html,<script>alert(3)</script>';
      });
    });
    try {
      const seen = await shown(page);
      // Each bad address falls back to the status page the script came from.
      expect(seen.links.map((l) => l.href)).toEqual([fixed, fixed, fixed]);
      expect(await box(page).getAttribute('class')).toBe('w maintenance');
      expect(await violations(page)).toEqual([]);
      expect(problems).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe('when the API cannot be read', () => {
  /** Failed requests are what these tests make; everything else must still not happen. */
  const unexpected = (problems: string[]): string[] =>
    problems.filter((p) => !/^request failed: .*\/(api\/v[12]|widget)\//.test(p) && !/^404 for .*\/(api\/v[12]|widget)\//.test(p) && !/^console error: Failed to load resource/.test(p));

  const expectUnavailable = async (page: Page, statusPageUrl: string): Promise<void> => {
    const widget = box(page);
    await widget.waitFor({ timeout: WAIT });
    expect(await widget.textContent()).toBe('Status unavailable. View the status page');
    expect(await widget.locator('a').getAttribute('href')).toBe(statusPageUrl);
  };

  it('says the status is unavailable and links the status page when the connection is refused', async () => {
    const { page, problems, close } = await open('full', (page) => page.route(`${statusSite()}api/**`, (route) => route.abort('connectionrefused')));
    try {
      await expectUnavailable(page, statusSite());
      expect(problems.some((p) => p.startsWith('request failed'))).toBe(true);
      expect(unexpected(problems)).toEqual([]);
      expect(await violations(page)).toEqual([]);
    } finally {
      await close();
    }
  });

  it('does the same when the API answers 404 (a host with the script and nothing else) or something that is not its JSON', async () => {
    const lonelyPage = await open('lonely');
    try {
      await expectUnavailable(lonelyPage.page, `${lonely.url}/`);
      expect(unexpected(lonelyPage.problems)).toEqual([]);
      expect(await violations(lonelyPage.page)).toEqual([]);
    } finally {
      await lonelyPage.close();
    }
    const garbled = await open('full', (page) =>
      page.route(`${statusSite()}api/v2/status.json`, (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '<html>{"page":', headers: { 'Access-Control-Allow-Origin': '*' } })),
    );
    try {
      await expectUnavailable(garbled.page, statusSite());
      expect(unexpected(garbled.problems)).toEqual([]);
    } finally {
      await garbled.close();
    }
  });
});

describe('refreshing', () => {
  it('checks again on its interval, never more often than once a minute, skips its checks while the page is hidden, and checks at once when it is shown again', async () => {
    // A context of its own: a fake clock stays installed on the page it is installed on.
    const own = await newContext({}, false);
    const statusUrl = `${statusSite()}api/v2/status.json`;
    let statusRequests = 0;
    let recovered = false;
    const { page, problems, close } = await open(
      'refresh',
      async (page) => {
        await page.clock.install({ time: Date.parse(NOW) });
        // Counted as the browser sends them, in order with every other request of the page.
        page.on('request', (r) => {
          if (r.url() === statusUrl) statusRequests++;
        });
        await rewrite(page, statusUrl, (answer) => {
          if (recovered) Object.assign(answer.status, { indicator: 'none', description: 'All better now' });
        });
      },
      own.page,
    );
    /**
     * Waits until any request the timers just started has been seen: a request of the page's own,
     * started after them, has come back, and the browser reports a page's requests in order.
     */
    const settled = (): Promise<unknown> => page.evaluate((url) => fetch(url).then((r) => r.text()), `${statusSite()}api/v1/components.json`);
    /** Hides or shows the page as a browser does for a tab in the background. */
    const setHidden = (hidden: boolean): Promise<void> =>
      page.evaluate((hidden) => {
        const { document, Event } = globalThis as unknown as InPage;
        Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
        document.dispatchEvent(new Event('visibilitychange'));
      }, hidden);
    try {
      await box(page).waitFor({ timeout: WAIT });
      expect((await shown(page)).state).toBe('Something is broken');
      expect(statusRequests).toBe(1);
      recovered = true;
      // data-refresh="0.01" asks for every 0.6 s: it is held to once a minute.
      await page.clock.runFor(50_000);
      await settled();
      expect(statusRequests).toBe(1);
      await page.clock.runFor(15_000);
      await expect.poll(async () => (await box(page).locator('.s').textContent()) ?? '', { timeout: WAIT }).toBe('All better now');
      expect(statusRequests).toBe(2);
      expect(await box(page).getAttribute('class')).toBe('w none');

      // Hidden, it checks nothing for five minutes; shown again, it checks at once.
      await setHidden(true);
      await page.clock.runFor(5 * 60_000);
      await settled();
      expect(statusRequests).toBe(2);
      await setHidden(false);
      await expect.poll(() => statusRequests, { timeout: WAIT }).toBe(3);
      expect(problems).toEqual([]);
    } finally {
      await close();
      await own.context.close();
    }
  });
});
