// The pages of the site, each as the view its template renders: the status page, a page per notice,
// a page (and picker data file) per component, and the history in pages.
import { listedAt, onPastWeek } from '../../derive/index.js';
import type { DerivedComponent, DerivedNotice, DerivedSite } from '../../derive/index.js';
import { BAR_DAYS, defaultMetrics, earliestStart } from '../../derive/metrics.js';
import { apiFilePath } from '../../routes/files.js';
import { localePrefix, relativeHref, SITE, siteUrl } from '../../routes/site.js';
import type { SitePage } from '../../routes/site.js';
import { localDayBounds } from '../../i18n/dates.js';
import { DAY_MS, formatDate, startOfUtcDay } from '../../util/time.js';
import { NOTICE_TYPES } from '../../content/types.js';
import type { NoticeType } from '../../content/types.js';
import { escapeHtml } from '../../i18n/make.js';
import type { MessageKey } from '../../i18n/types.js';
import { uptimeHundredths } from '../../derive/uptime.js';
import type { Assets } from './assets.js';
import { langOf, monthOf, noticeStateLabel, severityLabel, timeView, typeLabel, typePlural, windowText } from './format.js';
import type { Lang } from './format.js';
import { durationText } from './text.js';
import { byReachedComponent } from '../../derive/uptime.js';
import { impactNote, impactText, layoutContext, updateHtml, noticeHead, noticeSummary, noticeTone, timeHtml, windowOf } from './views.js';
import { componentTree, uptimeView } from './component-views.js';
import type { NoticeSummary } from './views.js';

/** On another language's copy, the default language: what a text written only in it (a postmortem) is marked with. */
const untranslatedLang = (site: DerivedSite): string | undefined => (site.locale && site.locale.prefix !== '' ? site.locale.locales[0] : undefined);

/** The status page: the state, what is happening and coming, the components, the past week. */
export function statusPage(site: DerivedSite, assets: Assets) {
  const page = SITE.status();
  const present = site.notices.filter((n) => n.timelineState === 'present');
  const summary = (n: DerivedNotice) => noticeSummary(site, n, page, true);
  const lang = langOf(site.site);
  const { m } = lang;
  const { severity } = site.page;
  // An outage says so; a degradation, maintenance or nothing says what site.yaml's state_text does.
  const outage = severity === 'partial-outage' || severity === 'major-outage';
  const stateText = outage ? m.t(`banner.${severity}`) : site.site.stateText[site.page.state];
  const layout = layoutContext(site, assets, page, m.t('title.status', { site: site.site.name, state: stateText }), stateText);
  return {
    ...layout,
    stateText,
    stateTextLang: outage ? null : (site.site.fallback?.[site.page.state] ?? null),
    severity,
    statusLine: m.html('status.line', { site: `<bdi>${escapeHtml(site.site.name)}</bdi>`, state: m.html(outage ? `stateWord.${severity}` : `stateWord.${site.page.state}`), time: timeHtml(layout.built) }),
    active: present.filter((n) => n.type === 'unplanned' || (n.type === 'planned' && n.state === 'underway')).map(summary),
    ...upcomingView(
      site.notices
        .filter((n) => n.type === 'planned' && (n.timelineState === 'future' || (n.timelineState === 'present' && n.state === 'scheduled')))
        .sort((a, b) => a.source.beginsAt! - b.source.beginsAt! || a.id - b.id),
      summary,
      page,
      lang,
    ),
    ...announcementsView(site, present.filter((n) => n.type === 'general'), page, lang),
    bars: site.components.some((c) => c.metrics),
    components: componentTree(site, page),
    // Counted in the site's local days (today and the six before), as the page writes its dates;
    // the API's past_recent stays the spec's rolling 7 × 24 hours, so the two may differ by hours.
    ...recentView(site.notices.filter((n) => onPastWeek(n, site.now, site.site.timeZone)), summary, page, lang),
  };
}

/**
 * Each list of the status page shows at most this many notices whole (the soonest maintenance, the
 * newest announcements and past notices); the rest as a list of links under a fold, so that a busy
 * week or a long plan leaves the components in view (their pages and the history keep every word).
 */
export const SHOWN_WHOLE = 5;

/** A notice as a line of links shows it (a fold of the status page, the history): a link and a time. */
function foldedLine(notice: DerivedNotice, at: number, page: SitePage, lang: Lang) {
  return { ...noticeHead(notice, page, lang), when: timeView(at, lang) };
}

function recentView(recent: DerivedNotice[], summary: (n: DerivedNotice) => NoticeSummary, page: SitePage, lang: Lang) {
  // Dated as the list is ordered.
  const earlier = recent.slice(SHOWN_WHOLE).map((n) => foldedLine(n, listedAt(n), page, lang));
  return {
    recent: recent.slice(0, SHOWN_WHOLE).map(summary),
    earlierRecent: earlier,
    earlierLabel: lang.m.t('status.earlierRecent', { count: earlier.length }),
  };
}

/**
 * An announcement posted more than this long ago is folded away on the status page (its title and
 * date stay, under "older announcements"), unless it has an `expires_at`: its author said how long
 * it matters.
 */
export const ANNOUNCEMENT_FOLD_MS = 30 * DAY_MS;

function announcementsView(site: DerivedSite, general: DerivedNotice[], page: SitePage, lang: Lang) {
  const fresh = (n: DerivedNotice): boolean => n.source.expiresAt !== null || site.now - n.createdAt <= ANNOUNCEMENT_FOLD_MS;
  const shown = general.filter(fresh).slice(0, SHOWN_WHOLE);
  const older = general.filter((n) => !shown.includes(n)).map((n) => {
    const line = foldedLine(n, n.createdAt, page, lang);
    return { ...line, posted: lang.m.html('status.posted', { time: timeHtml(line.when) }) };
  });
  return {
    hasAnnouncements: general.length > 0,
    announcements: shown.map((n) => noticeSummary(site, n, page, true)),
    olderAnnouncements: older,
    olderLabel: lang.m.t('status.olderAnnouncements', { count: older.length }),
  };
}

function upcomingView(planned: DerivedNotice[], summary: (n: DerivedNotice) => NoticeSummary, page: SitePage, lang: Lang) {
  const later = planned.slice(SHOWN_WHOLE).map((n) => {
    const line = foldedLine(n, n.source.beginsAt!, page, lang);
    return { ...line, from: lang.m.html('status.from', { time: timeHtml(line.when) }) };
  });
  return {
    upcoming: planned.slice(0, SHOWN_WHOLE).map(summary),
    laterUpcoming: later,
    laterLabel: lang.m.t('status.laterUpcoming', { count: later.length }),
  };
}

/**
 * The page hosts send for an address the site does not have (`404.html` at the output's root). It is
 * sent at any depth (`/notices/999/`), so its links start with `root`, an absolute path: the path of
 * the site's `url` for the static hosts (`/`, or `/status/` on GitHub Pages), the served base for
 * `serve` and `dev`.
 */
export function notFoundPage(site: DerivedSite, assets: Assets, root: string) {
  const { m } = langOf(site.site);
  const layout = layoutContext(site, assets, SITE.status(), m.t('title.page', { page: m.t('notFound.title'), site: site.site.name }), m.t('notFound.description', { site: site.site.name }));
  // A language's 404 sits in its folder: its pages are there, the assets and the API at the root.
  const prefix = site.locale?.prefix ?? '';
  const at = (href: string): string => (href === './' ? `${root}${prefix}` : `${root}${prefix}${href}`);
  const links = Object.fromEntries(Object.entries(layout.links).map(([name, href]) => [name, at(href)])) as typeof layout.links;
  links.api = `${root}${apiFilePath({ endpoint: 'status' })!}`;
  const fromRoot = (page: SitePage): string => `${root}${page.href}`;
  return {
    ...layout,
    root,
    // A page that is no address has no canonical one: not the status page's, nor its own.
    url: null,
    assets: { css: fromRoot(assets.css), js: fromRoot(assets.js), icon: fromRoot(assets.icons[site.page.state]), pageJs: null },
    links,
    // Every language's way back: the site's one `404.html` is sent for any address, whatever its language.
    languages: site.locale ? { ...layout.languages!, links: layout.languages!.links.map((l) => ({ ...l, href: `${root}${localePrefix(l.tag, site.locale!.locales)}` })) } : null,
    statusWay: m.html('notFound.status', { link: `<a href="${escapeHtml(links.status)}">${m.html('notFound.statusLink')}</a>` }),
    historyWay: m.html('notFound.history', { link: `<a href="${escapeHtml(links.history)}">${m.html('notFound.historyLink')}</a>` }),
  };
}

/** The path of the site's `url`, with a slash at each end: where its pages are served from. */
export const sitePath = (url: string): string => `${new URL(`${url}/`).pathname.replace(/\/+$/, '')}/`;

/** A notice's page: its facts, the components it affects and every update, newest first. */
export function noticePage(site: DerivedSite, assets: Assets, notice: DerivedNotice) {
  const page = SITE.notice(notice.id);
  const latest = notice.updates[notice.updates.length - 1]!;
  const lang = langOf(site.site);
  const { m } = lang;
  const type = typeLabel(notice.type, lang);
  const state = notice.state === null ? type : noticeStateLabel(notice.state, lang);
  return {
    ...layoutContext(site, assets, page, m.t('title.page', { page: notice.source.subject, site: site.site.name }), m.t('notice.description', { type, state: state.toLocaleLowerCase(m.locale), content: latest.content })),
    notice: {
      subject: notice.source.subject,
      lang: notice.source.fallback?.subject ?? null,
      tone: noticeTone(notice),
      stateLabel: notice.state === null ? null : noticeStateLabel(notice.state, lang),
      typeLabel: type,
      window: windowOf(notice, lang),
      began: notice.beganAt === null ? null : timeView(notice.beganAt, lang),
      ended: notice.endedAt === null ? null : timeView(notice.endedAt, lang),
      impact: impactText(notice, lang),
      impactNote: impactNote(notice, lang),
      components: notice.source.components
        .map((id) => site.componentsById.get(id))
        .filter((c): c is DerivedComponent => c !== undefined)
        .map((c) => ({ name: c.source.name, lang: c.source.fallback?.name ?? null, href: relativeHref(page, SITE.component(c.id)) })),
      tags: notice.source.tags,
      postmortem: notice.postmortem === null ? null : { at: timeView(notice.postmortem.at, lang), html: updateHtml({ content: notice.postmortem.content, lang: untranslatedLang(site) }) },
      updates: [...notice.updates].reverse().map((u) => ({
        stateLabel: u.state === null ? null : noticeStateLabel(u.state, lang),
        at: timeView(u.at, lang),
        html: updateHtml(u),
      })),
    },
  };
}

/** Notices of the past 90 days, the site's local days (and anything present or upcoming), by the components they affect and those above them. */
export function noticesByComponent(site: DerivedSite): Map<number, DerivedNotice[]> {
  const since = localDayBounds(site.now, BAR_DAYS, site.site.timeZone)[0]!;
  const listed = site.notices.filter((notice) => {
    const when = notice.endedAt ?? listedAt(notice);
    return !(notice.timelineState.startsWith('past') && when < since);
  });
  return byReachedComponent(site, listed);
}

/** A component's page: its place in the tree, its parts, its figures and picker, its recent notices. */
export function componentPage(site: DerivedSite, assets: Assets, component: DerivedComponent, notices: DerivedNotice[]) {
  const page = SITE.component(component.id);
  const ancestors: { name: string; lang: string | null; href: string }[] = [];
  for (let id = component.source.parentId; id !== null; ) {
    const parent = site.componentsById.get(id)!;
    ancestors.unshift({ name: parent.source.name, lang: parent.source.fallback?.name ?? null, href: relativeHref(page, SITE.component(parent.id)) });
    id = parent.source.parentId;
  }
  const lang = langOf(site.site);
  const { m } = lang;
  const feed = relativeHref(page, SITE.componentFeed(component.id));
  const calendar = relativeHref(page, SITE.componentCalendar(component.id));
  const names = { site: site.site.name, component: component.source.name };
  return {
    ...layoutContext(site, assets, page, m.t('title.page', { page: component.source.name, site: site.site.name }), m.t('component.description', { name: component.source.name, state: m.t(`stateWord.${component.state}`) }), component.metrics ? assets.picker : undefined),
    alternates: [
      { type: 'application/atom+xml', href: feed, title: m.t('feed.componentTitle', names) },
      { type: 'text/calendar', href: calendar, title: m.t('calendar.componentTitle', names) },
    ],
    /** The component's own feeds: its notices and those of the components under it. */
    subscribe: { lead: m.t('component.subscribeLead', { name: component.source.name }), feed, calendar, feedUrl: siteUrl(site.site.url, SITE.componentFeed(component.id)), calendarUrl: siteUrl(site.site.url, SITE.componentCalendar(component.id)) },
    component: {
      id: component.id,
      name: component.source.name,
      lang: component.source.fallback?.name ?? null,
      description: component.source.description,
      descriptionLang: component.source.fallback?.description ?? null,
      state: component.severity,
      stateLabel: severityLabel(component.severity, lang),
      ancestors,
      /** Every component under it, nested: on a large site, a top-level group's page is the way to each. */
      parts: componentTree(site, page, component),
      children: component.children.map((id) => site.componentsById.get(id)!).map((c) => ({ name: c.source.name, lang: c.source.fallback?.name ?? null, href: relativeHref(page, SITE.component(c.id)), state: c.severity, stateLabel: severityLabel(c.severity, lang) })),
    },
    metrics: component.metrics ? metricsView(site, component, page) : null,
    /** The messages the timeframe picker writes, for its script. */
    pickerMessages: component.metrics ? pickerMessages(lang) : null,
    notices: notices.map((n) => noticeSummary(site, n, page, false)),
  };
}

function metricsView(site: DerivedSite, component: DerivedComponent, page: SitePage) {
  const f = defaultMetrics(site, component.id);
  const { m } = langOf(site.site);
  return {
    data: relativeHref(page, SITE.componentData(component.id)),
    window: windowText(f.timeframe.startDate, f.timeframe.endDate, m),
    uptime: m.percent(uptimeHundredths(f.impactSeconds, f.totalSeconds)),
    mttr: durationText(f.mttrSeconds, m),
    mtbf: durationText(f.mtbfSeconds, m),
    count: m.number(f.notices.length),
    start: f.timeframe.startDate,
    end: f.timeframe.endDate,
    min: formatDate(earliestStart(site.now)),
    max: formatDate(startOfUtcDay(site.now)),
    pastDays: m.t('component.pastDays', { count: BAR_DAYS }),
    bar: uptimeView(site, component, page),
  };
}

/** The picker's data: the build's `now` and each counting notice's impact window, as far back as a timeframe may start. */
export function componentData(site: DerivedSite, component: DerivedComponent): string {
  const since = startOfUtcDay(site.now) - 367 * DAY_MS;
  const notices = (site.metricsNotices.get(component.id) ?? [])
    .filter((n) => n.impact!.end > since)
    .map((n) => [n.id, n.impact!.start, n.impact!.end]);
  return JSON.stringify({ now: site.now, notices });
}

/** One page of the history (all notices, or one type's): `notices` are that page's, grouped here by month. */
export function historyView(site: DerivedSite, assets: Assets, type: NoticeType | undefined, notices: DerivedNotice[], number: number, pages: number) {
  const page = SITE.history(type, number);
  const lang = langOf(site.site);
  const { m } = lang;
  const heading = type === undefined ? m.t('history.heading') : m.t(`history.heading.${type}`);
  const months: { key: string; text: string; notices: object[] }[] = [];
  for (const notice of notices) {
    const when = listedAt(notice);
    const month = monthOf(when, lang);
    if (months.at(-1)?.key !== month.key) months.push({ ...month, notices: [] });
    months.at(-1)!.notices.push({ ...foldedLine(notice, when, page, lang), impact: impactText(notice, lang) });
  }
  const link = (n: number): string => relativeHref(page, SITE.history(type, n));
  return {
    ...layoutContext(site, assets, page, m.t('title.page', { page: number > 1 ? m.t('history.pageTitle', { heading, page: number }) : heading, site: site.site.name }), m.t('history.description', { site: site.site.name })),
    heading,
    tabs: [undefined, ...NOTICE_TYPES].map((t) => ({
      label: t === undefined ? m.t('history.all') : typePlural(t, lang),
      href: relativeHref(page, SITE.history(t)),
      current: t === type,
    })),
    months,
    pager: pages > 1 ? { page: number, pages, text: m.t('pager.page', { page: number, pages }), newer: number > 1 ? link(number - 1) : null, older: number < pages ? link(number + 1) : null } : null,
  };
}

/** The messages the picker's script needs (src/browser/picker.ts), by key: it has no catalogue of its own. */
const PICKER_KEYS: MessageKey[] = [
  'picker.bothDates', 'picker.tooEarly', 'picker.afterToday', 'picker.afterEnd', 'time.range', 'duration.two',
  'duration.day', 'duration.hour', 'duration.minute', 'duration.second',
];

function pickerMessages(lang: Lang): string {
  const catalogue = Object.fromEntries(PICKER_KEYS.map((key) => [key, lang.m.catalogue[key]]));
  // An attribute's value: the template escapes it.
  return JSON.stringify({ locale: lang.m.locale, messages: catalogue });
}
