// Rendered from the same derived model as the API, never from its JSON. The build renders every page
// (renderHtml); `statuspress dev` renders the one asked for (siteRenderer).
import { localizeSite, siteLocales } from '../derive/index.js';
import type { DerivedNotice, DerivedSite } from '../derive/index.js';
import { pageOf, SITE, WIDGET_DEFAULT } from '../routes/site.js';
import type { LocalizedRequest, SiteRequest } from '../routes/site.js';
import { NOTICE_TYPES } from '../content/types.js';
import type { NoticeType } from '../content/types.js';
import widgetJs from '../browser/widget.ts?browser';
import { PAGE_SIZE } from './collections.js';
import { renderAssets } from './site/assets.js';
import type { Assets } from './site/assets.js';
import { componentBadge, statusBadge } from './site/badges.js';
import { feedParts, renderAtom, renderCalendar } from './site/feeds.js';
import type { FeedScope } from './site/feeds.js';
import { widgetText } from './site/widget-text.js';
import { componentData, componentPage, historyView, noticePage, noticesByComponent, notFoundPage, sitePath, statusPage } from './site/pages.js';
import { momentSites } from '../derive/moments.js';
import { withMoments } from './site/moments.js';
import type { MomentSite } from '../derive/moments.js';
import type { PageTemplate } from '../theme/builtin.js';
import type { Theme } from '../theme/theme.js';
import { byReachedComponent } from '../derive/uptime.js';
import { useMessages } from './site/format.js';
import type { OutputFile } from '../write/types.js';

export interface SiteRenderer {
  assets: Assets;
  /**
   * The file of one page, feed, badge or asset, of the default language or (`locale`) of a language's
   * copy; null when the site has no such thing (an unknown id or language, a page past the last).
   */
  render(request: LocalizedRequest): OutputFile | null;
  /** `404.html` (of a language's copy: `<tag>/404.html`), its links starting with `root` (default: the path of the site's url). */
  notFound(root?: string, locale?: string): OutputFile | null;
}

/**
 * A renderer of any page of `site`, in each of its languages; what several pages share is computed
 * once, when first needed, and so is each language's copy of the site.
 */
export function siteRenderer(site: DerivedSite, theme: Theme): SiteRenderer {
  useMessages(site.site, theme.messages);
  const assets = renderAssets(theme.styles);
  const locales = siteLocales(site);
  const copies = new Map<string, LocaleRenderer>();
  // Each language's copy of the site once, for its pages and its widget texts alike.
  const localized = new Map<string, DerivedSite>();
  const copyOf = (of: DerivedSite, tag: string): DerivedSite => {
    const copy = localizeSite(of, tag);
    // Each language's copy has a site of its own: the site's own words of that language, not only the default one's.
    if (copy.site !== of.site) useMessages(copy.site, theme.messages);
    return copy;
  };
  const siteIn = (tag: string): DerivedSite => localized.get(tag) ?? localized.set(tag, copyOf(site, tag)).get(tag)!;
  // The moments the status page follows the clock at (site/moments.ts): found once, shown in each language.
  let moments: MomentSite[] | null = null;
  const momentsIn = (tag: string | undefined): MomentSite[] => (moments ??= momentSites(site)).map((m) => (tag === undefined ? m : { at: m.at, site: copyOf(m.site, tag) }));
  const copy = (locale: string | undefined): LocaleRenderer | null => {
    const tag = locale ?? locales[0];
    if (tag === undefined) return (copies.get('') ?? copies.set('', localeRenderer(site, theme, assets, () => momentsIn(undefined))).get(''))!;
    // The default language has no folder of its own: `en/` is not an address of the site.
    if (!locales.includes(tag) || (locale !== undefined && tag === locales[0])) return null;
    return (copies.get(tag) ?? copies.set(tag, localeRenderer(siteIn(tag), theme, assets, () => momentsIn(tag))).get(tag))!;
  };
  return {
    assets,
    notFound: (root = sitePath(site.site.url), locale) => copy(locale)?.notFound(root) ?? null,
    // A language's widget file is at the root, from that language's copy.
    render: (request) => {
      if (request.kind !== 'widgetText') return copy(request.locale)?.render(request) ?? null;
      // `widget/default.json` is the default language's file again, for pages in a language the site has not.
      const tag = request.tag === WIDGET_DEFAULT ? widgetLocales(site)[0]! : request.tag;
      return widgetLocales(site).includes(tag) ? { path: pageOf(request).file, contents: widgetText(siteIn(tag), momentsIn(locales.length > 0 ? tag : undefined)) } : null;
    },
  };
}

interface LocaleRenderer {
  render(request: LocalizedRequest): OutputFile | null;
  notFound(root: string): OutputFile;
}

/**
 * The renderer of one language's copy of the site (of the site itself, when it lists no languages);
 * `moments`, the copy as of each moment the status page follows the clock at.
 */
function localeRenderer(site: DerivedSite, theme: Theme, assets: Assets, moments: () => MomentSite[]): LocaleRenderer {
  const assetFiles = new Map(assets.files.map((f) => [f.path, f]));
  let byComponent: Map<number, DerivedNotice[]> | null = null;
  let reaching: Map<number, DerivedNotice[]> | null = null;
  const parts = feedParts();
  /** A component's feeds: every published notice that reaches it, not only its page's 90 days. */
  const scopeOf = (id: number): FeedScope | null => {
    const component = site.componentsById.get(id);
    if (!component) return null;
    reaching ??= byReachedComponent(site, site.notices);
    return { component, notices: reaching.get(id) ?? [] };
  };
  // Each history list once, not once per page: filtering every notice for each page was quadratic.
  const histories = new Map<NoticeType | undefined, DerivedNotice[]>();
  const history = (type: NoticeType | undefined): DerivedNotice[] => {
    let notices = histories.get(type);
    if (!notices) histories.set(type, (notices = type === undefined ? site.notices : site.notices.filter((n) => n.type === type)));
    return notices;
  };
  const prefix = site.locale?.prefix ?? '';
  // The request names its language's folder (`locale`): its page's file is in it.
  const file = (request: LocalizedRequest, contents: string): OutputFile => ({ path: pageOf(request).file, contents });
  return {
    notFound: (root) => ({ path: prefix + SITE.notFound().file, contents: theme.page('not-found', notFoundPage(site, assets, root)) }),
    render(request) {
      switch (request.kind) {
        case 'status': {
          const home = statusPage(site, assets);
          const render = (context: typeof home): string => theme.page('status', context);
          const contexts = function* () {
            for (const m of moments()) yield { at: m.at, context: statusPage(m.site, assets) };
          };
          return file(request, withMoments(render(home), home, contexts(), render));
        }
        case 'notice': {
          const notice = site.noticesById.get(request.id);
          return notice ? file(request, theme.page('notice', noticePage(site, assets, notice))) : null;
        }
        case 'component': {
          const component = site.componentsById.get(request.id);
          if (!component) return null;
          byComponent ??= noticesByComponent(site);
          return file(request, theme.page('component', componentPage(site, assets, component, byComponent.get(component.id) ?? [])));
        }
        case 'componentData': {
          const component = site.componentsById.get(request.id);
          return component?.metrics ? file(request, componentData(site, component)) : null;
        }
        case 'history': {
          const notices = history(request.type);
          const pages = Math.max(1, Math.ceil(notices.length / PAGE_SIZE));
          if (request.page > pages) return null;
          const onPage = notices.slice((request.page - 1) * PAGE_SIZE, request.page * PAGE_SIZE);
          return file(request, theme.page('history', historyView(site, assets, request.type, onPage, request.page, pages)));
        }
        case 'feed':
          return inFolder(renderAtom(site, undefined, parts), prefix);
        case 'maintenance':
          return inFolder(renderCalendar(site, undefined, parts), prefix);
        case 'componentFeed': {
          const scope = scopeOf(request.id);
          return scope ? inFolder(renderAtom(site, scope, parts), prefix) : null;
        }
        case 'componentCalendar': {
          const scope = scopeOf(request.id);
          return scope ? inFolder(renderCalendar(site, scope, parts), prefix) : null;
        }
        case 'statusBadge':
          return file(request, statusBadge(site));
        case 'componentBadge': {
          const component = site.componentsById.get(request.id);
          return component ? file(request, componentBadge(site, component)) : null;
        }
        // The assets and the widget are the same in every language: at the root only.
        case 'asset':
          return prefix === '' ? (assetFiles.get(pageOf(request).file) ?? null) : null;
        case 'widget':
          // The same file for every site: it reads the API beside it, whatever the content.
          return prefix === '' ? file(request, widgetJs) : null;
        case 'widgetText':
          return null; // at the root, from siteRenderer
      }
    },
  };
}

/** The languages the widget has a file for: the site's, or its one language (so a page in it loads no missing file). */
const widgetLocales = (site: DerivedSite): readonly string[] => (siteLocales(site).length > 0 ? siteLocales(site) : [site.site.locale]);

const inFolder = (file: OutputFile, prefix: string): OutputFile => (prefix === '' ? file : { ...file, path: prefix + file.path });

/** Every request the site answers, in the order the build writes them: the notice pages last (see renderApi). */
function* everyRequest(site: DerivedSite): Generator<SiteRequest> {
  yield { kind: 'status' };
  yield { kind: 'widget' };
  for (const component of site.components) {
    yield { kind: 'component', id: component.id };
    if (component.metrics) yield { kind: 'componentData', id: component.id };
    yield { kind: 'componentFeed', id: component.id };
    yield { kind: 'componentCalendar', id: component.id };
  }
  for (const type of [undefined, ...NOTICE_TYPES]) {
    const count = type === undefined ? site.notices.length : site.notices.filter((n) => n.type === type).length;
    for (let page = 1; page <= Math.max(1, Math.ceil(count / PAGE_SIZE)); page++) yield { kind: 'history', type, page };
  }
  yield { kind: 'feed' };
  yield { kind: 'maintenance' };
  yield { kind: 'statusBadge' };
  for (const component of site.components) yield { kind: 'componentBadge', id: component.id };
}

/** The template that renders the page `request` asks for (null: the 404 page); null when none does (a feed, a badge, an asset). */
export const pageTemplate = (request: SiteRequest | null): PageTemplate | null => (request === null ? 'not-found' : TEMPLATE_OF[request.kind]);

const TEMPLATE_OF: Record<SiteRequest['kind'], PageTemplate | null> = {
  status: 'status', notice: 'notice', component: 'component', history: 'history',
  componentData: null, feed: null, maintenance: null, componentFeed: null, componentCalendar: null, statusBadge: null, componentBadge: null, asset: null, widget: null, widgetText: null,
};

/** Whether `request` is a page of the theme's templates (a site's own templates render those only: worker.ts, src/dev/pages.ts). */
export const templated = (request: SiteRequest): boolean => pageTemplate(request) !== null;

/**
 * Every request of the site but its notice pages, in every language: the default's, then each other
 * language's copy in its folder (the widget and its texts are at the root only).
 */
function* localizedRequests(site: DerivedSite): Generator<LocalizedRequest> {
  yield* everyRequest(site);
  for (const tag of [...widgetLocales(site), WIDGET_DEFAULT]) yield { kind: 'widgetText', tag };
  for (const locale of siteLocales(site).slice(1)) {
    for (const request of everyRequest(site)) if (request.kind !== 'widget') yield { ...request, locale };
  }
}

/** The 404 pages and the notice pages of the other languages' copies (the default's notice pages are claimed: noticePages). */
function* localizedPages(site: DerivedSite, renderer: SiteRenderer): Generator<OutputFile> {
  yield renderer.notFound()!;
  for (const locale of siteLocales(site).slice(1)) {
    yield renderer.notFound(undefined, locale)!;
    for (const notice of site.notices) yield renderer.render({ kind: 'notice', id: notice.id, locale })!;
  }
}

/** The files of the HTML site that no template renders: the styles, feeds, badges, the widget, the components' data. */
export function* untemplatedFiles(site: DerivedSite, renderer: SiteRenderer): Generator<OutputFile> {
  yield* renderer.assets.files;
  for (const request of localizedRequests(site)) if (!templated(request)) yield renderer.render(request)!;
}

/** The pages of the theme's templates (with the 404 pages, the notice pages last): what the process of a site's own templates renders. */
export function* templatedPages(site: DerivedSite, renderer: SiteRenderer): Generator<OutputFile> {
  for (const request of localizedRequests(site)) if (templated(request)) yield renderer.render(request)!;
  yield* localizedPages(site, renderer);
  yield* noticePages(site, renderer);
}

/**
 * Every file of the HTML site. With `shared`, the notice pages (most of the site) are claimed one by
 * one from a counter that other threads running noticePages() claim from too, so the threads share
 * them whichever finishes its other work first.
 */
export function* renderHtml(site: DerivedSite, theme: Theme, shared?: NoticeClaims): Generator<OutputFile> {
  const renderer = siteRenderer(site, theme);
  yield* renderer.assets.files;
  for (const request of localizedRequests(site)) yield renderer.render(request)!;
  yield* localizedPages(site, renderer);
  yield* noticePages(site, renderer, shared);
}

/** The counter the threads claim notice pages from: an Int32Array over a SharedArrayBuffer, at 0. */
export type NoticeClaims = Int32Array;

export const noticeClaims = (): NoticeClaims => new Int32Array(new SharedArrayBuffer(4));

/** The notice pages, in the site's order: all of them, or those this thread claims from `shared`. */
export function* noticePages(site: DerivedSite, renderer: SiteRenderer, shared?: NoticeClaims): Generator<OutputFile> {
  let own = 0;
  const next = (): number => (shared ? Atomics.add(shared, 0, 1) : own++);
  for (let i = next(); i < site.notices.length; i = next()) yield renderer.render({ kind: 'notice', id: site.notices[i]!.id })!;
}
