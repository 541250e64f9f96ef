// The status page's "Past 7 days" counts the site's local days (today's and the six before, 23 or
// 25 hours long when the clocks change), while the API's past_recent stays a rolling 7 × 24 hours.
import { describe, expect, it } from 'vitest';
import { deriveSite, recentSince } from '../../../../src/derive/index.js';
import { renderHtml } from '../../../../src/render/html.js';
import { loadTheme } from '../../../../src/theme/theme.js';
import { component, content, ms, unplanned, uu } from '../../../helpers/content.js';

/** An incident that began an hour before `ended` and was resolved then. */
const ended = (id: number, at: string) =>
  unplanned(id, [uu(new Date(ms(at) - 3_600_000).toISOString(), 'investigating'), uu(at, 'resolved')], { subject: `Incident ${id}` });

/** The subjects listed under "Past 7 days" on the status page built at `now`, and each notice's API timeline state. */
async function pastWeek(timeZone: string, now: string, ends: string[]) {
  const site = deriveSite(content({ site: { timeZone }, components: [component(1)], notices: ends.map((at, i) => ended(i + 1, at)) }), ms(now));
  const html = new Map([...renderHtml(site, await loadTheme(null))].map((f) => [f.path, String(f.contents)])).get('index.html')!;
  const section = html.slice(html.indexOf('<h2 id="recent">'), html.indexOf('</section>', html.indexOf('<h2 id="recent">')));
  return {
    listed: [...section.matchAll(/>Incident (\d+)</g)].map((m) => Number(m[1])).sort((a, b) => a - b),
    api: Object.fromEntries(site.notices.map((n) => [n.id, n.timelineState])),
  };
}

describe('the status page\'s "Past 7 days"', () => {
  it("lists what ended on today's local day or the six before, in the site's zone (Berlin)", async () => {
    // Built 21 Nov 13:00 in Berlin: the days 15 to 21 Nov, from 14 Nov 23:00Z.
    expect(recentSince(ms('2026-11-21T12:00:00Z'), 'Europe/Berlin')).toBe(ms('2026-11-14T23:00:00Z'));
    const { listed, api } = await pastWeek('Europe/Berlin', '2026-11-21T12:00:00Z', [
      '2026-11-14T23:30:00Z', // 15 Nov 00:30 in Berlin: listed
      '2026-11-14T22:30:00Z', // 14 Nov 23:30 in Berlin: not
      '2026-11-21T11:00:00Z', // today
    ]);
    expect(listed).toEqual([1, 3]);
    // The API keeps its rolling 7 × 24 hours: both ended within it.
    expect(api).toEqual({ 1: 'past_recent', 2: 'past_recent', 3: 'past_recent' });
  });

  it('counts UTC days in UTC, the default zone', async () => {
    expect(recentSince(ms('2026-11-21T12:00:00Z'), 'UTC')).toBe(ms('2026-11-15T00:00:00Z'));
    const { listed } = await pastWeek('UTC', '2026-11-21T12:00:00Z', ['2026-11-15T00:00:00Z', '2026-11-14T23:59:59Z']);
    expect(listed).toEqual([1]);
  });

  it('counts a 25-hour day whole when the clocks go back (Berlin, 25 Oct 2026)', async () => {
    // Built 31 Oct: the days 25 to 31 Oct; 25 Oct began at midnight CEST, 24 Oct 22:00Z.
    expect(recentSince(ms('2026-10-31T12:00:00Z'), 'Europe/Berlin')).toBe(ms('2026-10-24T22:00:00Z'));
    const before = await pastWeek('Europe/Berlin', '2026-10-31T12:00:00Z', ['2026-10-24T22:30:00Z', '2026-10-24T21:30:00Z']);
    expect(before.listed).toEqual([1]);
    // Built in the last hour of the 25-hour day itself: the seven local days (19 to 25 Oct) are
    // 7 × 24 + 1 hours, so a notice the API already calls past_distant is still on the page.
    expect(recentSince(ms('2026-10-25T22:30:00Z'), 'Europe/Berlin')).toBe(ms('2026-10-18T22:00:00Z'));
    const during = await pastWeek('Europe/Berlin', '2026-10-25T22:30:00Z', ['2026-10-18T22:15:00Z', '2026-10-18T21:45:00Z']);
    expect(during.listed).toEqual([1]);
    expect(during.api).toEqual({ 1: 'past_distant', 2: 'past_distant' });
  });

  it('counts a 23-hour day when the clocks go forward (New York, 8 Mar 2026)', async () => {
    // Built 14 Mar: the days 8 to 14 Mar; 8 Mar began at midnight EST, 05:00Z, and had 23 hours.
    expect(recentSince(ms('2026-03-14T12:00:00Z'), 'America/New_York')).toBe(ms('2026-03-08T05:00:00Z'));
    const { listed } = await pastWeek('America/New_York', '2026-03-14T12:00:00Z', ['2026-03-08T05:30:00Z', '2026-03-08T04:30:00Z']);
    expect(listed).toEqual([1]);
  });
});
