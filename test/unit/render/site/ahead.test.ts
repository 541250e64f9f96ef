// The texts the process of a site's own templates renders ahead, taken from the content as read
// (before validation): what is taken, that nothing a file holds makes it throw, and that rendering
// them ahead never changes what the pages are given.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import MarkdownIt from 'markdown-it';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { loadContent } from '../../../../src/content/index.js';
import { formatDateTime } from '../../../../src/i18n/dates.js';
import { renderAhead, textsAhead } from '../../../../src/render/site/ahead.js';
import { renderMarkdown, renderWithMarkdownIt } from '../../../../src/render/site/markdown.js';

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
  it('takes every update’s Markdown and its translations, the postmortems, the updates’ moments and the site’s languages', async () => {
    const texts = textsAhead(await loadContent(fixture('translated-site')));
    expect(texts.markdown).toContain('We are looking into it.');
    expect(texts.markdown).toContain('Wir sehen uns das an.');
    expect(texts.markdown).toContain('Pages are fast again.');
    expect(texts.moments).toContain(Date.parse('2026-11-20T23:30:00Z'));
    expect(texts.moments).toContain(Date.parse('2026-11-21T00:10:00Z'));
    expect(texts.locales).toEqual(['en', 'de']);
    expect(texts.zone).toBe('UTC');
  });

  it('takes a postmortem’s Markdown, the zone, and `locale` when the site lists no languages', async () => {
    const dir = content('name: A\nurl: https://a.example\nlocale: fr\ntime_zone: Europe/Paris\n', {
      '1-a.yaml': 'id: 1\ntype: unplanned\nsubject: A\npostmortem:\n  at: 2026-11-21T10:00:00Z\n  content: "**Why** it broke"\nupdates:\n  - at: 2026-11-20T10:00:00+01:00\n    state: resolved\n    content: Fixed.\n',
    });
    const texts = textsAhead(await loadContent(dir));
    expect(texts.markdown).toEqual(['Fixed.', '**Why** it broke']);
    expect(texts.moments).toEqual([Date.parse('2026-11-20T09:00:00Z')]);
    expect(texts.locales).toEqual(['fr']);
    expect(texts.zone).toBe('Europe/Paris');
  });

  it('takes each text and moment once, however often aliases repeat them', async () => {
    // 100 aliases of a text near the limit of a file, in each of a few files, made hundreds of MB.
    const text = `*Long* ${'words '.repeat(20_000)}`;
    const aliases = Array.from({ length: 30 }, (_, i) => `  - { at: *at, state: investigating, content: *text, translations: { de: *text } }  # ${i}\n`).join('');
    const notice = (id: number): string =>
      `id: ${id}\ntype: unplanned\nsubject: A\nupdates:\n  - at: &at 2026-11-20T10:00:00Z\n    state: investigating\n    content: &text "${text}"\n${aliases}  - &u { at: 2026-11-20T11:00:00Z, state: resolved, content: Done. }\n  - *u\n  - *u\n`;
    const dir = content('name: A\nurl: https://a.example\n', { '1-a.yaml': notice(1), '2-b.yaml': notice(2) });
    const loaded = await loadContent(dir);
    expect(loaded.issues).toEqual([]);
    const texts = textsAhead(loaded);
    expect(texts.markdown).toEqual([text, 'Done.']);
    expect(texts.moments).toEqual([Date.parse('2026-11-20T10:00:00Z'), Date.parse('2026-11-20T11:00:00Z')]);
  });

  it('takes nothing of a value of another type, and never throws on what a file holds', async () => {
    const dir = content('name: A\nurl: https://a.example\nlocales: [de, Klingon, 42, de, xx-invalid-tag]\ntime_zone: 7\n', {
      '1-list.yaml': '- not a notice\n',
      '2-scalar.yaml': 'just text\n',
      '3-shapes.yaml': 'id: 3\nupdates: oops\npostmortem: [1, 2]\n',
      '4-updates.yaml': 'id: 4\nupdates:\n  - 12\n  - [a]\n  - { at: yesterday, content: 5, translations: [x] }\n  - { at: 2026-13-40T00:00:00Z, content: Kept, translations: { de: 7, fr: Gardé } }\n  - __proto__: { content: polluted }\n    content: Own\n',
      '5-broken.yaml': 'id: 5\nupdates: [\n',
    });
    const texts = textsAhead(await loadContent(dir));
    expect(texts.markdown.sort()).toEqual(['Gardé', 'Kept', 'Own']);
    expect(texts.moments).toEqual([]);
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
    renderAhead({ markdown, moments, locales: ['de'], zone: 'Europe/Berlin' });
    for (const text of markdown) expect(renderMarkdown(text)).toBe(renderWithMarkdownIt(text));
    expect(moments.map((ms) => formatDateTime(ms, 'de', 'Europe/Berlin'))).toEqual(expected);
  });

  it('renders them now, so that the pages find them rendered', () => {
    // Equal texts alone would hold even if nothing were rendered ahead: what is made when is counted.
    const markdown = ['Rendered *ahead*, once.'];
    const moments = [Date.UTC(2026, 10, 22, 8, 15)];
    const render = vi.spyOn(MarkdownIt.prototype, 'render');
    // Intl's `format` is a getter (of a function bound to its formatter): each text written reads it once.
    const format = vi.spyOn(Intl.DateTimeFormat.prototype as unknown as { format: unknown }, 'format', 'get');
    try {
      renderAhead({ markdown, moments, locales: ['fr'], zone: 'Asia/Tokyo' });
      expect([render.mock.calls.length, format.mock.calls.length]).toEqual([1, 1]);
      renderMarkdown(markdown[0]!);
      formatDateTime(moments[0]!, 'fr', 'Asia/Tokyo');
      expect([render.mock.calls.length, format.mock.calls.length]).toEqual([1, 1]);
    } finally {
      render.mockRestore();
      format.mockRestore();
    }
  });

  it('leaves out the dates of a zone Intl does not know, and still renders the Markdown', () => {
    expect(() => renderAhead({ markdown: ['Still *rendered*'], moments: [0], locales: ['en'], zone: 'Europe/Berln' })).not.toThrow();
    expect(renderMarkdown('Still *rendered*')).toBe(renderWithMarkdownIt('Still *rendered*'));
  });
});
