// The component tree and a component's uptime bar, as the status page, a group's page and a
// component's page show them: a large group folded into one row, each component a link to its page.
import { BAR_DAYS } from '../../derive/metrics.js';
import type { DerivedComponent, DerivedSite, Severity } from '../../derive/index.js';
import { relativeHref, SITE } from '../../routes/site.js';
import type { SitePage } from '../../routes/site.js';
import { dayText, langOf, severityLabel } from './format.js';
import type { Lang } from './format.js';
import { shortDuration } from './text.js';
import { NARROW_DAYS, uptimeBar, uptimeHundredths } from '../../derive/uptime.js';
import type { EventKind, UptimeBar } from '../../derive/uptime.js';

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
    // In a folded group, its parts show, and theirs wait on their pages: the group's page lists
    // every component under it, two clicks from the home, and the row names any in trouble.
    const inFold = group !== undefined && c.source.parentId === group;
    nodes.set(c.id, {
      id: c.id,
      name: c.source.name,
      lang: c.source.fallback?.name ?? null,
      href: relativeHref(from, SITE.component(c.id)),
      state: c.severity,
      stateLabel: severityLabel(c.severity, lang),
      uptime: c.metrics && under === undefined && group === undefined ? uptimeView(site, c, from, folded.has(c.id)) : null,
      children: inFold ? [] : c.children.map((id) => nodes.get(id)!),
      count: c.children.length > 0 && under === undefined && !inFold ? lang.m.t('component.count', { count: descendants(site, i) }) : null,
      open: !folded.has(c.id),
      affected: named.length === 0 ? null : {
        shown: named.slice(0, AFFECTED_SHOWN).map((a) => ({ name: a.source.name, lang: a.source.fallback?.name ?? null, href: relativeHref(from, SITE.component(a.id)), state: a.severity, stateLabel: severityLabel(a.severity, lang) })),
        more: named.length > AFFECTED_SHOWN ? lang.m.t('component.affectedMore', { count: named.length - AFFECTED_SHOWN }) : null,
      },
    });
  }
  return site.components.slice(first, end).filter((c) => c.source.parentId === (under?.id ?? null)).map((c) => nodes.get(c.id)!);
}

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
export function uptimeView(site: DerivedSite, component: DerivedComponent, from: SitePage, folded = false): UptimeView {
  const bar = uptimeBar(site, component.id);
  const lang = langOf(site.site);
  let made = barWords.get(bar);
  if (made?.lang !== lang) barWords.set(bar, (made = { lang, words: wordsOfBar(component, bar, lang) }));
  const { words } = made;
  // A folded group's bar names each day's worst incident only, and how many more: listing every
  // incident of its many components bloated a large site's page (each is on its component's page).
  const shown = (items: BarWords['events'][number]['items']): BarWords['events'][number]['items'] =>
    folded && items.length > 1 ? [{ ...items[0]!, duration: `${items[0]!.duration} ${lang.m.t('component.affectedMore', { count: items.length - 1 })}` }] : items;
  return { ...words, events: words.events.map((e) => ({ ...e, items: shown(e.items).map(({ id, what, duration }) => ({ href: relativeHref(from, SITE.notice(id)), what, duration })) })) };
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
    figures === null ? m.t('bar.noUptime') : m.t('bar.figure', { percent: m.percent(uptimeHundredths(figures.impactSeconds, figures.totalSeconds)), count: counted });
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
