// What `statuspress notify` compares: the few facts of a build that events are made of (which notices
// and updates are published, each component's and the page's state), and the record it keeps of the
// last build it notified about, with the ids of the events it sent.
import type { DerivedSite } from '../derive/index.js';
import type { State } from '../types.js';
import { formatTimestamp, parseTimestamp } from '../time.js';

/** The facts of one build that events are made of. */
export interface Snapshot {
  /** The build's `now`, epoch ms. */
  now: number;
  page: State;
  /** Component id → state. */
  components: Map<number, State>;
  /** Notice id → the ids of its published updates (auto transitions included); a record keeps removed notices' too. */
  notices: Map<number, Set<number>>;
}

/** The facts of a derived site. */
export function snapshotOf(site: DerivedSite): Snapshot {
  return {
    now: site.now,
    page: site.page.state,
    components: new Map(site.components.map((c) => [c.id, c.state])),
    notices: new Map(site.notices.map((n) => [n.id, new Set(n.updates.map((u) => u.id))])),
  };
}

/** Bumped whenever the record's shape changes: a record of another format counts as none (a first run). */
export const RECORD_FORMAT = 1;

/** Sent event ids are kept this long, so an event found again (a maintenance's start undone and redone) is not sent again. */
export const SENT_KEPT_MS = 90 * 86_400_000;
/** And at most this many (the newest), so the record stays small on a busy page. */
export const SENT_KEPT_MAX = 5000;

/** The notify record as JSON: the last build notified about, and the events already sent. */
export interface RecordJson {
  format: number;
  /** The build's `now`. */
  now: string;
  page: State;
  components: Record<string, State>;
  notices: Record<string, number[]>;
  /** Event id → `now` of the build whose run claimed it. */
  sent: Record<string, string>;
}

export interface NotifyRecord {
  snapshot: Snapshot;
  /** Event id → epoch ms of the build whose run claimed it. */
  sent: Map<string, number>;
}

/** The record as it is written. */
export function recordJson(record: NotifyRecord): string {
  const { snapshot, sent } = record;
  const json: RecordJson = {
    format: RECORD_FORMAT,
    now: formatTimestamp(snapshot.now),
    page: snapshot.page,
    components: Object.fromEntries([...snapshot.components].map(([id, state]) => [String(id), state])),
    notices: Object.fromEntries([...snapshot.notices].map(([id, updates]) => [String(id), [...updates].sort((a, b) => a - b)])),
    sent: Object.fromEntries([...sent].map(([id, at]) => [id, formatTimestamp(at)])),
  };
  return `${JSON.stringify(json, null, 1)}\n`;
}

const STATES: readonly string[] = ['operational', 'degraded', 'under-maintenance'];

/**
 * The record in `text`; null when it is of another format (written by another version of
 * statuspress). Throws a plain Error saying what is wrong when it is not a record at all.
 */
export function parseRecord(text: string): NotifyRecord | null {
  const json = JSON.parse(text) as Partial<RecordJson> | null;
  if (typeof json !== 'object' || json === null) throw new Error('not a JSON object');
  if (json.format !== RECORD_FORMAT) return null;
  const now = typeof json.now === 'string' ? parseTimestamp(json.now) : null;
  if (now === null) throw new Error('no valid "now"');
  const state = (value: unknown, what: string): State => {
    if (typeof value !== 'string' || !STATES.includes(value)) throw new Error(`${what} is not a state`);
    return value as State;
  };
  const components = new Map<number, State>();
  for (const [id, value] of Object.entries(objectOf(json.components, 'components'))) components.set(idOf(id), state(value, `component ${id}`));
  const notices = new Map<number, Set<number>>();
  for (const [id, value] of Object.entries(objectOf(json.notices, 'notices'))) {
    if (!Array.isArray(value) || !value.every((u) => Number.isSafeInteger(u))) throw new Error(`notice ${id} has no list of update ids`);
    notices.set(idOf(id), new Set(value as number[]));
  }
  const sent = new Map<string, number>();
  for (const [id, value] of Object.entries(objectOf(json.sent, 'sent'))) {
    const at = typeof value === 'string' ? parseTimestamp(value) : null;
    if (at === null) throw new Error(`sent event ${id} has no valid time`);
    sent.set(id, at);
  }
  return { snapshot: { now, page: state(json.page, 'page'), components, notices }, sent };
}

function objectOf(value: unknown, what: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error(`no "${what}" object`);
  return value as Record<string, unknown>;
}

function idOf(text: string): number {
  const id = Number(text);
  if (!Number.isSafeInteger(id) || id <= 0) throw new Error(`${text} is not an id`);
  return id;
}

/** The sent ids to keep after a run of build `now` that claimed `claimed`: recent ones, at most SENT_KEPT_MAX. */
export function keptSent(previous: ReadonlyMap<string, number>, claimed: readonly string[], now: number): Map<string, number> {
  const all = [...previous].filter(([, at]) => at >= now - SENT_KEPT_MS);
  for (const id of claimed) all.push([id, now]);
  all.sort((a, b) => b[1] - a[1]);
  return new Map(all.slice(0, SENT_KEPT_MAX));
}
