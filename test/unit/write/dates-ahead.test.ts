// The write thread writes the dates of the pages while it waits for files, and the build's thread
// remembers them: each must be the text Intl gives the build's thread for that moment or window,
// what it wrote before must not be replaced, and the thread's files are written all the same.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, it, vi } from 'vitest';
import { datesAhead, formatRange, momentView, rememberDates } from '../../../src/i18n/dates.js';
import type { DatesWritten } from '../../../src/i18n/dates.js';
import { TextPacker, unpacked } from '../../../src/packed-texts.js';
import type { PackedTexts } from '../../../src/packed-texts.js';
import { ThreadWriter } from '../../../src/write/thread.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const options = (zone: string): Intl.DateTimeFormatOptions => ({ day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZoneName: 'short', timeZone: zone });

/** Texts as packed for another thread (packed-texts.ts), and back. */
const pack = (texts: string[]): PackedTexts => {
  const packer = new TextPacker(texts.length);
  texts.forEach((text) => packer.add(text));
  return packer.packed();
};
const listOf = (packed: PackedTexts): (string | undefined)[] => Array.from(packed.ends, (_, i) => unpacked(packed)(i));

/** What the thread has handed back, asked every 10 ms for at most 10 s: the writer never waits for it. */
async function written(writer: ThreadWriter): Promise<DatesWritten[]> {
  for (let i = 0; i < 1_000; i++) {
    const dates = writer.datesWritten();
    if (dates.length > 0) return dates;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('the write thread handed back no dates in 10 s');
}

it('hands back the moments and windows in each language as Intl writes them here, and writes its files after', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'statuspress-dates-ahead-'));
  dirs.push(dir);
  const writer = new ThreadWriter(dir);
  // Daylight saving's last Sunday of March in Berlin; a moment that is not one is left out.
  writer.ahead({ moments: ['2026-03-29T00:30:00Z', '2026-03-29T01:30:00Z', 'not a moment'], windows: ['2026-03-29T00:00:00Z', '2026-03-29T03:00:00Z'], locales: ['de', 'ja'], zone: 'Europe/Berlin' });
  writer.put({ path: 'a.txt', contents: 'after' });
  const dates = await written(writer);
  await writer.settle();
  expect(readFileSync(path.join(dir, 'a.txt'), 'utf8')).toBe('after');
  const moments = [Date.UTC(2026, 2, 29, 0, 30), Date.UTC(2026, 2, 29, 1, 30)];
  const window = [Date.UTC(2026, 2, 29, 0, 0), Date.UTC(2026, 2, 29, 3, 0)] as const;
  expect(dates.map((d) => ({ ...d, moments: [...d.moments], texts: listOf(d.texts) }))).toEqual(
    ['de', 'ja'].map((locale) => ({
      locale,
      zone: 'Europe/Berlin',
      moments,
      // Each moment's text, then its ISO 8601.
      texts: moments.flatMap((ms) => [new Intl.DateTimeFormat(locale, options('Europe/Berlin')).format(ms), new Date(ms).toISOString()]),
      windows: [...window],
      // As this thread writes the window (across the change of the clocks: each end with its own offset).
      ranges: [formatRange(...window, locale, 'Europe/Berlin')],
    })),
  );
});

it('hands back none for a zone Intl does not know, and still writes its files', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'statuspress-dates-ahead-'));
  dirs.push(dir);
  const writer = new ThreadWriter(dir);
  writer.ahead({ moments: ['2026-11-20T10:00:00Z'], windows: [], locales: ['en'], zone: 'Europe/Berln' });
  writer.put({ path: 'a.txt', contents: 'kept' });
  await writer.settle();
  expect(readFileSync(path.join(dir, 'a.txt'), 'utf8')).toBe('kept');
});

it('remembers what another thread wrote, so the pages ask Intl for none of it, and never replaces a moment made here', () => {
  const zone = 'America/St_Johns';
  const ms = Date.UTC(2026, 10, 20, 10, 0);
  const mine = momentView(ms, 'fr', zone);
  // As another thread would hand them: a moment made here already is not taken.
  const other = { ...datesAhead([ms + 60_000], [ms, ms + 7_200_000], 'fr', zone) };
  const handed: DatesWritten = { ...other, moments: Float64Array.of(ms, ...other.moments), texts: pack(['not this', 'not this', ...(listOf(other.texts) as string[])]) };
  rememberDates(handed);
  const expected = new Intl.DateTimeFormat('fr', options(zone)).format(ms + 60_000);
  const format = vi.spyOn(Intl.DateTimeFormat.prototype as unknown as { format: unknown }, 'format', 'get');
  const ranges = vi.spyOn(Intl.DateTimeFormat.prototype, 'formatRange');
  try {
    expect(momentView(ms, 'fr', zone)).toBe(mine);
    expect(momentView(ms + 60_000, 'fr', zone)).toEqual({ iso: new Date(ms + 60_000).toISOString(), text: expected });
    expect(Object.isFrozen(momentView(ms + 60_000, 'fr', zone))).toBe(true);
    expect(formatRange(ms, ms + 7_200_000, 'fr', zone)).toBe(other.ranges[0]);
    expect([format.mock.calls.length, ranges.mock.calls.length]).toEqual([0, 0]);
  } finally {
    format.mockRestore();
    ranges.mockRestore();
  }
  expect(mine).toEqual({ iso: new Date(ms).toISOString(), text: new Intl.DateTimeFormat('fr', options(zone)).format(ms) });
  expect(other.ranges[0]).toBe(new Intl.DateTimeFormat('fr', options(zone)).formatRange(ms, ms + 7_200_000));
});

it('takes no moment handed without its text or ISO, nor a window without its end: the pages make those here', () => {
  const zone = 'Pacific/Chatham';
  const ms = Date.UTC(2026, 10, 20, 10, 0);
  const other = datesAhead([ms, ms + 60_000, ms + 120_000], [ms, ms + 3_600_000, ms + 7_200_000, ms + 10_800_000], 'es', zone);
  // The first moment's text and ISO, the second's text only.
  rememberDates({ ...other, texts: pack((listOf(other.texts) as string[]).slice(0, 3)), windows: other.windows.slice(0, 3) });
  const view = (at: number) => ({ iso: new Date(at).toISOString(), text: new Intl.DateTimeFormat('es', options(zone)).format(at) });
  for (const at of [ms, ms + 60_000, ms + 120_000]) expect(momentView(at, 'es', zone)).toEqual(view(at));
  expect(formatRange(ms + 7_200_000, ms + 10_800_000, 'es', zone)).toBe(new Intl.DateTimeFormat('es', options(zone)).formatRange(ms + 7_200_000, ms + 10_800_000));
});

it('hands the moments back in ascending order, and takes none handed otherwise: the pages make those here', () => {
  const zone = 'Asia/Kathmandu';
  const ms = Date.UTC(2026, 10, 20, 10, 0);
  const other = datesAhead([ms + 120_000, ms, ms + 60_000], [], 'ja', zone);
  expect([...other.moments]).toEqual([ms, ms + 60_000, ms + 120_000]);
  const texts = listOf(other.texts) as string[];
  // The same texts, their moments swapped: were it taken, ms would be shown as ms + 60,000.
  rememberDates({ ...other, moments: Float64Array.of(ms + 60_000, ms, ms + 120_000) });
  const first = new Intl.DateTimeFormat('ja', options(zone)).format(ms);
  const last = new Intl.DateTimeFormat('ja', options(zone)).format(ms + 120_000);
  const format = vi.spyOn(Intl.DateTimeFormat.prototype as unknown as { format: unknown }, 'format', 'get');
  try {
    expect(momentView(ms, 'ja', zone).text).toBe(first);
    expect(format.mock.calls.length).toBe(1);
  } finally {
    format.mockRestore();
  }
  // In order, taken: the next build's replace them, and nothing more is written here.
  rememberDates({ ...other, texts: pack(texts) });
  const again = vi.spyOn(Intl.DateTimeFormat.prototype as unknown as { format: unknown }, 'format', 'get');
  try {
    expect(momentView(ms + 120_000, 'ja', zone)).toEqual({ iso: new Date(ms + 120_000).toISOString(), text: last });
    expect(again.mock.calls.length).toBe(0);
  } finally {
    again.mockRestore();
  }
  // NaN is no moment: not the middle one's text, as a binary search comparing only < and > would give.
  expect(() => momentView(Number.NaN, 'ja', zone)).toThrow(RangeError);
});
