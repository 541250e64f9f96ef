// What `statuspress notify` compares: the few facts of a build that events are made of (which notices
// and updates are published, each component's and the page's state), and the record it keeps of the
// last build it notified about, with the ids of the events it sent. An update is known by its time
// and a hash of its text, not by its API id: an update inserted before published ones renumbers
// them (src/content/update-ids.ts), and a renumbered update must neither be sent again nor hide the new one.
import { createHash } from 'node:crypto';
import type { DerivedSite, DerivedUpdate } from '../derive/index.js';
import type { State } from '../content/types.js';
import { formatTimestamp, parseTimestamp } from '../util/time.js';

/** An update as a build published it, as the record keeps it. */
export interface KnownUpdate {
  /** Its API id in that build (notice id × 1000 + rank; 901 and 902 the automatic transitions). */
  id: number;
  /** Its `at`, epoch ms; null only for an entry of a format-1 record, which held ids alone (placed by `placed`). */
  at: number | null;
  /** `textHash` of its text; null exactly when `at` is. */
  hash: string | null;
}

/** The facts of one build that events are made of. */
export interface Snapshot {
  /** The build's `now`, epoch ms. */
  now: number;
  page: State;
  /** Component id → state. */
  components: Map<number, State>;
  /** Notice id → its published updates (auto transitions included), oldest first; a record keeps removed notices' too. */
  notices: Map<number, KnownUpdate[]>;
  /**
   * Notice id → the components it listed, so a target limited to components learns of a notice
   * that comes to list one of its own. A notice a format-2 record knew has none here (unknown).
   */
  noticeComponents: Map<number, number[]>;
  /** Notice id → its postmortem's `at`, once published: announced once (a record keeps removed notices' too). */
  noticePostmortems: Map<number, number>;
}

/** The first 16 hex digits of the SHA-256 of an update's text (UTF-8): with its time, what identifies it. */
export const textHash = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex').slice(0, 16);

export const knownOf = (update: DerivedUpdate): KnownUpdate => ({ id: update.id, at: update.at, hash: textHash(update.content) });

export function snapshotOf(site: DerivedSite): Snapshot {
  return {
    now: site.now,
    page: site.page.state,
    components: new Map(site.components.map((c) => [c.id, c.state])),
    notices: new Map(site.notices.map((n) => [n.id, n.updates.map(knownOf)])),
    noticeComponents: new Map(site.notices.map((n) => [n.id, [...n.source.components]])),
    noticePostmortems: new Map(site.notices.flatMap((n) => (n.postmortem === null ? [] : [[n.id, n.postmortem.at] as [number, number]]))),
  };
}

/**
 * The record's format. Rules, so later versions extend it (docs/notifications.md, "The record"):
 * every format is a JSON object with an integer `format` and a string `now`, so any version
 * recognises a record of a newer one (and refuses it, unchanged); a version reads every older
 * format, each upgraded to the next by one step of UPGRADES; any change to what a key means bumps it.
 * 1: notices held update ids (then each update's position in its file + 1). 2: each update's id, time and text hash.
 * 3: `notice_components`, each notice's components; `notice_postmortems`, when each published postmortem was.
 * 4: `unknown`, the targets that were handed an event but never answered; `held`, the messages a
 * stopped run had not yet handed over, each for its target, sent by the next run.
 * 5: `audiences`, each private audience's facts, sent and unknown events (the top level's are the public's).
 */
export const RECORD_FORMAT = 5;

/** Sent event ids are kept this long, so an event found again (a maintenance's start undone and redone) is not sent again. */
export const SENT_KEPT_MS = 90 * 86_400_000;
/** And at most this many (the newest), so the record stays small on a busy page. */
export const SENT_KEPT_MAX = 5000;

/** An update in the record: `{id, at, hash}`, or `{id}` alone as migrated from format 1. */
export type RecordUpdateJson = { id: number; at: string; hash: string } | { id: number };

/** A message a stopped run had not handed over: what its target is to get, made as that run made it. */
export interface HeldMessage {
  /** The event's id and type. */
  event: string;
  type: string;
  /** The target's label (`slack (SLACK_WEBHOOK_URL)`): the next run sends it if it still has that target. */
  target: string;
  /** An HTTP target's request body, or an email target's message. */
  body: string | null;
  email: HeldEmail | null;
}

/** An email as email.ts makes it. */
export interface HeldEmail {
  subject: string;
  text: string;
  html: string;
  messageId: string;
  /** The message this one answers (the notice's first): null for the first and for state changes. */
  inReplyTo: string | null;
}

/** One audience's part of the record as JSON: the facts of its view of the build, and its events already sent. */
export interface AudienceJson {
  page: State;
  components: Record<string, State>;
  notices: Record<string, RecordUpdateJson[]>;
  /** Notice id → the ids of the components it listed. */
  notice_components: Record<string, number[]>;
  /** Notice id → its published postmortem's `at`. */
  notice_postmortems: Record<string, string>;
  /** Event id → `now` of the build whose run claimed it. */
  sent: Record<string, string>;
  /** Event id → the targets it was handed to without an answer: it may have arrived, so it is not sent again. */
  unknown: Record<string, string[]>;
}

/** The notify record as JSON (format 5): the last build notified about, and the events already sent; the top level is the public's part. */
export interface RecordJson extends AudienceJson {
  format: number;
  /** The build's `now`. */
  now: string;
  /** The messages a stopped run had not handed over, oldest first. */
  held: HeldMessage[];
  /** Each private audience's part, by name. */
  audiences: Record<string, AudienceJson>;
}

/** What the record keeps of one audience: the facts of its view, and its events sent and unknown. */
export interface AudiencePart {
  snapshot: Snapshot;
  /** Event id → epoch ms of the build whose run claimed it. */
  sent: Map<string, number>;
  /** Event id → the targets whose delivery of it is unknown (kept while the id is in `sent`). */
  unknown?: Map<string, string[]>;
}

/** The record: the public's part (its facts, its events sent and unknown), and what else it keeps. */
export interface NotifyRecord extends AudiencePart {
  /** Messages for the next run to send, each to its target (claimed in `sent` for every other target). */
  held?: HeldMessage[];
  /** Each private audience's part (its snapshot's `now` is the record's); one missing has not been notified about yet. */
  audiences?: Map<string, AudiencePart>;
}

/** The record as it is written. */
export function recordJson(record: NotifyRecord): string {
  const json: RecordJson = {
    format: RECORD_FORMAT,
    now: formatTimestamp(record.snapshot.now),
    ...partJson(record),
    held: record.held ?? [],
    audiences: Object.fromEntries([...(record.audiences ?? new Map<string, AudiencePart>())].map(([name, part]) => [name, partJson(part)])),
  };
  return `${JSON.stringify(json, null, 1)}\n`;
}

function partJson(part: AudiencePart): AudienceJson {
  const { snapshot, sent } = part;
  return {
    page: snapshot.page,
    components: Object.fromEntries([...snapshot.components].map(([id, state]) => [String(id), state])),
    notices: Object.fromEntries(
      [...snapshot.notices].map(([id, updates]) => [String(id), updates.map((u) => (u.at === null || u.hash === null ? { id: u.id } : { id: u.id, at: formatTimestamp(u.at), hash: u.hash }))]),
    ),
    notice_components: Object.fromEntries([...snapshot.noticeComponents].map(([id, components]) => [String(id), components])),
    notice_postmortems: Object.fromEntries([...snapshot.noticePostmortems].map(([id, at]) => [String(id), formatTimestamp(at)])),
    sent: Object.fromEntries([...sent].map(([id, at]) => [id, formatTimestamp(at)])),
    unknown: Object.fromEntries([...(part.unknown ?? new Map<string, string[]>())].filter(([id]) => sent.has(id))),
  };
}

/**
 * What a file holds. Messages say what is wrong in words of ours and never quote the file: it may
 * be any file at all (a secret, a terminal escape in a key).
 */
export type ParsedRecord =
  /** A record; `format` is the one it was written in (older ones are upgraded as read). */
  | { kind: 'record'; record: NotifyRecord; format: number }
  /** A record written by a newer version: not read, and never replaced. */
  | { kind: 'newer'; format: number }
  /** A record whose values make no sense (a hand edit, a damaged disk). */
  | { kind: 'damaged'; reason: string }
  /** Not a record at all (package.json, a list, a text file). */
  | { kind: 'not-record'; reason: string };

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The record's keys besides `format` and `now`, and what each holds: how a record is recognised. */
const KEYS = { page: 'string', components: 'object', notices: 'object', sent: 'object' } as const;

/** Each step upgrades a record's JSON from its format to the next; throws Damaged when it cannot. */
const UPGRADES: Record<number, (json: Json) => Json> = {
  // Format 1 held only ids, by position in the file then: each becomes an entry with its id alone,
  // placed on the update at that position of the content the first time it is compared (`placed`).
  1: (json) => {
    const notices: Record<string, RecordUpdateJson[]> = {};
    for (const [id, value] of Object.entries(json.notices as Json)) {
      if (!Array.isArray(value) || !value.every((u) => Number.isSafeInteger(u))) throw new Damaged('a notice has no list of update ids');
      notices[id] = (value as number[]).map((u) => ({ id: u }));
    }
    return { ...json, format: 2, notices };
  },
  // Format 2 kept no notice's components: each is unknown, taken as unchanged when next compared.
  // Nor any postmortem: there were none before format 3.
  2: (json) => ({ ...json, format: 3, notice_components: {}, notice_postmortems: {} }),
  // Format 3 sent or claimed every event for every target: nothing unknown, nothing held.
  3: (json) => ({ ...json, format: 4, unknown: {}, held: [] }),
  // Format 4 served the public alone: no private audience has been notified about yet.
  4: (json) => ({ ...json, format: 5, audiences: {} }),
};

class Damaged extends Error {}

const STATES: readonly string[] = ['operational', 'degraded', 'under-maintenance'];

/** What `text` holds: a record (of this format or an older one, upgraded), a newer one, a damaged one, or something else. */
export function parseRecord(text: string): ParsedRecord {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { kind: 'not-record', reason: 'it is not JSON' };
  }
  if (!isObject(json)) return { kind: 'not-record', reason: 'it is not a JSON object' };
  const { format } = json;
  if (typeof format !== 'number' || !Number.isSafeInteger(format) || format < 1) return { kind: 'not-record', reason: 'it has no "format" number' };
  if (typeof json.now !== 'string') return { kind: 'not-record', reason: 'it has no "now" text' };
  if (format > RECORD_FORMAT) return { kind: 'newer', format };
  const missing = missingKey(json);
  if (missing !== null) return { kind: 'not-record', reason: missing };
  try {
    let upgraded = json;
    for (let f = format; f < RECORD_FORMAT; f++) upgraded = UPGRADES[f]!(upgraded);
    return { kind: 'record', record: recordOf(upgraded), format };
  } catch (error) {
    if (error instanceof Damaged) return { kind: 'damaged', reason: error.message };
    throw error;
  }
}

/** What of KEYS `json` lacks, in words; null when it has them all. */
function missingKey(json: Json): string | null {
  for (const [key, type] of Object.entries(KEYS)) {
    if (type === 'string' ? typeof json[key] !== 'string' : !isObject(json[key])) return `it has no "${key}" ${type === 'string' ? 'text' : 'object'}`;
  }
  return null;
}

/** An audience's name, as site.yaml's `audiences` allows it. */
const AUDIENCE = /^[a-z][a-z0-9-]{0,62}$/;

/** The record of a JSON object of the current format, whose keys have the right types. */
function recordOf(json: Json): NotifyRecord {
  const now = parseTimestamp(json.now as string);
  if (now === null) throw new Damaged('its "now" is not a timestamp');
  if (!Array.isArray(json.held)) throw new Damaged('it has no "held" list');
  const held = json.held.map(heldOf);
  if (!isObject(json.audiences)) throw new Damaged('it has no "audiences" object');
  const audiences = new Map<string, AudiencePart>();
  for (const [name, value] of Object.entries(json.audiences)) {
    if (!AUDIENCE.test(name) || name === 'public' || !isObject(value) || missingKey(value) !== null) throw new Damaged('an audience of "audiences" is not one');
    audiences.set(name, partOf(value, now));
  }
  return { ...partOf(json, now), held, audiences };
}

/** One audience's part of the record, from its JSON (the top level, or one of `audiences`). */
function partOf(json: Json, now: number): Required<AudiencePart> {
  const state = (value: unknown, what: string): State => {
    if (typeof value !== 'string' || !STATES.includes(value)) throw new Damaged(`${what} is not a state`);
    return value as State;
  };
  const components = new Map<number, State>();
  for (const [id, value] of Object.entries(json.components as Json)) components.set(idOf(id, 'components'), state(value, 'a component’s state'));
  const notices = new Map<number, KnownUpdate[]>();
  for (const [id, value] of Object.entries(json.notices as Json)) {
    if (!Array.isArray(value)) throw new Damaged('a notice has no list of updates');
    notices.set(idOf(id, 'notices'), value.map(updateOf));
  }
  const noticeComponents = new Map<number, number[]>();
  if (!isObject(json.notice_components)) throw new Damaged('it has no "notice_components" object');
  for (const [id, value] of Object.entries(json.notice_components)) {
    if (!Array.isArray(value) || !value.every((c) => Number.isSafeInteger(c) && (c as number) > 0)) throw new Damaged('a notice has no list of component ids');
    noticeComponents.set(idOf(id, 'notice_components'), value as number[]);
  }
  const noticePostmortems = new Map<number, number>();
  if (!isObject(json.notice_postmortems)) throw new Damaged('it has no "notice_postmortems" object');
  for (const [id, value] of Object.entries(json.notice_postmortems)) {
    const at = typeof value === 'string' ? parseTimestamp(value) : null;
    if (at === null) throw new Damaged('a postmortem has no valid time');
    noticePostmortems.set(idOf(id, 'notice_postmortems'), at);
  }
  const sent = new Map<string, number>();
  for (const [id, value] of Object.entries(json.sent as Json)) {
    const at = typeof value === 'string' ? parseTimestamp(value) : null;
    if (at === null) throw new Damaged('an event of "sent" has no valid time');
    sent.set(id, at);
  }
  const unknown = new Map<string, string[]>();
  if (!isObject(json.unknown)) throw new Damaged('it has no "unknown" object');
  for (const [id, value] of Object.entries(json.unknown)) {
    if (!Array.isArray(value) || !value.every((t) => typeof t === 'string')) throw new Damaged('an event of "unknown" has no list of targets');
    unknown.set(id, value as string[]);
  }
  return { snapshot: { now, page: state(json.page, 'the page’s state'), components, notices, noticeComponents, noticePostmortems }, sent, unknown };
}

const text = (value: unknown): value is string => typeof value === 'string';

function heldOf(value: unknown): HeldMessage {
  const bad = new Damaged('a message of "held" is not one');
  if (!isObject(value) || !text(value.event) || !text(value.type) || !text(value.target)) throw bad;
  const { body, email } = value;
  if (body !== null && !text(body)) throw bad;
  if (email !== null) {
    if (!isObject(email) || !text(email.subject) || !text(email.text) || !text(email.html) || !text(email.messageId) || !(email.inReplyTo === null || text(email.inReplyTo))) throw bad;
  }
  if ((body === null) === (email === null)) throw bad;
  const mail = email as HeldEmail | null;
  return {
    event: value.event,
    type: value.type,
    target: value.target,
    body,
    email: mail === null ? null : { subject: mail.subject, text: mail.text, html: mail.html, messageId: mail.messageId, inReplyTo: mail.inReplyTo },
  };
}

function updateOf(value: unknown): KnownUpdate {
  if (!isObject(value) || !Number.isSafeInteger(value.id) || (value.id as number) <= 0) throw new Damaged('an update of a notice has no id');
  const id = value.id as number;
  if (value.at === undefined && value.hash === undefined) return { id, at: null, hash: null };
  const at = typeof value.at === 'string' ? parseTimestamp(value.at) : null;
  if (at === null || typeof value.hash !== 'string' || !/^[0-9a-f]{16}$/.test(value.hash)) throw new Damaged('an update of a notice has no valid time and hash');
  return { id, at, hash: value.hash };
}

function idOf(text: string, where: string): number {
  const id = Number(text);
  if (!Number.isSafeInteger(id) || id <= 0) throw new Damaged(`a key of "${where}" is not an id`);
  return id;
}

/** The sent ids to keep after a run of build `now` that claimed `claimed`: recent ones, at most SENT_KEPT_MAX. */
export function keptSent(previous: ReadonlyMap<string, number>, claimed: readonly string[], now: number): Map<string, number> {
  const all = [...previous].filter(([, at]) => at >= now - SENT_KEPT_MS);
  for (const id of claimed) all.push([id, now]);
  all.sort((a, b) => b[1] - a[1]);
  return new Map(all.slice(0, SENT_KEPT_MAX));
}
