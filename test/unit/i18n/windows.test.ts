// A maintenance window across a change of the clocks: Intl's formatRange writes the parts both ends
// share once, the zone's name included, so in Berlin 00:30Z–01:30Z on the night the clocks go back
// read `25. Okt. 2026, 02:30 MESZ` (one moment, no end) and 23:00Z–03:00Z `01:00–04:00 Uhr MEZ`
// (its start an hour late). Each end carries its own offset where they differ, on the pages and in
// the messages notify sends, in zones that change by an hour and by half an hour.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { build } from '../../../src/build.js';
import { readContent } from '../../../src/content/index.js';
import { deriveSite } from '../../../src/derive/index.js';
import { formatRange, zoneOffset } from '../../../src/i18n/index.js';
import { messageOf } from '../../../src/notify/format.js';

const T = Date.parse;
const HOUR = 3_600_000;

/** The moment the clocks change in each zone, both ways, in 2026 (the tz database's rules). */
const CHANGES: [zone: string, change: string][] = [
  ['Europe/Berlin', '2026-03-29T01:00:00Z'],
  ['Europe/Berlin', '2026-10-25T01:00:00Z'],
  ['America/New_York', '2026-03-08T07:00:00Z'],
  ['America/New_York', '2026-11-01T06:00:00Z'],
  ['Australia/Adelaide', '2026-04-04T16:30:00Z'],
  ['Australia/Adelaide', '2026-10-03T16:30:00Z'],
  ['Australia/Lord_Howe', '2026-04-04T15:00:00Z'],
  ['Australia/Lord_Howe', '2026-10-03T15:30:00Z'],
];
const LOCALES = ['en', 'de', 'fr', 'es', 'pt-BR', 'ja', 'ar'];

const OPTIONS: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZoneName: 'short' };
const intl = (locale: string): string => (locale === 'en' ? 'en-GB' : locale);
/** A moment as Intl writes it alone, with its own zone name. */
const alone = (ms: number, locale: string, zone: string, options = OPTIONS): string => new Intl.DateTimeFormat(intl(locale), { ...options, timeZone: zone }).format(ms);
const timeAlone = (ms: number, locale: string, zone: string): string => alone(ms, locale, zone, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZoneName: 'short' });

describe('a window across a change of the clocks', () => {
  it('is what the tests take for one: the offset differs at its ends', () => {
    for (const [zone, change] of CHANGES) expect(zoneOffset(T(change) - HOUR / 2, zone), `${zone} ${change}`).not.toBe(zoneOffset(T(change) + HOUR / 2, zone));
  });

  it.each(CHANGES)('in %s at %s writes each end with its own zone name, in every language', (zone, change) => {
    for (const locale of LOCALES) {
      // An hour across the change, and one from the evening before to the morning after.
      for (const [from, to] of [
        [T(change) - HOUR / 2, T(change) + HOUR / 2],
        [T(change) - 10 * HOUR, T(change) + 14 * HOUR],
      ] as const) {
        const text = formatRange(from, to, locale, zone);
        expect(text.startsWith(alone(from, locale, zone)), `${locale} ${text}`).toBe(true);
        expect(text.endsWith(timeAlone(to, locale, zone)), `${locale} ${text}`).toBe(true);
        // The end's own zone name, where it differs from the start's.
        expect(text.length, text).toBeGreaterThan(alone(from, locale, zone).length + timeAlone(to, locale, zone).length);
      }
    }
  });

  it('leaves a window within one offset as Intl writes it', () => {
    const from = T('2026-10-24T20:00:00Z');
    const to = from + 2 * HOUR;
    for (const locale of LOCALES) {
      expect(formatRange(from, to, locale, 'Europe/Berlin')).toBe(new Intl.DateTimeFormat(intl(locale), { ...OPTIONS, timeZone: 'Europe/Berlin' }).formatRange(from, to));
    }
  });

  it('is told with both its ends on the status page, the notice page and in notify\'s message', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'statuspress-windows-'));
    try {
      const content = path.join(root, 'content');
      await mkdir(path.join(content, 'components'), { recursive: true });
      await mkdir(path.join(content, 'notices'));
      await writeFile(path.join(content, 'site.yaml'), 'name: Acme Status\nurl: https://status.acme.com\ncreated_at: 2024-01-01T00:00:00Z\nlocale: de\ntime_zone: Europe/Berlin\n');
      await writeFile(path.join(content, 'components/1-api.yaml'), 'id: 1\nname: API\ncreated_at: 2024-01-01T00:00:00Z\n');
      await writeFile(
        path.join(content, 'notices/1-upgrade.yaml'),
        'id: 1\ntype: planned\nsubject: Upgrade\ncomponents: [1]\nbegins_at: 2026-10-25T00:30:00Z\nends_at: 2026-10-25T01:30:00Z\nupdates:\n  - at: 2026-10-20T09:00:00Z\n    state: scheduled\n    content: Planned.\n',
      );
      const now = T('2026-10-21T12:00:00Z');
      const out = path.join(root, 'dist');
      await build({ contentDir: content, outDir: out, now });
      const told = '25. Okt. 2026, 02:30 MESZ\u2009–\u200902:30 MEZ';
      expect(formatRange(T('2026-10-25T00:30:00Z'), T('2026-10-25T01:30:00Z'), 'de', 'Europe/Berlin')).toBe(told);
      for (const page of ['index.html', 'notices/1/index.html']) expect(await readFile(path.join(out, page), 'utf8'), page).toContain(told);
      const site = deriveSite(await readContent(content), now);
      const notice = site.notices.find((n) => n.id === 1)!;
      const message = messageOf({ id: 'notice-1-published', type: 'notice.published', at: notice.createdAt, notice, update: notice.updates[0]!, component: null, page: { state: 'operational', previous: null } }, site.site, () => 'API');
      expect(message.facts).toContain(told);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
