// What every page of the site shares: the layout's context (title, links, assets, all relative to the
// page, so one output works at `/` and under a base path), and the pieces several pages show: a
// notice's summary, the component tree, a component's uptime bar.
import { severityGiven } from '../../derive/index.js';
import { BAR_DAYS } from '../../derive/metrics.js';
import type { DerivedComponent, DerivedNotice, DerivedSite, DerivedUpdate, Severity, SiteLocale } from '../../derive/index.js';
import { apiFilePath } from '../../routes/files.js';
import { inLocale, localePrefix, relativeHref, SITE, siteUrl } from '../../routes/site.js';
import type { SitePage } from '../../routes/site.js';
import { formatTimestamp } from '../../time.js';
import type { Assets } from './assets.js';
import { escapeHtml } from '../../i18n/make.js';
import { dayText, langOf, noticeStateLabel, severityLabel, timeView, typeLabel } from './format.js';
import type { Lang, TimeView } from './format.js';
import { renderMarkdown } from './markdown.js';
import { durationText, shortDuration, windowView } from './text.js';
import { NARROW_DAYS, uptimeBar, uptimePercent } from './uptime.js';
import type { EventKind, UptimeBar } from './uptime.js';
import type { WindowView } from './text.js';

/** What a notice does to the page now (src/derive, `severityGiven`: an incident by its impact), as a class its icon and colour are drawn from. */
export const noticeTone = (notice: DerivedNotice): Severity => severityGiven(notice, notice.state);

/** What the layout of the page at `page` needs, with every link relative to it. */
export function layoutContext(site: DerivedSite, assets: Assets, page: SitePage, title: string, description: string, pageJs?: SitePage) {
  const href = (to: SitePage): string => relativeHref(page, to);
  // A language's copy links its own pages as any page does, and the files of the output's root
  // (assets, the API) from the page's place in the output: its folder deeper.
  const at = inLocale(page, site.locale?.prefix ?? '');
  const fromRoot = (to: SitePage): string => relativeHref(at, to);
  const api = apiFilePath({ endpoint: 'status' })!;
  const lang = langOf(site.site);
  const { m } = lang;
  const texts = sharedTexts(site, lang);
  const links = {
    status: href(SITE.status()),
    history: href(SITE.history()),
    feed: href(SITE.feed()),
    calendar: href(SITE.maintenance()),
    api: fromRoot({ file: api, href: api }),
    badge: href(SITE.statusBadge()),
  };
  return {
    /** The catalogue's words, for the templates: `{{@root.t.nav.status}}`. */
    t: m.tree(),
    /** A language's copy of the site, whose texts the content does not translate are shown in the default language (with their `lang`). */
    translated: (site.locale?.prefix ?? '') !== '',
    lang: m.locale,
    dir: m.dir,
    feedTitle: texts.feedTitle,
    footerBuilt: texts.footerBuilt,
    footerFollow: footerFollow(texts, links),
    root: fromRoot(SITE.status()),
    languages: site.locale ? languagesView(site.locale, at) : null,
    title,
    description: summarize(description),
    url: siteUrl(site.site.url, page),
    siteName: site.site.name,
    state: site.page.state,
    updatedAt: texts.updatedAt,
    built: texts.built,
    assets: { css: fromRoot(assets.css), js: fromRoot(assets.js), icon: fromRoot(assets.icons[site.page.state]), pageJs: pageJs ? fromRoot(pageJs) : null },
    links,
    // The mailing list's sign-up page (site.yaml subscribe_url).
    subscribe: site.site.subscribeUrl === undefined ? null : { href: site.site.subscribeUrl, label: m.t('layout.subscribeEmail') },
    /** Feeds of this page besides the site's own, for `<link rel="alternate">` in the layout's head. */
    alternates: [] as { type: string; href: string; title: string }[],
  };
}

/** The layout's texts that are the same on every page of a site, and its footer's sentences by the links in them. */
interface SharedTexts {
  lang: Lang;
  built: TimeView;
  updatedAt: string;
  feedTitle: string;
  footerBuilt: string;
}

/**
 * Made once a site (and language), not on each of its pages: its messages filled in cost the
 * build's thread about 15,000 calls on 2,000 notices, all giving the same few texts.
 */
const shared = new WeakMap<DerivedSite, SharedTexts>();

function sharedTexts(site: DerivedSite, lang: Lang): SharedTexts {
  let texts = shared.get(site);
  if (texts === undefined || texts.lang !== lang) {
    const { m } = lang;
    const built = timeView(site.now, lang);
    texts = {
      lang,
      built,
      updatedAt: formatTimestamp(site.page.updatedAt),
      feedTitle: m.t('layout.feedTitle', { site: site.site.name }),
      footerBuilt: m.html('footer.built', { time: timeHtml(built), refreshes: `<span class="refreshes" hidden>${m.html('footer.refreshes')}</span>` }),
    };
    shared.set(site, texts);
  }
  return texts;
}

/** The footer's `Follow: feed, calendar, API, badge` with these links. */
function footerFollow({ lang: { m } }: SharedTexts, links: { feed: string; calendar: string; api: string; badge: string }): string {
  const link = (to: string, name: 'footer.feed' | 'footer.calendar' | 'footer.api' | 'footer.badge'): string => `<a href="${escapeHtml(to)}">${m.html(name)}</a>`;
  return m.html('footer.follow', { feed: link(links.feed, 'footer.feed'), calendar: link(links.calendar, 'footer.calendar'), api: link(links.api, 'footer.api'), badge: link(links.badge, 'footer.badge') });
}

/** `<time datetime="…">…</time>`, for a sentence made as HTML. */
export const timeHtml = (time: TimeView): string => `<time datetime="${time.iso}">${escapeHtml(time.text)}</time>`;

/** A language in the page's switcher and `hreflang` alternates: the same page in it. */
export interface LanguageLink {
  tag: string;
  /** The language's own name for itself (`Deutsch`). */
  name: string;
  href: string;
  /** Absolute, for `<link rel="alternate" hreflang>`. */
  url: string;
  current: boolean;
}

/** The page `at` (its place in the output) in every language of the site, and its `x-default`: the default language's. */
function languagesView(locale: SiteLocale, at: SitePage): { links: LanguageLink[]; xDefault: string } {
  const page = { file: at.file.slice(locale.prefix.length), href: at.href.slice(locale.prefix.length) };
  const links = locale.locales.map((tag) => {
    const other = inLocale(page, localePrefix(tag, locale.locales));
    return { tag, name: languageName(tag), href: relativeHref(at, other), url: siteUrl(locale.baseUrl, other), current: tag === locale.tag };
  });
  return { links, xDefault: links[0]!.url };
}

const languageNames = new Map<string, string>();
/** A language's name in itself, from the system's language data (`de` → `Deutsch`). */
function languageName(tag: string): string {
  let name = languageNames.get(tag);
  if (name === undefined) {
    name = new Intl.DisplayNames([tag], { type: 'language' }).of(tag) ?? tag;
    name = name.charAt(0).toLocaleUpperCase(tag) + name.slice(1);
    languageNames.set(tag, name);
  }
  return name;
}

/** What every list of notices shows of one: its link, subject, type and state. */
export interface NoticeHead {
  href: string;
  subject: string;
  /** The subject's language when it is not the page's (no translation): its element's `lang`. */
  lang: string | null;
  tone: string;
  stateLabel: string | null;
  typeLabel: string;
}

export function noticeHead(notice: DerivedNotice, from: SitePage, lang: Lang): NoticeHead {
  return {
    href: relativeHref(from, SITE.notice(notice.id)),
    subject: notice.source.subject,
    lang: notice.source.fallback?.subject ?? null,
    tone: noticeTone(notice),
    stateLabel: notice.state === null ? null : noticeStateLabel(notice.state, lang),
    typeLabel: typeLabel(notice.type, lang),
  };
}

export interface NoticeSummary extends NoticeHead {
  window: WindowView | null;
  /** When it began (or was posted), for notices without a window. */
  when: TimeView;
  latest: { html: string; at: TimeView } | null;
  /** The names of the components it lists: `Affects: Email, SMS`, as HTML. */
  affects: string | null;
  /** `Posted <time>`, as HTML, with `latest`. */
  posted: string | null;
}

/** A notice as lists show it: its state, its window if planned, and (`latest`) its latest update. */
export function noticeSummary(site: DerivedSite, notice: DerivedNotice, from: SitePage, latest: boolean): NoticeSummary {
  const update = notice.updates[notice.updates.length - 1]!;
  const lang = langOf(site.site);
  const at = latest ? timeView(update.at, lang) : null;
  return {
    ...noticeHead(notice, from, lang),
    window: windowOf(notice, lang),
    when: timeView(notice.beganAt ?? notice.createdAt, lang),
    latest: latest ? { html: updateHtml(update), at: at! } : null,
    affects: affectsOf(site, notice, lang),
    posted: at ? lang.m.html('summary.posted', { time: timeHtml(at) }) : null,
  };
}

/**
 * `Affects: Email, SMS`, as HTML, made once per notice and language: each list that shows a notice
 * (the history's pages, every component page it affects, the status page) shows the same, and
 * Intl's lists take microseconds each.
 */
function affectsOf(site: DerivedSite, notice: DerivedNotice, lang: Lang): string | null {
  let made = affectsMade.get(lang);
  if (!made) affectsMade.set(lang, (made = new WeakMap()));
  let affects = made.get(notice);
  if (affects === undefined) {
    const names = notice.source.components.flatMap((id) => site.componentsById.get(id)?.source ?? NONE);
    affects = names.length === 0 ? null : lang.m.html('summary.affects', { components: lang.m.list(names.map((c) => `<bdi${c.fallback?.name ? ` lang="${c.fallback.name}"` : ''}>${escapeHtml(c.name)}</bdi>`)) });
    made.set(notice, affects);
  }
  return affects;
}

/** By language, then by notice: a site's notices are its derived site's, let go with it. */
const affectsMade = new WeakMap<Lang, WeakMap<DerivedNotice, string | null>>();

/**
 * An update's content as HTML; in a language's copy, content with no translation is marked with its
 * own language (`lang` is a tag site.yaml's `locales` validated: nothing to escape).
 */
export function updateHtml(update: Pick<DerivedUpdate, 'content' | 'lang'>): string {
  const html = renderMarkdown(update.content);
  return update.lang === undefined ? html : `<div lang="${update.lang}">${html}</div>`;
}

/** A maintenance's scheduled window (begins_at to ends_at) as shown; null for other notices. */
export function windowOf(notice: DerivedNotice, lang: Lang): WindowView | null {
  const { beginsAt, endsAt } = notice.source;
  return beginsAt === null || endsAt === null ? null : windowView(beginsAt, endsAt, lang);
}

/** How long an incident's impact lasted (so far, while it goes on); null for other notices. */
export function impactText(notice: DerivedNotice, lang: Lang): string | null {
  if (notice.impact === null) return null;
  const ongoing = notice.state === 'investigating' || notice.state === 'identified';
  const duration = durationText(notice.impactSeconds, lang.m);
  return ongoing ? lang.m.t('impact.ongoing', { duration }) : duration;
}

/**
 * Why an incident's impact is not the time from its beginning to its end, when it is not: its file
 * sets `impact_seconds`, or the impact stopped at its first Recovering update. Null when they agree.
 */
export function impactNote(notice: DerivedNotice, lang: Lang): string | null {
  const { impact, beganAt, endedAt } = notice;
  if (impact === null || beganAt === null || endedAt === null) return null;
  if (notice.source.impactSeconds !== null && (impact.start !== beganAt || impact.end !== endedAt)) return lang.m.t('impact.noteSet');
  if (impact.end < endedAt) return lang.m.t('impact.noteRecovering', { time: timeView(impact.end, lang).text });
  return null;
}

export interface ComponentNode {
  id: number;
  name: string;
  /** The name's language when it is not the page's (no translation). */
  lang: string | null;
  href: string;
  /** Its severity, the class its colour and icon are drawn from, and in words. */
  state: Severity;
  stateLabel: string;
  uptime: UptimeView | null;
  children: ComponentNode[];
  /** A group's control that folds its parts: `50 components`. */
  count: string | null;
  /** Whether its parts show as the page loads: a small group's do, a large one's are folded. */
  open: boolean;
  /** A folded group's components that are not operational, named in its row so none hides: the first few, and how many more. */
  affected: { shown: { name: string; lang: string | null; href: string; state: Severity; stateLabel: string }[]; more: string | null } | null;
}

/**
 * A top-level group with more components under it than this shows folded on the status page: one
 * row with its worst state, its bar and how many it holds, its components without bars of their
 * own (each on its page). Readers of a page of hundreds of components look for the one in trouble.
 */
export const FOLD_OVER = 10;
/** A folded group names at most this many of its components that are not operational. */
const AFFECTED_SHOWN = 3;

/**
 * The component tree as nested nodes, built bottom-up without recursion (the list is in pre-order):
 * the whole site's (the status page), or with `under` the components under that one (its page,
 * without bars: each is on its own page).
 */
export function componentTree(site: DerivedSite, from: SitePage, under?: DerivedComponent): ComponentNode[] {
  const lang = langOf(site.site);
  const first = under ? site.components.indexOf(under) + 1 : 0;
  let end = site.components.length;
  if (under) for (end = first; end < site.components.length && isBelow(site, site.components[end]!, under.id); end++);
  // Pre-order: each top-level group's components follow it, so a folded group is known before them.
  const folded = new Set<number>();
  const foldedBelow = new Map<number, number>();
  for (let i = first; i < end; i++) {
    const c = site.components[i]!;
    const top = c.source.parentId === (under?.id ?? null);
    if (top && under === undefined && descendants(site, i) > FOLD_OVER) folded.add(c.id);
    const parent = c.source.parentId;
    if (!top && parent !== null) {
      const group = folded.has(parent) ? parent : foldedBelow.get(parent);
      if (group !== undefined) foldedBelow.set(c.id, group);
    }
  }
  const nodes = new Map<number, ComponentNode>();
  const unwell = new Map<number, DerivedComponent[]>();
  for (let i = end - 1; i >= first; i--) {
    const c = site.components[i]!;
    const group = foldedBelow.get(c.id);
    if (group !== undefined && c.severity !== 'operational') unwell.set(group, [c, ...(unwell.get(group) ?? [])]);
    const named = folded.has(c.id) ? (unwell.get(c.id) ?? []) : [];
    nodes.set(c.id, {
      id: c.id,
      name: c.source.name,
      lang: c.source.fallback?.name ?? null,
      href: relativeHref(from, SITE.component(c.id)),
      state: c.severity,
      stateLabel: severityLabel(c.severity, lang),
      uptime: c.metrics && under === undefined && group === undefined ? uptimeView(site, c, from) : null,
      children: c.children.map((id) => nodes.get(id)!),
      count: c.children.length > 0 && under === undefined ? lang.m.t('component.count', { count: descendants(site, i) }) : null,
      open: !folded.has(c.id),
      affected: named.length === 0 ? null : {
        shown: named.slice(0, AFFECTED_SHOWN).map((a) => ({ name: a.source.name, lang: a.source.fallback?.name ?? null, href: relativeHref(from, SITE.component(a.id)), state: a.severity, stateLabel: severityLabel(a.severity, lang) })),
        more: named.length > AFFECTED_SHOWN ? lang.m.t('component.affectedMore', { count: named.length - AFFECTED_SHOWN }) : null,
      },
    });
  }
  return site.components.slice(first, end).filter((c) => c.source.parentId === (under?.id ?? null)).map((c) => nodes.get(c.id)!);
}

/** Whether `c` is under the component `id`. */
function isBelow(site: DerivedSite, c: DerivedComponent, id: number): boolean {
  for (let p = c.source.parentId; p !== null; p = site.componentsById.get(p)!.source.parentId) if (p === id) return true;
  return false;
}

/** How many components are under the one at `index` of the pre-order list: those after it, deeper than it. */
function descendants(site: DerivedSite, index: number): number {
  const below = new Set([site.components[index]!.id]);
  let i = index + 1;
  for (; i < site.components.length && below.has(site.components[i]!.source.parentId ?? NaN); i++) below.add(site.components[i]!.id);
  return i - index - 1;
}

const NONE: never[] = [];

export interface UptimeView {
  /** The bar's id on its page, and the prefix of its patterns' ids. */
  id: string;
  /** What the bar shows, in words (its accessible name). */
  label: string;
  /** The uptime of the days shown, and over how many: `99.91% uptime over 90 days`. */
  figure: string;
  /** The first day shown (`23 Aug 2026`) and, for the page's script, as yyyy-mm-dd. */
  first: string;
  /** What a narrow screen shows instead: the first of the last NARROW_DAYS days, and their figure. */
  narrow: { first: string; figure: string };
  start: string;
  days: number;
  /** Days before the component existed, drawn as "no data" from the left. */
  none: number;
  /** The days something happened, drawn: one SVG path per level (its `d` a cell per day). */
  cells: { level: string; d: string }[];
  /** The same days in words: the day's index in the bar, its level, its date, what happened. */
  events: { index: number; level: string; day: string; items: { href: string; what: string; duration: string }[] }[];
  summary: string;
}

/** Drawn in this order, the worst last (on top). */
const LEVELS: EventKind[] = ['maintenance', 'minor', 'major', 'critical'];


/** What a bar says in its site's language, the same on every page that shows it: all of its view but the links. */
type BarWords = Omit<UptimeView, 'events'> & { events: { index: number; level: string; day: string; items: { id: number; what: string; duration: string }[] }[] };

/**
 * By the bar (one per site and component, and a language's copy is a site of its own), with the
 * words they are in: the status page and the component's page show it, and `dev` gives the same
 * site new words when the site's own change (useMessages), as sharedTexts minds too.
 */
const barWords = new WeakMap<UptimeBar, { lang: Lang; words: BarWords }>();

/** A component's 90-day bar: one drawing, the days something happened in words (and links), the figure of exactly those days. */
export function uptimeView(site: DerivedSite, component: DerivedComponent, from: SitePage): UptimeView {
  const bar = uptimeBar(site, component.id);
  const lang = langOf(site.site);
  let made = barWords.get(bar);
  if (made?.lang !== lang) barWords.set(bar, (made = { lang, words: wordsOfBar(component, bar, lang) }));
  const { words } = made;
  return { ...words, events: words.events.map((e) => ({ ...e, items: e.items.map(({ id, what, duration }) => ({ href: relativeHref(from, SITE.notice(id)), what, duration })) })) };
}

function wordsOfBar(component: DerivedComponent, bar: UptimeBar, lang: Lang): BarWords {
  const { m } = lang;
  const paths = new Map<string, string>();
  const events: BarWords['events'] = [];
  let incidentDays = 0;
  let maintenanceDays = 0;
  bar.days.forEach((day, index) => {
    if (day.events.length === 0) return;
    if (day.level === 'maintenance') maintenanceDays++;
    else incidentDays++;
    paths.set(day.level, `${paths.get(day.level) ?? ''}M${index} 0h.8v10h-.8z`);
    events.push({
      index,
      level: day.level,
      day: dayText(day.start, lang),
      items: day.events.map((e) => ({ id: e.notice.id, what: m.t('bar.event', { kind: m.t(`event.${e.kind}`), subject: e.notice.source.subject }), duration: shortDuration(e.seconds, m) })),
    });
  });
  const figureOf = ({ figures, counted }: { figures: UptimeBar['figures']; counted: number }): string =>
    figures === null ? m.t('bar.noUptime') : m.t('bar.figure', { percent: m.percent(uptimePercent(figures.impactSeconds, figures.totalSeconds)), count: counted });
  const figure = figureOf(bar);
  const happened = [incidentDays > 0 ? m.t('bar.incidentDays', { count: incidentDays }) : null, maintenanceDays > 0 ? m.t('bar.maintenanceDays', { count: maintenanceDays }) : null].filter((t) => t !== null);
  const summary = m.list(happened);
  return {
    id: `bar-${component.id}`,
    label: m.t('bar.label', { name: component.source.name, days: BAR_DAYS, happened: happened.length === 0 ? m.t('bar.nothing') : summary }),
    figure,
    first: dayText(bar.days[0]!.start, lang),
    narrow: { first: dayText(bar.days[BAR_DAYS - NARROW_DAYS]!.start, lang), figure: figureOf(bar.narrow) },
    start: bar.dayKeys[0]!,
    days: BAR_DAYS,
    none: BAR_DAYS - bar.counted,
    cells: LEVELS.filter((level) => paths.has(level)).map((level) => ({ level, d: paths.get(level)! })),
    events,
    summary,
  };
}

/** A description as link previews show it: one line, at most about 160 characters, cut at a word. */
export function summarize(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= 160) return line;
  const cut = line.slice(0, 159);
  return `${cut.slice(0, cut.lastIndexOf(' ') > 100 ? cut.lastIndexOf(' ') : 159)}…`;
}
