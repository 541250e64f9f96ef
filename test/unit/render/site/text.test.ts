// How pages write durations and windows: two units at most on pages, the API's `words` untouched
// (pinned here side by side so the two never drift into each other), a window's date written once
// within a day, and why an incident's impact is not its beginning to its end.
import { describe, expect, it } from 'vitest';
import { deriveSite } from '../../../../src/derive/index.js';
import { renderHtml } from '../../../../src/render/html.js';
import { answer } from '../../../../src/render/answer.js';
import { messages } from '../../../../src/i18n/messages.js';
import { langWith, timeView } from '../../../../src/render/site/format.js';
import type { Lang } from '../../../../src/render/site/format.js';
import { durationText, shortDuration, windowView } from '../../../../src/render/site/text.js';
import { loadTheme } from '../../../../src/theme/theme.js';
import { durationWords } from '../../../../src/render/words.js';
import { component, content, ms, unplanned, uu } from '../../../helpers/content.js';

const EN: Lang = langWith(messages('en'), 'UTC');

describe('durationText', () => {
  it.each([
    [0, '0 seconds', '0 s'],
    [45, '45 seconds', '45 s'],
    [60, '1 minute', '1 min'],
    [90, '1 minute 30 seconds', '1 min 30 s'],
    [3_600, '1 hour', '1 h'],
    [6 * 3_600 + 12 * 60 + 40, '6 hours 13 minutes', '6 h 13 min'],
    [86_400, '1 day', '1 d'],
    // The API's 15 days 4 hours 41 minutes 2 seconds, rounded to the hour.
    [15 * 86_400 + 4 * 3_600 + 41 * 60 + 2, '15 days 5 hours', '15 d 5 h'],
    [30 * 86_400 + 10 * 3_600 + 43 * 60, '30 days 11 hours', '30 d 11 h'],
    // Rounding up carries into the larger unit.
    [23 * 3_600 + 59 * 60 + 40, '24 hours', '24 h'],
  ])('%i s → %s', (seconds, text, short) => {
    expect(durationText(seconds, EN.m)).toBe(text);
    expect(shortDuration(seconds, EN.m)).toBe(short);
  });

  it("leaves the API's words as they are: every unit, to the second", () => {
    expect(durationWords(15 * 86_400 + 4 * 3_600 + 41 * 60 + 2)).toBe('15 days 4 hours 41 minutes 2 seconds');
    expect(durationWords(30 * 86_400 + 10 * 3_600 + 43 * 60)).toBe('30 days 10 hours 43 minutes');
  });
});

describe('windowView', () => {
  it('writes the date once within a day, both in full across days', () => {
    const within = windowView(ms('2026-11-29T02:00:00Z'), ms('2026-11-29T04:00:00Z'), EN);
    expect(within.text).toBe('29 Nov 2026, 02:00–04:00 UTC');
    expect([within.from, within.to]).toEqual([timeView(ms('2026-11-29T02:00:00Z'), EN), timeView(ms('2026-11-29T04:00:00Z'), EN)]);
    expect(windowView(ms('2026-11-29T22:00:00Z'), ms('2026-11-30T02:00:00Z'), EN).text).toBe('29 Nov 2026, 22:00 UTC\u2009–\u200930 Nov 2026, 02:00 UTC');
  });
});

describe("an incident's page", () => {
  const NOW = ms('2026-12-20T12:00:00Z');
  const long = unplanned(1, [uu('2026-11-01T00:00:00Z', 'investigating'), uu('2026-11-16T04:41:02Z', 'resolved')], { components: [1] });
  const recovered = unplanned(2, [uu('2026-12-01T13:02:00Z', 'investigating'), uu('2026-12-01T13:41:00Z', 'recovering'), uu('2026-12-01T14:52:00Z', 'resolved')], { components: [1] });
  const set = unplanned(3, [uu('2026-12-02T10:00:00Z', 'investigating'), uu('2026-12-02T12:00:00Z', 'resolved')], { components: [1], impactSeconds: 1080 });
  const site = deriveSite(content({ site: { metrics: true }, components: [component(1)], notices: [long, recovered, set] }), NOW);

  async function facts(id: number): Promise<string> {
    for (const file of renderHtml(site, await loadTheme(null))) if (file.path === `notices/${id}/index.html`) return /<dl class="facts">[\s\S]*?<\/dl>/.exec(String(file.contents))![0];
    throw new Error('no page');
  }

  it("prints its impact in two units while the API's words keep all four", async () => {
    expect(await facts(1)).toContain('<dt>Impact</dt><dd>15 days 5 hours</dd>');
    const api = answer(site, { endpoint: 'notice', id: 1 } as Parameters<typeof answer>[1]) as { notice: { impact_time: { words: string } } };
    expect(api.notice.impact_time.words).toBe('15 days 4 hours 41 minutes 2 seconds');
  });

  it('says why its impact is not the time from its beginning to its end', async () => {
    expect(await facts(2)).toContain('<dd>39 minutes <span class="note">(counted until it began to recover, 1 Dec 2026, 13:41 UTC; it was resolved later)</span></dd>');
    expect(await facts(3)).toContain('<dd>18 minutes <span class="note">(as set for this incident, not the time from its beginning to its end)</span></dd>');
    expect(await facts(1)).not.toContain('class="note"');
  });
});
