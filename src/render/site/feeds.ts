// The feeds: Atom of the notices, iCalendar of planned maintenance. Both through the kept libraries
// (feed, ical-generator), with every date taken from the content, never the clock, so the same build
// gives the same bytes, and entry ids and event UIDs stable across builds.
import { Feed } from 'feed';
import ical, { ICalEventStatus } from 'ical-generator';
import { onCalendar } from '../../derive/index.js';
import type { DerivedComponent, DerivedNotice, DerivedSite } from '../../derive/index.js';
import { SITE, siteUrl } from '../../routes/site.js';
import type { OutputFile } from '../../write/types.js';
import { langOf, noticeStateLabel, timeView, typeLabel } from './format.js';
import type { Lang } from './format.js';
import { escapeHtml } from '../../i18n/make.js';
import { renderMarkdown } from './markdown.js';

/** The feed carries the notices updated last: a reader polls it, and a full history is a page away. */
export const FEED_ENTRIES = 50;

/**
 * A plain text element's text as the feed's XML writer (xml-js) must be given it: before escaping a
 * text it turns every `&amp;` back into `&`, so a site named `Fish &amp; Chips` would read `Fish &
 * Chips`. Ampersands escaped once here are exactly what that step undoes.
 */
const xmlText = (text: string): string => text.replace(/&/g, '&amp;');

/**
 * One component's share of the feeds: the component and the notices that reach it (listing it or a
 * component under it), as derive/uptime.ts `byReachedComponent` gives them.
 */
export interface FeedScope {
  component: DerivedComponent;
  notices: readonly DerivedNotice[];
}

/** When a feed entry last changed: its latest update, or its postmortem's publication if later. */
const entryUpdated = (notice: DerivedNotice): number => Math.max(notice.updatedAt, notice.postmortem?.at ?? notice.updatedAt);

/**
 * What the feeds of one site in one language share, so each notice is rendered once for all of them:
 * a notice is in the site's feed and calendar and in those of each component it reaches (its
 * ancestors' included). `html` is an entry's HTML; `entries` and `events` are the XML of its Atom
 * entry and the text of its VEVENT as the libraries wrote them.
 */
export interface FeedParts {
  html: Map<number, string>;
  entries: Map<number, string>;
  events: Map<number, string>;
}

export const feedParts = (): FeedParts => ({ html: new Map(), entries: new Map(), events: new Map() });

/**
 * `feed.atom`, or with `scope` a component's `components/<id>/feed.atom`: an entry per notice, its
 * `updated` moving with each update (and the postmortem), its id the notice's address in both, so a
 * reader that follows both sees one entry.
 *
 * With `parts`, the feed is the library's document without entries, with the entries it wrote
 * before for the same notices put in before `</feed>`: the bytes of the document the library writes
 * with them (test/unit/render/site/feeds.test.ts), at the cost of one feed however many components
 * there are (the XML writer is most of a feed's cost).
 */
export function renderAtom(site: DerivedSite, scope?: FeedScope, parts?: FeedParts): OutputFile {
  const base = site.site.url;
  const lang = langOf(site.site);
  const { m } = lang;
  const notices = scope ? scope.notices : site.notices;
  const entries = [...notices].sort((a, b) => entryUpdated(b) - entryUpdated(a) || b.id - a.id).slice(0, FEED_ENTRIES);
  const home = scope ? SITE.component(scope.component.id) : SITE.status();
  const self = scope ? SITE.componentFeed(scope.component.id) : SITE.feed();
  const feed = (items: readonly DerivedNotice[]): string => {
    const made = new Feed({
      title: xmlText(scope ? m.t('feed.componentTitle', { site: site.site.name, component: scope.component.source.name }) : m.t('feed.title', { site: site.site.name })),
      id: siteUrl(base, home),
      link: siteUrl(base, home),
      updated: new Date(entries[0] ? entryUpdated(entries[0]) : scope ? scope.component.source.updatedAt : site.page.updatedAt),
      generator: 'statuspress',
      copyright: '',
      feedLinks: { atom: siteUrl(base, self) },
      author: { name: xmlText(site.site.name), link: siteUrl(base, SITE.status()) },
    });
    for (const notice of items) {
      const url = siteUrl(base, SITE.notice(notice.id));
      made.addItem({
        title: escapeHtml(notice.source.subject),
        id: url,
        link: url,
        date: new Date(entryUpdated(notice)),
        published: new Date(notice.createdAt),
        content: entryHtml(notice, lang, parts?.html),
        category: [{ term: notice.type, name: typeLabel(notice.type, lang) }],
      });
    }
    return made.atom1();
  };
  const whole = (): OutputFile => ({ path: self.file, contents: feed(entries) });
  if (!parts) return whole();
  const missing = entries.filter((n) => !parts.entries.has(n.id));
  if (missing.length > 0) {
    const blocks = blocksOf(feed(missing), ATOM_ENTRY, '</feed>', missing, (n) => `<id>${siteUrl(base, SITE.notice(n.id))}</id>`);
    if (!blocks) return whole();
    missing.forEach((n, i) => parts.entries.set(n.id, blocks[i]!));
  }
  return { path: self.file, contents: spliced(feed([]), '</feed>', entries.map((n) => parts.entries.get(n.id)!)) };
}

/**
 * Text as an iCalendar TEXT value (RFC 5545, 3.3.11): ical-generator escapes an event's texts, but
 * writes the calendar's name as it is given, so a name holding a line break (a site's own message
 * for `calendar.title`) could end the line and add events of its own.
 */
export const icsText = (text: string): string => text.replace(/[\\;,]/g, (c) => `\\${c}`).replace(/\r\n|\r|\n/g, '\\n');

/** How the feed's XML writer begins an entry: on a line of its own, indented once. */
const ATOM_ENTRY = '    <entry>\n';
/** How ical-generator begins an event. */
const ICAL_EVENT = 'BEGIN:VEVENT\r\n';

/**
 * The blocks (entries, events) of a document the library wrote for `items`, in their order: from
 * the first `start` to the `end` that closes the document, cut before each `start` at the beginning
 * of a line. Null, and the caller writes the whole document instead, unless there is exactly one
 * block per item, each holding its item's `mark` (its id): text never holds a `start` at the
 * beginning of a line (both formats escape or fold what could), and this makes sure of it.
 */
function blocksOf<T>(document: string, start: string, end: string, items: readonly T[], mark: (item: T) => string): string[] | null {
  const first = document.startsWith(start) ? 0 : document.indexOf(`\n${start}`) + 1;
  if (first === 0 || !document.endsWith(end)) return null;
  const body = document.slice(first, document.length - end.length);
  const blocks = body.split(`\n${start}`).map((block, i) => (i === 0 ? block : start + block) + '\n');
  // The split took each block's closing newline: the last block keeps the one it had.
  blocks[blocks.length - 1] = blocks[blocks.length - 1]!.slice(0, -1);
  if (blocks.length !== items.length) return null;
  return blocks.every((block, i) => block.includes(mark(items[i]!))) ? blocks : null;
}

/** A document written without blocks, with `blocks` put in before the `end` that closes it. */
function spliced(empty: string, end: string, blocks: readonly string[]): string {
  return empty.slice(0, empty.length - end.length) + blocks.join('') + end;
}

/** An entry's HTML, once per notice for all the feeds that carry it. */
function entryHtml(notice: DerivedNotice, lang: Lang, cache: Map<number, string> | undefined): string {
  let html = cache?.get(notice.id);
  if (html === undefined) {
    html = postmortemHtml(notice, lang) + timelineHtml(notice, lang);
    cache?.set(notice.id, html);
  }
  return html;
}

/** A published postmortem, first in its incident's entry: it is what a reader comes back for. */
function postmortemHtml(notice: DerivedNotice, lang: Lang): string {
  if (notice.postmortem === null) return '';
  return `<h2>${escapeHtml(lang.m.t('notice.postmortem'))}</h2>\n<p>${escapeHtml(timeView(notice.postmortem.at, lang).text)}</p>\n${renderMarkdown(notice.postmortem.content)}`;
}

/** A notice's updates, newest first, as the HTML of a feed entry. */
function timelineHtml(notice: DerivedNotice, lang: Lang): string {
  return [...notice.updates]
    .reverse()
    .map((u) => `<p><strong>${escapeHtml(u.state === null ? lang.m.t('notice.update') : noticeStateLabel(u.state, lang))}</strong>, ${escapeHtml(timeView(u.at, lang).text)}</p>\n${renderMarkdown(u.content)}`)
    .join('');
}

/**
 * `maintenance.ics`, or with `scope` a component's `components/<id>/maintenance.ics` (the same events,
 * the same UIDs, of the maintenance reaching it): one event per planned notice, its UID fixed by the notice id, times in UTC, and
 * SEQUENCE the number of updates published after the first: a moved window is announced with an
 * update (`statuspress update`), so calendars take the new one. Cancelled ones stay, as CANCELLED.
 * With `parts`, each event is written once for all the calendars that carry it, as renderAtom does.
 */
export function renderCalendar(site: DerivedSite, scope?: FeedScope, parts?: FeedParts): OutputFile {
  const host = new URL(site.site.url).hostname;
  const self = scope ? SITE.componentCalendar(scope.component.id) : SITE.maintenance();
  const { m } = langOf(site.site);
  const planned = (scope ? scope.notices : site.notices)
    .filter((n) => onCalendar(n, site.now))
    .sort((a, b) => a.source.beginsAt! - b.source.beginsAt! || a.id - b.id);
  const uid = (notice: DerivedNotice): string => `notice-${notice.id}@${host}`;
  const calendar = (events: readonly DerivedNotice[]): string => {
    const made = ical({
      name: icsText(scope ? m.t('calendar.componentTitle', { site: site.site.name, component: scope.component.source.name }) : m.t('calendar.title', { site: site.site.name })),
      prodId: { company: 'statuspress', product: 'statuspress', language: site.site.locale.toUpperCase() },
      url: siteUrl(site.site.url, self),
      ttl: 3600,
    });
    for (const notice of events) {
      const latest = notice.updates[notice.updates.length - 1]!;
      const url = siteUrl(site.site.url, SITE.notice(notice.id));
      made.createEvent({
        id: uid(notice),
        sequence: notice.updates.length - 1,
        stamp: new Date(notice.updatedAt),
        lastModified: new Date(notice.updatedAt),
        start: new Date(notice.source.beginsAt!),
        end: new Date(notice.source.endsAt!),
        summary: notice.source.subject,
        description: `${latest.content}\n\n${url}`,
        url,
        status: notice.state === 'cancelled' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
      });
    }
    return made.toString();
  };
  const whole = (): OutputFile => ({ path: self.file, contents: calendar(planned) });
  if (!parts) return whole();
  const missing = planned.filter((n) => !parts.events.has(n.id));
  if (missing.length > 0) {
    const blocks = blocksOf(calendar(missing), ICAL_EVENT, 'END:VCALENDAR', missing, (n) => `\r\nUID:${uid(n)}\r\n`);
    if (!blocks) return whole();
    missing.forEach((n, i) => parts.events.set(n.id, blocks[i]!));
  }
  return { path: self.file, contents: spliced(calendar([]), 'END:VCALENDAR', planned.map((n) => parts.events.get(n.id)!)) };
}
