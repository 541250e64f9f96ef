// The page at a glance, in English and Arabic: a critical incident's banner in the outage colour with
// the outage words and its component's severity, a major one's in the partial colour, a minor one's in the degraded colour; a site of
// Cloudflare's shape (10 top-level groups over 50 regions over 440 leaves) whose home stays within
// 8,000 px at 1280 px and 250 KB, its groups folded and the component in trouble named without a
// click, with and without JavaScript, a busy week's past incidents, announcements and maintenance
// folded after the first five of each; at 375 px each day of a bar at least 6 px wide. The large site
// has few notices: the page's size comes from its components, and notices cost the build. In forced
// colours (the system's palette replaces the page's) the severities are still there, in words.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { RunningServer } from '../../src/serve/server.js';
import { schemes } from '../helpers/colour.js';
import { buildSite, contextAt, launchBrowser, screenshot, serveSite, watchContext } from './helpers.js';
import type { BuiltSite } from './helpers.js';

const NOW = '2026-11-20T12:00:00Z';
const GROUPS = 10;
const REGIONS = 5;
const LEAVES = 44;
/** Past incidents of the last week, and announcements and maintenance windows, beyond the five shown whole. */
const RECENT = 14;
const MORE = 8;

/** A content folder: site.yaml in English and Arabic, `components` as [id, parent, name], `notices` as YAML texts. */
async function writeContent(dir: string, components: [number, number | null, string][], notices: string[]): Promise<void> {
  await mkdir(path.join(dir, 'components'), { recursive: true });
  await mkdir(path.join(dir, 'notices'), { recursive: true });
  await writeFile(path.join(dir, 'site.yaml'), 'name: Glance Status\nurl: https://status.example.com\ncreated_at: 2024-01-01T00:00:00Z\nmetrics: true\nlocale: en\nlocales: [en, ar]\n');
  await Promise.all(components.map(([id, parent, name]) => writeFile(path.join(dir, 'components', `${id}.yaml`), `id: ${id}\nname: ${name}\n${parent === null ? `position: ${id}\n` : `parent_id: ${parent}\n`}created_at: 2024-01-01T00:00:00Z\n`)));
  await Promise.all(notices.map((text, i) => writeFile(path.join(dir, 'notices', `${i + 1}.yaml`), text)));
}

const incident = (id: number, components: number[], impact: string | null, day: string, resolved: boolean): string =>
  `id: ${id}\ntype: unplanned\nsubject: Incident ${id}\n${impact ? `impact: ${impact}\n` : ''}components: [${components.join(', ')}]\nupdates:\n  - at: ${day}T08:00:00Z\n    state: investigating\n    content: Looking into it.\n` +
  (resolved ? `  - at: ${day}T09:00:00Z\n    state: resolved\n    content: Fixed.\n` : '');

/** Cloudflare's shape: each group over 5 regions over 44 leaves; one leaf in a major outage now, some incidents past. */
function largeSite(): { components: [number, number | null, string][]; notices: string[]; down: number } {
  const components: [number, number | null, string][] = [];
  let id = GROUPS + GROUPS * REGIONS;
  for (let g = 1; g <= GROUPS; g++) {
    components.push([g, null, `Continent ${g}`]);
    for (let r = 0; r < REGIONS; r++) {
      const region = GROUPS + (g - 1) * REGIONS + r + 1;
      components.push([region, g, `Region ${g}.${r + 1}`]);
      for (let l = 0; l < Math.floor(LEAVES / REGIONS) + (r < LEAVES % REGIONS ? 1 : 0); l++) components.push([++id, region, `Data centre ${id}`]);
    }
  }
  const down = GROUPS * REGIONS + GROUPS + 1;
  const notices = Array.from({ length: 60 }, (_, i) => incident(i + 1, [down + ((i * 37) % 430)], ['minor', 'major', 'critical'][i % 3]!, `2026-${String(9 + Math.floor(i / 30)).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`, true));
  notices.push(incident(99, [down], 'critical', '2026-11-20', false));
  // A busy week, as Cloudflare's often is: past incidents, announcements and planned maintenance
  // enough that each of those lists folds what it does not show whole.
  for (let i = 0; i < RECENT; i++) notices.push(incident(100 + i, [down + i], 'minor', `2026-11-${String(14 + (i % 6)).padStart(2, '0')}`, true));
  for (let i = 0; i < MORE; i++) notices.push(`id: ${200 + i}\ntype: general\nsubject: Announcement ${i + 1}\nupdates:\n  - at: 2026-11-${String(10 + i).padStart(2, '0')}T08:00:00Z\n    content: Something to know.\n`);
  for (let i = 0; i < MORE; i++) notices.push(`id: ${300 + i}\ntype: planned\nsubject: Maintenance ${i + 1}\ncomponents: [${down + i}]\nbegins_at: 2026-12-${String(1 + i).padStart(2, '0')}T02:00:00Z\nends_at: 2026-12-${String(1 + i).padStart(2, '0')}T04:00:00Z\nupdates:\n  - at: 2026-11-19T08:00:00Z\n    state: scheduled\n    content: Planned work.\n`);
  return { components, notices, down };
}

let browser: Browser;
let root: string;
const builds: BuiltSite[] = [];
const servers: Record<'large' | 'minor' | 'major', RunningServer> = {} as never;
let down = 0;

beforeAll(async () => {
  const launching = launchBrowser();
  root = await mkdtemp(path.join(tmpdir(), 'statuspress-glance-'));
  const large = largeSite();
  down = large.down;
  await writeContent(path.join(root, 'large'), large.components, large.notices);
  await writeContent(path.join(root, 'minor'), [[1, null, 'Website'], [2, null, 'API']], [incident(1, [2], null, '2026-11-20', false)]);
  await writeContent(path.join(root, 'major'), [[1, null, 'Website'], [2, null, 'API']], [incident(1, [2], 'major', '2026-11-20', false)]);
  for (const name of ['large', 'minor', 'major'] as const) {
    const built = await buildSite(path.join(root, name), NOW);
    builds.push(built);
    servers[name] = await serveSite(built.dir);
  }
  browser = await launching;
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await Promise.all(Object.values(servers).map((s) => s.close()));
  await Promise.all(builds.map((b) => b.cleanup()));
  await rm(root, { recursive: true, force: true });
});

/** A tab on `site` (its problems collected), with JavaScript or without, its clock at the build's moment. */
async function tab(site: 'large' | 'minor' | 'major', javaScriptEnabled = true, width = 1280): Promise<{ page: Page; problems: string[] }> {
  const context = await contextAt(browser, NOW, { javaScriptEnabled, viewport: { width, height: 900 } });
  const problems = watchContext(context, new URL(servers[site].url).origin);
  return { page: await context.newPage(), problems };
}

/** The colour a severity is drawn in, as the browser writes it (`rgb(…)`). */
const rgb = (hex: string): string => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;

const LANGS = [
  { lang: 'en', prefix: '', major: 'Major system outage', leaf: 'Major outage', minor: 'Some systems are experiencing problems', partial: 'Partial system outage', partialLeaf: 'Partial outage' },
  { lang: 'ar', prefix: 'ar/', major: 'انقطاع كبير في النظام', leaf: 'انقطاع كبير', minor: 'بعض الأنظمة تواجه مشكلات', partial: 'انقطاع جزئي في النظام', partialLeaf: 'انقطاع جزئي' },
];

describe.each(LANGS)('the page at a glance ($lang)', ({ lang, prefix, major, leaf }) => {
  it.each([true, false])('a large site: within 8,000 px and 250 KB, groups folded, the outage named and in its colour (JavaScript %s)', async (js) => {
    const { page, problems } = await tab('large', js);
    const url = `${servers.large.url}/${prefix}`;
    const html = await (await fetch(url)).text();
    expect(Buffer.byteLength(html)).toBeLessThanOrEqual(250_000);
    await page.goto(url, { waitUntil: 'load' });
    const banner = page.locator('.banner h1');
    expect((await banner.textContent())?.trim()).toBe(major);
    const border = await page.locator('.banner').evaluate((e) => e.ownerDocument.defaultView!.getComputedStyle(e).borderInlineStartColor);
    expect(border).toBe(rgb(schemes().light['--outage']!));
    expect(await page.locator('html').evaluate((e) => e.scrollHeight)).toBeLessThanOrEqual(8000);
    // Five of each list whole, the soonest or newest; the rest one line each under a fold, every one linked.
    for (const [id, count] of [['recent', RECENT], ['announcements', MORE], ['upcoming', MORE]] as const) {
      const section = page.locator(`section[aria-labelledby="${id}"]`);
      expect(await section.locator('> article.notice').count()).toBe(5);
      expect(await section.locator('> details.older:not([open]) li a').count()).toBe(count - 5);
      expect(await section.locator('> details.older li time[datetime]').count()).toBe(count - 5);
    }
    expect(await page.locator('section[aria-labelledby="recent"] > article.notice').first().textContent()).toContain(`Incident ${100 + 11}`); // the newest day's, the higher id first
    // Every group folded, each with its count; the one in trouble names its component, visibly.
    const groups = page.locator('.tree > .group > details.parts');
    expect(await groups.count()).toBe(GROUPS);
    expect(await page.locator('.tree > .group > details.parts[open]').count()).toBe(0);
    const named = page.locator('.tree > .group .affected a', { hasText: `Data centre ${down}` });
    await expect.poll(() => named.isVisible()).toBe(true);
    expect((await page.locator('.tree > .group .affected .state').first().textContent())?.trim()).toBe(leaf);
    // The control opens the group without a script: its parts (the regions) show, the one holding
    // the data centre with its severity; the data centres themselves are on the group's page.
    const group = page.locator('.tree > .group').filter({ has: page.locator('.affected a', { hasText: `Data centre ${down}` }) }).first();
    await group.locator('> details.parts > summary').click();
    expect(await group.locator('.component .row .state', { hasText: leaf }).count()).toBeGreaterThan(0);
    expect(await group.locator('.component .row', { hasText: `Data centre ${down}` }).count()).toBe(0);
    if (js) await screenshot(page, 'glance', `large-${lang}`, 1280, 'light');
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("a group's page links every component under it", async () => {
    const { page } = await tab('large', false);
    await page.goto(`${servers.large.url}/${prefix}components/1/`, { waitUntil: 'load' });
    expect(await page.locator('#parts ~ ul a.name').count()).toBe(REGIONS + LEAVES);
    await page.context().close();
  });

  it('a phone shows 30 days, each at least 6 px wide', async () => {
    const { page, problems } = await tab('large', true, 375);
    await page.goto(`${servers.large.url}/${prefix}`, { waitUntil: 'load' });
    const widths = await page.locator('.tree > .group > .uptime > .bar').evaluateAll((bars) =>
      bars.map((bar) => ({ day: bar.querySelector('svg')!.getBoundingClientRect().width / Number(bar.getAttribute('data-days')), bar: bar.getBoundingClientRect().width })),
    );
    expect(widths.length).toBe(GROUPS);
    for (const { day, bar } of widths) {
      expect(day).toBeGreaterThanOrEqual(6);
      expect(Math.round(bar / day)).toBe(30);
    }
    expect(await page.locator('.scale .figure.narrow').first().isVisible()).toBe(true);
    expect(await page.locator('.scale .figure.wide').first().isVisible()).toBe(false);
    await screenshot(page, 'glance', `large-${lang}`, 375, 'light');
    expect(problems).toEqual([]);
    await page.context().close();
  });
});

describe.each(LANGS)('a major incident ($lang)', ({ lang, prefix, partial, partialLeaf }) => {
  it('reads as a partial outage, in the partial colour, on the banner and on its component', async () => {
    const { page, problems } = await tab('major');
    await page.goto(`${servers.major.url}/${prefix}`, { waitUntil: 'load' });
    expect((await page.locator('.banner h1').textContent())?.trim()).toBe(partial);
    expect(await page.locator('.banner').evaluate((e) => e.ownerDocument.defaultView!.getComputedStyle(e).borderInlineStartColor)).toBe(rgb(schemes().light['--partial']!));
    expect((await page.locator('.component .row', { hasText: 'API' }).locator('.state').textContent())?.trim()).toBe(partialLeaf);
    await screenshot(page, 'glance', `major-${lang}`, 1280, 'light');
    expect(problems).toEqual([]);
    await page.context().close();
  });
});

describe.each(LANGS)('a minor incident ($lang)', ({ lang, prefix, minor }) => {
  it("reads as a degradation, in the degraded colour, the component's words its severity", async () => {
    const { page, problems } = await tab('minor');
    await page.goto(`${servers.minor.url}/${prefix}`, { waitUntil: 'load' });
    expect((await page.locator('.banner h1').textContent())?.trim()).toBe(minor);
    expect(await page.locator('.banner').evaluate((e) => e.ownerDocument.defaultView!.getComputedStyle(e).borderInlineStartColor)).toBe(rgb(schemes().light['--degraded']!));
    const state = lang === 'en' ? 'Degraded performance' : 'أداء متراجع';
    expect((await page.locator('.component .row', { hasText: 'API' }).locator('.state').textContent())?.trim()).toBe(state);
    await screenshot(page, 'glance', `minor-${lang}`, 1280, 'light');
    expect(problems).toEqual([]);
    await page.context().close();
  });
});


/** What a reader sees of an element: its words, whether it is drawn at a readable size, and its colour against what is behind it. */
interface Seen {
  text: string;
  drawn: boolean;
  colour: string;
  behind: string;
}

describe('in forced colours', () => {
  it('the severity is in words the reader sees, on the banner and on the component rows, the large site and the small', async () => {
    const large = await tab('large');
    const small = await tab('minor');
    const seen = (page: Page, selector: string, hasText?: string): Promise<Seen> =>
      page
        .locator(selector, hasText ? { hasText } : {})
        .first()
        .evaluate((e) => {
          const view = e.ownerDocument.defaultView!;
          const style = view.getComputedStyle(e);
          const box = e.getBoundingClientRect();
          // The first ancestor (or itself) with a background of its own.
          let back: typeof e | null = e;
          while (back && /^(transparent|rgba\(0, 0, 0, 0\))$/.test(view.getComputedStyle(back).backgroundColor)) back = back.parentElement;
          return {
            text: (e.textContent ?? '').trim(),
            drawn: box.width > 8 && box.height > 8 && style.visibility === 'visible' && style.opacity === '1',
            colour: style.color,
            behind: back ? view.getComputedStyle(back).backgroundColor : 'rgb(255, 255, 255)',
          };
        });
    const expectWords = (found: Seen, words: string): void => {
      expect(found.text).toBe(words);
      expect(found.drawn, words).toBe(true);
      expect(found.colour, words).not.toBe(found.behind);
    };
    for (const [{ page }, site] of [[large, servers.large], [small, servers.minor]] as const) {
      await page.emulateMedia({ forcedColors: 'active' });
      await page.goto(`${site.url}/`, { waitUntil: 'load' });
      expect(await page.evaluate(() => (globalThis as unknown as { matchMedia(q: string): { matches: boolean } }).matchMedia('(forced-colors: active)').matches)).toBe(true);
    }
    expectWords(await seen(large.page, '.banner h1'), 'Major system outage');
    // The folded group's row names the component in trouble with its severity, without a click.
    expectWords(await seen(large.page, '.tree > .group .affected .state'), 'Major outage');
    await screenshot(large.page, 'glance', 'large-forced-colours', 1280, 'light');
    expectWords(await seen(small.page, '.banner h1'), 'Some systems are experiencing problems');
    expectWords(await seen(small.page, '.component .row .state', 'Degraded performance'), 'Degraded performance');
    expectWords(await seen(small.page, '.component .row .state', 'Operational'), 'Operational');
    expect([...large.problems, ...small.problems]).toEqual([]);
    await large.page.context().close();
    await small.page.context().close();
  });
});
