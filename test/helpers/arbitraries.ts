// fast-check arbitraries of random VALID content: site.yaml, a component tree and notices of all
// three types, as the files hold them, with a random `now`. Times are generated as offsets from
// `now` (so every run has past, present and future content, and boundaries such as "exactly 7 days
// ago" come up) and shrink towards small sites. `writeContentFolder` writes a scenario as YAML.
//
// What "valid" means follows src/content (schema.ts, rules.ts, cross.ts): unique positive ids,
// parents that exist and form no cycle, each component listed once per notice, states of the
// notice's type (none for general), keys of the type only, `ends_at` not before `begins_at`,
// `ended_at` not before `began_at` when both are given, `updated_at` not before `at`/`created_at`.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import fc from 'fast-check';
import { stringify } from 'yaml';
import { PLANNED_STATES, UNPLANNED_STATES } from '../../src/content/types.js';
import type { NoticeType } from '../../src/content/types.js';

export const SECOND = 1_000;
export const MINUTE = 60_000;
export const HOUR = 3_600_000;
export const DAY = 86_400_000;

/** A content timestamp: the instant, the zone it is written in, and how much of it is written. */
export interface Stamp {
  ms: number;
  /** Offset of the written zone from UTC in minutes (0 is written `Z` or `+00:00`). */
  zoneMinutes: number;
  /** `Z` instead of `+00:00` when the zone is UTC. */
  zulu: boolean;
}

export interface SiteFile {
  name: string;
  url: string;
  created_at: Stamp;
  metrics?: boolean;
  state_text?: { operational?: string; degraded?: string; 'under-maintenance'?: string };
  transition_text?: { underway?: string; complete?: string };
}

export interface ComponentFile {
  id: number;
  name: string;
  description?: string;
  parent_id?: number | null;
  position?: number | null;
  metrics?: boolean;
  created_at: Stamp;
  updated_at?: Stamp;
}

export interface UpdateFile {
  at: Stamp;
  updated_at?: Stamp;
  state?: string;
  content: string;
}

export interface NoticeFile {
  id: number;
  type: NoticeType;
  subject: string;
  components?: number[];
  tags?: string[];
  begins_at?: Stamp;
  ends_at?: Stamp;
  auto_transition?: boolean;
  expires_at?: Stamp | null;
  began_at?: Stamp | null;
  ended_at?: Stamp | null;
  impact_seconds?: number | null;
  impact?: 'minor' | 'major' | 'critical' | null;
  /** In file order, which is generally not time order. */
  updates: UpdateFile[];
  /** unplanned only: published at `at` (not before the first update), withheld until then. */
  postmortem?: { at: Stamp; content: string };
}

/** One random site: its files (each with the name it is written under) and the build's `now`. */
export interface Scenario {
  now: number;
  site: SiteFile;
  components: { file: string; data: ComponentFile }[];
  notices: { file: string; data: NoticeFile }[];
}

// ---------------------------------------------------------------------------------------------
// Building blocks

/** Build moments between 2025 and 2027; some exactly at, or just around, midnight UTC (day boundaries of the metrics). */
export const nowArb: fc.Arbitrary<number> = fc
  .tuple(
    fc.integer({ min: Date.UTC(2025, 0, 1) / DAY, max: Date.UTC(2027, 11, 31) / DAY }),
    fc.oneof(
      { weight: 4, arbitrary: fc.integer({ min: 0, max: DAY - 1 }) },
      { weight: 1, arbitrary: fc.constantFrom(0, 1, SECOND, DAY - SECOND, DAY - 1) },
    ),
  )
  .map(([day, time]) => day * DAY + time);

/**
 * An offset from `now` in ms: mostly near (minutes, days), sometimes far (up to a year and a bit),
 * sometimes exactly on a boundary the rules care about (now itself, 7 days ago, 30 days ago).
 */
export const offsetArb: fc.Arbitrary<number> = fc.oneof(
  { weight: 3, arbitrary: fc.integer({ min: -3 * HOUR, max: 3 * HOUR }) },
  { weight: 4, arbitrary: fc.integer({ min: -12 * DAY, max: 4 * DAY }) },
  { weight: 2, arbitrary: fc.integer({ min: -420 * DAY, max: 60 * DAY }) },
  { weight: 1, arbitrary: fc.constantFrom(0, -1, 1, -7 * DAY, -7 * DAY - 1, -7 * DAY + 1, -30 * DAY, -365 * DAY) },
);

/** A length of time ≥ 0 in ms, mostly short. */
export const spanArb: fc.Arbitrary<number> = fc.oneof(
  { weight: 1, arbitrary: fc.constant(0) },
  { weight: 4, arbitrary: fc.integer({ min: 0, max: 6 * HOUR }) },
  { weight: 2, arbitrary: fc.integer({ min: 0, max: 10 * DAY }) },
);

/** How a timestamp is written: the zone, and whether milliseconds survive (most content is whole seconds). */
const writingArb = fc.record({
  zoneMinutes: fc.oneof(
    { weight: 4, arbitrary: fc.constant(0) },
    { weight: 2, arbitrary: fc.constantFrom(60, 120, -300, 330, 345, -570, 840, -720) },
    { weight: 1, arbitrary: fc.integer({ min: -(23 * 60 + 59), max: 23 * 60 + 59 }) },
  ),
  zulu: fc.boolean(),
  precision: fc.constantFrom(MINUTE, SECOND, SECOND, SECOND, 1),
});

/** Text the schema accepts (at least one non-space), with YAML's punctuation, other scripts and line breaks. */
export const textArb: fc.Arbitrary<string> = fc
  .string({
    unit: fc.oneof(
      { weight: 12, arbitrary: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789') },
      { weight: 3, arbitrary: fc.constant(' ') },
      { weight: 2, arbitrary: fc.constantFrom(...':#-\'"[]{},&*!|>%@`?~.\\/_=<') },
      { weight: 1, arbitrary: fc.constantFrom('\n', '\t', 'é', 'ß', '中', 'Ж', '🙂', '\u00a0') },
    ),
    minLength: 1,
    maxLength: 40,
  })
  .filter((s) => /\S/.test(s));

// ---------------------------------------------------------------------------------------------
// Files, as relative descriptions that `scenarioArb` places around `now`

interface ComponentDraft {
  id: number;
  name: string;
  description: string | undefined;
  /** null: top level; else picks one of the components before it (so the tree has no cycles). */
  parentPick: number | null;
  /** Whether to write `parent_id: null` for a top-level component (both mean the same). */
  writeNullParent: boolean;
  position: number | null | undefined;
  metrics: boolean | undefined;
  createdOffset: number;
  updatedAfter: number | undefined;
  fileKey: number;
}

const componentDraftArb = (id: number): fc.Arbitrary<ComponentDraft> =>
  fc.record({
    id: fc.constant(id),
    name: textArb,
    description: fc.option(textArb, { nil: undefined }),
    parentPick: fc.option(fc.nat(), { nil: null, freq: 3 }),
    writeNullParent: fc.boolean(),
    position: fc.oneof(fc.constant(undefined), fc.constant(null), fc.integer({ min: -3, max: 6 })),
    metrics: fc.constantFrom(undefined, true, true, false),
    createdOffset: fc.integer({ min: -800 * DAY, max: 2 * DAY }),
    updatedAfter: fc.option(spanArb, { nil: undefined }),
    fileKey: fc.nat(),
  });

interface UpdateDraft {
  /** Offset of `at` from the notice's anchor. */
  offset: number;
  /** Index into the type's states (ignored for general notices and in story mode). */
  statePick: number;
  updatedAfter: number | undefined;
  content: string;
  /** Sort key of the update's place in the file: the file order is a random permutation of time order. */
  fileKey: number;
}

const updateDraftArb: fc.Arbitrary<UpdateDraft> = fc.record({
  offset: fc.oneof(
    { weight: 1, arbitrary: fc.constant(0) },
    { weight: 3, arbitrary: fc.integer({ min: -2 * HOUR, max: 6 * HOUR }) },
    { weight: 2, arbitrary: fc.integer({ min: -3 * DAY, max: 9 * DAY }) },
  ),
  statePick: fc.nat(),
  updatedAfter: fc.option(spanArb, { nil: undefined, freq: 4 }),
  content: textArb,
  fileKey: fc.nat(),
});

interface NoticeDraft {
  id: number;
  type: NoticeType;
  subject: string;
  componentPicks: number[];
  tags: string[] | undefined;
  /** Where the notice sits in time, as an offset from now; updates and windows are placed around it. */
  anchor: number;
  updates: UpdateDraft[];
  /** States follow the usual course in time order (investigating → … → resolved) instead of at random. */
  story: boolean;
  storyPick: number;
  /** planned: begins_at relative to the anchor, and the window's length. */
  beginsAfter: number;
  windowLength: number;
  autoTransition: boolean | undefined;
  /** general: expires_at relative to the anchor; null writes `expires_at: null`. */
  expires: number | null | undefined;
  /** Overrides: began_at relative to the anchor, ended_at after began_at (or alone, relative to the anchor). */
  began: number | null | undefined;
  ended: number | null | undefined;
  impactSeconds: number | null | undefined;
  impact: 'minor' | 'major' | 'critical' | null | undefined;
  /** unplanned: a postmortem this long after the first update, with this text. */
  postmortem: { after: number; content: string } | undefined;
  fileKey: number;
}

const maybe = <T>(arb: fc.Arbitrary<T>, freq = 3): fc.Arbitrary<T | null | undefined> =>
  fc.oneof({ weight: freq, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: fc.constant(null) }, { weight: 2, arbitrary: arb });

const noticeDraftArb = (id: number): fc.Arbitrary<NoticeDraft> =>
  fc.record({
    id: fc.constant(id),
    type: fc.constantFrom<NoticeType>('unplanned', 'unplanned', 'planned', 'general'),
    subject: textArb,
    componentPicks: fc.array(fc.nat(), { maxLength: 4 }),
    tags: fc.option(fc.array(textArb, { maxLength: 3 }), { nil: undefined }),
    anchor: offsetArb,
    updates: fc.array(updateDraftArb, { minLength: 1, maxLength: 6 }),
    story: fc.boolean(),
    storyPick: fc.nat(),
    beginsAfter: fc.integer({ min: -2 * DAY, max: 5 * DAY }),
    windowLength: spanArb,
    autoTransition: fc.constantFrom(undefined, true, false),
    expires: maybe(fc.integer({ min: -DAY, max: 20 * DAY })),
    began: maybe(fc.integer({ min: -DAY, max: DAY }), 6),
    ended: maybe(spanArb, 6),
    impactSeconds: maybe(fc.integer({ min: 0, max: 5 * 86_400 }), 5),
    impact: maybe(fc.constantFrom('minor' as const, 'major' as const, 'critical' as const)),
    postmortem: fc.option(fc.record({ after: spanArb, content: textArb }), { nil: undefined, freq: 3 }),
    fileKey: fc.nat(),
  });

/** The usual course of each type, for story-mode notices: the i-th update in time takes the i-th state (the last repeats). */
const STORIES: Record<Exclude<NoticeType, 'general'>, readonly string[][]> = {
  unplanned: [
    ['investigating', 'identified', 'recovering', 'resolved'],
    ['investigating', 'false_alarm'],
    ['investigating', 'recovering', 'investigating', 'resolved'],
    ['identified', 'identified', 'recovering'],
  ],
  planned: [
    ['scheduled', 'underway', 'complete'],
    ['scheduled', 'scheduled', 'cancelled'],
    ['scheduled'],
    ['scheduled', 'underway'],
  ],
};

const STATES: Record<Exclude<NoticeType, 'general'>, readonly string[]> = { unplanned: UNPLANNED_STATES, planned: PLANNED_STATES };

// ---------------------------------------------------------------------------------------------
// Whole scenarios

export interface ScenarioOptions {
  /** Metrics on, off, or either (default). */
  metrics?: boolean;
  /** Most components (default 30: some runs need a second page of components). */
  maxComponents?: number;
  /** Most notices (default 60: some runs need second and third pages of notices). */
  maxNotices?: number;
  /**
   * Whether a large site may be large both ways, in components and in notices (default true). Off,
   * a large site has many of one and a handful of the other: its lists of the one still run over
   * several pages, and a whole build of it costs a fraction (for the properties that build each run).
   */
  bothLarge?: boolean;
}

/**
 * A random valid site and the `now` it is built at. Half the runs are small sites (a handful of
 * files, quick to shrink); the other half are large enough that lists run over several pages.
 */
export function scenarioArb(options: ScenarioOptions = {}): fc.Arbitrary<Scenario> {
  const maxComponents = options.maxComponents ?? 30;
  const maxNotices = options.maxNotices ?? 60;
  const ids = (max: number, maxLength: number, minLength: number) =>
    fc.uniqueArray(fc.oneof({ weight: 9, arbitrary: fc.integer({ min: 1, max }) }, { weight: 1, arbitrary: fc.integer({ min: 1, max: 9_000_000_000_000 }) }), {
      minLength,
      maxLength,
      size: 'max',
    });
  const small = (max: number, idMax: number) => ids(idMax, Math.min(max, 8), 0);
  const large = (max: number, bigMin: number, idMax: number) => ids(idMax, max, Math.min(max, bigMin));
  const componentIds = { small: small(maxComponents, 400), large: large(maxComponents, 20, 400) };
  const noticeIds = { small: small(maxNotices, 99_999), large: large(maxNotices, 26, 99_999) };
  // Small first: fast-check shrinks towards it.
  const sizes =
    (options.bothLarge ?? true)
      ? fc.tuple(fc.oneof(componentIds.small, componentIds.large), fc.oneof(noticeIds.small, noticeIds.large))
      : fc.oneof(
          { weight: 2, arbitrary: fc.tuple(componentIds.small, noticeIds.small) },
          { weight: 1, arbitrary: fc.tuple(componentIds.large, noticeIds.small) },
          { weight: 1, arbitrary: fc.tuple(componentIds.small, noticeIds.large) },
        );

  return fc
    .record({
      now: nowArb,
      site: fc.record({
        name: textArb,
        url: fc.constantFrom('https://status.example.test', 'https://example.test/status', 'http://127.0.0.1:8080/a/b/', 'https://status.example.test/'),
        createdOffset: fc.integer({ min: -900 * DAY, max: DAY }),
        metrics: options.metrics === undefined ? fc.constantFrom(undefined, true, true, false) : fc.constant(options.metrics),
        stateText: fc.option(fc.record({ operational: textArb, degraded: textArb, 'under-maintenance': textArb }, { requiredKeys: [] }), { nil: undefined }),
        transitionText: fc.option(fc.record({ underway: textArb, complete: textArb }, { requiredKeys: [] }), { nil: undefined }),
      }),
      components: sizes.chain(([componentList, noticeList]) =>
        fc.tuple(fc.tuple(...componentList.map(componentDraftArb)), fc.tuple(...noticeList.map(noticeDraftArb))),
      ),
      writings: fc.array(writingArb, { minLength: 1, maxLength: 4 }),
    })
    .map(({ now, site, components: [components, notices], writings }) => {
      // Stamps take their writing from a small pool, so files mix zones without every field drawing its own.
      let turn = 0;
      const stamp = (ms: number): Stamp => {
        const w = writings[turn++ % writings.length]!;
        return { ms: Math.floor(ms / w.precision) * w.precision, zoneMinutes: w.zoneMinutes, zulu: w.zulu };
      };
      const componentFiles = placeComponents(components, now, stamp);
      const componentIdList = components.map((c) => c.id);
      const noticeFiles = notices.map((n) => ({ file: `notices/${n.fileKey % 1000}-${n.id}.yaml`, data: placeNotice(n, now, stamp, componentIdList) }));
      const siteFile: SiteFile = {
        name: site.name,
        url: site.url,
        created_at: stamp(now + site.createdOffset),
        ...(site.metrics === undefined ? {} : { metrics: site.metrics }),
        ...(site.stateText === undefined ? {} : { state_text: site.stateText }),
        ...(site.transitionText === undefined ? {} : { transition_text: site.transitionText }),
      };
      return printable({ now, site: siteFile, components: componentFiles, notices: noticeFiles });
    });
}

function placeComponents(drafts: ComponentDraft[], now: number, stamp: (ms: number) => Stamp): Scenario['components'] {
  return drafts.map((d, i) => {
    const parent = d.parentPick === null || i === 0 ? null : drafts[d.parentPick % i]!.id;
    const created = stamp(now + d.createdOffset);
    const data: ComponentFile = { id: d.id, name: d.name, created_at: created };
    if (d.description !== undefined) data.description = d.description;
    if (parent !== null) data.parent_id = parent;
    else if (d.writeNullParent) data.parent_id = null;
    if (d.position !== undefined) data.position = d.position;
    if (d.metrics !== undefined) data.metrics = d.metrics;
    // updated_at must not be before created_at as written (the stamp may have been rounded down).
    if (d.updatedAfter !== undefined) data.updated_at = stamp(created.ms + d.updatedAfter + MINUTE);
    return { file: `components/${d.fileKey % 1000}-${d.id}.yaml`, data };
  });
}

function placeNotice(d: NoticeDraft, now: number, stamp: (ms: number) => Stamp, componentIds: number[]): NoticeFile {
  const anchor = now + d.anchor;
  const data: NoticeFile = { id: d.id, type: d.type, subject: d.subject, updates: [] };
  if (componentIds.length > 0 && d.componentPicks.length > 0) {
    data.components = [...new Set(d.componentPicks.map((p) => componentIds[p % componentIds.length]!))];
  }
  if (d.tags !== undefined) data.tags = d.tags;

  // Updates: time order decides the states in story mode; the file holds them in another order.
  const inTime = [...d.updates].sort((a, b) => a.offset - b.offset);
  const stories = d.type === 'general' ? [[]] : STORIES[d.type];
  const story = stories[d.storyPick % stories.length]!;
  const placed = inTime.map((u, i) => {
    const update: UpdateFile = { at: stamp(anchor + u.offset), content: u.content };
    if (d.type !== 'general') {
      const states = STATES[d.type];
      update.state = d.story ? story[Math.min(i, story.length - 1)]! : states[u.statePick % states.length]!;
    }
    if (u.updatedAfter !== undefined) update.updated_at = stamp(update.at.ms + u.updatedAfter + MINUTE);
    return { update, key: u.fileKey };
  });
  // Any order: an update's id is its rank in time, whatever its place in the file.
  data.updates = placed.sort((a, b) => a.key - b.key).map((p) => p.update);

  if (d.type === 'planned') {
    const begins = stamp(anchor + d.beginsAfter);
    data.begins_at = begins;
    // ends_at not before begins_at as written: equal, or a minute more so rounding cannot undercut it.
    data.ends_at = d.windowLength === 0 ? { ...begins } : stamp(begins.ms + d.windowLength + MINUTE);
    if (d.autoTransition !== undefined) data.auto_transition = d.autoTransition;
  }
  if (d.type === 'general' && d.expires !== undefined) data.expires_at = d.expires === null ? null : stamp(anchor + d.expires);
  if (d.type !== 'general') {
    if (d.began !== undefined) data.began_at = d.began === null ? null : stamp(anchor + d.began);
    if (d.ended !== undefined) {
      // After began_at when both are timestamps (validation requires it); alone, anywhere near the anchor.
      const from = data.began_at ? data.began_at.ms : anchor - DAY;
      if (d.ended === null) data.ended_at = null;
      else if (d.ended === 0 && data.began_at) data.ended_at = { ...data.began_at };
      else data.ended_at = stamp(from + d.ended + MINUTE);
    }
  }
  if (d.type === 'unplanned' && d.impactSeconds !== undefined) data.impact_seconds = d.impactSeconds;
  if (d.type === 'unplanned' && d.impact !== undefined) data.impact = d.impact;
  if (d.type === 'unplanned' && d.postmortem !== undefined) {
    const first = Math.min(...data.updates.map((u) => u.at.ms));
    data.postmortem = { at: stamp(first + d.postmortem.after + MINUTE), content: d.postmortem.content };
  }
  return data;
}

// ---------------------------------------------------------------------------------------------
// Writing a scenario as a content folder

/** A stamp as content text: `2026-11-20T12:05:00.250+02:00`, seconds and milliseconds only when needed. */
export function formatStamp(s: Stamp): string {
  const local = new Date(s.ms + s.zoneMinutes * MINUTE).toISOString();
  let text = local.slice(0, 16);
  if (s.ms % MINUTE !== 0 || s.zulu) text += local.slice(16, 19);
  if (s.ms % SECOND !== 0) text += local.slice(19, 23);
  if (s.zoneMinutes === 0 && s.zulu) return `${text}Z`;
  const abs = Math.abs(s.zoneMinutes);
  const zone = `${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
  return `${text}${s.zoneMinutes < 0 ? '-' : '+'}${zone}`;
}

const isStamp = (value: unknown): value is Stamp =>
  typeof value === 'object' && value !== null && 'ms' in value && 'zoneMinutes' in value;

/** The file's data as YAML text: stamps written out, absent keys left out. */
function toYaml(data: object): string {
  const plain = JSON.parse(JSON.stringify(data, (_key, value: unknown) => (isStamp(value) ? formatStamp(value) : value)));
  return stringify(plain);
}

/** Every file of the scenario's content folder, relative path → YAML text. */
export function scenarioFiles(scenario: Scenario): Map<string, string> {
  const files = new Map<string, string>([['site.yaml', toYaml(scenario.site)]]);
  for (const { file, data } of [...scenario.components, ...scenario.notices]) files.set(file, toYaml(data));
  return files;
}

/** A scenario as text: its `now` and every file, ready to paste into a content folder to reproduce a failure. */
export function describeScenario(scenario: Scenario): string {
  const files = [...scenarioFiles(scenario)].map(([file, text]) => `--- ${file}\n${text}`);
  return [`--now ${new Date(scenario.now).toISOString()}`, ...files].join('\n');
}

/** The scenario, printed by fast-check in counterexamples as its files (describeScenario) instead of as a nested object. */
export function printable(scenario: Scenario): Scenario {
  return Object.defineProperty(scenario, fc.toStringMethod, { value: () => describeScenario(scenario), enumerable: false });
}

/** Writes the scenario's content folder into `dir` (site.yaml, components/, notices/; both folders even when empty). */
export async function writeContentFolder(dir: string, scenario: Scenario): Promise<void> {
  await mkdir(path.join(dir, 'components'), { recursive: true });
  await mkdir(path.join(dir, 'notices'), { recursive: true });
  for (const [file, text] of scenarioFiles(scenario)) await writeFile(path.join(dir, file), text);
}
