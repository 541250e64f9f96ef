// The moments the widget's files carry (render/site/widget-moments.ts): from published facts only,
// only those that change what the widget shows, at most MAX_MOMENTS, each the widget's view then,
// beside the status file's `updated_at` of the same build.
import { describe, expect, it } from 'vitest';
import { deriveSite } from '../../../../src/derive/index.js';
import { siteRenderer } from '../../../../src/render/html.js';
import { pageResource } from '../../../../src/render/resources.js';
import { MAX_MOMENTS } from '../../../../src/derive/moments.js';
import type { WidgetMoment } from '../../../../src/render/site/widget-moments.js';
import { loadTheme } from '../../../../src/theme/theme.js';
import { WIDGET_DEFAULT } from '../../../../src/routes/site.js';
import type { Content } from '../../../../src/content/types.js';
import { component, content, HOUR, ms, planned, pu, unplanned, uu } from '../../../helpers/content.js';

const NOW = ms('2026-11-20T01:50:00Z');
const at = (offset: number): string => new Date(NOW + offset).toISOString();

/** The default language's widget file, as the build writes it, and the status file's page. */
async function widgetFile(of: Content): Promise<{ text: string; file: { b: string; m: WidgetMoment[] }; page: Record<string, unknown> }> {
  const site = deriveSite(of, NOW);
  const renderer = siteRenderer(site, await loadTheme(null));
  const text = String(renderer.render({ kind: 'widgetText', tag: WIDGET_DEFAULT })!.contents);
  return { text, file: JSON.parse(text) as { b: string; m: WidgetMoment[] }, page: pageResource(site) as Record<string, unknown> };
}

/** A component without metrics: no uptime bar, whose days move at midnight. */
const part = (id: number) => component(id, { metrics: false });

describe('the widget’s moments', () => {
  it('are the widget’s view at each moment the clock changes it, from published facts only', async () => {
    const { text, file, page } = await widgetFile(
      content({
        components: [part(1)],
        notices: [
          planned(100, { beginsAt: '2026-11-20T02:00:00Z', endsAt: '2026-11-20T04:00:00Z' }, [
            pu('2026-11-18T09:00:00Z', 'scheduled', { content: 'We will upgrade the database.' }),
            pu('2026-11-20T02:30:00Z', 'underway', { content: 'WITHHELD-SOON the replica.' }),
          ], { subject: 'Database upgrade', components: [1] }),
          unplanned(102, [uu('2026-11-20T03:10:00Z', 'investigating', { content: 'WITHHELD-AHEAD' })], { subject: 'WITHHELD-SUBJECT', components: [1] }),
        ],
      }),
    );
    // The status file of the same build: the widget applies the moments only while it reads that one.
    expect(file.b).toBe(page.updated_at);
    expect(file.m).toEqual([
      {
        a: ms('2026-11-20T02:00:00Z'),
        state: 'under-maintenance',
        // The indicator `maintenance` (/api/v2).
        level: 1,
        text: 'Maintenance',
        notices: [{ id: '100', type: 'planned', state: 'underway', subject: 'Database upgrade', url: 'https://status.unit.test/notices/100/' }],
        more: false,
      },
      { a: ms('2026-11-20T04:00:00Z'), state: 'operational', level: 0, text: expect.any(String), notices: [], more: false },
    ]);
    // Nothing withheld, nor its time (02:30 and 03:10 are no moment).
    expect(text).not.toMatch(/WITHHELD/);
    const times = file.m.map((m) => m.a);
    expect(times).not.toContain(ms('2026-11-20T02:30:00Z'));
    expect(times).not.toContain(ms('2026-11-20T03:10:00Z'));
  });

  it('are at most MAX_MOMENTS, the soonest within a day, and list at most three notices and “more”', async () => {
    // Twelve maintenances an hour apart, each overlapping the next; one a day and more away.
    const notices = Array.from({ length: 12 }, (_, i) =>
      planned(i + 1, { beginsAt: at((i + 1) * HOUR), endsAt: at((i + 1) * HOUR + 4 * HOUR + 30 * 60_000) }, [pu('2026-11-18T09:00:00Z', 'scheduled')], { components: [1] }),
    );
    notices.push(planned(50, { beginsAt: at(25 * HOUR), endsAt: at(26 * HOUR) }, [pu('2026-11-18T09:00:00Z', 'scheduled')]));
    const { file } = await widgetFile(content({ components: [part(1)], notices }));
    expect(file.m).toHaveLength(MAX_MOMENTS);
    expect(file.m.map((m) => m.a)).toEqual(Array.from({ length: MAX_MOMENTS }, (_, i) => NOW + (i + 1) * HOUR));
    expect(file.m.map((m) => m.notices.length)).toEqual([1, 2, 3, 3, 3, 3, 3, 3]);
    expect(file.m.map((m) => m.more)).toEqual([false, false, false, true, true, true, true, true]);
    // Nothing changes the widget: no moments.
    expect((await widgetFile(content({ components: [part(1)], notices: [] }))).file.m).toEqual([]);
  });
});
