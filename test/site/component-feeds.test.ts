// Each component's own feeds (components/<id>/feed.atom and maintenance.ics): the notices that reach
// it (listing it or a component under it) and no others, with the same entry ids and event UIDs as
// the site's feeds; linked from its page in the head and in a visible Subscribe block; addressed
// through the one routing module. Fixture: test/fixtures/component-feeds (see its site.yaml).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { route } from '../../src/routes/index.js';
import { parseSitePath, SITE } from '../../src/routes/site.js';
import { FIXTURES } from '../helpers/build.js';
import { readAtom, readCalendar } from './feed-readers.js';
import { buildSite, decodeEntities, serveSite } from './helpers.js';
import type { BuiltSite } from './helpers.js';

const CONTENT = path.join(FIXTURES, 'component-feeds/content');
const NOW = '2026-11-25T12:00:00Z';
const BASE = 'https://feeds.example.org';
const noticeUrl = (id: number): string => `${BASE}/notices/${id}/`;

let built: BuiltSite;
beforeAll(async () => {
  built = await buildSite(CONTENT, NOW);
});
afterAll(() => built?.cleanup());

const page = (file: string): Promise<string> => readFile(path.join(built.dir, file), 'utf8');

describe('a component feed', () => {
  it("lists only the notices of component 11 and the components under it, newest change first", async () => {
    const feed = await readAtom(built, 'components/11/feed.atom');
    // 2 lists 11, 1 and 4 list its part 12; 3 and 6 (Search) and the general notice 5 are not its own.
    expect(feed.entries.map((e) => e.id)).toEqual([2, 1, 4].map(noticeUrl));
    expect(feed.id).toBe(`${BASE}/components/11/`);
    expect(feed.self).toBe(`${BASE}/components/11/feed.atom`);
    expect((await readAtom(built, 'components/12/feed.atom')).entries.map((e) => e.id)).toEqual([1, 4].map(noticeUrl));
    expect((await readAtom(built, 'components/13/feed.atom')).entries.map((e) => e.id)).toEqual([6, 3].map(noticeUrl));
  });

  it("carries the same entries as the site's feed: ids, links, dates and text", async () => {
    const site = await readAtom(built);
    const own = await readAtom(built, 'components/11/feed.atom');
    for (const entry of own.entries) expect(site.entries.find((e) => e.id === entry.id)).toEqual(entry);
  });

  it('has a calendar of the maintenance that reaches it, with the site calendar’s UIDs', async () => {
    const site = await readCalendar(built);
    const payments = await readCalendar(built, 'components/11/maintenance.ics');
    expect(payments.map((e) => e.uid)).toEqual(['notice-4@feeds.example.org']);
    expect(payments).toEqual(site.filter((e) => e.uid === 'notice-4@feeds.example.org'));
    expect(await readCalendar(built, 'components/13/maintenance.ics')).toEqual([]);
  });

  it('is linked from the component page: <link rel="alternate"> and a Subscribe block', async () => {
    const html = await page('components/11/index.html');
    expect(html).toContain('<link rel="alternate" type="application/atom+xml" href="../../components/11/feed.atom" title="Feeds Fixture Status: Payments &amp; invoices: notices">');
    expect(html).toContain('<link rel="alternate" type="text/calendar" href="../../components/11/maintenance.ics" title="Feeds Fixture Status: Payments &amp; invoices: maintenance">');
    const block = /<section class="subscribe"[\s\S]*?<\/section>/.exec(html)?.[0] ?? '';
    expect(block).toContain('<h2 id="subscribe">Subscribe</h2>');
    expect(block).toContain('<a href="../../components/11/feed.atom" type="application/atom+xml">');
    expect(block).toContain('<a href="../../components/11/maintenance.ics" type="text/calendar">');
    expect(decodeEntities(block)).toContain(`${BASE}/components/11/feed.atom`);
  });

  it('escapes the component name in the feed and calendar titles', async () => {
    expect(await page('components/11/feed.atom')).toContain('<title>Feeds Fixture Status: Payments &amp; invoices: notices</title>');
    expect(await page('components/11/maintenance.ics')).toContain('X-WR-CALNAME:Feeds Fixture Status: Payments & invoices: maintenance');
  });

  it('has its address in the routing module: the writer, serve and the host configs agree', () => {
    expect(SITE.componentFeed(11)).toEqual({ file: 'components/11/feed.atom', href: 'components/11/feed.atom' });
    expect(parseSitePath('components/11/feed.atom')).toEqual({ kind: 'componentFeed', id: 11 });
    expect(parseSitePath('components/11/maintenance.ics')).toEqual({ kind: 'componentCalendar', id: 11 });
    expect(parseSitePath('components/011/feed.atom')).toBeNull();
    expect(route('/components/11/feed.atom')).toMatchObject({ kind: 'site' });
  });

  it('is served by statuspress serve with the feed and calendar types', async () => {
    const server = await serveSite(built.dir);
    try {
      const feed = await fetch(`${server.url}/components/11/feed.atom`);
      expect(feed.status).toBe(200);
      expect(feed.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8');
      expect(await feed.text()).toBe(await page('components/11/feed.atom'));
      const calendar = await fetch(`${server.url}/components/11/maintenance.ics`);
      expect(calendar.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
      expect((await fetch(`${server.url}/components/99/feed.atom`)).status).toBe(404);
    } finally {
      await server.close();
    }
  });
});
