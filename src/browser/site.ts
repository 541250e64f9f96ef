// The script of every page (built into a browser bundle, loaded with `defer`). Everything it does is
// an improvement on a page that already works without it: times in the reader's own zone, a page
// that follows an incident while it is open, a status page that follows the clock (a maintenance
// begins at its minute on any static host), the history's months in the reader's zone too, and
// arrow keys between the days of an uptime bar.

import { formatDate, formatDateTime, formatMonth, formatRange } from '../i18n/dates.js';

const root = document.documentElement;
/** The page's language, as the build wrote it (`<html lang>`): the script writes dates as the page does. */
const locale = root.lang || 'en';

/**
 * Every <time datetime> in the reader's zone, in the page's language (`20 Nov 2026, 23:00 GMT+13`);
 * a window within one day (`data-until`) writes its date once. The site's own text stays as its title.
 */
function localTimes(within: ParentNode = document): void {
  const zone = new Intl.DateTimeFormat().resolvedOptions().timeZone;
  for (const time of within.querySelectorAll<HTMLTimeElement>('time[datetime]')) {
    const date = Date.parse(time.dateTime);
    if (Number.isNaN(date) || !time.dateTime.includes('T')) continue;
    const until = time.dataset.until ? Date.parse(time.dataset.until) : NaN;
    const text = Number.isNaN(until) ? formatDateTime(date, locale, zone) : formatRange(date, until, locale, zone);
    time.title = time.textContent ?? '';
    time.textContent = text;
  }
}

/**
 * The history's notices under the months of the reader's zone, as their times now are: a notice of
 * 30 November 23:00 in the site's zone is one of 1 December for a reader three hours east.
 */
function historyMonths(zone: string): void {
  const sections = [...document.querySelectorAll<HTMLElement>('main > section[aria-labelledby^="month-"]')];
  if (sections.length === 0) return;
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: zone, year: 'numeric', month: '2-digit' });
  const keyOf = (ms: number): string => {
    const part = (type: string): string => parts.formatToParts(ms).find((p) => p.type === type)?.value ?? '';
    return `${part('year')}-${part('month')}`;
  };
  const months: { key: string; at: number; items: HTMLElement[] }[] = [];
  for (const item of sections.flatMap((s) => [...s.querySelectorAll<HTMLElement>('.history > li')])) {
    const at = Date.parse(item.querySelector('time[datetime]')?.getAttribute('datetime') ?? '');
    if (Number.isNaN(at)) return;
    const key = keyOf(at);
    if (months.at(-1)?.key !== key) months.push({ key, at, items: [] });
    months.at(-1)!.items.push(item);
  }
  if (months.map((m) => `month-${m.key}`).join() === sections.map((s) => s.getAttribute('aria-labelledby')).join()) return;
  for (const month of months) {
    const section = document.createElement('section');
    section.setAttribute('aria-labelledby', `month-${month.key}`);
    const heading = document.createElement('h2');
    heading.id = `month-${month.key}`;
    heading.textContent = formatMonth(month.at, locale, zone);
    const list = document.createElement('ul');
    list.className = 'history';
    list.append(...month.items);
    section.append(heading, list);
    sections[0]!.before(section);
  }
  for (const old of sections) old.remove();
}

/**
 * Reloads the page when the status file has changed since the build (checked every minute while the
 * page is visible); returns the check, for a moment of the clock to run at once.
 */
function followStatus(): () => Promise<void> {
  // The page's state is spelt `under-maintenance`; the API may spell it `under_maintenance` (a site setting).
  const same = (text: string): string => text.replace(/_/g, '-');
  const shown = same(`${root.dataset.updated ?? ''} ${root.dataset.state ?? ''}`);
  const check = async (): Promise<void> => {
    if (document.visibilityState !== 'visible') return;
    try {
      const answer = await fetch(`${root.dataset.root ?? ''}api/v1/status.json`, { cache: 'no-store' });
      if (!answer.ok) return;
      const { page } = (await answer.json()) as { page: { updated_at: string; state: string } };
      if (same(`${page.updated_at} ${page.state}`) !== shown) location.reload();
    } catch {
      // Offline or the host is busy: try again next minute.
    }
  };
  setInterval(() => void check(), 60_000);
  return check;
}

/**
 * The status page as of each moment of its next day when the clock alone changes it (a maintenance
 * begins or ends, an announcement expires): the build wrote what its main part shows then, from
 * published facts only, in a JSON data block (render/site/moments.ts). At each moment, and at once
 * for one already past when the page is opened, its main part, state, title and icon become that
 * moment's, and the status file is checked again: a build made since (a new update, or `serve`
 * building again as of the moment) reloads the page. Without this script the page stays as of its
 * build, and says so.
 */
function followClock(check: () => Promise<void>): void {
  const block = document.querySelector('script[type="application/json"][data-statuspress="moments"]');
  const main = document.querySelector('main');
  if (!block || !main) return;
  let moments: { at: number; main: string; state?: string; title?: string; icon?: string }[];
  try {
    moments = (JSON.parse(block.textContent ?? '') as { at: string; main: string }[]).map((m) => ({ ...m, at: Date.parse(m.at) })).filter((m) => !Number.isNaN(m.at)).sort((a, b) => a.at - b.at);
  } catch {
    return;
  }
  // Read once: the page's document keeps only what it shows.
  block.remove();
  const title = document.querySelector('title');
  const icon = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  const show = (moment: (typeof moments)[number]): void => {
    // The build's own templates wrote it, as they wrote the page.
    main.innerHTML = moment.main;
    if (moment.state !== undefined && root.dataset.state !== undefined) root.dataset.state = moment.state;
    // As the layout wrote it, escapes and all: a <title> reads its HTML as text.
    if (moment.title !== undefined && title) title.innerHTML = moment.title;
    if (moment.icon !== undefined && icon) icon.setAttribute('href', moment.icon);
    localTimes(main);
    bars(main);
  };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const next = (): void => {
    clearTimeout(timer);
    let due: (typeof moments)[number] | undefined;
    while (moments.length > 0 && moments[0]!.at <= Date.now()) due = moments.shift();
    if (due) {
      show(due);
      void check();
    }
    // A timer longer than about 24.8 days fires at once: none is that far, but the clock may jump.
    if (moments.length > 0) timer = setTimeout(next, Math.min(moments[0]!.at - Date.now(), 2 ** 31 - 1));
  };
  // A computer that slept lets its timers run late: the page catches up as soon as it is seen.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') next();
  });
  next();
}

const SVG = 'http://www.w3.org/2000/svg';

/**
 * Each uptime bar becomes one tab stop: the arrow keys, Home and End move a cursor between its days,
 * whose caption (the day's line from the list below the bar, or "no incidents") is shown beside the
 * cursor and announced (aria-live); the pointer shows the same captions, and Enter opens the day's
 * first notice. Without the script the bar is no tab stop at all, and the days with something to say
 * are the list's links.
 */
function bars(within: ParentNode = document): void {
  for (const bar of within.querySelectorAll<HTMLElement>('.uptime > .bar[data-start]')) {
    const days = Number(bar.dataset.days);
    const first = Date.parse(`${bar.dataset.start ?? ''}T00:00:00Z`);
    const svg = bar.querySelector('svg');
    if (!svg || !Number.isFinite(first) || !(days > 0)) continue;
    const lines = new Map<number, HTMLLIElement>();
    for (const line of bar.parentElement!.querySelectorAll<HTMLLIElement>('.days li[data-day]')) lines.set(Number(line.dataset.day), line);
    const none = Number(bar.dataset.none ?? 0);
    const caption = document.createElement('p');
    caption.className = 'day-caption';
    caption.setAttribute('aria-live', 'polite');
    bar.after(caption);
    const cursor = document.createElementNS(SVG, 'rect');
    cursor.setAttribute('class', 'cursor');
    cursor.setAttribute('width', '.8');
    cursor.setAttribute('height', '10');
    cursor.setAttribute('vector-effect', 'non-scaling-stroke');
    let at = days - 1;
    // Right to left, the bar is drawn mirrored (style.css): its oldest day at the right.
    const rtl = getComputedStyle(bar).direction === 'rtl';
    const shown = (i: number): number => (rtl ? days - 1 - i : i);
    bar.tabIndex = 0;
    const text = (i: number): string => {
      const line = lines.get(i);
      if (line) return line.textContent ?? '';
      // The bar's days are the site's calendar days: day i is i calendar days after the first.
      const date = formatDate(first + i * 86_400_000, locale, 'UTC');
      return ((i < none ? bar.dataset.noData : bar.dataset.noIncidents) ?? '').replace('{day}', date);
    };
    // On a narrow screen the drawing is wider than the bar, its newest days shown (style.css): the
    // days are measured on the drawing, and the cursor stays on those shown.
    const geometry = () => {
      const box = bar.getBoundingClientRect();
      const drawn = svg.getBoundingClientRect();
      const day = drawn.width / days;
      return { box, drawn, day, oldest: Math.max(0, days - Math.round(box.width / day)) };
    };
    /** Day i's left edge, from the drawing's left. */
    const offset = (i: number, day: number): number => shown(i) * day;
    const show = (i: number): void => {
      const { box, drawn, day, oldest } = geometry();
      at = Math.max(oldest, Math.min(days - 1, i));
      cursor.setAttribute('x', String(at));
      if (!cursor.isConnected) svg.append(cursor);
      caption.textContent = text(at);
      const middle = drawn.left - box.left + offset(at, day) + day / 2;
      const left = Math.max(0, Math.min(box.width - caption.offsetWidth, middle - caption.offsetWidth / 2));
      caption.style.left = `${left}px`;
    };
    const hide = (): void => {
      if (document.activeElement === bar) return;
      cursor.remove();
      caption.textContent = '';
    };
    bar.addEventListener('focus', () => show(at));
    bar.addEventListener('blur', hide);
    bar.addEventListener('mousemove', (event) => {
      const { drawn, day } = geometry();
      show(shown(Math.floor((event.clientX - drawn.left) / day)));
    });
    bar.addEventListener('mouseleave', hide);
    bar.addEventListener('keydown', (event) => {
      if (event.key === 'Enter') {
        const link = lines.get(at)?.querySelector('a');
        if (link) link.click();
        return;
      }
      const back = rtl ? 1 : -1;
      const to = { ArrowLeft: at + back, ArrowRight: at - back, ArrowDown: at - 1, ArrowUp: at + 1, Home: 0, End: days - 1, PageUp: at - 7, PageDown: at + 7 }[event.key];
      if (to === undefined) return;
      event.preventDefault();
      show(to);
    });
  }
}

/**
 * The one `404.html` a static host sends for every missing address: under a language's folder
 * (`/de/notices/99/`), its ways back lead into that folder, and that language is the one marked.
 * Without this script the page still offers every language's home.
 */
function notFoundLanguage(): void {
  const ways = document.querySelectorAll<HTMLAnchorElement>('.ways a, .site-header a');
  const languages = [...document.querySelectorAll<HTMLAnchorElement>('nav.languages a[hreflang]')];
  const current = languages.find((a) => a.getAttribute('aria-current'));
  const path = (a: HTMLAnchorElement): string => new URL(a.href).pathname;
  const best = languages.filter((a) => location.pathname.startsWith(path(a))).sort((a, b) => path(b).length - path(a).length)[0];
  if (!document.querySelector('.ways') || !current || !best || best === current) return;
  const from = current.getAttribute('href') ?? '';
  const to = best.getAttribute('href') ?? '';
  for (const a of ways) {
    const href = a.getAttribute('href') ?? '';
    if (href.startsWith(from) && !href.startsWith(`${from}api/`)) a.setAttribute('href', to + href.slice(from.length));
  }
  current.removeAttribute('aria-current');
  best.setAttribute('aria-current', 'true');
}

localTimes();
historyMonths(new Intl.DateTimeFormat().resolvedOptions().timeZone);
// Before the clock changes the page's state: the status file is compared with the build's.
const check = followStatus();
notFoundLanguage();
// The footer says the page refreshes itself only when this script is there to do it, and not on the
// page for a missing address (its ways back), which has nothing to follow.
if (!document.querySelector('.ways')) for (const note of document.querySelectorAll<HTMLElement>('.refreshes')) note.hidden = false;
bars();
followClock(check);
