// A site's own words (templates/locales/<locale>.yaml) reach formats other than HTML: the calendars'
// names, the feeds' titles, the badges. A control character, a noncharacter or half a surrogate pair
// is refused at the line that holds it, as in content; what is allowed (a line break) is encoded by
// the one writer of each format, so no override can forge a calendar event or break a feed's XML.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DOMParser, onErrorStopParsing } from '@xmldom/xmldom';
import ICAL from 'ical.js';
import { afterAll, describe, expect, it } from 'vitest';
import { build } from '../../src/build.js';
import { ContentError } from '../../src/errors/error.js';

const NOW = Date.parse('2026-11-20T12:00:00Z');
const work = mkdtempSync(path.join(tmpdir(), 'statuspress-overrides-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

let sites = 0;
/** The minimal fixture beside a templates/locales/en.yaml of `words`. */
function siteWith(words: string): { content: string; out: string } {
  const root = path.join(work, `site-${++sites}`);
  cpSync(path.join(import.meta.dirname, '../fixtures/valid-minimal/content'), path.join(root, 'content'), { recursive: true });
  mkdirSync(path.join(root, 'templates/locales'), { recursive: true });
  writeFileSync(path.join(root, 'templates/locales/en.yaml'), words);
  return { content: path.join(root, 'content'), out: path.join(root, 'dist') };
}

const refusal = (promise: Promise<unknown>): Promise<ContentError> =>
  promise.then(
    () => {
      throw new Error('the build succeeded');
    },
    (error: unknown) => error as ContentError,
  );

describe("a site's own words in other formats", () => {
  it.each([
    ['a line break in quotes (CR LF)', 'calendar.componentTitle: "{site}: {component}\\r\\nBEGIN:VEVENT\\r\\nUID:forged\\r\\nEND:VEVENT"\n', 'content/control-escape'],
    ['control characters', 'feed.title: "{site}\\x01\\x0c\\x1b[2J"\n', 'content/control-escape'],
    ['a noncharacter', 'feed.title: "{site}\\uFFFE"\n', 'content/noncharacter-escape'],
    ['half a surrogate pair', 'badge.status: "status\\uD800"\n', 'content/lone-surrogate'],
    ['one plural form of several', 'status.laterUpcoming:\n  one: "{count} more"\n  other: "{count} more\\x07"\n', 'content/control-escape'],
  ])('refuses %s at the line that holds it, and writes nothing', async (_, words, code) => {
    const { content, out } = siteWith(`# the site's words\n${words}`);
    const line = 1 + words.split('\n').findIndex((l) => l.includes('\\'));
    const error = await refusal(build({ contentDir: content, outDir: out, now: NOW }));
    expect(error).toBeInstanceOf(ContentError);
    expect(error.issues).toHaveLength(1);
    expect(error.issues[0]).toMatchObject({ file: 'templates/locales/en.yaml', line: line + 1, code });
    expect(() => readFileSync(path.join(out, 'index.html'))).toThrow();
  });

  it('encodes a real line break for each format: one event per maintenance, and well-formed XML', async () => {
    const { content, out } = siteWith(
      [
        'calendar.title: |-',
        '  {site}',
        '  BEGIN:VEVENT',
        '  UID:forged',
        '  END:VEVENT',
        'calendar.componentTitle: "{site}: {component}\\nBEGIN:VEVENT\\nUID:forged\\nEND:VEVENT"',
        'feed.title: "{site} <b>&amp;</b>\\n]]>"',
        '',
      ].join('\n'),
    );
    await build({ contentDir: content, outDir: out, now: NOW });
    for (const file of ['maintenance.ics', 'components/1/maintenance.ics']) {
      const text = readFileSync(path.join(out, file), 'utf8');
      const calendar = new ICAL.Component(ICAL.parse(text));
      const events = calendar.getAllSubcomponents('vevent');
      expect(events.map((e) => String(e.getFirstPropertyValue('uid'))), file).toEqual(['notice-43@acme.github.io']);
      expect(text.match(/^BEGIN:VEVENT\r$/gm), file).toHaveLength(1);
      // The name's line breaks written as iCalendar's `\n` escapes, on the name's own lines.
      const name = file === 'maintenance.ics' ? 'Acme Status' : 'Acme Status: API';
      for (const property of ['NAME', 'X-WR-CALNAME']) expect(text, file).toContain(`\r\n${property}:${name}\\nBEGIN:VEVENT\\nUID:forged\\nEND:VEVENT\r\n`);
    }
    const feed = readFileSync(path.join(out, 'feed.atom'), 'utf8');
    const parsed = new DOMParser({ onError: onErrorStopParsing }).parseFromString(feed, 'text/xml');
    expect(parsed.getElementsByTagName('title')[0]!.textContent).toBe('Acme Status <b>&amp;</b>\n]]>');
  });
});
