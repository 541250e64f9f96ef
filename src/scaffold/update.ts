// `statuspress update` and `statuspress resolve`: a notice found by the id inside its file, changed
// in place (an update appended at the end of its list, a window moved, an expiry set), the whole
// content validated with the change, and the file replaced only when the change has no problem.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { loadContent, noticeOf } from '../content/index.js';
import type { LoadedContent, SourceFile } from '../content/index.js';
import { DEFAULT_STATE_TEXT, DEFAULT_TRANSITION_TEXT } from '../content/model.js';
import { field } from '../content/rules.js';
import { checkTimestamp, utcText } from '../content/timestamps.js';
import { DEFAULT_LOCALE, DEFAULT_TIME_ZONE } from '../i18n/check.js';
import { publishedUpdates } from '../derive/updates.js';
import { fail } from '../errors/error.js';
import { t } from '../i18n/index.js';
import type { ContentIssue } from '../errors/error.js';
import { COMMAND } from '../errors/command.js';
import type { Notice, NoticeType, SiteConfig } from '../content/types.js';
import { updateId } from '../content/update-ids.js';
import { appendItem, applyEdits, checkReadsAs, replaceFile, setMapping, setValue } from './edit.js';
import { withContentLock } from './lock.js';
import type { TextEdit } from './edit.js';
import { byOption, currentSecond, isoAt, judge, shownIssues, siteLanguage, sourceOf } from './yaml.js';
import { definedOnly } from '../util/defined.js';

export interface UpdateOptions {
  /** The notice's state after this update: required for unplanned and planned notices, refused for general ones (validation says so). */
  state?: string;
  /** The update's Markdown. */
  content: string;
  /** When it was posted, written as given (ISO 8601 with a zone); default `now`. */
  at?: string;
  /** Planned notices: the window's new start and end, written as given; the update says why it moved. */
  beginsAt?: string;
  endsAt?: string;
  /** Epoch ms (default: the current time, to the second): the update's `at`, and what is withheld. */
  now?: number;
  /** Allow an `at` before the notice's latest published update (it renumbers the published updates after it). */
  backdate?: boolean;
  /** Allow an update to a stale notice (its latest update over a day old). */
  reopen?: boolean;
  /** Allow an update to an announcement (a general notice) while an incident is open: it is meant for the announcement. */
  announcement?: boolean;
  /** The longest wait for another authoring command on the same content (ms; default 30 s). */
  lockWaitMs?: number;
}

export interface ResolveOptions {
  /** The update's Markdown; default a sentence for the type (a general notice gets an update only with one). */
  content?: string;
  /** When, written as given; default `now`. */
  at?: string;
  now?: number;
  backdate?: boolean;
  lockWaitMs?: number;
}

/** A notice as the page shows it: its subject, type and state (a general notice: open or expired; null: nothing published yet). */
export interface Standing {
  id: number;
  subject: string;
  type: NoticeType;
  state: string | null;
}

type SetKey = 'begins_at' | 'ends_at' | 'expires_at';

/** What was changed, and what the whole content's validation said besides. */
export interface Changed {
  /** The notice's file, relative to the content folder (`notices/42-api.yaml`). */
  file: string;
  /** The update appended: its id in the API (notice id × 1000 + its rank in time) and its state; null when none was. */
  update: { id: number; state: string | null } | null;
  /** The notice before and after the change, as the page shows it as of `now`. */
  before: Standing;
  after: Standing;
  /** Top-level keys set, with the values written (`postmortem`: its `at`). */
  set: Partial<Record<SetKey | 'postmortem', string>>;
  /** Notes about the file (the update is withheld until after now). */
  notes: ContentIssue[];
  /** Problems in other files: they do not stop the change, which cannot have caused them. */
  elsewhere: ContentIssue[];
}

/** What to change: an update to append, top-level values to set, and a top-level mapping to write whole. */
interface Plan {
  append?: Record<string, string>;
  set?: Partial<Record<SetKey, string>>;
  mapping?: { key: 'postmortem'; value: Record<string, string> };
}

/** Appends an update at the end of notice `id`'s list (and moves a planned notice's window); a usage error, with nothing written, when the result would not validate. */
export async function updateNotice(contentDir: string, id: number, options: UpdateOptions): Promise<Changed> {
  if (typeof options.content !== 'string') throw fail(COMMAND.updateNeedsMessage, undefined);
  return change(contentDir, id, 'update', options, (_, now) => ({
    append: { at: options.at ?? isoAt(now), ...definedOnly({ state: options.state }), content: options.content },
    set: definedOnly({ begins_at: options.beginsAt, ends_at: options.endsAt }),
  }));
}

const FINAL_STATE = { unplanned: 'resolved', planned: 'complete' } as const;

/**
 * Ends notice `id`: an incident gets a `resolved` update; a maintenance that has begun a `complete`
 * one (one still scheduled before its window is refused: cancel it instead); a general notice gets
 * `expires_at` (and an update only when `content` is given). A notice that has ended is refused.
 */
export async function resolveNotice(contentDir: string, id: number, options: ResolveOptions = {}): Promise<Changed> {
  return change(contentDir, id, 'resolve', options, (model, now, language): Plan => {
    const at = options.at ?? isoAt(now);
    const notice = model();
    if (notice.type === 'general') {
      if (notice.expiresAt !== null && notice.expiresAt <= now) throw fail(COMMAND.noticeAlreadyEnded, { id, state: 'expired' });
      return { set: { expires_at: at }, ...(options.content === undefined ? {} : { append: { at, content: options.content } }) };
    }
    const state = currentState(notice, now);
    if (state === 'resolved' || state === 'false_alarm' || state === 'complete' || state === 'cancelled') {
      throw fail(COMMAND.noticeAlreadyEnded, { id, state });
    }
    if (notice.type === 'planned' && state !== 'underway' && notice.beginsAt !== null && now < notice.beginsAt) {
      throw fail(COMMAND.maintenanceNotBegun, { id, beginsAt: utcText(notice.beginsAt) });
    }
    return { append: { at, state: FINAL_STATE[notice.type], content: options.content ?? t(language, `authoring.resolved.${notice.type}`) } };
  });
}

// publishedUpdates words the automatic transitions with the site's texts; only their states count here.
const ANY_SITE: SiteConfig = {
  name: '',
  url: '',
  createdAt: 0,
  metrics: false,
  stateText: { ...DEFAULT_STATE_TEXT },
  maintenanceSpelling: 'under-maintenance',
  transitionText: DEFAULT_TRANSITION_TEXT,
  locale: DEFAULT_LOCALE,
  timeZone: DEFAULT_TIME_ZONE,
};

/** The state the page shows as of `now`, automatic transitions included; null before the first update. */
function currentState(notice: Notice, now: number): string | null {
  return publishedUpdates(notice, now, ANY_SITE).at(-1)?.state ?? null;
}

export function standingOf(notice: Notice, now: number): Standing {
  const published = publishedUpdates(notice, now, ANY_SITE);
  const state =
    published.length === 0 ? null : notice.type === 'general' ? (notice.expiresAt !== null && notice.expiresAt <= now ? 'expired' : 'open') : (published.at(-1)!.state ?? null);
  return { id: notice.id, subject: notice.subject, type: notice.type, state };
}

const DAY = 24 * 60 * 60 * 1000;

/**
 * `update` of an announcement while an incident is open is most often the wrong id: an incident's
 * text posted onto the welcome notice, which the stale-notice guard lets through when it is new.
 * Refused, naming the open incidents, unless `--announcement` says it is meant; a `--state` for it
 * is refused with the same words (an announcement has no state), whatever is open.
 */
function refuseAnnouncement(loaded: LoadedContent, notice: Notice, now: number, options: { announcement?: boolean; state?: string }): void {
  if (options.announcement && options.state === undefined) return;
  const open = loaded.notices
    .map(noticeOf)
    .filter((n): n is Notice => n !== null && n.type === 'unplanned')
    .map((n) => standingOf(n, now))
    .filter((n) => n.state !== null && n.state !== 'resolved' && n.state !== 'false_alarm')
    .sort((a, b) => a.id - b.id);
  if (open.length === 0 && options.state === undefined) return;
  throw fail(COMMAND.updateAnnouncement, { id: notice.id, subject: notice.subject, incidents: open.map(({ id, subject }) => ({ id, subject })), ...(options.state === undefined ? {} : { state: options.state }) });
}

/**
 * A notice nobody has posted to for over a day, as of `now`: most often the wrong id. A maintenance
 * whose window has not ended is never stale (its announcement may be weeks old); the automatic
 * transitions count as updates.
 */
function staleSince(notice: Notice, now: number): number | null {
  if (notice.type === 'planned' && notice.endsAt !== null && notice.endsAt > now) return null;
  const latest = publishedUpdates(notice, now, ANY_SITE).at(-1);
  return latest !== undefined && now - latest.at > DAY ? latest.at : null;
}

/** `26 hours`, `3 days`. */
function age(ms: number): string {
  const hours = Math.floor(ms / (60 * 60 * 1000));
  return hours < 48 ? `${hours} hours` : `${Math.floor(hours / 24)} days`;
}

/**
 * Whether a file lists its updates newest first (as the page does) and `at` is newer than them all:
 * the new update then goes at the top, so the file keeps its order. (At the same moment as the
 * newest it goes at the end: updates of one moment rank by their place, and a new one ranks last.)
 */
function newestFirst(notice: Notice, at: string): boolean {
  const ats = notice.updates.map((u) => u.at);
  if (ats.length < 2 || ats[0]! <= ats.at(-1)!) return false;
  for (let i = 1; i < ats.length; i++) if (ats[i]! > ats[i - 1]!) return false;
  const time = checkTimestamp(at);
  return time.ok && time.value > ats[0]!;
}

/**
 * The latest `at` of the notice's own published updates (the automatic transitions keep their ids
 * whatever is inserted); null when none is published.
 */
function latestPublished(notice: Notice, now: number): number | null {
  let latest: number | null = null;
  for (const u of notice.updates) if (u.at <= now && (latest === null || u.at > latest)) latest = u.at;
  return latest;
}

const WHAT = { update: 'The update', resolve: 'The resolution', postmortem: 'The postmortem' } as const;

export interface PostmortemOptions {
  /** The postmortem's Markdown. */
  content: string;
  /** When it is published, written as given (ISO 8601 with a zone); default `now`. Withheld until then. */
  at?: string;
  now?: number;
  lockWaitMs?: number;
}

/**
 * Writes incident `id`'s postmortem (`postmortem: {at, content}`, replacing one it has): refused for a
 * maintenance or a general notice, and, like an update, when the result would not validate.
 */
export async function writePostmortem(contentDir: string, id: number, options: PostmortemOptions): Promise<Changed> {
  return change(contentDir, id, 'postmortem', options, (model, now): Plan => {
    const notice = model();
    if (notice.type !== 'unplanned') throw fail(COMMAND.postmortemNotIncident, { id, type: notice.type });
    // A Markdown file saved on Windows ends its lines with CRLF: its lines, not a `\r` written as an escape.
    const content = options.content.replace(/\r\n?/g, '\n');
    return { mapping: { key: 'postmortem', value: { at: options.at ?? isoAt(now), content } } };
  });
}

/**
 * Finds notice `id`, makes `plan`'s change to its text, checks that the text reads back as meant
 * and that the whole content validates with it, then replaces the file. `model` gives the notice as
 * the file says it now, or throws its problems. `now` (default: the clock, to the second) is read
 * once the lock is held: a run that waited for another judges and dates its change after it.
 */
async function change(
  contentDir: string,
  id: number,
  command: keyof typeof WHAT,
  options: { now?: number; backdate?: boolean; reopen?: boolean; announcement?: boolean; state?: string; lockWaitMs?: number },
  plan: (model: () => Notice, now: number, language: string) => Plan,
): Promise<Changed> {
  if (!Number.isSafeInteger(id) || id <= 0) throw fail(COMMAND.noticeIdNeeded, { command, value: String(id) });
  return withContentLock(contentDir, () => changeLocked(contentDir, id, command, options.now ?? currentSecond(), options, plan), options.lockWaitMs === undefined ? {} : { waitMs: options.lockWaitMs });
}

async function changeLocked(
  contentDir: string,
  id: number,
  command: keyof typeof WHAT,
  now: number,
  options: { backdate?: boolean; reopen?: boolean; announcement?: boolean; state?: string },
  plan: (model: () => Notice, now: number, language: string) => Plan,
): Promise<Changed> {
  const { loaded, found, target, text, original, problems } = await readNotice(contentDir, id);
  const what = `${WHAT[command]} to ${found.file}`;
  const refuse = (): never => {
    throw fail(COMMAND.editInvalid, { what, issues: shownIssues(contentDir, problems()) });
  };
  if (!original.usable || original.doc === null) refuse();

  const model = (): Notice => noticeOf(original) ?? refuse();
  const { append, set = {}, mapping } = plan(model, now, siteLanguage(loaded));
  const notice = model();
  if (command === 'update' && notice.type === 'general') refuseAnnouncement(loaded, notice, now, options);
  if (append) {
    const since = command === 'update' && !options.reopen ? staleSince(notice, now) : null;
    if (since !== null) throw fail(COMMAND.staleNotice, { id, subject: notice.subject, age: age(now - since) });
    const at = checkTimestamp(append.at);
    const latest = latestPublished(notice, now);
    if (!options.backdate && at.ok && latest !== null && at.value < latest) {
      throw fail(COMMAND.backdateNeeded, { id, at: utcText(at.value), latest: utcText(latest) });
    }
  }
  const doc = original.doc!;
  const expected = structuredClone(original.data) as Record<string, unknown>;
  const edits: TextEdit[] = [];
  const updates = field(original.data, 'updates');
  const where = append && newestFirst(notice, append.at) ? 'first' : 'last';
  if (append) {
    const edit = appendItem(text, doc, 'updates', append, where);
    if (edit === null || !Array.isArray(updates)) {
      if (problems().length > 0) refuse();
      throw fail(COMMAND.cannotEditInPlace, { file: found.file, key: 'updates' });
    }
    edits.push(edit);
    expected.updates = where === 'first' ? [append, ...updates] : [...updates, append];
  }
  for (const [key, value] of Object.entries(set) as [SetKey, string][]) {
    const edit = setValue(text, doc, key, value, 'updates');
    if (edit === null) {
      if (problems().length > 0) refuse();
      throw fail(COMMAND.cannotEditInPlace, { file: found.file, key });
    }
    edits.push(edit);
    expected[key] = value;
  }
  if (mapping) {
    const edit = setMapping(text, doc, mapping.key, mapping.value);
    if (edit === null) {
      if (problems().length > 0) refuse();
      throw fail(COMMAND.cannotEditInPlace, { file: found.file, key: mapping.key });
    }
    edits.push(edit);
    expected[mapping.key] = mapping.value;
  }
  const changed = applyEdits(text, edits);
  checkReadsAs(changed, expected);

  const result = sourceOf(found.file, 'notice', changed);
  const judged = judge(loaded, [result], now);
  if (judged.issues.length > 0) {
    // What the options wrote is said of the options: the file with its lines was never written.
    const options: Record<string, string> = {};
    if (append) {
      const index = where === 'first' ? 0 : (updates as unknown[]).length;
      Object.assign(options, { [`updates.${index}.at`]: '--at', [`updates.${index}.content`]: '--message' });
      if (command === 'update') options[`updates.${index}.state`] = '--state';
    }
    if ('begins_at' in set) options.begins_at = '--begins-at';
    if ('ends_at' in set) options.ends_at = '--ends-at';
    if (mapping) Object.assign(options, { 'postmortem.at': '--at', 'postmortem.content': '--file' });
    throw fail(COMMAND.editInvalid, { what, issues: byOption(contentDir, judged.issues, found.file, options) });
  }
  const after = noticeOf(result)!; // judged without an issue
  await replaceFile(target, changed, text);
  const appended = append ? (where === 'first' ? after.updates[0]! : after.updates.at(-1)!) : null;
  return {
    file: found.file,
    update: appended ? { id: updateId(id, appended.rank), state: appended.state } : null,
    before: standingOf(notice, now),
    after: standingOf(after, now),
    set: mapping ? { ...set, [mapping.key]: mapping.value.at } : set,
    notes: judged.notes,
    elsewhere: judged.elsewhere,
  };
}

/**
 * Notice `id`'s file as it is now, read under the content lock: the content it belongs to, its text
 * and its source, and the problems the whole content has with it (what an edit that fails reports).
 */
export async function readNotice(contentDir: string, id: number) {
  const loaded = await loadContent(contentDir);
  const found = findNotice(loaded, id);
  const target = path.join(loaded.dir, found.file);
  const text = await readFile(target, 'utf8').catch(() => {
    throw fail(COMMAND.changedMeanwhile, { target });
  });
  const original = sourceOf(found.file, 'notice', text);
  const problems = (): ContentIssue[] =>
    original.usable ? judge(loaded, [original]).issues : loaded.issues.filter((issue) => issue.file === found.file);
  return { loaded, found, target, text, original, problems };
}

/** The one notice file whose `id` is `id` (ids come from the files, never their names). */
export function findNotice(loaded: LoadedContent, id: number): SourceFile {
  const matches = loaded.notices.filter((source) => field(source.data, 'id') === id);
  if (matches.length === 0) throw fail(COMMAND.noSuchNotice, { id, folder: path.join(loaded.dir, 'notices') });
  if (matches.length > 1) throw fail(COMMAND.noticeIdTwice, { id, files: matches.map((source) => source.file) });
  return matches[0]!;
}

