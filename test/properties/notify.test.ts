// Properties of `statuspress notify` over random SEQUENCES of builds of one site: notices are added,
// updates appended (some dated ahead and published later by the clock), notices removed and added
// back, maintenance windows pass by the clock, sometimes more than the 90 days sent ids are kept;
// between the builds, the same build is run again, an OLDER build is run (an old workflow run
// re-run), a build is run twice at once, or first with --dry-run. Each run is the library's
// notify() with a transport whose waits take no time, sending to every kind of target (the chat
// ones taking random `events`) on a receiver on 127.0.0.1, with one record file for the sequence.
//
// What is expected is a model written from docs/notifications.md (not from src/notify), on facts
// from test/helpers/site-model.ts (the independent reading of how a build derives state):
// - no event id is delivered twice in the whole sequence (but for the limit the docs give: a
//   maintenance's start or end redone more than 90 days later); each target gets the events it takes;
// - a notice is announced once when it first appears after the first run (with its latest update),
//   never again when removed and added back; an update a notice publishes that the last notified
//   build having that notice did not (the record's view, by the update's time and text: its id
//   changes when an update is inserted before it) is sent once, as notice.updated with its own
//   text, or as maintenance.started and .ended for the clock's transitions; updates are sometimes
//   inserted (in the file and in time) before published ones, renumbering them, and the run says
//   which notices' ids changed, and each update's text is sent at most once; component and page state changes
//   are those between the consecutive builds notified about, with the later build's time in their
//   ids; notice events come oldest first, then components in the API's order, then the page;
// - a first run, a re-run and a run of an older build send nothing (the older one leaves the record
//   as it is); a dry run tells the events of the real run and sends and records nothing;
// - the generic webhook's payload tells the facts of the build it was made from;
// - hostile subjects, names and texts (mentions, markup, date functions, invisible characters) reach
//   no chat target in a form that pings, links or formats.
//
// Default runs (60 sequences; the chat payloads alone, pure functions, 1,000 runs) are CI's. A long
// local run, 500 sequences:
//   FC_RUNS=500 npx vitest run test/properties/notify.test.ts
// (FC_RUNS sets both properties' runs; FC_SEED and FC_PATH replay a failure fast-check reported).
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { discordPayload, slackPayload, teamsPayload } from '../../src/notify/format.js';
import { notify } from '../../src/notify/index.js';
import type { NotifyResult } from '../../src/notify/index.js';
import { NOTIFY_EVENTS } from '../../src/content/types.js';
import type { NotifyEventType } from '../../src/content/types.js';
import { scenarioFiles } from '../helpers/arbitraries.js';
import type { ComponentFile, NoticeFile, Scenario, SiteFile, Stamp } from '../helpers/arbitraries.js';
import { siteModel } from '../helpers/site-model.js';
import { envFor, fastTransport, receiver } from '../unit/notify/helpers.js';
import type { Receiver } from '../unit/notify/helpers.js';
import { params, timeLimit } from './harness.js';

const RUNS = 60;
/** A generous guess of one run's time (a dozen notify runs), for the time limits. */
const MS_PER_RUN = 1500;
/** Runs of the property of the chat payloads alone (pure functions, a millisecond each). */
const HOSTILE_RUNS = 1000;

const MINUTE = 60_000;
const T0 = Date.parse('2026-11-20T00:00:00Z');
const RETRY = { backoffMs: 1, attemptTimeoutMs: 5_000, budgetMs: 60_000 };
const stamp = (ms: number): Stamp => ({ ms, zoneMinutes: 0, zulu: true });
const iso = (ms: number): string => new Date(ms).toISOString();

const PATHS = { slack: '/slack/T000/B000/slack-token-abc', discord: '/discord/123/discord-token-def', teams: '/teams/workflow-token-ghi', hook: '/hook' };

type State = 'operational' | 'degraded' | 'under-maintenance';

// ---------------------------------------------------------------------------------------------
// Random sites and their histories

/** Text a chat channel would act on: mentions, links, Markdown, Teams date functions, invisible and direction-changing characters. */
const hostileArb: fc.Arbitrary<string> = fc
  .array(
    fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom(...'abcXYZ019 ') },
      { weight: 4, arbitrary: fc.constantFrom(...'<>!@#&*_~`|[](){}\\:-.') },
      {
        weight: 2,
        arbitrary: fc.constantFrom(
          'everyone', 'here', 'channel', '@everyone', '@here', '@EveryOne', '<!channel>', '<!here|here>', '<@U123>', '<#C1>', '<@&9>',
          '{{DATE(2026-01-01T00:00:00Z, SHORT)}}', '{{', '}}', '&amp;', '&lt;', '<https://evil.test|click>', '[x](https://evil.test)', '**', '\n', '\t',
          '\u202e', '\u200b', '\u2066', '\u061c', '\ufeff', '\u2028', 'é', '🙂',
        ),
      },
    ),
    { minLength: 1, maxLength: 14 },
  )
  .map((parts) => parts.join(''))
  .filter((s) => /\S/.test(s));

interface UpdateDraft {
  /** Minutes after the notice's latest update (the first: after its start). */
  gap: number;
  /** 0: appended after the others; else inserted this many minutes before the latest, at file position `slot` (mod the count). */
  back: number;
  slot: number;
  statePick: number;
  content: string;
}

interface NoticeDraft {
  id: number;
  type: 'unplanned' | 'planned' | 'general';
  subject: string;
  components: number[];
  /** Minutes after T0 of its first update. */
  start: number;
  updates: UpdateDraft[];
  /** planned: minutes after the first update, and the window's length. */
  beginsAfter: number;
  window: number;
  autoTransition: boolean | undefined;
}

type Action =
  | { kind: 'reveal'; k: number }
  | { kind: 'remove'; k: number }
  | { kind: 'readd'; k: number }
  | { kind: 'clock' }
  | { kind: 'rerun' }
  | { kind: 'older'; pick: number }
  | { kind: 'twin' };

interface Step {
  /** Minutes to the next build's `now` (new builds only). */
  advance: number;
  action: Action;
  /** Run `--dry-run` first: it must tell the events and send and record nothing. */
  dry: boolean;
}

interface History {
  siteName: string;
  spelling: 'under-maintenance' | 'under_maintenance';
  /** The events each chat target takes (null: all); the webhook takes all. */
  chatEvents: { slack: NotifyEventType[] | null; discord: NotifyEventType[] | null; teams: NotifyEventType[] | null };
  stateText: Record<State, string>;
  transitionText: { underway: string; complete: string };
  componentNames: [string, string, string];
  notices: NoticeDraft[];
  /** Updates of each notice in the content at the first build (0: no file yet). */
  initial: number[];
  /** Minutes after T0 of the first build. */
  firstNow: number;
  steps: Step[];
}

const PLANNED_STATES = ['scheduled', 'scheduled', 'underway', 'complete', 'cancelled'];
const UNPLANNED_STATES = ['investigating', 'identified', 'recovering', 'resolved', 'false_alarm'];

const noticeArb = (id: number): fc.Arbitrary<NoticeDraft> =>
  fc.record({
    id: fc.constant(id),
    type: fc.constantFrom<NoticeDraft['type']>('unplanned', 'unplanned', 'planned', 'planned', 'general'),
    subject: hostileArb,
    components: fc.subarray([1, 2, 3]),
    start: fc.integer({ min: -300, max: 900 }),
    updates: fc.array(
      fc.record({
        gap: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 240 })),
        back: fc.oneof({ weight: 3, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.integer({ min: 1, max: 240 }) }),
        slot: fc.nat(),
        statePick: fc.nat(),
        content: hostileArb,
      }),
      { minLength: 1, maxLength: 5 },
    ),
    beginsAfter: fc.integer({ min: 0, max: 900 }),
    window: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 600 })),
    autoTransition: fc.constantFrom(undefined, undefined, false),
  });

const actionArb = (notices: number): fc.Arbitrary<Action> => {
  const k = fc.nat({ max: Math.max(0, notices - 1) });
  return fc.oneof(
    { weight: notices > 0 ? 9 : 0, arbitrary: k.map((k): Action => ({ kind: 'reveal', k })) },
    { weight: notices > 0 ? 3 : 0, arbitrary: k.map((k): Action => ({ kind: 'remove', k })) },
    { weight: notices > 0 ? 3 : 0, arbitrary: k.map((k): Action => ({ kind: 'readd', k })) },
    { weight: 3, arbitrary: fc.constant<Action>({ kind: 'clock' }) },
    { weight: 1, arbitrary: fc.constant<Action>({ kind: 'rerun' }) },
    { weight: 2, arbitrary: fc.nat().map((pick): Action => ({ kind: 'older', pick })) },
    { weight: 1, arbitrary: fc.constant<Action>({ kind: 'twin' }) },
  );
};

const eventsArb = fc.option(fc.subarray([...NOTIFY_EVENTS], { minLength: 1 }), { nil: null });

const historyArb: fc.Arbitrary<History> = fc
  .uniqueArray(fc.constantFrom(5, 42, 77, 3001), { minLength: 1, maxLength: 4 })
  .chain((ids) =>
    fc.record({
      siteName: hostileArb,
      spelling: fc.constantFrom<History['spelling']>('under-maintenance', 'under_maintenance'),
      chatEvents: fc.record({ slack: eventsArb, discord: eventsArb, teams: eventsArb }),
      stateText: fc.record({ operational: hostileArb, degraded: hostileArb, 'under-maintenance': hostileArb }),
      transitionText: fc.record({ underway: hostileArb, complete: hostileArb }),
      componentNames: fc.tuple(hostileArb, hostileArb, hostileArb),
      notices: fc.tuple(...ids.map(noticeArb)),
      initial: fc.array(fc.nat({ max: 2 }), { minLength: ids.length, maxLength: ids.length }),
      firstNow: fc.integer({ min: 0, max: 600 }),
      steps: fc.array(
        fc.record({ advance: fc.oneof(
          { weight: 12, arbitrary: fc.integer({ min: 1, max: 300 }) },
          { weight: 3, arbitrary: fc.integer({ min: 301, max: 2000 }) },
          // Past the 90 days sent ids are kept.
          { weight: 1, arbitrary: fc.integer({ min: 89 * 1440, max: 100 * 1440 }) },
        ), action: actionArb(ids.length), dry: fc.constantFrom(false, false, false, false, true) }),
        { minLength: 1, maxLength: 14 },
      ),
    }),
  );

/** A build: which notices are in the content with how many of their updates, and its `now`. */
interface Build {
  now: number;
  /** Notice index → updates written (absent: no file). */
  written: Map<number, number>;
}

/** The runs of a history: each a build, and whether it is run twice at once. */
function runsOf(h: History): { build: Build; twin: boolean; dry: boolean; older: boolean }[] {
  const revealed = [...h.initial];
  const removed = new Set<number>();
  const contentOf = (): Map<number, number> => {
    const written = new Map<number, number>();
    revealed.forEach((n, k) => {
      if (n > 0 && !removed.has(k)) written.set(k, Math.min(n, h.notices[k]!.updates.length));
    });
    return written;
  };
  const builds: Build[] = [{ now: T0 + h.firstNow * MINUTE, written: contentOf() }];
  const runs = [{ build: builds[0]!, twin: false, dry: false, older: false }];
  for (const { advance, action, dry } of h.steps) {
    const latest = builds[builds.length - 1]!;
    if (action.kind === 'rerun') {
      runs.push({ build: latest, twin: false, dry, older: false });
      continue;
    }
    if (action.kind === 'older') {
      const build = builds[action.pick % builds.length]!;
      runs.push({ build, twin: false, dry, older: build !== latest });
      continue;
    }
    if (action.kind === 'reveal') revealed[action.k] = revealed[action.k]! + 1;
    if (action.kind === 'remove') removed.add(action.k);
    if (action.kind === 'readd') removed.delete(action.k);
    const build = { now: latest.now + advance * MINUTE, written: contentOf() };
    builds.push(build);
    runs.push({ build, twin: action.kind === 'twin', dry, older: false });
  }
  return runs;
}

/**
 * The notice's file with its first `count` updates: each appended later than the others, as
 * `update` does, or (`back`) dated before the latest and written at a place of its own in the file,
 * as a hand edit can: then the updates after it in time are renumbered.
 */
function noticeFile(d: NoticeDraft, count: number): NoticeFile {
  let latest = T0 + d.start * MINUTE;
  const updates: NoticeFile['updates'] = [];
  d.updates.slice(0, count).forEach((u, i) => {
    const inserted = i > 0 && u.back > 0;
    if (i > 0 && !inserted) latest += u.gap * MINUTE;
    const at = inserted ? latest - u.back * MINUTE : latest;
    const states = d.type === 'planned' ? PLANNED_STATES : UNPLANNED_STATES;
    // A maintenance is announced scheduled, mostly; then anything.
    const state = d.type === 'planned' && i === 0 && u.statePick % 4 !== 0 ? 'scheduled' : states[u.statePick % states.length]!;
    const update = { at: stamp(at), content: u.content, ...(d.type === 'general' ? {} : { state }) };
    if (inserted) updates.splice(u.slot % (updates.length + 1), 0, update);
    else updates.push(update);
  });
  const file: NoticeFile = { id: d.id, type: d.type, subject: d.subject, components: d.components, updates };
  if (d.type === 'planned') {
    const begins = T0 + (d.start + d.beginsAfter) * MINUTE;
    file.begins_at = stamp(begins);
    file.ends_at = stamp(begins + d.window * MINUTE);
    if (d.autoTransition !== undefined) file.auto_transition = d.autoTransition;
  }
  return file;
}

function scenarioOf(h: History, build: Build): Scenario {
  const site = {
    name: h.siteName,
    url: 'https://status.example.test',
    created_at: stamp(T0 - 365 * 86_400_000),
    state_text: h.stateText,
    transition_text: h.transitionText,
    maintenance_spelling: h.spelling,
  } satisfies SiteFile & { maintenance_spelling: string };
  const component = (id: number, name: string, parent: number | null): { file: string; data: ComponentFile } => ({
    file: `components/${id}.yaml`,
    data: { id, name, created_at: stamp(T0 - 365 * 86_400_000), ...(parent === null ? {} : { parent_id: parent }) },
  });
  return {
    now: build.now,
    site,
    components: [component(1, h.componentNames[0], null), component(2, h.componentNames[1], null), component(3, h.componentNames[2], 1)],
    notices: [...build.written].map(([k, count]) => ({ file: `notices/${h.notices[k]!.id}.yaml`, data: noticeFile(h.notices[k]!, count) })),
  };
}

// ---------------------------------------------------------------------------------------------
// The model: the facts of a build (docs/content.md, docs/api.md) and what notify sends (docs/notifications.md)

interface ModelUpdate {
  /** As in the API: notice id × 1000 + rank in time among the file's updates (ties by file position); the clock's transitions +901 and +902. */
  id: number;
  at: number;
  state: string | null;
  content: string;
}

interface Facts {
  now: number;
  notices: Map<number, { file: NoticeFile; updates: ModelUpdate[]; state: string | null }>;
  components: Map<number, State>;
  page: State;
}

/** The updates a build publishes of a notice, oldest first (updates at the same time in file order). */
function publishedUpdates(file: NoticeFile, now: number, transition: History['transitionText']): ModelUpdate[] {
  const order = file.updates.map((u, index) => ({ at: u.at.ms, index })).sort((a, b) => a.at - b.at || a.index - b.index);
  const rank = new Map(order.map(({ index }, i) => [index, i + 1]));
  const updates = file.updates
    .map((u, index) => ({ id: file.id * 1000 + rank.get(index)!, at: u.at.ms, state: u.state ?? null, content: u.content }))
    .filter((u) => u.at <= now)
    .sort((a, b) => a.at - b.at || a.id - b.id);
  if (file.type === 'planned' && file.auto_transition !== false && updates.length > 0) {
    const step = (from: string, to: 'underway' | 'complete', when: number, id: number): void => {
      const latest = updates[updates.length - 1]!;
      if (latest.state === from && now >= when) updates.push({ id: file.id * 1000 + id, at: Math.max(when, latest.at), state: to, content: transition[to] });
    };
    step('scheduled', 'underway', file.begins_at!.ms, 901);
    step('underway', 'complete', file.ends_at!.ms, 902);
  }
  return updates;
}

const worst = (effects: (State | null)[]): State =>
  effects.includes('degraded') ? 'degraded' : effects.includes('under-maintenance') ? 'under-maintenance' : 'operational';

function factsOf(h: History, build: Build): Facts {
  const scenario = scenarioOf(h, build);
  const model = siteModel(scenario);
  const effect = (n: (typeof model.notices)[number]): State | null => {
    if (n.timeline !== 'present') return null;
    if (n.type === 'unplanned' && (n.state === 'investigating' || n.state === 'identified')) return 'degraded';
    if (n.type === 'planned' && n.state === 'underway') return 'under-maintenance';
    return null;
  };
  const components = new Map<number, State>();
  for (const c of model.components) {
    components.set(c.id, worst(model.notices.filter((n) => n.components.some((listed) => model.lineage.get(listed)!.includes(c.id))).map(effect)));
  }
  const notices: Facts['notices'] = new Map();
  for (const { data } of scenario.notices) {
    const updates = publishedUpdates(data, build.now, h.transitionText);
    if (updates.length > 0) notices.set(data.id, { file: data, updates, state: model.notices.find((n) => n.id === data.id)!.state });
  }
  return { now: build.now, notices, components, page: worst(model.notices.map(effect)) };
}

interface ModelEvent {
  id: string;
  type: string;
  at: number;
  notice: number | null;
  update: ModelUpdate | null;
  component: { id: number; state: State; previous: State } | null;
  pagePrevious: State | null;
}

/**
 * What the model remembers (the record, docs/notifications.md "The command"): the build last notified
 * about; each notice's updates as that build published them, or for a notice since removed from the
 * content, as the last build that had it did; the ids sent in the last 90 days.
 */
interface Memory {
  last: Facts;
  seen: Map<number, ModelUpdate[]>;
  /** Event id → `now` of the build whose run sent it; kept 90 days. */
  sent: Map<string, number>;
}

/** How long the record keeps the ids it sent (docs/notifications.md, `--previous FILE`). */
const SENT_KEPT = 90 * 1440 * MINUTE;

const remember = (memory: Memory, facts: Facts): void => {
  for (const [id, n] of facts.notices) memory.seen.set(id, n.updates);
  memory.last = facts;
};

/** The events a run of `facts` sends after `memory`, and the memory after it; null memory: a first run. */
/** docs/notifications.md: the first 16 hex digits of the SHA-256 of the update's text. */
const textHash = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex').slice(0, 16);
const isTransition = (notice: number, id: number): boolean => id - notice * 1000 >= 901;

function expectedEvents(memory: Memory | null, facts: Facts): { outcome: NotifyResult['outcome']; events: ModelEvent[]; renumbered: { notice: number; ids: [number, number][] }[] } {
  if (memory === null) return { outcome: 'first-run', events: [], renumbered: [] };
  if (facts.now < memory.last.now) return { outcome: 'older', events: [], renumbered: [] };
  const events: ModelEvent[] = [];
  const renumbered: { notice: number; ids: [number, number][] }[] = [];
  for (const [id, n] of facts.notices) {
    const seen = memory.seen.get(id);
    if (seen === undefined) {
      // occurred_at: when the notice appeared (its first update), though the update carried is the latest.
      events.push({ id: `notice-${id}-published`, type: 'notice.published', at: n.updates[0]!.at, notice: id, update: n.updates[n.updates.length - 1]!, component: null, pagePrevious: null });
      continue;
    }
    // Known by time and text (the clock's transitions by id); an update the record knows is never
    // sent again, whatever its id now. (Updates are never edited or deleted in these histories.)
    const key = (u: ModelUpdate): string => `${u.at} ${u.content}`;
    const known = new Map<string, ModelUpdate>();
    for (const u of seen) if (!isTransition(id, u.id) && !known.has(key(u))) known.set(key(u), u);
    const moved: [number, number][] = [];
    const told = new Set<string>();
    for (const u of n.updates) {
      if (isTransition(id, u.id)) {
        if (seen.some((k) => k.id === u.id)) continue;
      } else if (known.has(key(u)) || told.has(key(u))) {
        const k = known.get(key(u));
        if (k !== undefined && !told.has(key(u)) && k.id !== u.id) moved.push([k.id, u.id]);
        told.add(key(u));
        continue;
      }
      told.add(key(u));
      const kind = u.id - id * 1000;
      const [eventId, type] =
        kind === 901
          ? [`maintenance-${id}-started`, 'maintenance.started']
          : kind === 902
            ? [`maintenance-${id}-ended`, 'maintenance.ended']
            : [`update-${id}-${iso(u.at)}-${textHash(u.content)}`, 'notice.updated'];
      events.push({ id: eventId, type, at: u.at, notice: id, update: u, component: null, pagePrevious: null });
    }
    if (moved.length > 0) renumbered.push({ notice: id, ids: moved.sort((a, b) => a[1] - b[1]) });
  }
  const when = iso(facts.now);
  for (const [id, state] of facts.components) {
    const was = memory.last.components.get(id);
    if (was !== undefined && was !== state) events.push({ id: `component-${id}-${state}-${when}`, type: 'component.state_changed', at: facts.now, notice: null, update: null, component: { id, state, previous: was }, pagePrevious: null });
  }
  if (memory.last.page !== facts.page) {
    events.push({ id: `page-${facts.page}-${when}`, type: 'page.state_changed', at: facts.now, notice: null, update: null, component: null, pagePrevious: memory.last.page });
  }
  return { outcome: 'compared', events: events.filter((e) => !memory.sent.has(e.id)), renumbered };
}

// ---------------------------------------------------------------------------------------------
// What the targets received

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const INVISIBLE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200c-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/;

/** Every text a chat target would show, checked for what its channel acts on; returns the problems. */
function chatProblems(target: keyof typeof PATHS, body: Record<string, unknown>, invisible = true): string[] {
  const problems: string[] = [];
  if (target === 'slack') {
    const text = body.text as string;
    const link = /\n<https:\/\/status\.example\.test\/[a-z0-9/]*\|View on the status page>$/.exec(text);
    if (link === null) problems.push('slack: the message does not end in its link');
    const rest = link === null ? text : text.slice(0, link.index);
    if (/[<>]/.test(rest.replace(/(^|\n)>/g, '$1'))) problems.push(`slack: a < or > outside the link and quotes: ${JSON.stringify(text)}`);
    if (/&(?!amp;|lt;|gt;)/.test(rest)) problems.push(`slack: a bare &: ${JSON.stringify(text)}`);
    if (invisible && (INVISIBLE.test(text) || text.includes('\u200b'))) problems.push(`slack: an invisible character: ${JSON.stringify(text)}`);
    if (body.link_names !== false || body.unfurl_links !== false) problems.push('slack: link names or unfurling on');
  }
  if (target === 'discord') {
    const content = body.content as string;
    if (/@(everyone|here)/i.test(content)) problems.push(`discord: a mass mention: ${JSON.stringify(content)}`);
    if (/<[@#]/.test(content)) problems.push(`discord: a user, role or channel mention: ${JSON.stringify(content)}`);
    if (content.length > 2000) problems.push('discord: over 2000 characters');
    if (invisible && INVISIBLE.test(content)) problems.push(`discord: an invisible character: ${JSON.stringify(content)}`);
    if (JSON.stringify(body.allowed_mentions) !== '{"parse":[]}') problems.push('discord: allowed_mentions not empty');
  }
  if (target === 'teams') {
    const card = JSON.stringify(body);
    if (card.includes('"TextBlock"')) problems.push('teams: a TextBlock');
    const texts: string[] = [];
    JSON.stringify(body, (key, value: unknown) => {
      if (key === 'text' && typeof value === 'string') texts.push(value);
      return value;
    });
    for (const text of texts) {
      if (text.includes('{{')) problems.push(`teams: a date function can be formed: ${JSON.stringify(text)}`);
      if (invisible && INVISIBLE.test(text)) problems.push(`teams: an invisible character: ${JSON.stringify(text)}`);
    }
  }
  return problems;
}


/** The webhook body the model expects of an event of `facts` (docs/notifications.md, "The generic webhook"). */
function expectedPayload(h: History, facts: Facts, e: ModelEvent): unknown {
  const spell = (s: State | null): string | null => (s === 'under-maintenance' ? h.spelling : s);
  const notice = e.notice === null ? null : facts.notices.get(e.notice)!;
  return {
    id: e.id,
    type: e.type,
    occurred_at: iso(e.at),
    site: { name: h.siteName, url: 'https://status.example.test' },
    page: { state: spell(facts.page), state_text: h.stateText[facts.page], previous_state: spell(e.pagePrevious) },
    notice:
      notice === null
        ? null
        : {
            id: e.notice,
            type: notice.file.type,
            subject: notice.file.subject,
            state: notice.state,
            url: `https://status.example.test/notices/${e.notice}/`,
            components: notice.file.components,
            begins_at: notice.file.begins_at ? iso(notice.file.begins_at.ms) : null,
            ends_at: notice.file.ends_at ? iso(notice.file.ends_at.ms) : null,
          },
    update: e.update === null ? null : { id: e.update.id, state: e.update.state, content: e.update.content, content_truncated: false, created_at: iso(e.update.at) },
    component:
      e.component === null
        ? null
        : {
            id: e.component.id,
            name: h.componentNames[[1, 2, 3].indexOf(e.component.id)],
            state: spell(e.component.state),
            previous_state: spell(e.component.previous),
            url: `https://status.example.test/components/${e.component.id}/`,
          },
  };
}

/**
 * site.yaml's targets: the chat targets with their random `events`, the webhook with all. Reminders
 * are off: the model is of the events of changes (test/unit/notify/reminder.test.ts checks reminders).
 */
function targetsYaml(h: History): string {
  const events = (list: NotifyEventType[] | null): string => `    reminder: false\n${list === null ? '' : `    events: [${list.join(', ')}]\n`}`;
  return `notify:
  - type: slack
    url_env: SLACK_URL
${events(h.chatEvents.slack)}  - type: discord
    url_env: DISCORD_URL
${events(h.chatEvents.discord)}  - type: teams
    url_env: TEAMS_URL
${events(h.chatEvents.teams)}  - type: webhook
    url_env: HOOK_URL
    secret_env: HOOK_SECRET
    reminder: false
`;
}

const byNotice = <T extends { notice: number }>(list: readonly T[]): T[] => [...list].sort((a, b) => a.notice - b.notice);

const describeRun = (h: History, build: Build): string =>
  `build of ${iso(build.now)} with notices ${JSON.stringify([...build.written].map(([k, n]) => `${h.notices[k]!.id}:${n}`))}`;

/**
 * Brings the content folder `dir` from `was` (file → text, what it holds) to `files`: writes only
 * what changed and removes what is gone, as a checkout does. Rewriting the whole folder for every
 * build cost more than the notify runs it was for.
 */
async function checkOut(dir: string, was: Map<string, string>, files: ReadonlyMap<string, string>): Promise<void> {
  if (was.size === 0) {
    await mkdir(path.join(dir, 'components'), { recursive: true });
    await mkdir(path.join(dir, 'notices'), { recursive: true });
  }
  for (const file of was.keys()) if (!files.has(file)) await rm(path.join(dir, file));
  for (const [file, text] of files) if (was.get(file) !== text) await writeFile(path.join(dir, file), text);
  was.clear();
  for (const [file, text] of files) was.set(file, text);
}

async function checkHistory(h: History): Promise<void> {
  const root = await mkdtemp(path.join(tmpdir(), 'statuspress-prop-notify-'));
  let hooks: Receiver | null = null;
  try {
    hooks = await receiver();
    const content = path.join(root, 'content');
    const record = path.join(root, 'state', 'notify.json');
    const transport = fastTransport();
    const everyId = new Map<string, number>();
    const textsSent = new Set<string>();
    let memory: Memory | null = null;
    let seenRequests = 0;
    const written = new Map<string, string>();
    for (const [i, { build, twin, dry, older }] of runsOf(h).entries()) {
      const where = `run ${i}: ${describeRun(h, build)}`;
      const scenario = scenarioOf(h, build);
      const files = scenarioFiles(scenario);
      files.set('site.yaml', `${files.get('site.yaml')!}${targetsYaml(h)}`);
      await checkOut(content, written, files);
      const run = (dryRun = false): Promise<NotifyResult> =>
        notify({ contentDir: content, now: build.now, previous: record, env: envFor(hooks!.url), transport, retry: RETRY, dryRun });
      const facts = factsOf(h, build);
      const expected = expectedEvents(memory, facts);
      const recordBefore = await readFile(record, 'utf8').catch(() => null);

      if (dry) {
        const preview = await run(true);
        expect(preview.outcome, `${where}: dry run`).toBe(expected.outcome);
        expect(preview.events.map((e) => e.event.id).sort(), `${where}: dry run`).toEqual(expected.events.map((e) => e.id).sort());
        expect(byNotice(preview.renumbered), `${where}: dry run, renumbered`).toEqual(byNotice(expected.renumbered));
        expect(hooks.requests.length, `${where}: a dry run sends nothing`).toBe(seenRequests);
        expect(await readFile(record, 'utf8').catch(() => null), `${where}: a dry run records nothing`).toBe(recordBefore);
      }
      const results = twin ? await Promise.all([run(), run()]) : [await run()];
      if (older) expect(await readFile(record, 'utf8'), `${where}: an older build leaves the record as it is`).toBe(recordBefore);
      // Two runs at once (never the first): one makes the comparison, the other finds it made.
      expect(results.map((r) => r.outcome), `${where}: outcome`).toEqual(results.map(() => expected.outcome));
      for (const r of results) expect(r.deliveries.filter((d) => !d.ok), where).toEqual([]);
      // The notices whose update ids changed since the record, each told by the run that compared (and a warning).
      expect(byNotice(results.flatMap((r) => r.renumbered)), `${where}: renumbered`).toEqual(byNotice(expected.renumbered));
      for (const r of results) expect(r.warnings.filter((w) => w.includes('update ids changed')).length, where).toBe(r.renumbered.length);

      const requests = hooks.requests.slice(seenRequests);
      seenRequests = hooks.requests.length;
      const bodies = (p: string): Record<string, unknown>[] => requests.filter((r) => r.path === p).map((r) => JSON.parse(r.body) as Record<string, unknown>);
      const payloads = bodies(PATHS.hook) as { id: string; type: string; occurred_at: string }[];
      const sentIds = payloads.map((p) => p.id);

      // Once across the whole sequence; an id is remembered 90 days, and only a maintenance's
      // start or end by the clock, undone by an update and redone by a later one, is found again.
      for (const id of sentIds) {
        const before = everyId.get(id);
        if (before !== undefined) {
          expect(id, `${where}: ${id} sent again (first by the build of ${iso(before)})`).toMatch(/^maintenance-/);
          expect(build.now - before, `${where}: ${id} sent again (first by the build of ${iso(before)})`).toBeGreaterThan(SENT_KEPT);
        }
        everyId.set(id, build.now);
      }
      expect(new Set(sentIds).size, `${where}: an id twice in one run`).toBe(sentIds.length);
      // The events of the model, no more, no fewer.
      expect([...sentIds].sort(), where).toEqual(expected.events.map((e) => e.id).sort());
      // Each chat target got the events it takes.
      for (const target of ['slack', 'discord', 'teams'] as const) {
        const takes = h.chatEvents[target];
        expect(bodies(PATHS[target]).length, `${where}: ${target}`).toBe(payloads.filter((p) => takes === null || takes.includes(p.type as NotifyEventType)).length);
      }
      // In order: notice events oldest first, then components in the API's order, then the page.
      const rank = (type: string): number => (type === 'component.state_changed' ? 1 : type === 'page.state_changed' ? 2 : 0);
      const ranks = payloads.map((p) => rank(p.type));
      expect(ranks, `${where}: notice events, then components, then the page`).toEqual([...ranks].sort((a, b) => a - b));
      const noticeTimes = payloads.filter((p) => rank(p.type) === 0).map((p) => Date.parse(p.occurred_at));
      expect(noticeTimes, `${where}: notice events oldest first`).toEqual([...noticeTimes].sort((a, b) => a - b));
      const componentOrder = payloads.filter((p) => rank(p.type) === 1).map((p) => (p as unknown as { component: { id: number } }).component.id);
      expect(componentOrder, `${where}: components in the API's order`).toEqual([1, 3, 2].filter((id) => componentOrder.includes(id)));

      // Each update's text once in the whole sequence, whatever its id became.
      for (const p of payloads.filter((p) => p.type === 'notice.updated') as unknown as { notice: { id: number }; update: { content: string; created_at: string } }[]) {
        const said = `${p.notice.id} ${p.update.created_at} ${p.update.content}`;
        expect(textsSent.has(said), `${where}: an update's text sent again: ${JSON.stringify(said)}`).toBe(false);
        textsSent.add(said);
      }
      // The payloads tell the facts of this build.
      const byId = new Map(expected.events.map((e) => [e.id, e]));
      for (const p of payloads) expect(p, `${where}: payload of ${p.id}`).toEqual(expectedPayload(h, facts, byId.get(p.id)!));
      // Nothing a chat channel acts on.
      for (const target of ['slack', 'discord', 'teams'] as const) {
        for (const body of bodies(PATHS[target])) expect(chatProblems(target, body), `${where}: ${target}`).toEqual([]);
      }

      if (expected.outcome === 'first-run') {
        memory = { last: facts, seen: new Map(), sent: new Map() };
        remember(memory, facts);
      } else if (expected.outcome === 'compared') {
        for (const [id, at] of memory!.sent) if (at < build.now - SENT_KEPT) memory!.sent.delete(id);
        for (const e of expected.events) memory!.sent.set(e.id, build.now);
        remember(memory!, facts);
      }
    }
  } finally {
    await hooks?.close();
    await rm(root, { recursive: true, force: true });
  }
}

describe('properties of statuspress notify over random sequences of builds', () => {
  it(
    'each event once across re-runs, older builds and runs at once; the events the model expects, in order, with the build’s facts; nothing a chat channel acts on',
    async () => {
      await fc.assert(fc.asyncProperty(historyArb, checkHistory), params(RUNS, MS_PER_RUN));
    },
    timeLimit(RUNS, MS_PER_RUN),
  );

  it(
    'the payload of each chat target, whatever its texts: nothing that pings, links or forms a date function',
    () => {
      const messageArb = fc.record({ headline: hostileArb, facts: fc.oneof(fc.constant(''), hostileArb), body: fc.oneof(fc.constant(''), hostileArb, hostileArb.map((t) => t.repeat(90))) });
      fc.assert(
        fc.property(messageArb, (m) => {
          const message = { ...m, link: 'https://status.example.test/notices/42/', view: 'View on the status page' };
          expect(chatProblems('slack', slackPayload(message) as Record<string, unknown>, false)).toEqual([]);
          expect(chatProblems('discord', discordPayload(message) as Record<string, unknown>, false)).toEqual([]);
          expect(chatProblems('teams', teamsPayload(message) as Record<string, unknown>, false)).toEqual([]);
        }),
        params(HOSTILE_RUNS, 5),
      );
    },
    timeLimit(HOSTILE_RUNS, 5),
  );
});
