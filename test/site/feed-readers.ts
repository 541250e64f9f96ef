// Readers of the feeds as their readers take them: the Atom feed parsed as XML (@xmldom/xmldom), the
// calendar through Mozilla's iCalendar parser (ical.js), for the site's feeds and each component's.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import ICAL from 'ical.js';
import type { Element as XmlElement } from '@xmldom/xmldom';
import { expect } from 'vitest';
import { childText, decodeEntities, parseXml } from './helpers.js';
import type { BuiltSite } from './helpers.js';

const ATOM = 'http://www.w3.org/2005/Atom';

export interface Entry {
  id: string;
  title: string;
  link: string;
  updated: string;
  published: string;
  content: string;
  categories: string[];
}

export interface Feed {
  id: string;
  updated: string;
  self: string | null;
  entries: Entry[];
}

/** feed.atom of a build, read as an Atom reader reads it. */
export async function readAtom(built: BuiltSite, file = 'feed.atom'): Promise<Feed> {
  const doc = parseXml(await readFile(path.join(built.dir, file), 'utf8'));
  const feed = doc.documentElement!;
  expect(feed.namespaceURI).toBe(ATOM);
  expect(feed.localName).toBe('feed');
  const elements = (parent: XmlElement, name: string): XmlElement[] => [...parent.getElementsByTagNameNS(ATOM, name)].filter((e) => e.parentNode === parent);
  const entries = elements(feed, 'entry').map((entry) => {
    const title = elements(entry, 'title')[0]!;
    const content = elements(entry, 'content')[0]!;
    // Both are typed as HTML: what a reader shows is the HTML's text.
    expect(title.getAttribute('type')).toBe('html');
    expect(content.getAttribute('type')).toBe('html');
    return {
      id: childText(entry, ATOM, 'id')!,
      title: decodeEntities(title.textContent ?? ''),
      link: elements(entry, 'link')[0]!.getAttribute('href')!,
      updated: childText(entry, ATOM, 'updated')!,
      published: childText(entry, ATOM, 'published')!,
      content: content.textContent ?? '',
      categories: elements(entry, 'category').map((c) => c.getAttribute('term')!),
    };
  });
  const self = elements(feed, 'link').find((l) => l.getAttribute('rel') === 'self')?.getAttribute('href') ?? null;
  return { id: childText(feed, ATOM, 'id')!, updated: childText(feed, ATOM, 'updated')!, self, entries };
}

export interface CalendarEvent {
  uid: string;
  sequence: number;
  summary: string;
  description: string;
  start: string;
  end: string;
  status: string;
  url: string;
}

/** maintenance.ics of a build through ical.js, which must give back the same calendar it read. */
export async function readCalendar(built: BuiltSite, file = 'maintenance.ics'): Promise<CalendarEvent[]> {
  const text = await readFile(path.join(built.dir, file), 'utf8');
  const jcal = ICAL.parse(text);
  // Round trip: written out again by the parser and read back, the calendar is the same.
  expect(ICAL.parse(ICAL.stringify(jcal))).toEqual(jcal);
  const calendar = new ICAL.Component(jcal);
  expect(calendar.name).toBe('vcalendar');
  expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
  return calendar.getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent);
    for (const time of [event.startDate, event.endDate, vevent.getFirstPropertyValue('dtstamp') as ICAL.Time]) {
      // Every time in UTC, never floating or in a zone the calendar would need a VTIMEZONE for.
      expect(time.zone?.tzid).toBe('UTC');
    }
    return {
      uid: event.uid,
      sequence: event.sequence,
      summary: event.summary,
      description: event.description,
      start: event.startDate.toJSDate().toISOString(),
      end: event.endDate.toJSDate().toISOString(),
      status: String(vevent.getFirstPropertyValue('status')),
      url: String(vevent.getFirstPropertyValue('url')),
    };
  });
}
