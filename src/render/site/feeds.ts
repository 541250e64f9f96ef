// The feeds: Atom of the notices, iCalendar of planned maintenance. Both through the kept libraries
// (feed, ical-generator), with every date taken from the content, never the clock, so the same build
// gives the same bytes, and entry ids and event UIDs stable across builds.
import { Feed } from 'feed';
import ical, { ICalEventStatus } from 'ical-generator';
import { onCalendar } from '../../derive/index.js';
import type { DerivedNotice, DerivedSite } from '../../derive/index.js';
import { SITE, siteUrl } from '../../routes/site.js';
import type { OutputFile } from '../types.js';
import { langOf, noticeStateLabel, timeView, typeLabel } from './format.js';
import type { Lang } from './format.js';
import { renderMarkdown } from './markdown.js';

/** The feed carries the notices updated last: a reader polls it, and a full history is a page away. */
export const FEED_ENTRIES = 50;

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Text as HTML that shows exactly that text (the feed's titles are typed as HTML). */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);

/**
 * A plain text element's text as the feed's XML writer (xml-js) must be given it: before escaping a
 * text it turns every `&amp;` back into `&`, so a site named `Fish &amp; Chips` would read `Fish &
 * Chips`. Ampersands escaped once here are exactly what that step undoes.
 */
const xmlText = (text: string): string => text.replace(/&/g, '&amp;');

/** `feed.atom`: an entry per notice, its `updated` moving with each update, its id the notice's address. */
export function renderAtom(site: DerivedSite): OutputFile {
  const base = site.site.url;
  const lang = langOf(site.site);
  const entries = [...site.notices].sort((a, b) => b.updatedAt - a.updatedAt || b.id - a.id).slice(0, FEED_ENTRIES);
  const feed = new Feed({
    title: xmlText(lang.m.t('feed.title', { site: site.site.name })),
    id: siteUrl(base, SITE.status()),
    link: siteUrl(base, SITE.status()),
    updated: new Date(entries[0]?.updatedAt ?? site.page.updatedAt),
    generator: 'statuspress',
    copyright: '',
    feedLinks: { atom: siteUrl(base, SITE.feed()) },
    author: { name: xmlText(site.site.name), link: siteUrl(base, SITE.status()) },
  });
  for (const notice of entries) {
    const url = siteUrl(base, SITE.notice(notice.id));
    feed.addItem({
      title: escapeHtml(notice.source.subject),
      id: url,
      link: url,
      date: new Date(notice.updatedAt),
      published: new Date(notice.createdAt),
      content: timelineHtml(notice, lang),
      category: [{ term: notice.type, name: typeLabel(notice.type, lang) }],
    });
  }
  return { path: SITE.feed().file, contents: feed.atom1() };
}

/** A notice's updates, newest first, as the HTML of a feed entry. */
function timelineHtml(notice: DerivedNotice, lang: Lang): string {
  return [...notice.updates]
    .reverse()
    .map((u) => `<p><strong>${escapeHtml(u.state === null ? lang.m.t('notice.update') : noticeStateLabel(u.state, lang))}</strong>, ${escapeHtml(timeView(u.at, lang).text)}</p>\n${renderMarkdown(u.content)}`)
    .join('');
}

/**
 * `maintenance.ics`: one event per planned notice, its UID fixed by the notice id, times in UTC, and
 * SEQUENCE the number of updates published after the first: a moved window is announced with an
 * update (`statuspress update`), so calendars take the new one. Cancelled ones stay, as CANCELLED.
 */
export function renderCalendar(site: DerivedSite): OutputFile {
  const host = new URL(site.site.url).hostname;
  const calendar = ical({
    name: langOf(site.site).m.t('calendar.title', { site: site.site.name }),
    prodId: { company: 'statuspress', product: 'statuspress', language: site.site.locale.toUpperCase() },
    url: siteUrl(site.site.url, SITE.maintenance()),
    ttl: 3600,
  });
  const planned = site.notices
    .filter((n) => onCalendar(n, site.now))
    .sort((a, b) => a.source.beginsAt! - b.source.beginsAt! || a.id - b.id);
  for (const notice of planned) {
    const latest = notice.updates[notice.updates.length - 1]!;
    const url = siteUrl(site.site.url, SITE.notice(notice.id));
    calendar.createEvent({
      id: `notice-${notice.id}@${host}`,
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
  return { path: SITE.maintenance().file, contents: calendar.toString() };
}
