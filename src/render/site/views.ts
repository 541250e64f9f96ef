// What every page of the site shares: the layout's context (title, links, assets, all relative to the
// page, so one output works at `/` and under a base path), and the pieces several pages show: a
// notice's summary, the component tree, a component's uptime bar.
import { stateEffect } from '../../derive/index.js';
import type { DerivedComponent, DerivedNotice, DerivedSite } from '../../derive/index.js';
import { defaultMetrics } from '../../derive/metrics.js';
import { apiFilePath } from '../../routes/files.js';
import { relativeHref, SITE, siteUrl } from '../../routes/site.js';
import type { SitePage } from '../../routes/site.js';
import { formatTimestamp } from '../../time.js';
import type { NoticeState, NoticeType, State } from '../../types.js';
import { durationWords, percentWords } from '../words.js';
import type { Assets } from './assets.js';
import { dayText, NOTICE_STATE_LABEL, STATE_LABEL, timeView, TYPE_LABEL } from './format.js';
import type { TimeView } from './format.js';
import { renderMarkdown } from './markdown.js';
import { BAR_DAYS, dayLevel, uptimeDays } from './uptime.js';

/** What a notice's state does to the page (src/derive, `stateEffect`), as a class its icon and colour are drawn from. */
export function noticeTone(type: NoticeType, state: NoticeState | null): State {
  return stateEffect(type, state) ?? 'operational';
}

/** What the layout of the page at `page` needs, with every link relative to it. */
export function layoutContext(site: DerivedSite, assets: Assets, page: SitePage, title: string, description: string, pageJs?: SitePage) {
  const href = (to: SitePage): string => relativeHref(page, to);
  const api = apiFilePath({ endpoint: 'status' })!;
  return {
    root: href(SITE.status()),
    title,
    description: summarize(description),
    url: siteUrl(site.site.url, page),
    siteName: site.site.name,
    state: site.page.state,
    updatedAt: formatTimestamp(site.page.updatedAt),
    built: timeView(site.now),
    assets: { css: href(assets.css), js: href(assets.js), icon: href(assets.icons[site.page.state]), pageJs: pageJs ? href(pageJs) : null },
    links: {
      status: href(SITE.status()),
      history: href(SITE.history()),
      feed: href(SITE.feed()),
      calendar: href(SITE.maintenance()),
      api: href({ file: api, href: api }),
      badge: href(SITE.statusBadge()),
    },
  };
}

/** What every list of notices shows of one: its link, subject, type and state. */
export interface NoticeHead {
  href: string;
  subject: string;
  tone: string;
  stateLabel: string | null;
  typeLabel: string;
}

export function noticeHead(notice: DerivedNotice, from: SitePage): NoticeHead {
  return {
    href: relativeHref(from, SITE.notice(notice.id)),
    subject: notice.source.subject,
    tone: noticeTone(notice.type, notice.state),
    stateLabel: notice.state === null ? null : NOTICE_STATE_LABEL[notice.state],
    typeLabel: TYPE_LABEL[notice.type],
  };
}

export interface NoticeSummary extends NoticeHead {
  window: { from: TimeView; to: TimeView } | null;
  /** When it began (or was posted), for notices without a window. */
  when: TimeView;
  latest: { html: string; at: TimeView } | null;
}

/** A notice as lists show it: its state, its window if planned, and (`latest`) its latest update. */
export function noticeSummary(notice: DerivedNotice, from: SitePage, latest: boolean): NoticeSummary {
  const update = notice.updates[notice.updates.length - 1]!;
  return {
    ...noticeHead(notice, from),
    window: windowOf(notice),
    when: timeView(notice.beganAt ?? notice.createdAt),
    latest: latest ? { html: renderMarkdown(update.content), at: timeView(update.at) } : null,
  };
}

/** A maintenance's scheduled window (begins_at to ends_at) as shown; null for other notices. */
export function windowOf(notice: DerivedNotice): { from: TimeView; to: TimeView } | null {
  const { beginsAt, endsAt } = notice.source;
  return beginsAt === null || endsAt === null ? null : { from: timeView(beginsAt), to: timeView(endsAt) };
}

/** How long an incident's impact lasted (so far, while it goes on); null for other notices. */
export function impactText(notice: DerivedNotice): string | null {
  if (notice.impact === null) return null;
  const ongoing = notice.state === 'investigating' || notice.state === 'identified';
  return `${durationWords(notice.impactSeconds)}${ongoing ? ' so far' : ''}`;
}

export interface ComponentNode {
  id: number;
  name: string;
  href: string;
  state: string;
  stateLabel: string;
  uptime: UptimeView | null;
  children: ComponentNode[];
}

/** The component tree as nested nodes, built bottom-up without recursion (the list is in pre-order). */
export function componentTree(site: DerivedSite, from: SitePage): ComponentNode[] {
  const nodes = new Map<number, ComponentNode>();
  for (let i = site.components.length - 1; i >= 0; i--) {
    const c = site.components[i]!;
    nodes.set(c.id, {
      id: c.id,
      name: c.source.name,
      href: relativeHref(from, SITE.component(c.id)),
      state: c.state,
      stateLabel: STATE_LABEL[c.state],
      uptime: c.metrics ? uptimeView(site, c, from) : null,
      children: c.children.map((id) => nodes.get(id)!),
    });
  }
  return site.components.filter((c) => c.source.parentId === null).map((c) => nodes.get(c.id)!);
}

const NONE: never[] = [];

export interface UptimeView {
  label: string;
  from: string;
  percent: string;
  days: { level: string; text: string; notices: { href: string; subject: string }[] }[];
}

/** A component's 90-day bar, each day with its caption and the incidents that touched it. */
export function uptimeView(site: DerivedSite, component: DerivedComponent, from: SitePage): UptimeView {
  const figures = defaultMetrics(site, component.id);
  return {
    label: `${component.source.name}: downtime day by day, past ${BAR_DAYS} days`,
    from: `${BAR_DAYS} days ago`,
    percent: percentWords(figures.impactSeconds, figures.totalSeconds),
    days: uptimeDays(site, component.id).map((day) => {
      const level = dayLevel(day);
      const what = level === 'none' ? 'no data' : day.downSeconds === 0 ? 'no downtime' : `${durationWords(day.downSeconds)} down`;
      return {
        level: level === 'ok' ? '' : level,
        text: `${dayText(day.start)}: ${what}`,
        notices: day.notices.length === 0 ? NONE : day.notices.map((n) => ({ href: relativeHref(from, SITE.notice(n.id)), subject: n.source.subject })),
      };
    }),
  };
}

/** A description as link previews show it: one line, at most about 160 characters, cut at a word. */
export function summarize(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= 160) return line;
  const cut = line.slice(0, 159);
  return `${cut.slice(0, cut.lastIndexOf(' ') > 100 ? cut.lastIndexOf(' ') : 159)}…`;
}
