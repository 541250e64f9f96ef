// The feeds: Atom of the notices, iCalendar of planned maintenance. Both through the kept libraries
// (feed, ical-generator), with every date taken from the content, never the clock, so the same build
// gives the same bytes, and entry ids and event UIDs stable across builds.
import { Feed } from 'feed';
import ical, { ICalEventStatus } from 'ical-generator';
import { onCalendar } from '../../derive/index.js';
import type { DerivedComponent, DerivedNotice, DerivedSite } from '../../derive/index.js';
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

/**
 * One component's share of the feeds: the component and the notices that reach it (listing it or a
 * component under it), as render/site/uptime.ts `byReachedComponent` gives them.
 */
export interface FeedScope {
  component: DerivedComponent;
  notices: readonly DerivedNotice[];
}

/** When a feed entry last changed: its latest update, or its postmortem's publication if later. */
const entryUpdated = (notice: DerivedNotice): number => Math.max(notice.updatedAt, notice.postmortem?.at ?? notice.updatedAt);

/**
 * `feed.atom`, or with `scope` a component's `components/<id>/feed.atom`: an entry per notice, its
 * `updated` moving with each update (and the postmortem), its id the notice's address in both, so a
 * reader that follows both sees one entry. `cache` keeps entries' HTML between the feeds of one site.
 */
export function renderAtom(site: DerivedSite, scope?: FeedScope, cache?: EntryCache): OutputFile {
  const base = site.site.url;
  const lang = langOf(site.site);
  const { m } = lang;
  const notices = scope ? scope.notices : site.notices;
  const entries = [...notices].sort((a, b) => entryUpdated(b) - entryUpdated(a) || b.id - a.id).slice(0, FEED_ENTRIES);
  const home = scope ? SITE.component(scope.component.id) : SITE.status();
  const self = scope ? SITE.componentFeed(scope.component.id) : SITE.feed();
  const feed = new Feed({
    title: xmlText(scope ? m.t('feed.componentTitle', { site: site.site.name, component: scope.component.source.name }) : m.t('feed.title', { site: site.site.name })),
    id: siteUrl(base, home),
    link: siteUrl(base, home),
    updated: new Date(entries[0] ? entryUpdated(entries[0]) : scope ? scope.component.source.updatedAt : site.page.updatedAt),
    generator: 'statuspress',
    copyright: '',
    feedLinks: { atom: siteUrl(base, self) },
    author: { name: xmlText(site.site.name), link: siteUrl(base, SITE.status()) },
  });
  for (const notice of entries) {
    const url = siteUrl(base, SITE.notice(notice.id));
    feed.addItem({
      title: escapeHtml(notice.source.subject),
      id: url,
      link: url,
      date: new Date(entryUpdated(notice)),
      published: new Date(notice.createdAt),
      content: entryHtml(notice, lang, cache),
      category: [{ term: notice.type, name: typeLabel(notice.type, lang) }],
    });
  }
  return { path: self.file, contents: feed.atom1() };
}

/**
 * Entries' HTML by notice id, for one renderer of one site: a notice is in the site's feed and in
 * the feed of each component it reaches (its ancestors' included), and is rendered once for all.
 */
export type EntryCache = Map<number, string>;

function entryHtml(notice: DerivedNotice, lang: Lang, cache: EntryCache | undefined): string {
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
 */
export function renderCalendar(site: DerivedSite, scope?: FeedScope): OutputFile {
  const host = new URL(site.site.url).hostname;
  const self = scope ? SITE.componentCalendar(scope.component.id) : SITE.maintenance();
  const calendar = ical({
    name: scope ? langOf(site.site).m.t('calendar.componentTitle', { site: site.site.name, component: scope.component.source.name }) : langOf(site.site).m.t('calendar.title', { site: site.site.name }),
    prodId: { company: 'statuspress', product: 'statuspress', language: site.site.locale.toUpperCase() },
    url: siteUrl(site.site.url, self),
    ttl: 3600,
  });
  const planned = (scope ? scope.notices : site.notices)
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
  return { path: self.file, contents: calendar.toString() };
}
