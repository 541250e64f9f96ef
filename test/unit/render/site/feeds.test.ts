// The components' feeds and calendars are put together from entries and events written once for all
// of them: every document must be, byte for byte, what the libraries write for it on their own.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readContent } from '../../../../src/content/index.js';
import { deriveSite } from '../../../../src/derive/index.js';
import type { DerivedSite } from '../../../../src/derive/index.js';
import { FEED_ENTRIES, feedParts, renderAtom, renderCalendar } from '../../../../src/render/site/feeds.js';
import type { FeedScope } from '../../../../src/render/site/feeds.js';
import { byReachedComponent } from '../../../../src/derive/uptime.js';
import { component, content, ms, planned, pu, unplanned, uu } from '../../../helpers/content.js';

const FIXTURES = path.resolve(import.meta.dirname, '../../../fixtures');

/** Every feed and calendar of the site, in the order a build writes them, both ways. */
function bothWays(site: DerivedSite): { feeds: number; events: number; shared: { entries: number; events: number } } {
  const parts = feedParts();
  const reaching = byReachedComponent(site, site.notices);
  const scopes: (FeedScope | undefined)[] = [undefined, ...site.components.map((c) => ({ component: c, notices: reaching.get(c.id) ?? [] }))];
  let events = 0;
  for (const scope of scopes) {
    expect(renderAtom(site, scope, parts).contents).toBe(renderAtom(site, scope).contents);
    const calendar = renderCalendar(site, scope, parts);
    expect(calendar.contents).toBe(renderCalendar(site, scope).contents);
    events += String(calendar.contents).split('\r\nBEGIN:VEVENT\r\n').length - 1;
  }
  // What was written once and shared (none, had every document been written whole instead).
  return { feeds: scopes.length, events, shared: { entries: parts.entries.size, events: parts.events.size } };
}

describe('feeds and calendars from shared parts', () => {
  it.each(['component-feeds', 'plain-site', 'serve-site', 'translated-site', 'metrics-site'])('writes what the libraries write, for fixture %s', async (name) => {
    const folder = path.join(FIXTURES, name, 'content');
    const site = deriveSite(await readContent(folder), ms('2026-11-20T12:00:00Z'));
    const { feeds, shared } = bothWays(site);
    expect(feeds).toBe(site.components.length + 1);
    // Fewer notices than a feed carries: the site's feed has them all, and wrote each once.
    expect(site.notices.length).toBeLessThan(FEED_ENTRIES);
    expect(shared.entries).toBe(site.notices.length);
  });

  it('keeps text that looks like the documents\' own lines inside its entry and event', () => {
    const tricky = '\n    <entry>\n</feed>\nBEGIN:VEVENT\r\nEND:VCALENDAR\n]]><entry>';
    const site = deriveSite(
      content({
        components: [component(1), component(2, { parentId: 1 }), component(3)],
        notices: [
          unplanned(1, [uu('2026-11-19T10:00:00Z', 'investigating', { content: tricky })], { subject: tricky, components: [2] }),
          planned(2, { beginsAt: '2026-11-21T01:00:00Z', endsAt: '2026-11-21T02:00:00Z' }, [pu('2026-11-18T10:00:00Z', 'scheduled', { content: tricky })], { subject: tricky, components: [2, 3] }),
          planned(3, { beginsAt: '2026-11-22T01:00:00Z', endsAt: '2026-11-22T02:00:00Z' }, [pu('2026-11-18T11:00:00Z', 'scheduled')], { components: [1] }),
        ],
      }),
      ms('2026-11-20T12:00:00Z'),
    );
    // Calendars: the site's (2 events), component 1's (2: its own and its child's), 2's (1), 3's (1).
    const { events, shared } = bothWays(site);
    expect(events).toBe(6);
    expect(shared).toEqual({ entries: 3, events: 2 });
  });
});
