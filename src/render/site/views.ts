// What every page of the site shares: the layout's context (title, links, assets, all relative to the
// page, so one output works at `/` and under a base path), and the pieces several pages show: a
// notice's summary, its head and its updates (the component tree and bars: component-views.ts).
import { severityGiven } from '../../derive/index.js';
import type { DerivedNotice, DerivedSite, DerivedUpdate, Severity, SiteLocale } from '../../derive/index.js';
import { apiFilePath } from '../../routes/files.js';
import { inLocale, localePrefix, relativeHref, SITE, siteUrl } from '../../routes/site.js';
import type { SitePage } from '../../routes/site.js';
import { formatTimestamp } from '../../util/time.js';
import type { Assets } from './assets.js';
import { escapeHtml } from '../../i18n/make.js';
import { langOf, noticeStateLabel, timeView, typeLabel } from './format.js';
import type { Lang, TimeView } from './format.js';
import { renderMarkdown } from './markdown.js';
import { durationText, windowView } from './text.js';
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

/** Made once a site (and language), not on each of its pages: all would fill in the same few texts. */
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

const NONE: never[] = [];

/** A description as link previews show it: one line, at most about 160 characters, cut at a word. */
export function summarize(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= 160) return line;
  const cut = line.slice(0, 159);
  return `${cut.slice(0, cut.lastIndexOf(' ') > 100 ? cut.lastIndexOf(' ') : 159)}…`;
}
