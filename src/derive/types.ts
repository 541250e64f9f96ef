// What derivation produces: the site as of one `now`, with every derivation rule applied.
// Everything the renderers need is here, precomputed once, so no renderer loops over notices × components.
import type { Component, Notice, NoticeState, NoticeType, Postmortem, SiteConfig, State, TimelineState } from '../content/types.js';

export interface DerivedUpdate {
  /** notice id × 1000 + rank in time (src/content/update-ids.ts); auto transitions take 901 (underway) and 902 (complete). */
  id: number;
  at: number;
  updatedAt: number;
  state: NoticeState | null;
  content: string;
  /** On a language's copy (localize.ts), the language `content` is in when it is not the page's: the default's, for want of a translation. */
  lang?: string;
}

/** A half-open span of time [start, end) in epoch ms. */
export interface Span {
  start: number;
  end: number;
}

export interface DerivedNotice {
  source: Notice;
  id: number;
  type: NoticeType;
  /** Published updates (and auto transitions) in time order, oldest first. */
  updates: DerivedUpdate[];
  /** State of the latest update; null for general notices. */
  state: NoticeState | null;
  createdAt: number;
  updatedAt: number;
  beganAt: number | null;
  endedAt: number | null;
  timelineState: TimelineState;
  /** Unplanned, not false_alarm: the span that counts against uptime; otherwise null. */
  impact: Span | null;
  /** Length of `impact` in whole seconds (0 without one). */
  impactSeconds: number;
  /** An incident's postmortem once published (`at <= now`); null before then and for every other notice. */
  postmortem: Postmortem | null;
}

export interface DerivedComponent {
  source: Component;
  id: number;
  state: State;
  /** How bad its state is: a degradation told by the worst impact of the incidents reaching it (severity.ts). */
  severity: Severity;
  /** Ids of the direct children, in API order. */
  children: number[];
  /** Metrics published for it: the site has metrics on and the component does not turn them off. */
  metrics: boolean;
}

export interface DerivedSite {
  now: number;
  site: SiteConfig;
  /** Depth-first pre-order of the tree; siblings by position, then id. */
  components: DerivedComponent[];
  componentsById: Map<number, DerivedComponent>;
  /** Published notices, newest first by began_at ?? begins_at ?? created_at, then id descending. */
  notices: DerivedNotice[];
  noticesById: Map<number, DerivedNotice>;
  /**
   * For each component, in API order, the notices that count toward its metrics at any time
   * (unplanned, not false_alarm, listing it or a descendant).
   */
  metricsNotices: Map<number, DerivedNotice[]>;
  page: { state: State; severity: Severity; updatedAt: number };
  /** The language this copy of the site is in, when site.yaml lists languages (localize.ts); absent otherwise. */
  locale?: SiteLocale;
}

/** One language's copy of the site: where its pages live and which languages link to each other. */
export interface SiteLocale {
  /** Its language tag (`de`). */
  tag: string;
  /** Every language of the site, the default first. */
  locales: readonly string[];
  /** Folder of its pages in the output: '' for the default language, else `<tag>/`. */
  prefix: string;
  /** The site's own url, where the default language's pages are ({base_url}); the copy's `site.url` is its own folder's. */
  baseUrl: string;
}

/** A component's or the page's severity; the last three are the spec's `degraded`, by the worst impact (severity.ts). */
export type Severity = 'operational' | 'under-maintenance' | 'degraded-performance' | 'partial-outage' | 'major-outage';
