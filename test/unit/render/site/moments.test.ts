// The moments the status page carries (render/site/moments.ts): from published facts only, the
// soonest MAX_MOMENTS within a day of the build, only those that change the page, each the page
// as of then, escaped as every page is.
import { describe, expect, it } from 'vitest';
import { deriveSite } from '../../../../src/derive/index.js';
import { siteRenderer } from '../../../../src/render/html.js';
import { MAX_MOMENTS, MOMENTS_LOOKED_AT, momentSites } from '../../../../src/derive/moments.js';
import { MOMENTS_CHARS, withMoments } from '../../../../src/render/site/moments.js';
import type { PageMoment } from '../../../../src/render/site/moments.js';
import { loadTheme } from '../../../../src/theme/theme.js';
import type { Content } from '../../../../src/content/types.js';
import { component, content, general, HOUR, ms, planned, pu, unplanned, uu } from '../../../helpers/content.js';

const NOW = ms('2026-11-20T01:50:00Z');
const at = (offset: number): string => new Date(NOW + offset).toISOString();

async function home(of: Content, now = NOW): Promise<string> {
  const renderer = siteRenderer(deriveSite(of, now), await loadTheme(null));
  return String(renderer.render({ kind: 'status' })!.contents);
}

const BLOCK = /<script type="application\/json" data-statuspress="moments">([^<]*)<\/script>/g;

/** The moments the page carries, as its script reads them; none when it has no block, and never two blocks. */
function moments(html: string): PageMoment[] {
  const blocks = [...html.matchAll(BLOCK)];
  expect(blocks.length).toBeLessThan(2);
  return blocks.length === 0 ? [] : (JSON.parse(blocks[0]![1]!) as PageMoment[]);
}

/** A component without metrics: no uptime bar, whose days move at midnight. */
const part = (id: number, name?: string) => component(id, { metrics: false, ...(name === undefined ? {} : { name }) });

const mainOf = (html: string): string => /<main\b[^>]*>([^]*)<\/main>/.exec(html)![1]!;

describe('the status page’s moments', () => {
  it('are the page as of each moment the clock changes it, from published facts only', async () => {
    const site = content({
      components: [part(1, 'API')],
      notices: [
        planned(100, { beginsAt: '2026-11-20T02:00:00Z', endsAt: '2026-11-20T04:00:00Z' }, [
          pu('2026-11-18T09:00:00Z', 'scheduled', { content: 'We will upgrade the database.' }),
          pu('2026-11-20T02:30:00Z', 'underway', { content: 'WITHHELD-SOON the replica.' }),
        ], { subject: 'Database upgrade', components: [1] }),
        unplanned(102, [uu('2026-11-20T03:10:00Z', 'investigating', { content: 'WITHHELD-AHEAD' })], { subject: 'WITHHELD-SUBJECT', components: [1] }),
      ],
    });
    const html = await home(site);
    const shown = moments(html);
    expect(shown.map((m) => m.at)).toEqual(['2026-11-20T02:00:00.000Z', '2026-11-20T04:00:00.000Z']);
    // Nothing withheld, nor its time (02:30 and 03:10 are no moment, and written nowhere).
    expect(html).not.toMatch(/WITHHELD|02:30|03:10/);
    expect(shown[0]).toMatchObject({ state: 'under-maintenance', title: 'Unit Status: Maintenance' });
    expect(shown[0]!.icon).toMatch(/^assets\/icon-under-maintenance\.[0-9a-f]+\.svg$/);
    expect(shown[1]).toMatchObject({ state: 'operational', title: 'Unit Status: All good' });
    // As a build of the published content at the moment renders it (a real build at 02:00 publishes nothing more).
    expect(shown[0]!.main).toBe(mainOf(await home(site, ms('2026-11-20T02:00:00Z'))));
    // Without the script, the page itself is the build's: operational, as of 01:50.
    expect(mainOf(html)).toContain('as of <time datetime="2026-11-20T01:50:00.000Z">');
    expect(mainOf(html)).toContain('class="banner tone-operational"');
  });

  it('are at most MAX_MOMENTS, the soonest within a day, and only those that change the page', async () => {
    // Twelve maintenances an hour apart, beginning and ending within a day; one a day and more away.
    const notices = Array.from({ length: 12 }, (_, i) =>
      planned(i + 1, { beginsAt: at((i + 1) * HOUR), endsAt: at((i + 1) * HOUR + 30 * 60_000) }, [pu('2026-11-18T09:00:00Z', 'scheduled')], { components: [1] }),
    );
    notices.push(planned(50, { beginsAt: at(25 * HOUR), endsAt: at(26 * HOUR) }, [pu('2026-11-18T09:00:00Z', 'scheduled')]));
    const shown = moments(await home(content({ components: [part(1)], notices })));
    expect(shown).toHaveLength(MAX_MOMENTS);
    expect(shown.map((m) => m.at)).toEqual(Array.from({ length: MAX_MOMENTS }, (_, i) => new Date(NOW + (Math.floor(i / 2) + 1) * HOUR + (i % 2) * 30 * 60_000).toISOString()));
    // An announcement without an expiry changes nothing at any moment: no moments. Nor does the
    // day's turn, which moves uptime bars by a day and no state: it would copy the whole main part.
    const quiet = (metrics: boolean): Content => content({ components: [component(1, { metrics })], notices: [general(7, [{ at: '2026-11-19T09:00:00Z' }])] });
    expect(moments(await home(quiet(false)))).toEqual([]);
    expect(moments(await home(quiet(true)))).toEqual([]);
  });

  it('are found among the first MOMENTS_LOOKED_AT changes of the day: changes of no state cannot make a build derive the site without end', () => {
    // Open incidents whose impact_seconds end half a minute apart: each end changes the site (its
    // impact), none a state; then, within the day, a maintenance begins, which does.
    const flood = (count: number): Content =>
      content({
        components: [part(1)],
        notices: [
          ...Array.from({ length: count }, (_, i) => unplanned(i + 1, [uu('2026-11-20T01:00:00Z', 'investigating')], { components: [1], impactSeconds: 3600 + (i + 1) * 30 })),
          planned(5000, { beginsAt: at(count * 30_000 + 2 * HOUR), endsAt: at(count * 30_000 + 3 * HOUR) }, [pu('2026-11-18T09:00:00Z', 'scheduled')], { components: [1] }),
        ],
      });
    const begins = (count: number): boolean => momentSites(deriveSite(flood(count), NOW)).some((m) => m.site.noticesById.get(5000)!.timelineState === 'present');
    expect(begins(MOMENTS_LOOKED_AT - 10)).toBe(true);
    expect(begins(MOMENTS_LOOKED_AT * 20)).toBe(false);
    expect(NOW + MOMENTS_LOOKED_AT * 20 * 30_000 + 2 * HOUR).toBeLessThan(NOW + 24 * HOUR);
  });

  it('fit in MOMENTS_CHARS, whatever the page itself: a long announcement expiring leaves a small page', async () => {
    const long = general(7, [{ at: '2026-11-19T09:00:00Z', content: 'Long announcement. '.repeat(8000) }], { expiresAt: at(70 * 60_000) });
    const html = await home(content({ components: [part(1)], notices: [long] }));
    expect(mainOf(html).length).toBeGreaterThan(MOMENTS_CHARS);
    const shown = moments(html);
    expect(shown.map((m) => m.at)).toEqual([at(70 * 60_000)]);
    expect(shown[0]!.main.length).toBeLessThan(MOMENTS_CHARS);
    expect(shown[0]!.main).not.toContain('Long announcement.');
  });

  it('are made one at a time: past MOMENTS_CHARS, the contexts of the later ones are never made', () => {
    const page = (main: string): string => `<html><body><main>${main}</main></body></html>`;
    let made = 0;
    function* contexts() {
      for (const shown of ['one', 'two', 'three']) {
        made++;
        yield { at: NOW + made * HOUR, context: { shown } };
      }
    }
    const large = (context: { shown: string }): string => page(context.shown.repeat(MOMENTS_CHARS));
    expect(withMoments(page('before'), { shown: 'before' }, contexts(), large)).toBe(page('before'));
    expect(made).toBe(1);
    made = 0;
    const small = withMoments(page('before'), { shown: 'before' }, contexts(), (context) => page(context.shown));
    expect(made).toBe(3);
    expect(moments(small).map((m) => m.main)).toEqual(['one', 'two', 'three']);
  });

  it('are escaped as the page is, and embedded safely: hostile text stays text', async () => {
    const hostile = '</script><script>alert(1)</script><!--"\'<main>';
    const site = content({
      site: { name: `Acme ${hostile}` },
      components: [part(1, hostile)],
      notices: [
        planned(1, { beginsAt: '2026-11-20T02:00:00Z', endsAt: '2026-11-20T03:00:00Z' }, [pu('2026-11-18T09:00:00Z', 'scheduled', { content: hostile })], { subject: hostile, components: [1] }),
        general(2, [{ at: '2026-11-19T09:00:00Z', content: hostile }], { subject: hostile, expiresAt: '2026-11-20T05:00:00Z' }),
      ],
    });
    const html = await home(site);
    const shown = moments(html);
    expect(shown.map((m) => m.at)).toEqual(['2026-11-20T02:00:00.000Z', '2026-11-20T03:00:00.000Z', '2026-11-20T05:00:00.000Z']);
    // One block, ended by its own </script> only: nothing in it starts a tag.
    const block = [...html.matchAll(BLOCK)][0]![0];
    expect(block.slice(1, -'</script>'.length)).not.toContain('<');
    expect(html.match(/<script\b/g)).toHaveLength(2); // the page's script and the block
    expect(html.match(/<main\b/g)).toHaveLength(1);
    for (const m of shown) {
      // The title as the layout writes it (the script reads it as a <title>'s text), the rest escaped as on the page.
      expect(m.title).toMatch(/^Acme &lt;\/script&gt;&lt;script&gt;alert\(1\)&lt;\/script&gt;&lt;!--&quot;&#x27;&lt;main&gt;: /);
      expect(m.main).toContain('&lt;/script&gt;&lt;script&gt;alert(1)');
      expect(m.main).not.toMatch(/<script|<main|<!--/);
    }
  });
});
