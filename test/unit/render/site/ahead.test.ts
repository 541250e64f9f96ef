// The texts the process of a site's own templates renders ahead, taken from the content as read
// (before validation): what is taken, that nothing a file holds makes it throw, and that rendering
// them ahead never changes what the pages are given.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import MarkdownIt from 'markdown-it';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { loadContent, validateContent } from '../../../../src/content/index.js';
import { formatRange, momentView, REMEMBERED_MOMENTS } from '../../../../src/i18n/dates.js';
import { renderAhead, textsAhead } from '../../../../src/render/site/ahead.js';
import { writeDatesAhead } from '../../../../src/render/site/dates-ahead.js';
import { REMEMBERED_TEXTS, renderMarkdown, renderWithMarkdownIt } from '../../../../src/render/site/markdown.js';
import { unpacked } from '../../../../src/packed-texts.js';

const fixture = (name: string): string => path.join(import.meta.dirname, '../../../fixtures', name, 'content');

const folders: string[] = [];
afterAll(() => folders.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A content folder of `site.yaml` and the notice files given, by name. */
function content(site: string, notices: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'statuspress-ahead-'));
  folders.push(dir);
  mkdirSync(path.join(dir, 'notices'));
  mkdirSync(path.join(dir, 'components'));
  writeFileSync(path.join(dir, 'site.yaml'), site);
  for (const [file, text] of Object.entries(notices)) writeFileSync(path.join(dir, 'notices', file), text);
  return dir;
}

describe('textsAhead', () => {
  it('takes the updates’ moments and the site’s languages, and no plain line (it is never remembered)', async () => {
    const texts = textsAhead(await loadContent(fixture('translated-site')));
    expect(texts.markdown).toEqual([]);
    expect(texts.moments).toContain('2026-11-20T23:30:00Z');
    expect(texts.moments).toContain('2026-11-21T00:10:00Z');
    expect(texts.locales).toEqual(['en', 'de']);
    expect(texts.zone).toBe('UTC');
  });

  it('takes a postmortem’s Markdown, the zone, and `locale` when the site lists no languages', async () => {
    const dir = content('name: A\nurl: https://a.example\nlocale: fr\ntime_zone: Europe/Paris\n', {
      '1-a.yaml': 'id: 1\ntype: unplanned\nsubject: A\npostmortem:\n  at: 2026-11-21T10:00:00Z\n  content: "**Why** it broke"\nupdates:\n  - at: 2026-11-20T10:00:00+01:00\n    state: resolved\n    content: "Fixed: see [the log](https://a.example)."\n    translations: { de: "Behoben: *siehe* Log.", fr: Réparé. }\n',
    });
    const texts = textsAhead(await loadContent(dir));
    expect(texts.markdown).toEqual(['Fixed: see [the log](https://a.example).', 'Behoben: *siehe* Log.', '**Why** it broke']);
    expect(texts.moments).toEqual(['2026-11-20T10:00:00+01:00']);
    expect(texts.locales).toEqual(['fr']);
    expect(texts.zone).toBe('Europe/Paris');
  });

  it('takes the first moment only, with every text and window, when not all moments are wanted (a site’s own templates’ process)', async () => {
    const dir = content('name: A\nurl: https://a.example\n', {
      '1-a.yaml': 'id: 1\ntype: planned\nsubject: A\nbegins_at: 2026-11-29T02:00:00Z\nends_at: 2026-11-29T04:00:00Z\nupdates:\n  - at: 2026-11-20T10:00:00Z\n    state: scheduled\n    content: "*Soon*"\n  - at: 2026-11-20T11:00:00Z\n    state: scheduled\n    content: "**Later**"\n',
      '2-b.yaml': 'id: 2\ntype: unplanned\nsubject: B\nupdates:\n  - at: 2026-11-21T10:00:00Z\n    state: resolved\n    content: "Fixed, *really*."\n',
    });
    const loaded = await loadContent(dir);
    const all = textsAhead(loaded);
    const first = textsAhead(loaded, { allMoments: false });
    // With all moments, the window's beginning and end too: its page shows them (windowView).
    expect(all.moments).toEqual(['2026-11-20T10:00:00Z', '2026-11-20T11:00:00Z', '2026-11-21T10:00:00Z', '2026-11-29T02:00:00Z', '2026-11-29T04:00:00Z']);
    expect(first.moments).toEqual(['2026-11-20T10:00:00Z']);
    expect(first.markdown).toEqual(all.markdown);
    expect(first.markdown).toEqual(['*Soon*', '**Later**', 'Fixed, *really*.']);
    expect(first.windows).toEqual(['2026-11-29T02:00:00Z', '2026-11-29T04:00:00Z']);
    // The same without Markdown: the moments' own loop takes the first one only too.
    const bare = textsAhead(loaded, { withMarkdown: false, allMoments: false });
    expect([bare.moments, bare.markdown, bare.windows]).toEqual([['2026-11-20T10:00:00Z'], [], first.windows]);
  });

  it('leaves out a moment or window longer than any moment is, however long the file makes it', async () => {
    const long = `2026-11-20T10:00:00Z${' '.repeat(100_000)}`;
    const dir = content('name: A\nurl: https://a.example\n', {
      '1-a.yaml': `id: 1\ntype: planned\nsubject: A\nbegins_at: "${long}"\nends_at: 2026-11-29T04:00:00Z\nupdates:\n  - at: "${long}"\n    state: scheduled\n    content: Soon\n  - at: 2026-11-20T11:00:00Z\n    state: scheduled\n    content: Later\n`,
    });
    const texts = textsAhead(await loadContent(dir), { withMarkdown: false });
    expect(texts.moments).toEqual(['2026-11-20T11:00:00Z']);
    expect(texts.windows).toEqual([]);
  });

  it('a valid moment longer than 64 characters is not sent; the pages write it themselves', async () => {
    const long = `2026-11-20T12:34:56.${'0'.repeat(60)}Z`;
    const dir = content('name: A\nurl: https://a.example\ncreated_at: 2024-01-01T00:00:00Z\n', {
      '1-a.yaml': `id: 1\ntype: unplanned\nsubject: A\nupdates:\n  - at: ${long}\n    state: investigating\n    content: Looking\n`,
    });
    const loaded = await loadContent(dir);
    expect(validateContent(loaded).issues).toEqual([]);
    const texts = textsAhead(loaded, { withMarkdown: false });
    expect(texts.moments).toEqual([]);
    renderAhead(texts);
    const ms = Date.UTC(2026, 10, 20, 12, 34, 56);
    expect(momentView(ms, 'en', 'UTC')).toEqual({ iso: '2026-11-20T12:34:56.000Z', text: '20 Nov 2026, 12:34 UTC' });
  });

  it('takes each maintenance window as written, and no Markdown when not asked for it', async () => {
    const dir = content('name: A\nurl: https://a.example\n', {
      '1-a.yaml': 'id: 1\ntype: planned\nsubject: A\nbegins_at: 2026-11-29T02:00:00Z\nends_at: 2026-11-29T04:00:00+01:00\nupdates:\n  - at: 2026-11-20T10:00:00Z\n    state: scheduled\n    content: "*Soon*"\n',
      '2-b.yaml': 'id: 2\ntype: planned\nsubject: B\nbegins_at: 2026-11-30T02:00:00Z\nupdates: []\n',
      '3-c.yaml': 'id: 3\ntype: planned\nsubject: C\nbegins_at: [2026]\nends_at: 2026-11-30T02:00:00Z\nupdates: []\n',
    });
    const texts = textsAhead(await loadContent(dir), { withMarkdown: false });
    expect(texts.windows).toEqual(['2026-11-29T02:00:00Z', '2026-11-29T04:00:00+01:00']);
    expect(texts.moments).toEqual(['2026-11-20T10:00:00Z', ...texts.windows]);
    expect(texts.markdown).toEqual([]);
  });

  it('takes each text once, however often aliases repeat them, and the moments are written once each', async () => {
    // 100 aliases of a text near the limit of a file, in each of a few files, made hundreds of MB.
    const text = `*Long* ${'words '.repeat(20_000)}`;
    const aliases = Array.from({ length: 30 }, (_, i) => `  - { at: *at, state: investigating, content: *text, translations: { de: *text } }  # ${i}\n`).join('');
    const notice = (id: number): string =>
      `id: ${id}\ntype: unplanned\nsubject: A\nupdates:\n  - at: &at 2026-11-20T10:00:00Z\n    state: investigating\n    content: &text "${text}"\n${aliases}  - &u { at: 2026-11-20T11:00:00Z, state: resolved, content: Done. }\n  - *u\n  - *u\n`;
    const dir = content('name: A\nurl: https://a.example\n', { '1-a.yaml': notice(1), '2-b.yaml': notice(2) });
    const loaded = await loadContent(dir);
    expect(loaded.issues).toEqual([]);
    const texts = textsAhead(loaded);
    expect(texts.markdown).toEqual([text]);
    // Moments as written, repeats and all (each at most 64 characters); written once each.
    expect(texts.moments).toHaveLength(2 * (1 + 30 + 3));
    expect(new Set(texts.moments)).toEqual(new Set(['2026-11-20T10:00:00Z', '2026-11-20T11:00:00Z']));
    const [written] = writeDatesAhead({ ...texts, locales: ['en'] });
    expect([...written!.moments]).toEqual([Date.UTC(2026, 10, 20, 10), Date.UTC(2026, 10, 20, 11)]);
    const textAt = unpacked(written!.texts);
    expect([0, 1, 2, 3, 4].map(textAt)).toEqual(['20 Nov 2026, 10:00 UTC', '2026-11-20T10:00:00.000Z', '20 Nov 2026, 11:00 UTC', '2026-11-20T11:00:00.000Z', undefined]);
  });

  it('sends none of a kind when there are more than the process remembers, as they would be forgotten', async () => {
    // Files of `count` updates, each with its own minute from 2020 on, and with `markdown` its own
    // Markdown: nothing else, as textsAhead takes nothing else from an update (and these are many to parse).
    const files = (count: number, files: number, markdown = true): Record<string, string> =>
      Object.fromEntries(
        Array.from({ length: files }, (_, f) => {
          const updates = Array.from({ length: count }, (_, i) => {
            const at = new Date(Date.UTC(2020, 0, 1) + (f * count + i) * 60_000).toISOString();
            return markdown ? `  - { at: ${at}, content: "*Update* ${f} ${i}" }\n` : `  - at: ${at}\n`;
          });
          return [`${f + 1}-n.yaml`, `id: ${f + 1}\nupdates:\n${updates.join('')}`];
        }),
      );
    const site = 'name: A\nurl: https://a.example\n';
    // As many texts as remembered: all sent.
    const fits = textsAhead(await loadContent(content(site, files(REMEMBERED_TEXTS / 5, 5))));
    expect([fits.markdown.length, fits.moments.length]).toEqual([REMEMBERED_TEXTS, REMEMBERED_TEXTS]);
    // One more text than remembered: no text.
    const texts = textsAhead(await loadContent(content(site, files(REMEMBERED_TEXTS / 5 + 1, 5))));
    expect([texts.markdown.length, texts.moments.length]).toEqual([0, REMEMBERED_TEXTS + 5]);
    // More distinct moments than remembered: taken, but none written.
    const count = Math.ceil((REMEMBERED_MOMENTS + 1) / 2_000);
    const moments = textsAhead(await loadContent(content(site, files(2_000, count, false))), { withMarkdown: false });
    expect(moments.moments).toHaveLength(2_000 * count);
    expect(writeDatesAhead(moments).map((written) => written.moments.length)).toEqual([0]);
    // As many as remembered: all written.
    expect(writeDatesAhead({ ...moments, moments: moments.moments.slice(0, REMEMBERED_MOMENTS) }).map((written) => written.moments.length)).toEqual([REMEMBERED_MOMENTS]);
  }, 60_000);

  it('takes nothing of a value of another type, and never throws on what a file holds', async () => {
    const dir = content('name: A\nurl: https://a.example\nlocales: [de, Klingon, 42, de, xx-invalid-tag]\ntime_zone: 7\n', {
      '1-list.yaml': '- not a notice\n',
      '2-scalar.yaml': 'just text\n',
      '3-shapes.yaml': 'id: 3\nupdates: oops\npostmortem: [1, 2]\n',
      '4-updates.yaml': 'id: 4\nupdates:\n  - 12\n  - [a]\n  - { at: yesterday, content: 5, translations: [x] }\n  - { at: 2026-13-40T00:00:00Z, content: "*Kept*", translations: { de: 7, fr: "*Gardé*" } }\n  - __proto__: { content: "*polluted*" }\n    content: "*Own*"\n  - { at: [2026], content: [x] }\n',
      '5-broken.yaml': 'id: 5\nupdates: [\n',
    });
    const texts = textsAhead(await loadContent(dir));
    expect(texts.markdown.sort()).toEqual(['*Gardé*', '*Kept*', '*Own*']);
    expect(textsAhead(await loadContent(dir)).moments).toEqual(['yesterday', '2026-13-40T00:00:00Z']);
    expect(texts.locales).toEqual(['de']);
    expect(texts.zone).toBe('UTC');
    expect(({} as Record<string, unknown>).content).toBeUndefined();
  });
});

describe('renderAhead', () => {
  it('gives the pages the same Markdown and dates as rendering them when asked', () => {
    const markdown = ['A *new* region, [details](https://a.example).', '- one\n- two\n', 'Plain words.'];
    const moments = [Date.UTC(2026, 10, 20, 23, 30), Date.UTC(2026, 2, 29, 1, 0)];
    const expected = moments.map((ms) => new Intl.DateTimeFormat('de', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZoneName: 'short', timeZone: 'Europe/Berlin' }).format(ms));
    // Both ends in one offset, where Intl's own range is what the pages write (across a clock change
    // they write each end whole: test/unit/i18n/windows.test.ts).
    const window = [Date.UTC(2026, 2, 28, 0, 30), Date.UTC(2026, 2, 28, 3, 30)] as const;
    const range = new Intl.DateTimeFormat('de', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZoneName: 'short', timeZone: 'Europe/Berlin' }).formatRange(...window);
    renderAhead({ markdown, moments: moments.map((ms) => new Date(ms).toISOString()), windows: window.map((ms) => new Date(ms).toISOString()), locales: ['de'], zone: 'Europe/Berlin' });
    for (const text of markdown) expect(renderMarkdown(text)).toBe(renderWithMarkdownIt(text));
    expect(moments.map((ms) => momentView(ms, 'de', 'Europe/Berlin').text)).toEqual(expected);
    expect(formatRange(...window, 'de', 'Europe/Berlin')).toBe(range);
  });

  it('renders them now, so that the pages find them rendered', () => {
    // Equal texts alone would hold even if nothing were rendered ahead: what is made when is counted.
    const markdown = ['Rendered *ahead*, once.'];
    const moments = [Date.UTC(2026, 10, 22, 8, 15)];
    const render = vi.spyOn(MarkdownIt.prototype, 'render');
    // Intl's `format` is a getter (of a function bound to its formatter): each text written reads it once.
    const format = vi.spyOn(Intl.DateTimeFormat.prototype as unknown as { format: unknown }, 'format', 'get');
    const ranges = vi.spyOn(Intl.DateTimeFormat.prototype, 'formatRange');
    try {
      // A window ending before it begins, or not a moment, is none.
      const windows = ['2026-11-22T09:00:00Z', '2026-11-22T11:00:00Z', '2026-11-23T09:00:00Z', '2026-11-22T09:00:00Z', 'soon', '2026-11-24T09:00:00Z'];
      renderAhead({ markdown, moments: ['2026-11-22T08:15:00Z', 'not a moment'], windows, locales: ['fr'], zone: 'Asia/Tokyo' });
      expect([render.mock.calls.length, format.mock.calls.length, ranges.mock.calls.length]).toEqual([1, 1, 1]);
      renderMarkdown(markdown[0]!);
      momentView(moments[0]!, 'fr', 'Asia/Tokyo');
      formatRange(Date.parse(windows[0]!), Date.parse(windows[1]!), 'fr', 'Asia/Tokyo');
      expect([render.mock.calls.length, format.mock.calls.length, ranges.mock.calls.length]).toEqual([1, 1, 1]);
    } finally {
      render.mockRestore();
      format.mockRestore();
      ranges.mockRestore();
    }
  });

  it('leaves out the dates of a zone Intl does not know, and still renders the Markdown', () => {
    expect(() => renderAhead({ markdown: ['Still *rendered*'], moments: ['2026-11-22T08:15:00Z'], windows: [], locales: ['en'], zone: 'Europe/Berln' })).not.toThrow();
    expect(renderMarkdown('Still *rendered*')).toBe(renderWithMarkdownIt('Still *rendered*'));
  });
});
