// What the HTML site's tests share: fixtures built into temporary folders and served by `statuspress
// serve` on 127.0.0.1, one Chromium per test file (Debian's, driven by playwright-core), axe-core and
// html-validate, and the folder screenshots are written to.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DOMParser, onWarningStopParsing } from '@xmldom/xmldom';
import type { Document as XmlDocument, Element as XmlElement } from '@xmldom/xmldom';
import type { HtmlValidate, RuleConfig } from 'html-validate';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { build } from '../../src/build.js';
import { serve } from '../../src/serve/server.js';
import type { RunningServer } from '../../src/serve/server.js';
import { FIXTURES, SCENARIOS } from '../helpers/build.js';
import { SERVE_SITE_NOW } from '../http/suite.js';

const require = createRequire(import.meta.url);

export const ROOT = path.resolve(import.meta.dirname, '../..');
/** Screenshots of every page kind; CI keeps this folder (see .ci/run). */
export const SCREENSHOTS = path.join(ROOT, 'artifacts/screenshots');

/** The fixtures the site's tests build, each with the `now` its site.yaml is written for. */
export const SITE_FIXTURES = {
  'metrics-site': SCENARIOS['metrics-site'].now,
  'plain-site': SCENARIOS['plain-site'].now,
  'empty-site': SCENARIOS['empty-site'].now,
  'serve-site': SERVE_SITE_NOW,
} as const;
export type SiteFixture = keyof typeof SITE_FIXTURES;

export interface BuiltSite {
  /** The output folder. */
  dir: string;
  cleanup: () => Promise<void>;
}

/** A whole build of a content folder (a fixture's, or one a test wrote) into a temporary folder. */
export async function buildSite(contentDir: string, now: string | number): Promise<BuiltSite> {
  const root = await mkdtemp(path.join(tmpdir(), 'statuspress-site-'));
  const dir = path.join(root, 'dist');
  // An empty templates folder: the built-in theme, whatever lies beside the content (a build refuses a --templates folder that is missing).
  const templatesDir = path.join(root, 'no-templates');
  await mkdir(templatesDir);
  await build({ contentDir, outDir: dir, now: typeof now === 'number' ? now : Date.parse(now), templatesDir });
  return { dir, cleanup: () => rm(root, { recursive: true, force: true }) };
}

export const buildFixture = (fixture: SiteFixture): Promise<BuiltSite> => buildSite(path.join(FIXTURES, fixture, 'content'), SITE_FIXTURES[fixture]);

/** `statuspress serve` of a build on 127.0.0.1, at `/` or under `base` (e.g. `/status`), without rate limits. */
export const serveSite = (dir: string, base?: string): Promise<RunningServer> =>
  serve({ dir, host: '127.0.0.1', port: 0, rateLimit: 0, drainMs: 1000, ...(base ? { base } : {}) });

/**
 * A product's page on another origin that embeds the status site's widget from `status` (a served
 * site's URL): `body` (its placeholders) then the script, in a page of language `lang` (none: no
 * `lang` attribute).
 */
export const embeddingPage = (status: string, body: string, { lang = 'en' as string | null, title = 'Product' } = {}): string =>
  `<!doctype html><html${lang === null ? '' : ` lang="${lang}"`}><head><meta charset="utf-8"><title>${title}</title></head><body>${body}<script src="${status}/widget.js"></script></body></html>`;

/**
 * Debian's Chromium, headless; the machine has no network but 127.0.0.1. playwright-core is loaded
 * here, not at the top: the files that only build, crawl or parse import this module too.
 */
export async function launchBrowser(): Promise<Browser> {
  const { chromium } = await import('playwright-core');
  return chromium.launch({
    executablePath: process.env.STATUSPRESS_CHROMIUM ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}

/**
 * A context whose pages' clock stands still at `now`, a build's moment, their timers running: a status
 * page shows what its build foresaw for a moment once that moment comes (src/render/site/moments.ts),
 * so a page on the machine's clock would show what today's date makes of it.
 */
export async function contextAt(browser: Browser, now: string | number, options: Parameters<Browser['newContext']>[0] = {}): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  await context.clock.setFixedTime(typeof now === 'number' ? now : Date.parse(now));
  return context;
}

/**
 * Records what must never happen on the context's pages: a console error, an uncaught exception, a
 * failed request, an answer of 400 or more, a request leaving `origin` (the machine has no network
 * but 127.0.0.1 anyway), and a dialog (an `alert()` a hostile string managed to run).
 */
export function watchContext(context: BrowserContext, origin: string): string[] {
  const problems: string[] = [];
  context.on('request', (request) => {
    if (new URL(request.url()).origin !== origin && !request.url().startsWith('data:')) problems.push(`request leaving the site: ${request.url()}`);
  });
  context.on('page', (page) => watchPage(page, problems));
  return problems;
}

function watchPage(page: Page, problems: string[]): void {
  const where = (): string => page.url();
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console error on ${where()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`uncaught on ${where()}: ${error.message}`));
  page.on('requestfailed', (request) => {
    // Leaving a page cancels what it still loads (the favicon comes after `load`); a missing file
    // is an answer of 404, caught below.
    if (request.failure()?.errorText === 'net::ERR_ABORTED') return;
    problems.push(`request failed on ${where()}: ${request.url()} ${request.failure()?.errorText ?? ''}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${response.status()} for ${response.url()} on ${where()}`);
  });
  page.on('dialog', (dialog) => {
    problems.push(`a ${dialog.type()} opened on ${where()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
}

/** A file name for a screenshot: `metrics-site_component-leaf_375_dark.png`. */
export async function screenshotPath(...parts: (string | number)[]): Promise<string> {
  await mkdir(SCREENSHOTS, { recursive: true });
  return path.join(SCREENSHOTS, `${parts.join('_')}.png`);
}

const sessions = new WeakMap<Page, Promise<CDPSession>>();

/**
 * A screenshot of the whole page as it is now, written to screenshotPath(...parts): the picture
 * `page.screenshot({ fullPage: true })` takes, pixel for pixel, but with Chromium's PNG encoded for
 * speed (`optimizeForSpeed`, which playwright does not pass), a file about a quarter larger for a
 * third of the browser's work; these tests take some ninety.
 */
export async function screenshot(page: Page, ...parts: (string | number)[]): Promise<void> {
  let session = sessions.get(page);
  if (!session) sessions.set(page, (session = page.context().newCDPSession(page)));
  const cdp = await session;
  const { cssContentSize } = await cdp.send('Page.getLayoutMetrics');
  const clip = { x: 0, y: 0, width: Math.ceil(cssContentSize.width), height: Math.ceil(cssContentSize.height), scale: 1 };
  const { data } = await cdp.send('Page.captureScreenshot', { format: 'png', clip, captureBeyondViewport: true, optimizeForSpeed: true });
  await writeFile(await screenshotPath(...parts), Buffer.from(data, 'base64'));
}

/**
 * What runs past the right edge of the window: the document itself when it scrolls sideways, and
 * each element whose box ends beyond the window (but not inside a box that scrolls or clips, like a
 * code block), one line each. A phone must never need sideways scrolling to read a page.
 */
export async function overflowing(page: Page): Promise<string[]> {
  // A string, evaluated in the page: the project's TypeScript has no DOM types.
  return page.evaluate(`(() => {
    const width = document.documentElement.clientWidth;
    const found = [];
    if (document.documentElement.scrollWidth > width) found.push('the page is ' + document.documentElement.scrollWidth + ' px wide');
    const clipped = (el) => {
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) if (getComputedStyle(p).overflowX !== 'visible') return true;
      return false;
    };
    for (const el of document.body.querySelectorAll('*')) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.right <= width + 0.5 || clipped(el)) continue;
      const name = el.tagName.toLowerCase() + (el.className && typeof el.className === 'string' ? '.' + el.className.trim().split(/\\s+/).join('.') : '');
      found.push(name + ' "' + (el.textContent || '').trim().slice(0, 40) + '" ends at ' + Math.round(box.right) + ' px of ' + width);
    }
    // A word longer than its line runs out of a box that fits: its text is measured too.
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let text = walker.nextNode(); text; text = walker.nextNode()) {
      range.selectNodeContents(text);
      const box = range.getBoundingClientRect();
      if (box.width === 0 || box.right <= width + 0.5 || clipped(text)) continue;
      found.push('the text "' + text.textContent.trim().slice(0, 40) + '" in ' + text.parentElement.tagName.toLowerCase() + ' ends at ' + Math.round(box.right) + ' px of ' + width);
    }
    return found;
  })()`);
}

let axeSource: string | undefined;

/** What one axe-core run found on a page. */
export interface AxeFindings {
  /** Violations of impact serious or critical, one line each. */
  violations: string[];
  /** With `passes`: each rule's passing nodes' targets (a node inside a shadow root has an array as its first). */
  passes: Map<string, unknown[][]>;
}

/**
 * One axe-core run on the page as it is now: all its rules, or only those named; the passing nodes
 * too with `passes` (axe-core then names every node it passed, which costs more).
 */
export async function axeFindings(page: Page, { only, passes = false }: { only?: string[]; passes?: boolean } = {}): Promise<AxeFindings> {
  axeSource ??= await readFile(require.resolve('axe-core/axe.min.js'), 'utf8');
  // Evaluated through the DevTools protocol, which the page's Content-Security-Policy (no inline scripts) does not cover.
  if (!(await page.evaluate(() => 'axe' in globalThis))) await page.evaluate(axeSource);
  const found = await page.evaluate(
    async ({ rules, passes }) => {
      const { axe } = globalThis as unknown as { axe: { run(options: object): Promise<{ violations: AxeViolation[]; passes: AxeViolation[] }> } };
      const result = await axe.run({ resultTypes: passes ? ['violations', 'passes'] : ['violations'], ...(rules ? { runOnly: { type: 'rule', values: rules } } : {}) });
      return {
        violations: result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary ?? ''}`) })),
        passes: passes ? result.passes.map((p) => [p.id, p.nodes.map((n) => n.target)] as [string, unknown[][]]) : [],
      };
    },
    { rules: only, passes },
  );
  return {
    violations: found.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.impact} ${v.id} (${v.help}) on ${page.url()}: ${v.nodes.slice(0, 3).join(' | ')}`),
    passes: new Map(found.passes),
  };
}

/**
 * axe-core's violations of impact serious or critical on the page as it is now, one line each; all
 * its rules, or only those named.
 */
export const axeViolations = async (page: Page, only?: string[]): Promise<string[]> => (await axeFindings(page, only ? { only } : {})).violations;

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

/**
 * html-validate's recommended rules, less those that judge style or search ranking rather than
 * correctness, each with why.
 */
const RULES = {
  // `<!doctype html>` in lower case is as valid as upper case (the doctype is case-insensitive);
  // the rule only enforces one spelling.
  'doctype-style': 'off',
  // A page's title is the notice's or component's whole name, written by the content's author:
  // 70 characters is a search engine's display limit, not a rule of HTML, and cutting the title
  // would hide which notice a browser tab or a screen reader is on.
  'long-title': 'off',
  // The uptime bars' key is a `<ul aria-label="What the colours of the uptime bars mean">`: a list may
  // be named by its author (WAI-ARIA 1.2), and the name tells what the list is for. The
  // rule's default only warns that naming a list is less common; any namable role is allowed.
  'aria-label-misuse': ['error', { allowAnyNamable: true }],
} satisfies RuleConfig;

/**
 * The validators, made on first use (html-validate is loaded then, not by every file importing this
 * module): one with RULES, and one for a document as a browser serializes it (`page.content()`), which
 * writes every boolean attribute as `defer=""`: the spelling is the serializer's, not the page's.
 */
let validators: Promise<{ source: HtmlValidate; serialized: HtmlValidate }> | undefined;
const loadValidators = async (): Promise<{ source: HtmlValidate; serialized: HtmlValidate }> => {
  const { HtmlValidate } = await import('html-validate');
  return {
    source: new HtmlValidate({ extends: ['html-validate:recommended'], rules: RULES }),
    serialized: new HtmlValidate({ extends: ['html-validate:recommended'], rules: { ...RULES, 'attribute-boolean-style': 'off' } }),
  };
};

/** html-validate's errors for a page, one line each (empty when valid). */
export async function htmlProblems(html: string, name: string, { serialized = false } = {}): Promise<string[]> {
  const validator = (await (validators ??= loadValidators()))[serialized ? 'serialized' : 'source'];
  const report = await validator.validateString(html, name);
  return report.results.flatMap((r) => r.messages.map((m) => `${name}:${m.line}:${m.column} ${m.ruleId}: ${m.message}${m.selector ? ` (${m.selector})` : ''}`));
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** The text of an attribute value as written in the page's source (the escapes Handlebars writes). */
export const decodeEntities = (text: string): string =>
  text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) =>
    name.startsWith('#x') || name.startsWith('#X')
      ? String.fromCodePoint(parseInt(name.slice(2), 16))
      : name.startsWith('#')
        ? String.fromCodePoint(Number(name.slice(1)))
        : (ENTITIES[name.toLowerCase()] ?? whole),
  );

/** Every address a page's source links or loads: `href`, `src`, and the picker's `data-data`. */
export function pageLinks(html: string): { attribute: string; value: string }[] {
  return [...html.matchAll(/\s(href|src|data-data)="([^"]*)"/g)].map((m) => ({ attribute: m[1]!, value: decodeEntities(m[2]!) }));
}

/** The ids a page's source declares (fragment targets). */
export const pageIds = (html: string): Set<string> => new Set([...html.matchAll(/\sid="([^"]*)"/g)].map((m) => decodeEntities(m[1]!)));

/** An XML document, parsed strictly: any error or warning of the parser throws. */
export function parseXml(text: string, mimeType: 'application/xml' | 'image/svg+xml' = 'application/xml'): XmlDocument {
  return new DOMParser({ onError: onWarningStopParsing }).parseFromString(text, mimeType);
}

/** The text of the first child element of `parent` named `name` in `namespace`, or null. */
export function childText(parent: XmlElement, namespace: string, name: string): string | null {
  for (let node = parent.firstChild; node; node = node.nextSibling) {
    if (node.nodeType === node.ELEMENT_NODE && (node as XmlElement).namespaceURI === namespace && (node as XmlElement).localName === name) return node.textContent;
  }
  return null;
}
