// The uptime bars tell the truth: a day is coloured by the worst impact of its incidents (minor when
// an incident gives none), maintenance has its own colour, every colour is explained in words, the
// figure beside a bar covers exactly its days (the metrics API's figure for the same window), and
// every cell's colour has 3:1 against the page in both schemes.
import { describe, expect, it } from 'vitest';
import { deriveSite } from '../../../../src/derive/index.js';
import { computeMetrics, resolveTimeframe } from '../../../../src/derive/metrics.js';
import { renderHtml } from '../../../../src/render/html.js';
import { loadTheme } from '../../../../src/theme/theme.js';
import { percentWords } from '../../../../src/render/words.js';
import type { Notice } from '../../../../src/content/types.js';
import { schemes } from '../../../helpers/colour.js';
import { component, content, ms, planned, pu, unplanned, uu } from '../../../helpers/content.js';

const NOW = ms('2026-11-20T12:00:00Z');

async function statusHtml(notices: Notice[], components = [component(1, { name: 'Email' }), component(2, { name: 'SMS' })]): Promise<string> {
  const site = deriveSite(content({ site: { metrics: true }, components, notices }), NOW);
  for (const file of renderHtml(site, await loadTheme(null))) if (file.path === 'index.html') return String(file.contents);
  throw new Error('no status page');
}

/** The part of the status page that is one component's bar. */
const barOf = (html: string, id: number): string => {
  const start = html.indexOf(`<div class="uptime" id="bar-${id}">`);
  expect(start).toBeGreaterThan(-1);
  return html.slice(start, html.indexOf('\n</div>', html.indexOf('<p class="scale">', start)));
};

describe('the uptime bar', () => {
  // A minor and a critical incident on 10 Nov, in two components; maintenance on 12 Nov in Email.
  const notices = [
    unplanned(1, [uu('2026-11-10T08:00:00Z', 'investigating'), uu('2026-11-10T14:12:00Z', 'resolved')], { subject: 'Email notifications delayed', components: [1] }),
    unplanned(2, [uu('2026-11-10T09:00:00Z', 'investigating'), uu('2026-11-10T10:30:00Z', 'resolved')], { subject: 'SMS down', components: [2], impact: 'critical' }),
    planned(3, { beginsAt: '2026-11-12T02:00:00Z', endsAt: '2026-11-12T04:00:00Z' }, [pu('2026-11-01T00:00:00Z', 'scheduled')], { subject: 'Queue upgrade', components: [1] }),
  ];

  it('colours a day by the worst impact of its incidents (minor by default), maintenance on its own, and says so in words', async () => {
    const html = await statusHtml(notices);
    const email = barOf(html, 1);
    const sms = barOf(html, 2);
    // 10 Nov is day 79 of the 90 shown (23 Aug, day 0, to 20 Nov, day 89).
    expect(email).toContain('<path class="maintenance" d="M81 0h.8v10h-.8z"/><path class="minor" d="M79 0h.8v10h-.8z"/>');
    expect(sms).toContain('<path class="critical" d="M79 0h.8v10h-.8z"/>');
    // What happened, not "down": the kind, the subject, how long within the day.
    expect(email).toContain('10 Nov 2026: <a href="notices/1/">Minor incident: Email notifications delayed</a>, 6 h 12 min');
    expect(sms).toContain('10 Nov 2026: <a href="notices/2/">Critical incident: SMS down</a>, 1 h 30 min');
    expect(email).toContain('<a href="notices/3/">Maintenance: Queue upgrade</a>, 2 h');
    expect(email).toContain('aria-label="Email, past 90 days: 1 day with incidents, 1 day with maintenance only"');
    expect(html).not.toMatch(/\bdown\b(?!<)/);
    // The legend names every colour in words.
    for (const words of ['No incident', 'Minor incident', 'Major incident', 'Critical incident', 'Maintenance', 'No data']) expect(html).toContain(`</span>${words}</li>`);
  });

  it("prints the uptime of exactly the days it shows, the metrics API's figure for that window", async () => {
    const html = await statusHtml(notices);
    const site = deriveSite(content({ site: { metrics: true }, components: [component(1), component(2)], notices }), NOW);
    const window = resolveTimeframe({ start: ms('2026-08-23T00:00:00Z'), end: ms('2026-11-20T00:00:00Z') }, NOW);
    if (!window.ok) throw new Error('window');
    const api = computeMetrics(site, 1, window.timeframe);
    expect(barOf(html, 1)).toContain(`<p class="scale"><span class="wide">23 Aug 2026</span><span class="narrow">22 Oct 2026</span> <span class="figure wide">${percentWords(api.impactSeconds, api.totalSeconds)} uptime over 90 days</span>`);
    // A phone shows the last 30 days, and says so with their own figure.
    const narrow = resolveTimeframe({ start: ms('2026-10-22T00:00:00Z'), end: ms('2026-11-20T00:00:00Z') }, NOW);
    if (!narrow.ok) throw new Error('window');
    const last30 = computeMetrics(site, 1, narrow.timeframe);
    expect(barOf(html, 1)).toContain(`<span class="figure narrow">${percentWords(last30.impactSeconds, last30.totalSeconds)} uptime over 30 days</span> Today</p>`);
    // The 30-day figure differs: the bar's is not the default window's.
    expect(percentWords(api.impactSeconds, api.totalSeconds)).toBe('99.71%');
  });

  it('counts only the days since the component was created, and says how many', async () => {
    const html = await statusHtml([], [component(1, { name: 'New', createdAt: '2026-11-11T10:00:00Z' })]);
    const bar = barOf(html, 1);
    expect(bar).toContain('<span class="figure wide">100.00% uptime over 10 days</span>');
    expect(bar).toContain('<span class="figure narrow">100.00% uptime over 10 days</span>');
    expect(bar).toContain('data-none="80"');
    expect(bar).toContain('<line class="none" x2="80" y1="5" y2="5"/>');
  });
});

/** WCAG 2 contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string): number => {
    const [r, g, bl] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

describe("the bar's colours (WCAG 1.4.11; colours.test.ts tells them apart)", () => {
  const LEVELS = ['--day-ok', '--day-none', '--day-maintenance', '--day-minor', '--day-major', '--day-critical'];
  it.each(['light', 'dark'] as const)('have 3:1 against the page and the surface in the %s scheme', (scheme) => {
    const colours = schemes()[scheme];
    for (const level of LEVELS) {
      expect(colours[level], level).toMatch(/^#/);
      for (const against of ['--bg', '--surface']) expect(contrast(colours[level]!, colours[against]!), `${scheme} ${level} on ${against}`).toBeGreaterThanOrEqual(3);
    }
    // Each level looks different from the others.
    expect(new Set(LEVELS.map((l) => colours[l])).size).toBe(LEVELS.length);
  });
});

describe('a bar on two pages', () => {
  it('says the same on the status page and the component’s page, each linking its notices from where it is', async () => {
    const site = deriveSite(content({ site: { metrics: true }, components: [component(1, { name: 'Email' })], notices: [unplanned(7, [uu('2026-11-19T10:00:00Z', 'investigating'), uu('2026-11-19T11:00:00Z', 'resolved')], { components: [1] })] }), NOW);
    const files = new Map([...renderHtml(site, await loadTheme(null))].map((f) => [f.path, String(f.contents)]));
    const status = barOf(files.get('index.html')!, 1);
    const page = barOf(files.get('components/1/index.html')!, 1);
    expect(status).toContain('href="notices/7/"');
    expect(page).toContain('href="../../notices/7/"');
    // The words, made once for both, are the same; the links start from each page.
    expect(page.replaceAll('../../notices/', 'notices/')).toBe(status);
  });
});
