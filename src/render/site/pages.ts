// The pages of the site, each as the view its template renders: the status page, a page per notice,
// a page (and picker data file) per component, and the history in pages of 25.
import { RECENT_MS } from '../../derive/index.js';
import type { DerivedComponent, DerivedNotice, DerivedSite } from '../../derive/index.js';
import { defaultMetrics, earliestStart } from '../../derive/metrics.js';
import { apiFilePath } from '../../routes/files.js';
import { localePrefix, relativeHref, SITE } from '../../routes/site.js';
import type { SitePage } from '../../routes/site.js';
import { DAY_MS, formatDate, startOfUtcDay } from '../../time.js';
import { NOTICE_TYPES } from '../../types.js';
import type { NoticeType } from '../../types.js';
import { percentWords } from '../words.js';
import type { Assets } from './assets.js';
import { monthOf, NOTICE_STATE_LABEL, STATE_LABEL, timeView, TYPE_LABEL, TYPE_PLURAL, windowText } from './format.js';
import { durationText } from './text.js';
import { BAR_DAYS, byReachedComponent } from './uptime.js';
import { componentTree, impactNote, updateHtml, impactText, layoutContext, noticeHead, noticeSummary, noticeTone, uptimeView, windowOf } from './views.js';
import type { NoticeSummary } from './views.js';

/** The status page: the state, what is happening and coming, the components, the past week. */
export function statusPage(site: DerivedSite, assets: Assets) {
  const page = SITE.status();
  const present = site.notices.filter((n) => n.timelineState === 'present');
  const summary = (n: DerivedNotice) => noticeSummary(site, n, page, true);
  const stateText = site.site.stateText[site.page.state];
  return {
    ...layoutContext(site, assets, page, `${site.site.name}: ${stateText}`, stateText),
    stateText,
    stateTextLang: site.site.fallback?.[site.page.state] ?? null,
    stateWord: STATE_LABEL[site.page.state].toLowerCase(),
    active: present.filter((n) => n.type === 'unplanned' || (n.type === 'planned' && n.state === 'underway')).map(summary),
    ...upcomingView(
      site.notices
        .filter((n) => n.type === 'planned' && (n.timelineState === 'future' || (n.timelineState === 'present' && n.state === 'scheduled')))
        .sort((a, b) => a.source.beginsAt! - b.source.beginsAt! || a.id - b.id),
      summary,
      page,
    ),
    ...announcementsView(site, present.filter((n) => n.type === 'general'), page),
    bars: site.components.some((c) => c.metrics),
    components: componentTree(site, page),
    recent: site.notices
      .filter((n) => n.timelineState === 'past_recent' && n.endedAt !== null && site.now - n.endedAt <= RECENT_MS)
      .map(summary),
  };
}

/**
 * An announcement posted more than this long ago is folded away on the status page (its title and
 * date stay, under "older announcements"), unless it has an `expires_at`: its author said how long
 * it matters.
 */
export const ANNOUNCEMENT_FOLD_MS = 30 * DAY_MS;

function announcementsView(site: DerivedSite, general: DerivedNotice[], page: SitePage) {
  const fresh = (n: DerivedNotice): boolean => n.source.expiresAt !== null || site.now - n.createdAt <= ANNOUNCEMENT_FOLD_MS;
  const older = general.filter((n) => !fresh(n)).map((n) => ({ ...noticeHead(n, page), when: timeView(n.createdAt) }));
  return {
    hasAnnouncements: general.length > 0,
    announcements: general.filter(fresh).map((n) => noticeSummary(site, n, page, true)),
    olderAnnouncements: older,
    olderLabel: older.length === 1 ? '1 older announcement' : `${older.length} older announcements`,
  };
}

/** The status page shows this many upcoming maintenance windows whole, the soonest; later ones as a list of links. */
export const UPCOMING_SHOWN = 5;

function upcomingView(planned: DerivedNotice[], summary: (n: DerivedNotice) => NoticeSummary, page: SitePage) {
  const later = planned.slice(UPCOMING_SHOWN).map((n) => ({ ...noticeHead(n, page), when: timeView(n.source.beginsAt!) }));
  return {
    upcoming: planned.slice(0, UPCOMING_SHOWN).map(summary),
    laterUpcoming: later,
    laterLabel: later.length === 1 ? '1 more planned' : `${later.length} more planned`,
  };
}

/**
 * The page hosts send for an address the site does not have (`404.html` at the output's root). It is
 * sent at any depth (`/notices/999/`), so its links start with `root`, an absolute path: the path of
 * the site's `url` for the static hosts (`/`, or `/status/` on GitHub Pages), the served base for
 * `serve` and `dev`.
 */
export function notFoundPage(site: DerivedSite, assets: Assets, root: string) {
  const layout = layoutContext(site, assets, SITE.status(), `Page not found: ${site.site.name}`, `There is nothing at this address on ${site.site.name}.`);
  // A language's 404 sits in its folder: its pages are there, the assets and the API at the root.
  const prefix = site.locale?.prefix ?? '';
  const at = (href: string): string => (href === './' ? `${root}${prefix}` : `${root}${prefix}${href}`);
  const links = Object.fromEntries(Object.entries(layout.links).map(([name, href]) => [name, at(href)])) as typeof layout.links;
  links.api = `${root}${apiFilePath({ endpoint: 'status' })!}`;
  const fromRoot = (page: SitePage): string => `${root}${page.href}`;
  return {
    ...layout,
    root,
    url: `${site.site.url}/`,
    assets: { css: fromRoot(assets.css), js: fromRoot(assets.js), icon: fromRoot(assets.icons[site.page.state]), pageJs: null },
    links,
    // Every language's way back: the site's one `404.html` is sent for any address, whatever its language.
    languages: site.locale ? { ...layout.languages!, links: layout.languages!.links.map((l) => ({ ...l, href: `${root}${localePrefix(l.tag, site.locale!.locales)}` })) } : null,
  };
}

/** The path of the site's `url`, with a slash at each end: where its pages are served from. */
export const sitePath = (url: string): string => `${new URL(`${url}/`).pathname.replace(/\/+$/, '')}/`;

/** A notice's page: its facts, the components it affects and every update, newest first. */
export function noticePage(site: DerivedSite, assets: Assets, notice: DerivedNotice) {
  const page = SITE.notice(notice.id);
  const latest = notice.updates[notice.updates.length - 1]!;
  const state = notice.state === null ? TYPE_LABEL[notice.type] : NOTICE_STATE_LABEL[notice.state];
  return {
    ...layoutContext(site, assets, page, `${notice.source.subject}: ${site.site.name}`, `${TYPE_LABEL[notice.type]}, ${state.toLowerCase()}: ${latest.content}`),
    notice: {
      subject: notice.source.subject,
      lang: notice.source.fallback?.subject ?? null,
      tone: noticeTone(notice.type, notice.state),
      stateLabel: notice.state === null ? null : NOTICE_STATE_LABEL[notice.state],
      typeLabel: TYPE_LABEL[notice.type],
      window: windowOf(notice),
      began: notice.beganAt === null ? null : timeView(notice.beganAt),
      ended: notice.endedAt === null ? null : timeView(notice.endedAt),
      impact: impactText(notice),
      impactNote: impactNote(notice),
      components: notice.source.components
        .map((id) => site.componentsById.get(id))
        .filter((c): c is DerivedComponent => c !== undefined)
        .map((c) => ({ name: c.source.name, lang: c.source.fallback?.name ?? null, href: relativeHref(page, SITE.component(c.id)) })),
      tags: notice.source.tags,
      updates: [...notice.updates].reverse().map((u) => ({
        stateLabel: u.state === null ? null : NOTICE_STATE_LABEL[u.state],
        at: timeView(u.at),
        html: updateHtml(u),
      })),
    },
  };
}

/** Notices of the past 90 days (and anything present or upcoming), by the components they affect and those above them. */
export function noticesByComponent(site: DerivedSite): Map<number, DerivedNotice[]> {
  const since = startOfUtcDay(site.now) - (BAR_DAYS - 1) * DAY_MS;
  const listed = site.notices.filter((notice) => {
    const when = notice.endedAt ?? notice.beganAt ?? notice.source.beginsAt ?? notice.createdAt;
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
  const children = component.children.map((id) => site.componentsById.get(id)!);
  return {
    ...layoutContext(site, assets, page, `${component.source.name}: ${site.site.name}`, `${component.source.name} is ${STATE_LABEL[component.state].toLowerCase()}.`, component.metrics ? assets.picker : undefined),
    component: {
      id: component.id,
      name: component.source.name,
      lang: component.source.fallback?.name ?? null,
      description: component.source.description,
      descriptionLang: component.source.fallback?.description ?? null,
      state: component.state,
      stateLabel: STATE_LABEL[component.state],
      ancestors,
      children: children.map((c) => ({ name: c.source.name, lang: c.source.fallback?.name ?? null, href: relativeHref(page, SITE.component(c.id)), state: c.state, stateLabel: STATE_LABEL[c.state] })),
    },
    metrics: component.metrics ? metricsView(site, component, page) : null,
    notices: notices.map((n) => noticeSummary(site, n, page, false)),
  };
}

function metricsView(site: DerivedSite, component: DerivedComponent, page: SitePage) {
  const f = defaultMetrics(site, component.id);
  return {
    data: relativeHref(page, SITE.componentData(component.id)),
    window: windowText(f.timeframe.startDate, f.timeframe.endDate),
    uptime: percentWords(f.impactSeconds, f.totalSeconds),
    mttr: durationText(f.mttrSeconds),
    mtbf: durationText(f.mtbfSeconds),
    count: f.notices.length,
    start: f.timeframe.startDate,
    end: f.timeframe.endDate,
    min: formatDate(earliestStart(site.now)),
    max: formatDate(startOfUtcDay(site.now)),
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

/** One page of the history (all notices, or one type's): `notices` are that page's 25, grouped here by month. */
export function historyView(site: DerivedSite, assets: Assets, type: NoticeType | undefined, notices: DerivedNotice[], number: number, pages: number) {
  const page = SITE.history(type, number);
  const heading = type === undefined ? 'History' : `History: ${TYPE_PLURAL[type].toLowerCase()}`;
  const months: { key: string; text: string; notices: object[] }[] = [];
  for (const notice of notices) {
    const when = notice.beganAt ?? notice.source.beginsAt ?? notice.createdAt;
    const month = monthOf(when);
    if (months.at(-1)?.key !== month.key) months.push({ ...month, notices: [] });
    months.at(-1)!.notices.push({
      ...noticeHead(notice, page),
      when: timeView(when),
      impact: impactText(notice),
    });
  }
  const link = (n: number): string => relativeHref(page, SITE.history(type, n));
  return {
    ...layoutContext(site, assets, page, `${heading}${number > 1 ? `, page ${number}` : ''}: ${site.site.name}`, `Past incidents, maintenance and announcements of ${site.site.name}.`),
    heading,
    tabs: [undefined, ...NOTICE_TYPES].map((t) => ({
      label: t === undefined ? 'All' : TYPE_PLURAL[t],
      href: relativeHref(page, SITE.history(t)),
      current: t === type,
    })),
    months,
    pager: pages > 1 ? { page: number, pages, newer: number > 1 ? link(number - 1) : null, older: number < pages ? link(number + 1) : null } : null,
  };
}
