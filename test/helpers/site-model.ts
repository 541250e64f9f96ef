// A second, independent reading of how the build derives state (docs/content.md "How the build
// derives state", docs/api.md), written from those rules and not from src/derive, so property tests
// can compare what the API says with what the content says. It reads a Scenario
// (test/helpers/arbitraries.ts): the files as written, times as instants.
//
// Two choices the docs leave open, taken as the build takes them (tests that depend on them say so):
// - updates with the same `at` are in file order (the later in the file is the later one);
// - an auto transition is dated at `begins_at`/`ends_at`, or at the latest update when that was
//   posted later (a late `scheduled` note must not come after the `underway` it triggers).
// A planned notice has begun once its began_at (derived, or written in the file) is not after now.
import type { NoticeFile, Scenario } from './arbitraries.js';
import { DAY } from './arbitraries.js';

export type TimelineState = 'future' | 'present' | 'past_recent' | 'past_distant';

export interface ModelNotice {
  id: number;
  type: NoticeFile['type'];
  /** State of the latest published update (auto transitions included); null for general notices. */
  state: string | null;
  timeline: TimelineState;
  beganAt: number | null;
  endedAt: number | null;
  /** The list order's key: began_at ?? begins_at ?? created_at (newest first, then id descending). */
  orderKey: number;
  /** [start, end) in ms for unplanned notices that are not false alarms; else null. */
  impact: { start: number; end: number } | null;
  components: number[];
}

export interface ModelComponent {
  id: number;
  parentId: number | null;
  /** Whether metrics are published for it (site metrics on, component not turned off). */
  metrics: boolean;
}

export interface SiteModel {
  now: number;
  metrics: boolean;
  /** Published notices, in API order. */
  notices: ModelNotice[];
  /** Depth-first pre-order; siblings by position (none last), then id. */
  components: ModelComponent[];
  /** Component id → itself and every ancestor. */
  lineage: Map<number, number[]>;
}

const RECENT = 7 * DAY;

interface TimedUpdate {
  at: number;
  state: string | null;
}

/** The published updates of a notice in time order, with the auto transitions it gains by `now`. */
function timeline(notice: NoticeFile, now: number): TimedUpdate[] {
  const updates = notice.updates
    .map((u, index) => ({ at: u.at.ms, state: u.state ?? null, index }))
    .filter((u) => u.at <= now)
    .sort((a, b) => a.at - b.at || a.index - b.index)
    .map(({ at, state }) => ({ at, state }));
  if (notice.type === 'planned' && notice.auto_transition !== false && updates.length > 0) {
    const step = (from: string, to: string, when: number): void => {
      const latest = updates[updates.length - 1]!;
      if (latest.state === from && now >= when) updates.push({ at: Math.max(when, latest.at), state: to });
    };
    step('scheduled', 'underway', notice.begins_at!.ms);
    step('underway', 'complete', notice.ends_at!.ms);
  }
  return updates;
}

const firstAt = (updates: TimedUpdate[], states: string[]): number | null =>
  updates.find((u) => u.state !== null && states.includes(u.state))?.at ?? null;

/** The notice as of `now`, or null when none of its updates is published yet. */
export function modelNotice(notice: NoticeFile, now: number): ModelNotice | null {
  const updates = timeline(notice, now);
  if (updates.length === 0) return null;
  const { type } = notice;
  const state = type === 'general' ? null : updates[updates.length - 1]!.state;
  // A time written in the file counts once it has occurred; before that the field is null.
  const written = (at: number): number | null => (at <= now ? at : null);
  const beganAt =
    notice.began_at != null
      ? written(notice.began_at.ms)
      : type === 'unplanned'
        ? updates[0]!.at
        : type === 'planned'
          ? firstAt(updates, ['underway'])
          : null;
  const endedAt =
    notice.ended_at != null
      ? written(notice.ended_at.ms)
      : type === 'unplanned'
        ? firstAt(updates, ['resolved', 'false_alarm'])
        : type === 'planned'
          ? firstAt(updates, ['complete', 'cancelled'])
          : null;

  const ended = type === 'general' ? (notice.expires_at?.ms ?? null) : endedAt;
  let timelineState: TimelineState;
  if (ended !== null && ended <= now) timelineState = now - ended <= RECENT ? 'past_recent' : 'past_distant';
  else if (type === 'planned' && now < notice.begins_at!.ms && beganAt === null) timelineState = 'future';
  else timelineState = 'present';

  let impact: ModelNotice['impact'] = null;
  if (type === 'unplanned' && state !== 'false_alarm' && beganAt !== null) {
    const end =
      notice.impact_seconds != null
        ? beganAt + notice.impact_seconds * 1000
        : (firstAt(updates, ['recovering', 'resolved']) ?? notice.ended_at?.ms ?? now);
    const start = Math.min(beganAt, now);
    impact = { start, end: Math.max(start, Math.min(end, now)) };
  }
  return {
    id: notice.id,
    type,
    state,
    timeline: timelineState,
    beganAt,
    endedAt,
    orderKey: beganAt ?? notice.begins_at?.ms ?? updates[0]!.at,
    impact,
    components: notice.components ?? [],
  };
}

/** The whole site as of the scenario's `now`. */
export function siteModel(scenario: Scenario): SiteModel {
  const { now } = scenario;
  const metrics = scenario.site.metrics === true;
  const notices = scenario.notices
    .map(({ data }) => modelNotice(data, now))
    .filter((n): n is ModelNotice => n !== null)
    .sort((a, b) => b.orderKey - a.orderKey || b.id - a.id);

  const files = scenario.components.map((c) => c.data);
  const byParent = new Map<number | null, typeof files>();
  for (const c of files) byParent.set(c.parent_id ?? null, [...(byParent.get(c.parent_id ?? null) ?? []), c]);
  const siblingOrder = (a: (typeof files)[number], b: (typeof files)[number]): number =>
    (a.position ?? Infinity) - (b.position ?? Infinity) || a.id - b.id;
  const components: ModelComponent[] = [];
  const visit = (parent: number | null): void => {
    for (const c of [...(byParent.get(parent) ?? [])].sort(siblingOrder)) {
      components.push({ id: c.id, parentId: c.parent_id ?? null, metrics: metrics && c.metrics !== false });
      visit(c.id);
    }
  };
  visit(null);

  const parentOf = new Map(files.map((c) => [c.id, c.parent_id ?? null]));
  const lineage = new Map<number, number[]>();
  for (const c of files) {
    const chain: number[] = [];
    for (let id: number | null = c.id; id !== null; id = parentOf.get(id) ?? null) chain.push(id);
    lineage.set(c.id, chain);
  }
  return { now, metrics, notices, components, lineage };
}

export interface ModelNoticeFilter {
  type?: string;
  timelineState?: string;
  metricsComponentId?: number;
  impactOverlaps?: [number, number];
}

/** Does the notice count toward component `id`'s metrics at some time: unplanned, not a false alarm, listing it or a descendant. */
export function countsToward(model: SiteModel, notice: ModelNotice, id: number): boolean {
  return notice.impact !== null && notice.components.some((listed) => (model.lineage.get(listed) ?? []).includes(id));
}

/** Ids of the notices a filter selects, in API order. */
export function expectedNotices(model: SiteModel, filter: ModelNoticeFilter): number[] {
  return model.notices
    .filter(
      (n) =>
        (filter.type === undefined || n.type === filter.type) &&
        (filter.timelineState === undefined ||
          n.timeline === filter.timelineState ||
          (filter.timelineState === 'past' && (n.timeline === 'past_recent' || n.timeline === 'past_distant'))) &&
        (filter.metricsComponentId === undefined || countsToward(model, n, filter.metricsComponentId)) &&
        (filter.impactOverlaps === undefined ||
          (n.impact !== null && n.impact.start < filter.impactOverlaps[1] && n.impact.end > filter.impactOverlaps[0])),
    )
    .map((n) => n.id);
}

/** Ids of the components a filter selects, in API order. */
export function expectedComponents(model: SiteModel, filter: { parentIdNull?: boolean; parentIdEq?: number }): number[] {
  return model.components
    .filter(
      (c) =>
        (filter.parentIdNull === undefined || (c.parentId === null) === filter.parentIdNull) &&
        (filter.parentIdEq === undefined || c.parentId === filter.parentIdEq),
    )
    .map((c) => c.id);
}

/** Length in ms of the union of the spans clipped to [start, end): overlapping windows count once. */
export function unionLength(spans: { start: number; end: number }[], start: number, end: number): number {
  const clipped = spans
    .map((s) => [Math.max(s.start, start), Math.min(s.end, end)] as const)
    .filter(([a, b]) => b > a)
    .sort((x, y) => x[0] - y[0]);
  let total = 0;
  let reached = -Infinity;
  for (const [a, b] of clipped) {
    if (b > reached) total += b - Math.max(a, reached);
    reached = Math.max(reached, b);
  }
  return total;
}
