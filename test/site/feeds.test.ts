// The feeds as their readers take them: the Atom feed parsed as XML (@xmldom/xmldom), the calendar
// through Mozilla's iCalendar parser (ical.js). Entry ids and event UIDs stay the same from build to
// build; an added update moves the entry's `updated` and the event's SEQUENCE.
import { appendFile, cp, mkdtemp, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEED_ENTRIES } from '../../src/render/site/feeds.js';
import { FIXTURES } from '../helpers/build.js';
import type { Json } from '../helpers/build.js';
import { readAtom, readCalendar } from './feed-readers.js';
import type { CalendarEvent, Entry, Feed } from './feed-readers.js';
import { buildSite, SITE_FIXTURES } from './helpers.js';
import type { BuiltSite } from './helpers.js';

const METRICS_CONTENT = path.join(FIXTURES, 'metrics-site/content');
const NOW = Date.parse(SITE_FIXTURES['metrics-site']);
const HOUR = 3_600_000;

const json = async (built: BuiltSite, file: string): Promise<Json> => JSON.parse(await readFile(path.join(built.dir, file), 'utf8'));

/** Every published notice of a build, from the API's file of each. */
async function notices(built: BuiltSite): Promise<Json[]> {
  const files = (await readdir(path.join(built.dir, 'api/v1/notices'))).filter((f) => /^\d+\.json$/.test(f));
  return Promise.all(files.map(async (f) => (await json(built, `api/v1/notices/${f}`)).notice));
}

let root: string;
let built: BuiltSite;
let later: BuiltSite;
let edited: BuiltSite;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'statuspress-feeds-'));
  // The same content with an update added to an incident and a planned maintenance.
  const content = path.join(root, 'content');
  await cp(METRICS_CONTENT, content, { recursive: true });
  await appendFile(path.join(content, 'notices/103-rest-latency.yaml'), '  - at: 2026-11-20T11:50:00Z\n    state: resolved\n    content: A follow-up on the cause.\n');
  await appendFile(path.join(content, 'notices/201-future-maintenance.yaml'), '  - at: 2026-11-20T11:40:00Z\n    state: scheduled\n    content: Moved by an hour.\n');
  [built, later, edited] = await Promise.all([
    buildSite(METRICS_CONTENT, NOW),
    // Two hours on: the incident's withheld resolution is published, the maintenance underway has ended.
    buildSite(METRICS_CONTENT, NOW + 2 * HOUR),
    buildSite(content, NOW),
  ]);
});

afterAll(async () => {
  await Promise.all([built, later, edited].map((b) => b?.cleanup()));
  await rm(root, { recursive: true, force: true });
});

describe('the Atom feed', () => {
  it('is Atom: an entry per published notice, newest update first, with the API’s addresses', async () => {
    const feed = await readAtom(built);
    const published = await notices(built);
    const status = await json(built, 'api/v1/status.json');
    expect(feed.id).toBe(`${status.page.url}/`);
    expect(feed.self).toBe(`${status.page.url}/feed.atom`);
    expect(published.length).toBeLessThan(FEED_ENTRIES);
    expect(feed.entries.map((e) => e.id).sort()).toEqual(published.map((n) => n.url).sort());
    const byUrl = new Map(published.map((n) => [n.url, n]));
    for (const entry of feed.entries) {
      const notice = byUrl.get(entry.id)!;
      expect(entry.link).toBe(notice.url);
      expect(entry.title).toBe(notice.subject);
      expect(entry.categories).toEqual([notice.type]);
      expect(entry.published).toBe(notice.created_at);
      // Each update's words are in the entry.
      for (const update of notice.updates) expect(entry.content).toContain(update.content.replace(/'/g, '&#39;'));
    }
    const updated = feed.entries.map((e) => e.updated);
    expect(updated).toEqual([...updated].sort().reverse());
    expect(feed.updated).toBe(updated[0]);
  });

  it('keeps every entry id from build to build; an entry’s updated moves with a new update, and the others stay', async () => {
    const [before, after] = await Promise.all([readAtom(built), readAtom(later)]);
    const then = new Map(before.entries.map((e) => [e.link, e]));
    for (const entry of after.entries) {
      const old = then.get(entry.link);
      if (old) expect(entry.id).toBe(old.id);
    }
    // 101's resolution (13:00) was withheld at 12:00 and is published at 14:00.
    const incident = (feed: Feed): Entry => feed.entries.find((e) => e.id.endsWith('/notices/101/'))!;
    expect(incident(before).updated).toBe('2026-11-20T11:30:00.000Z');
    expect(incident(after).updated).toBe('2026-11-20T13:00:00.000Z');
    expect(incident(after).content).toContain('Resolved (posted after now');

    const withEdit = await readAtom(edited);
    const changed = new Map(withEdit.entries.map((e) => [e.id, e]));
    expect(changed.size).toBe(before.entries.length);
    for (const entry of before.entries) {
      const now = changed.get(entry.id)!;
      if (entry.id.endsWith('/notices/103/')) {
        expect(now.updated).toBe('2026-11-20T11:50:00.000Z');
        expect(now.updated > entry.updated).toBe(true);
        expect(now.content).toContain('A follow-up on the cause.');
      } else if (entry.id.endsWith('/notices/201/')) {
        expect(now.updated).toBe('2026-11-20T11:40:00.000Z');
      } else {
        expect(now).toEqual(entry);
      }
    }
    // The notice updated last leads the feed, and the feed's updated is its.
    expect(withEdit.entries[0]!.id).toMatch(/\/notices\/103\/$/);
    expect(withEdit.updated).toBe('2026-11-20T11:50:00.000Z');
  });

  it(`carries the ${FEED_ENTRIES} notices updated last of a longer history`, async () => {
    const content = path.join(root, 'many');
    await mkdir(path.join(content, 'notices'), { recursive: true });
    await mkdir(path.join(content, 'components'), { recursive: true });
    await writeFile(path.join(content, 'site.yaml'), 'name: Many\nurl: https://status.many.test\ncreated_at: 2026-01-01T00:00:00Z\n');
    const count = FEED_ENTRIES + 12;
    for (let id = 1; id <= count; id++) {
      // Posted in id order, but the updates of every third are a month later.
      const day = String(1 + (id % 28)).padStart(2, '0');
      const month = id % 3 === 0 ? '06' : '05';
      await writeFile(
        path.join(content, `notices/${id}.yaml`),
        `id: ${id}\ntype: general\nsubject: Notice ${id}\nupdates:\n  - at: 2026-${month}-${day}T${String(id % 24).padStart(2, '0')}:00:00Z\n    content: Words of ${id}.\n`,
      );
    }
    const many = await buildSite(content, '2026-07-01T00:00:00Z');
    try {
      const feed = await readAtom(many);
      const published = await notices(many);
      expect(published).toHaveLength(count);
      expect(feed.entries).toHaveLength(FEED_ENTRIES);
      const newest = [...published].sort((a, b) => b.updated_at.localeCompare(a.updated_at) || b.id - a.id).slice(0, FEED_ENTRIES);
      expect(feed.entries.map((e) => e.id)).toEqual(newest.map((n) => n.url));
    } finally {
      await many.cleanup();
    }
  });
});

describe('the maintenance calendar', () => {
  it('has an event per planned notice, in UTC, with the API’s window, state and address', async () => {
    const events = await readCalendar(built);
    const planned = (await notices(built)).filter((n) => n.type === 'planned');
    expect(events.map((e) => e.url).sort()).toEqual(planned.map((n) => n.url).sort());
    const host = new URL(planned[0].url).hostname;
    const byUrl = new Map(planned.map((n) => [n.url, n]));
    for (const event of events) {
      const notice = byUrl.get(event.url)!;
      expect(event.uid).toBe(`notice-${notice.id}@${host}`);
      expect(event.summary).toBe(notice.subject);
      expect(event.start).toBe(notice.begins_at);
      expect(event.end).toBe(notice.ends_at);
      expect(event.sequence).toBe(notice.updates.length - 1);
      expect(event.status).toBe(notice.state === 'cancelled' ? 'CANCELLED' : 'CONFIRMED');
      // The latest update's words, then the notice's address.
      const latest = [...notice.updates].sort((a: Json, b: Json) => a.created_at.localeCompare(b.created_at)).at(-1);
      expect(event.description).toBe(`${latest.content}\n\n${notice.url}`);
    }
    expect(events.filter((e) => e.status === 'CANCELLED').map((e) => e.uid)).toEqual([`notice-204@${host}`]);
  });

  it('keeps every UID from build to build, and bumps SEQUENCE when an update is added', async () => {
    const [before, after, withEdit] = await Promise.all([readCalendar(built), readCalendar(later), readCalendar(edited)]);
    const uids = (events: CalendarEvent[]): Map<string, CalendarEvent> => new Map(events.map((e) => [e.url, e]));
    const then = uids(before);
    expect([...uids(after).keys()].sort()).toEqual([...then.keys()].sort());
    for (const event of after) expect(event.uid).toBe(then.get(event.url)!.uid);
    // Two hours on, 202's window has ended: its automatic "complete" is an update, so SEQUENCE moves.
    const seq = (events: CalendarEvent[], id: number): number => events.find((e) => e.uid.startsWith(`notice-${id}@`))!.sequence;
    expect(seq(after, 202)).toBe(seq(before, 202) + 1);

    expect(seq(withEdit, 201)).toBe(seq(before, 201) + 1);
    expect(withEdit.find((e) => e.uid.startsWith('notice-201@'))!.description).toMatch(/^Moved by an hour\./);
    for (const event of withEdit) if (!event.uid.startsWith('notice-201@')) expect(event).toEqual(then.get(event.url));
  });
});
