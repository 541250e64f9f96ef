// Every link of the HTML site resolves: a crawler from the status page, served under a base path,
// follows every href, src and data file of every page within the site (each must answer 200, each
// fragment must name an id of its page), reaches every page of the output, and runs html-validate
// over each. Every absolute address the API prints (`url`) and the feeds carry answers with a page.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src/serve/server.js';
import { buildFixture, htmlProblems, pageIds, pageLinks, serveSite, SITE_FIXTURES } from './helpers.js';
import type { BuiltSite, SiteFixture } from './helpers.js';

const BASE = '/status';

interface Crawl {
  /** Every address reached inside the site (no fragment), with its status and type. */
  answers: Map<string, { status: number; type: string }>;
  /** HTML source of every page reached. */
  pages: Map<string, string>;
  problems: string[];
}

/** Follows every link from `start` that stays under `within`; anything leaving the site is only noted. */
async function crawl(start: string, within: string): Promise<Crawl> {
  const answers = new Map<string, { status: number; type: string }>();
  const pages = new Map<string, string>();
  const problems: string[] = [];
  const fragments: { from: string; to: string; id: string }[] = [];
  const queue = [start];
  const seen = new Set(queue);
  while (queue.length > 0) {
    const batch = queue.splice(0, 16);
    await Promise.all(
      batch.map(async (address) => {
        const res = await fetch(address, { redirect: 'manual' });
        const type = res.headers.get('content-type') ?? '';
        answers.set(address, { status: res.status, type });
        const body = await res.text();
        if (res.status !== 200 || !type.startsWith('text/html')) return;
        pages.set(address, body);
        for (const { attribute, value } of pageLinks(body)) {
          const target = new URL(value, address);
          if (target.protocol === 'mailto:' || (target.protocol === 'https:' && target.origin !== new URL(within).origin)) continue;
          if (target.protocol !== 'http:') {
            problems.push(`${address}: ${attribute}="${value}" is neither a page of the site nor an http(s) or mailto address`);
            continue;
          }
          if (!target.href.startsWith(within)) {
            problems.push(`${address}: ${attribute}="${value}" leads out of the site, to ${target.href}`);
            continue;
          }
          if (target.hash) fragments.push({ from: address, to: target.href.replace(/#.*$/, ''), id: decodeURIComponent(target.hash.slice(1)) });
          target.hash = '';
          if (!seen.has(target.href)) {
            seen.add(target.href);
            queue.push(target.href);
          }
        }
      }),
    );
  }
  for (const [address, { status }] of answers) if (status !== 200) problems.push(`${address} answered ${status}`);
  for (const { from, to, id } of fragments) {
    const html = pages.get(to);
    if (html !== undefined && !pageIds(html).has(id)) problems.push(`${from} links ${to}#${id}, and that page has no element with that id`);
  }
  return { answers, pages, problems };
}

/** Every HTML page of an output folder, as site paths (`notices/1/`). */
async function outputPages(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true });
  return entries
    .map((e) => e.split(path.sep).join('/'))
    .filter((f) => f.endsWith('index.html') && !f.startsWith('api/'))
    .map((f) => f.slice(0, -'index.html'.length))
    .sort();
}

/** Every value of a `url` key in a JSON body. */
function urls(body: unknown): string[] {
  if (Array.isArray(body)) return body.flatMap(urls);
  if (typeof body !== 'object' || body === null) return [];
  return Object.entries(body).flatMap(([key, value]) => (key === 'url' && typeof value === 'string' ? [value] : urls(value)));
}

/** Each fixture built once for the file: served under BASE below, and the metrics-site at / too. */
const builds = new Map<SiteFixture, BuiltSite>();
beforeAll(async () => {
  await Promise.all((Object.keys(SITE_FIXTURES) as SiteFixture[]).map(async (fixture) => builds.set(fixture, await buildFixture(fixture))));
});
afterAll(async () => {
  await Promise.all([...builds.values()].map((b) => b.cleanup()));
});

describe.each(Object.keys(SITE_FIXTURES) as SiteFixture[])('%s', (fixture) => {
  let built: BuiltSite;
  let server: RunningServer;
  let site: string;
  let baseUrl: string;
  let crawled: Crawl;

  beforeAll(async () => {
    built = builds.get(fixture)!;
    server = await serveSite(built.dir, BASE);
    site = `${server.url}${BASE}/`;
    baseUrl = JSON.parse(await readFile(path.join(built.dir, 'api/v1/status.json'), 'utf8')).page.url;
    crawled = await crawl(site, site);
  });
  afterAll(async () => {
    await server?.close();
  });

  /** A site address (from the API or a feed) as the local server serves it. */
  const local = (address: string): string => {
    if (!address.startsWith(baseUrl)) throw new Error(`${address} is not under the site's address ${baseUrl}`);
    return `${server.url}${BASE}${address.slice(baseUrl.length)}`;
  };

  it('every link and asset of every page, under a base path, answers 200, and every page of the output is reached', async () => {
    expect(crawled.problems).toEqual([]);
    const reached = [...crawled.pages.keys()].map((a) => a.slice(site.length)).filter((p) => !p.includes('?'));
    expect(reached.sort()).toEqual(await outputPages(built.dir));
    // The footer's feed, calendar, API and badge, and the hashed assets, were followed too.
    const types = new Set([...crawled.answers.values()].map((a) => a.type.split(';')[0]));
    for (const type of ['text/css', 'image/svg+xml', 'application/atom+xml', 'text/calendar', 'application/json']) expect(types).toContain(type);
  });

  it('every page is valid HTML (html-validate)', async () => {
    const problems: string[] = [];
    for (const [address, html] of crawled.pages) problems.push(...(await htmlProblems(html, address.slice(site.length) || 'index')));
    expect(problems).toEqual([]);
  });

  it("each page's canonical address is its own", () => {
    const wrong: string[] = [];
    for (const [address, html] of crawled.pages) {
      const canonical = /<link rel="canonical" href="([^"]*)">/.exec(html)?.[1];
      if (canonical === undefined || local(canonical) !== address) wrong.push(`${address}: ${canonical}`);
    }
    expect(wrong).toEqual([]);
  });

  it('every url in every API answer of the output answers with an HTML page', async () => {
    const files = (await readdir(path.join(built.dir, 'api'), { recursive: true }))
      .map((f) => f.split(path.sep).join('/'))
      .filter((f) => f.endsWith('.json'));
    const found = new Set<string>();
    for (const file of files) for (const url of urls(JSON.parse(await readFile(path.join(built.dir, 'api', file), 'utf8')))) found.add(url);
    expect(found.size).toBeGreaterThan(0);
    const problems: string[] = [];
    await Promise.all(
      [...found].map(async (url) => {
        // The page's own url is the site's address without a trailing slash: the server's
        // redirect to the folder is followed, and must stay in the site.
        const res = await fetch(local(url));
        const type = res.headers.get('content-type') ?? '';
        if (res.status !== 200 || !type.startsWith('text/html') || !res.url.startsWith(site)) problems.push(`${url}: ${res.status} ${type} at ${res.url}`);
      }),
    );
    expect(problems).toEqual([]);
  });

  it('every address the Atom feed and the calendar carry answers with a page', async () => {
    const atom = await readFile(path.join(built.dir, 'feed.atom'), 'utf8');
    // Unfolded: iCalendar folds lines at 75 octets with CRLF and a space.
    const ics = (await readFile(path.join(built.dir, 'maintenance.ics'), 'utf8')).replace(/\r\n[ \t]/g, '');
    const escaped = baseUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const found = new Set([...`${atom}\n${ics}`.matchAll(new RegExp(`${escaped}[^\\s"<>\\\\]*`, 'g'))].map((m) => m[0].replace(/&amp;/g, '&')));
    const problems: string[] = [];
    for (const url of found) {
      const res = await fetch(local(url));
      await res.arrayBuffer();
      if (res.status !== 200 || !res.url.startsWith(site)) problems.push(`${url}: ${res.status} at ${res.url}`);
    }
    expect(problems).toEqual([]);
    expect(found.size).toBeGreaterThan(0);
  });
});

describe('metrics-site mounted at /', () => {
  let built: BuiltSite;
  let server: RunningServer;
  beforeAll(async () => {
    built = builds.get('metrics-site')!;
    server = await serveSite(built.dir);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('the same output resolves every link at the root too', async () => {
    const crawled = await crawl(`${server.url}/`, `${server.url}/`);
    expect(crawled.problems).toEqual([]);
    expect([...crawled.pages.keys()].filter((a) => !a.includes('?'))).toHaveLength((await outputPages(built.dir)).length);
  });
});
