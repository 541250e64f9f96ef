// The HTML site's addresses: for each page, feed, badge and the embeddable widget, the file the
// build writes and the href that links to it. Hrefs are relative to {base_url}, and pages link to each other with
// relativeHref(), so one output works at `/` and under a base path. The API's absolute `url`s (a
// notice's, a component's metrics view) are siteUrl() of these same entries.
import type { NoticeType } from '../content/types.js';
import { TIMEFRAME_END, TIMEFRAME_START } from './table.js';

export interface SitePage {
  /** Output file, relative to the output folder. */
  file: string;
  /** Address relative to {base_url}: folders end in `/`, the status page is the empty string. */
  href: string;
}

/** A page served as the folder's `index.html`, linked as the folder (`notices/42/`). */
const folder = (href: string): SitePage => ({ file: `${href}index.html`, href });
const file = (path: string): SitePage => ({ file: path, href: path });

/** `history/`, `history/page/2/`, `history/planned/`, `history/planned/page/2/`: page 1 has no `page/1/`. */
function history(type?: NoticeType, page = 1): SitePage {
  return folder(['history/', type === undefined ? '' : `${type}/`, page > 1 ? `page/${page}/` : ''].join(''));
}

/** A fingerprinted asset: `assets/app.3f9a1c2b.css` for `app.css`. `hash` is at least 8 lowercase hex digits, which hosts cache forever. */
function asset(name: string, hash: string): SitePage {
  const dot = name.lastIndexOf('.');
  return file(dot > 0 ? `assets/${name.slice(0, dot)}.${hash}${name.slice(dot)}` : `assets/${name}.${hash}`);
}

/**
 * A component's page; with a timeframe, the link that opens that window (`?timeframe_start=…&timeframe_end=…`,
 * the metrics endpoint's own parameters, read in the browser). Its file is the same either way.
 */
function component(id: number, timeframe?: { start: string; end: string }): SitePage {
  const page = folder(`components/${id}/`);
  if (!timeframe) return page;
  return { ...page, href: `${page.href}?${TIMEFRAME_START.key}=${timeframe.start}&${TIMEFRAME_END.key}=${timeframe.end}` };
}

/** Every address of the HTML site. */
export const SITE = {
  /** The status page, at `/`. */
  status: (): SitePage => folder(''),
  /** A notice (the API's notice `url`). */
  notice: (id: number): SitePage => folder(`notices/${id}/`),
  /** A component (the API's metrics `url`). */
  component,
  /** The compact data a component page's timeframe picker computes from. */
  componentData: (id: number): SitePage => file(`components/${id}/data.json`),
  /** Published notices by month, newest first; optionally of one type. */
  history,
  feed: (): SitePage => file('feed.atom'),
  /** iCalendar of planned notices. */
  maintenance: (): SitePage => file('maintenance.ics'),
  /** A component's own Atom feed: the notices that affect it or a component under it. */
  componentFeed: (id: number): SitePage => file(`components/${id}/feed.atom`),
  /** A component's own iCalendar: the maintenance that affects it or a component under it. */
  componentCalendar: (id: number): SitePage => file(`components/${id}/maintenance.ics`),
  statusBadge: (): SitePage => file('badges/status.svg'),
  componentBadge: (id: number): SitePage => file(`badges/components/${id}.svg`),
  asset,
  /**
   * The embeddable widget: at the site's root and never fingerprinted, so other sites can link it
   * for good (`<script src="https://status.example.com/widget.js" async>`).
   */
  widget: (): SitePage => file('widget.js'),
  /**
   * What the widget shows in one of the site's languages (its words, state texts, the present
   * notices' subjects and links), beside it at the root: `widget/de.json`, one for each language
   * (the one language of a site that lists no `locales`); and `widget/default.json`, the default
   * language's, which the widget reads when the embedding page's language is none of them.
   */
  widgetText: (locale: string): SitePage => file(`widget/${locale}.json`),
  /** The HTML page static hosts and `serve` send with a 404 for an address of the site (API addresses keep their JSON). */
  notFound: (): SitePage => file('404.html'),
};

export { localePrefix } from '../i18n/folder.js';

/** A page of the site in the language whose folder is `prefix` (localePrefix()). */
export const inLocale = (page: SitePage, prefix: string): SitePage => (prefix === '' ? page : { file: `${prefix}${page.file}`, href: `${prefix}${page.href}` });

/** The href from one site page to another, relative, so it holds wherever the output is mounted. */
export function relativeHref(from: SitePage, to: SitePage): string {
  return upFrom(from.href) + to.href || './';
}

/** `../` for each `/` of href before any `?` or `#`. Counted, not split: every link of every page asks. */
function upFrom(href: string): string {
  let depth = 0;
  for (let i = 0; i < href.length; i++) {
    const c = href.charCodeAt(i);
    if (c === 0x2f) depth += 1;
    else if (c === 0x3f || c === 0x23) break;
  }
  return (UPS[depth] ??= '../'.repeat(depth));
}
const UPS: string[] = [];

/** The absolute URL of a site page, from the site's {base_url} (no trailing slash). */
export const siteUrl = (baseUrl: string, page: SitePage): string => `${baseUrl}/${page.href}`;

/** A page, feed, badge or asset of the site, as a request (what `statuspress dev` renders on demand). */
export type SiteRequest =
  | { kind: 'status' }
  | { kind: 'notice'; id: number }
  | { kind: 'component'; id: number }
  | { kind: 'componentData'; id: number }
  | { kind: 'history'; type: NoticeType | undefined; page: number }
  | { kind: 'feed' }
  | { kind: 'maintenance' }
  | { kind: 'componentFeed'; id: number }
  | { kind: 'componentCalendar'; id: number }
  | { kind: 'statusBadge' }
  | { kind: 'componentBadge'; id: number }
  /** `name` with its fingerprint, as in the page's links (`style.3f9a1c2b07.css`). */
  | { kind: 'asset'; file: string }
  | { kind: 'widget' }
  | { kind: 'widgetText'; tag: string };

/** A request of a language's copy of the site (`de/notices/42/`): `locale` is its folder's tag; absent for the default language. */
export type LocalizedRequest = SiteRequest & { locale?: string };

/** The page of a request: its file and href, from the same builders as every link. */
export function pageOf(request: LocalizedRequest): SitePage {
  const page = basePageOf(request);
  return request.locale === undefined ? page : inLocale(page, `${request.locale}/`);
}

/** Each kind is named as its builder in SITE, and takes that builder's arguments. */
function basePageOf(request: SiteRequest): SitePage {
  if (request.kind === 'asset') return file(`assets/${request.file}`);
  if (request.kind === 'history') return SITE.history(request.type, request.page);
  if (request.kind === 'widgetText') return SITE.widgetText(request.tag);
  return 'id' in request ? SITE[request.kind](request.id) : SITE[request.kind]();
}

/**
 * The folder of a language's copy: a language tag as site.yaml's `locales` canonicalizes it (`de`,
 * `pt-BR`, `zh-Hant`). No page's first segment is two or three lowercase letters, so none is taken for one.
 */
export const LOCALE_TAG = '[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*';
const LOCALE_FOLDER = new RegExp(`^(${LOCALE_TAG})/`);

/** The language folder a site path is in (`de` for `de/notices/9/`), if it starts with one: whose 404 page to send. */
export const localeOfPath = (path: string): string | undefined => LOCALE_FOLDER.exec(path)?.[1];

/** The widget's file of the site's default language (`widget/default.json`): no language tag is spelled so. */
export const WIDGET_DEFAULT = 'default';

const ID = '([1-9][0-9]{0,15})';
const TYPES = '(unplanned|planned|general)';
const SITE_PATHS: [RegExp, (m: RegExpExecArray) => SiteRequest][] = [
  [/^index\.html$/, () => ({ kind: 'status' })],
  [new RegExp(`^notices/${ID}/index\\.html$`), (m) => ({ kind: 'notice', id: Number(m[1]) })],
  [new RegExp(`^components/${ID}/index\\.html$`), (m) => ({ kind: 'component', id: Number(m[1]) })],
  [new RegExp(`^components/${ID}/data\\.json$`), (m) => ({ kind: 'componentData', id: Number(m[1]) })],
  [new RegExp(`^components/${ID}/feed\\.atom$`), (m) => ({ kind: 'componentFeed', id: Number(m[1]) })],
  [new RegExp(`^components/${ID}/maintenance\\.ics$`), (m) => ({ kind: 'componentCalendar', id: Number(m[1]) })],
  [new RegExp(`^history/(?:${TYPES}/)?(?:page/${ID}/)?index\\.html$`), (m) => ({ kind: 'history', type: m[1] as NoticeType | undefined, page: Number(m[2] ?? 1) })],
  [/^feed\.atom$/, () => ({ kind: 'feed' })],
  [/^maintenance\.ics$/, () => ({ kind: 'maintenance' })],
  [/^badges\/status\.svg$/, () => ({ kind: 'statusBadge' })],
  [new RegExp(`^badges/components/${ID}\\.svg$`), (m) => ({ kind: 'componentBadge', id: Number(m[1]) })],
  [/^widget\.js$/, () => ({ kind: 'widget' })],
  [new RegExp(`^widget/(${LOCALE_TAG}|${WIDGET_DEFAULT})\\.json$`), (m) => ({ kind: 'widgetText', tag: m[1]! })],
  [/^assets\/([a-z0-9-]+\.[0-9a-f]{8,}\.(?:css|js|svg))$/, (m) => ({ kind: 'asset', file: m[1]! })],
];

/**
 * The request a site path names (`notices/42/`, `notices/42/index.html`, `feed.atom`), or null. A
 * path counts only when the builders above give back exactly its file, so `history/page/1/` (page 1
 * lives at `history/`) or `notices/042/` name nothing, as a static host would find nothing there.
 */
export function parseSitePath(path: string): LocalizedRequest | null {
  // A language's folder holds the whole site but its assets and the widget, which stay at the root.
  const folder = LOCALE_FOLDER.exec(path);
  if (folder) {
    const request = parseSitePath(path.slice(folder[0].length));
    return request === null || request.kind === 'asset' || request.kind === 'widget' || request.kind === 'widgetText' || 'locale' in request ? null : { ...request, locale: folder[1]! };
  }
  const wanted = path === '' || path.endsWith('/') ? `${path}index.html` : path;
  for (const [pattern, make] of SITE_PATHS) {
    const match = pattern.exec(wanted);
    if (!match) continue;
    const request = make(match);
    return pageOf(request).file === wanted ? request : null;
  }
  return null;
}

/**
 * A page's folder asked for without its slash (`de`, `notices/7`, `de/history`): the request of the
 * page at the address with it, else null. The pages' links are relative and would resolve from the
 * parent (from `/`, into the default language's site), so servers send such an address where they
 * resolve (301, `folderLocation`), as static hosts do.
 */
export function slashlessFolder(path: string): LocalizedRequest | null {
  return path === '' || path.endsWith('/') ? null : parseSitePath(`${path}/`);
}

/**
 * Where a slashless folder (`slashlessFolder`) is sent: `base` (the server's mount, `/status`, or
 * '') with the routed path and its slash, and the query of `target`, the address asked. Made from
 * the routed path, never the raw one (`//host` would leave the site).
 */
export function folderLocation(base: string, path: string, target: string): string {
  const query = target.includes('?') ? target.slice(target.indexOf('?')) : '';
  return `${base}/${encodeURI(path)}/${query}`;
}
