// The embeddable widget (`widget.js` at the site's root, built into a browser bundle): a product puts
// it on its own pages, on another origin, to show the page's state and the incidents and maintenance
// happening now, each linked to the status page. It reads the prebuilt API next to itself, so the
// embedder configures nothing; it works under a Content-Security-Policy that allows the status origin
// in script-src and connect-src and nothing inline: its styles are a constructed stylesheet adopted
// by a shadow root (no style attribute, no <style> element), and every text from the API is inserted
// with textContent, never parsed as HTML. Each placeholder (`<div data-statuspress>` or
// `<statuspress-status>`) takes `data-mode` (full or compact), `data-theme` (auto, light or dark) and
// `data-refresh` (minutes between checks, held to 1 to 60, default 5). Its words, the state text and
// the notices' subjects and links are in the language of the placeholder (`data-lang`, else the
// nearest `lang`) when the build wrote that language's file (`widget/de.json`), else in the site's
// default language (`widget/default.json`), else in English. It follows the clock: that file
// carries the widget's view at each moment of the next day when time alone changes it (a
// maintenance begins), and the widget shows it at its minute while the status file is the one of the
// same build, then reads the status file again.

/** The embedding page (one short name in the bundle, which is kept small). */
const doc = document;
/** Where the script was loaded from: the API and the status page are beside it. */
const script = (doc.currentScript ?? doc.querySelector('script[src*="widget.js"]')) as HTMLScriptElement | null;
const BASE = new URL('.', script?.src || location.href).href;
/**
 * The prebuilt files (path-style, so hosts without rewrites serve them too): the Statuspage-compatible
 * status, whose indicator tells an outage from a degradation as the page does, and the present notices.
 */
const STATUS = 'api/v2/status.json';
const PRESENT = 'api/v1/notices/q/timeline_state_eq=present/page=1.json';
/**
 * Statuspage's indicators, mildest first, as src/derive/severity.ts maps the page's severity to them:
 * the first two are the states `operational` and `under-maintenance`, the rest `degraded`, and the
 * last two outages, whose headings are the language's file's `o`.
 */
const INDICATORS = ['none', 'maintenance', 'minor', 'major', 'critical'];
/** At most this many notices in the full widget; the rest are on the status page. */
const SHOWN = 3;

/** The notices shown, in this order: incidents, then maintenance (general announcements are left to the status page). */
const KINDS = ['unplanned', 'planned'];

// The page's colours (templates/style.css): background, foreground, muted, line, link, then one a
// severity (operational, degraded, partial and major outage, maintenance); a box's indicator (its class)
// sets its icon's `--i`.
const DARK = '--b:#0d1117;--f:#e6edf3;--m:#9198a1;--l:#30363d;--a:#6cb6ff;--o:#7dec99;--d:#fff4ca;--p:#ffa448;--x:#ff6c6c;--t:#257df9';
const CSS =
  ':host{display:block;font-size:14px;line-height:1.45;--b:#fff;--f:#1f2328;--m:#57606a;--l:#d0d7de;--a:#0550ae;--o:#176a33;--d:#c28200;--p:#cc4b00;--x:#8a0f1a;--t:#052c61}' +
  `:host([data-theme=dark]){${DARK}}@media (prefers-color-scheme:dark){:host(:not([data-theme=light])){${DARK}}}` +
  ':host([data-mode=compact]){display:inline-block;max-width:100%;vertical-align:middle}' +
  '.w{background:var(--b);color:var(--f);border:1px solid var(--l);border-radius:6px;padding:.5em .75em;overflow-wrap:anywhere}' +
  '.c{padding:.2em .6em;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}' +
  'a{color:var(--a);text-underline-offset:2px}a:focus-visible{outline:2px solid var(--a);outline-offset:2px}' +
  'p{margin:0}.s{font-weight:600}.m{color:var(--m);font-size:.875em}' +
  '.i{display:inline-block;width:.5em;height:.5em;margin-right:.45em;border-radius:50%;border:2px solid var(--i,var(--m));background:var(--i)}' +
  '.none{--i:var(--o)}.minor{--i:var(--d)}.major{--i:var(--p)}.critical{--i:var(--x)}.maintenance{--i:var(--t)}' +
  '.minor .i{border-radius:0;clip-path:polygon(50% 0,100% 100%,0 100%)}.major .i{border-radius:0}.maintenance .i{border-radius:2px;rotate:45deg;scale:.85}' +
  'ul{list-style:none;margin:.35em 0;padding:0 0 0 1.2em}li{margin:.3em 0}';

interface Notice {
  id: string;
  type: string;
  state: string;
  subject: string;
  url: string;
}
interface View {
  state: string;
  /** The indicator's place in INDICATORS. */
  level: number;
  text: string;
  name: string;
  url: string;
  notices: Notice[];
  more: boolean;
  /** The status file's `updated_at`: which build wrote it. */
  b?: unknown;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** An http(s) address from the API, or the status page's: never a `javascript:` link. */
function link(value: unknown): string {
  try {
    const url = new URL(text(value));
    if (/^https?:$/.test(url.protocol)) return url.href;
  } catch {
    // Not an address.
  }
  return BASE;
}

/** `investigating` → `Investigating`, `false_alarm` → `False alarm`. */
const word = (state: string): string => state.charAt(0).toUpperCase() + state.slice(1).replace(/_/g, ' ');

async function get(path: string): Promise<Record<string, unknown>> {
  // Without credentials from another origin (a fetch's default): an embedding page sends the status site none.
  const answer = await fetch(BASE + path, { signal: AbortSignal.timeout(10_000) });
  // Every caller takes a failure as "not there" and says nothing of it: no words spent on a message.
  if (!answer.ok) throw new Error();
  return answer.json() as Promise<Record<string, unknown>>;
}

/** What the API says, or null when it cannot be read (then the widget says so and links the page). */
async function fetchView(): Promise<View | null> {
  try {
    const [status, present] = await Promise.all([get(STATUS), get(PRESENT).catch(() => null)]);
    const page = status.page as Record<string, unknown>;
    const about = status.status as Record<string, unknown>;
    const level = INDICATORS.indexOf(text(about.indicator));
    if (level < 0) return null;
    const state = ['operational', 'under-maintenance'][level] ?? 'degraded';
    const listed = (present?.notices ?? []) as Record<string, unknown>[];
    const notices = KINDS.flatMap((type) => listed.filter((n) => n.type === type).map((n) => ({ id: String(n.id), type, state: text(n.state), subject: text(n.subject), url: link(n.url) })));
    const meta = present?.meta as { next_page?: unknown } | undefined;
    return { state, level, text: text(about.description), name: text(page.name), url: link(page.url), notices, more: notices.length > SHOWN || !!meta?.next_page, b: page.updated_at };
  } catch {
    return null;
  }
}

/** One answer for every widget on the page, at most every 30 seconds. */
let fetched = 0;
let pending: Promise<View | null> | undefined;
function load(): Promise<View | null> {
  const now = Date.now();
  if (!pending || now - fetched > 30_000) {
    fetched = now;
    pending = fetchView();
  }
  return pending;
}

function element<K extends keyof HTMLElementTagNameMap>(tag: K, className?: string, content?: string): HTMLElementTagNameMap[K] {
  const made = doc.createElement(tag);
  if (className) made.className = className;
  if (content !== undefined) made.textContent = content;
  return made;
}

/**
 * A text from the API or the site, isolated, so a right-to-left override in it stays inside; with
 * `mark` (`lang`, `dir`) when it is in the site's default language, not the widget's.
 */
const words = (text: string, mark?: Mark | false): HTMLElement => Object.assign(element('bdi', '', text), mark);

/** A link to `href` around `text` (`words`). */
function anchor(href: string, text: HTMLElement): HTMLAnchorElement {
  const made = element('a');
  made.href = href;
  made.append(text);
  return made;
}

function icon(): HTMLElement {
  const made = element('span', 'i');
  made.ariaHidden = 'true';
  return made;
}

/** The attributes of a text in the site's default language: its `lang`, and its `dir` when it differs. */
type Mark = { lang: string; dir?: string } | undefined;
/**
 * A language's file: its words (incident, maintenance, unavailable, view, more), states, state texts,
 * notices (subject, url, and 1 when the subject is in the default language) and page, the mark
 * of a text in the default language (none in the default language's own file), and the headings of
 * a partial and a major outage (none in a file of the version before): a state text it lacks is the
 * API's, in the default language.
 */
interface Lang {
  w: string[];
  s: Record<string, string>;
  t: Record<string, string>;
  n: Record<string, [subject: string, url: string, fallback?: 1]>;
  u: string;
  f?: Mark;
  o?: string[];
  /**
   * The moments of the next day when the clock alone changes the view (`a`, ms), each with what it
   * changes, and the `updated_at` of the status file of the same build (`b`): a later build's
   * status file is newer than any of them.
   */
  m?: (View & { a: number })[];
  b?: string;
}
const EN: Lang = { w: ['Incident', 'Maintenance', 'Status unavailable. ', 'View the status page', 'More on the status page'], s: {}, t: {}, n: {}, u: '' };
const langs: Record<string, Promise<Lang>> = {};
/**
 * The file of `lang` (`de-AT`, then `de`), else the site's default language's (`default`, the
 * language of the API's texts), else the English built in here (a host that serves only widget.js).
 */
const language = (lang: string): Promise<Lang> => {
  // The page's `lang` becomes part of an address: only a language tag's letters (`de-AT`) are asked for.
  if (!/^([a-z]{2,3}(-[a-z\d]{2,8})*)?$/i.test(lang)) return language('');
  // As the build names its files (`pt-br` and `PT-BR` as `pt-BR`): a page's `lang` is
  // case-insensitive, a static host's paths are not. None (''), or a tag Intl refuses, as written.
  let tag = lang;
  try {
    tag = Intl.getCanonicalLocales(lang)[0]!;
  } catch {
    // kept as written
  }
  return (langs[tag] ??= (get(`widget/${tag || 'default'}.json`) as Promise<unknown> as Promise<Lang>).catch(() =>
    tag ? language(tag.replace(/-?[^-]*$/, '')) : EN,
  ));
};

/** The widget's contents for a view (null: the API could not be read), in language `l`. */
function render(view: View | null, compact: boolean, l: Lang): HTMLElement {
  if (!view) {
    const box = element('p', compact ? 'w c' : 'w', l.w[2]);
    box.prepend(icon());
    box.append(anchor(BASE, words(l.w[3]!)));
    return box;
  }
  const home = l.u ? link(l.u) : view.url;
  // An outage in the file's words (a file of the version before has none: the state text then).
  const own = l.o?.[view.level - 3] ?? l.t[view.state];
  // A state text the file lacks is the API's, in the default language.
  const said = words(own ?? view.text, !own && l.f);
  if (compact) {
    const box = element('p', `w c ${INDICATORS[view.level]}`);
    box.append(icon(), anchor(home, said));
    return box;
  }
  const box = element('div', `w ${INDICATORS[view.level]}`);
  const head = element('p', 's');
  head.append(icon(), said);
  box.append(head);
  if (view.notices.length) {
    const list = element('ul');
    for (const notice of view.notices.slice(0, SHOWN)) {
      const item = element('li');
      // A notice the file lacks (published since the build) is the API's, in the default language.
      const [subject, url, fallback] = l.n[notice.id] ?? [notice.subject, notice.url, 1];
      item.append(element('p', 'm', `${l.w[KINDS.indexOf(notice.type)]} · ${l.s[notice.state] ?? word(notice.state)}`), anchor(link(url), words(subject, !!fallback && l.f)));
      list.append(item);
    }
    box.append(list);
  }
  const foot = element('p', 'm');
  foot.append(anchor(home, words(view.more ? l.w[4]! : view.name || l.w[3]!)));
  box.append(foot);
  return box;
}

let sheet: CSSStyleSheet | undefined;
try {
  sheet = new CSSStyleSheet();
  sheet.replaceSync(CSS);
} catch {
  // A browser without constructed stylesheets shows the widget unstyled; nothing else would pass the CSP.
}

const timers = new WeakMap<Element, number>();
const checks = new Set<() => void>();

/** Shows the widget in `host` and keeps it current. */
function mount(host: HTMLElement): void {
  if (host.shadowRoot && !timers.has(host)) return;
  clearInterval(timers.get(host));
  const root = host.shadowRoot ?? host.attachShadow({ mode: 'open' });
  if (sheet) root.adoptedStyleSheets = [sheet];
  const region = element('div');
  region.setAttribute('role', 'status');
  region.setAttribute('aria-live', 'polite');
  root.replaceChildren(region);
  let shown = '';
  let clock: number | undefined;
  const check = (): void => {
    if (!host.isConnected) {
      clearInterval(timers.get(host));
      checks.delete(check);
      return;
    }
    if (doc.hidden) return;
    void Promise.all([load(), language(host.dataset.lang ?? host.closest<HTMLElement>('[lang]')?.lang ?? '')]).then(([view, l]) => {
      // The view as of the latest moment due, while the status file is its build's; a timer to the next.
      const now = Date.now();
      let due, soon;
      for (const m of l.m ?? []) if (m.a > now) soon ??= m;
      else due = m;
      if (view && due && view.b === l.b) view = { ...view, ...due };
      // At it, the status file is read again (unless read in the 30 seconds before).
      clearTimeout(clock);
      clock = soon && setTimeout(check, soon.a - now);
      const compact = host.dataset.mode === 'compact';
      const key = JSON.stringify([view, compact, l]);
      // Unchanged: left alone, so a screen reader does not announce it again.
      if (key !== shown) region.replaceChildren(render(view, compact, l));
      shown = key;
    });
  };
  const asked = Number(host.dataset.refresh);
  const minutes = asked > 0 ? Math.min(60, Math.max(1, asked)) : 5;
  timers.set(host, setInterval(check, minutes * 60_000));
  checks.add(check);
  check();
}

doc.addEventListener('visibilitychange', () => checks.forEach((check) => check()));
const TAG = 'statuspress-status';
if (!customElements.get(TAG)) {
  customElements.define(
    TAG,
    class extends HTMLElement {
      connectedCallback(): void {
        mount(this);
      }
    },
  );
}
const scan = (): void => doc.querySelectorAll<HTMLElement>('[data-statuspress]').forEach(mount);
if (doc.readyState === 'loading') doc.addEventListener('DOMContentLoaded', scan);
else scan();
