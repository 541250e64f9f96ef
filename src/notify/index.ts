// `statuspress notify`: the events between the build being deployed and the one it replaces, each
// sent once to every target site.yaml's `notify` lists. The recipe: read the content and derive it
// as of `now` (the build's, so it is the build deployed); read the previous state; claim the new
// events in the record *before* sending (so a re-run, or a run racing this one for the lock, finds
// them claimed and sends nothing twice); send, each target on its own, retrying; report. README.md
// in this folder explains the rules and their limits.
import { readContent } from '../content/index.js';
import { lineage } from '../derive/components.js';
import { deriveSite } from '../derive/index.js';
import { fail } from '../errors.js';
import { COMMAND } from '../errors/command.js';
import { DEFAULT_RETRY, deliver, REAL_TRANSPORT } from './deliver.js';
import type { Outcome, RetryPolicy, Transport } from './deliver.js';
import { deliverMail, emailOf } from './email.js';
import { compare } from './events.js';
import type { NotifyEvent, Renumbered } from './events.js';
import { messageOf } from './format.js';
import type { Message } from './format.js';
import { DEFAULT_LOCK, fetchSiteState, readRecordFile, stateAddress, withLock, writeRecordFile } from './record.js';
import type { Previous } from './record.js';
import { keptSent, RECORD_FORMAT, snapshotOf } from './snapshot.js';
import type { NotifyRecord } from './snapshot.js';
import { isHttpUrl, labelOf, requestFor, resolveTargets, takes } from './targets.js';
import type { ResolvedTarget } from './targets.js';

export { isHttpUrl } from './targets.js';
export type { NotifyEvent, Renumbered } from './events.js';

export interface NotifyOptions {
  contentDir: string;
  /** The build's `now`, epoch ms; default: the transport's clock. */
  now?: number;
  /** The record file (read and replaced), or the deployed site's address (read only). */
  previous: string;
  /** Where the targets' addresses and secrets are read; default: process.env. */
  env?: Readonly<Record<string, string | undefined>>;
  /** Compare and say what would be sent, but send and record nothing (no variable needs to be set). */
  dryRun?: boolean;
  transport?: Transport;
  retry?: Partial<RetryPolicy>;
  lock?: { waitMs?: number; staleMs?: number };
  /** How long the site's state file may take to arrive, ms. */
  fetchTimeoutMs?: number;
}

export interface Delivery {
  target: string;
  event: string;
  ok: boolean;
  attempts: number;
  /** Why it failed; for a message not tried after an earlier failure, that says so. */
  reason?: string;
}

export interface NotifyResult {
  now: number;
  /** `first-run`: no previous state, nothing sent; `older`: the previous state is of a later build, nothing sent. */
  outcome: 'first-run' | 'older' | 'compared';
  /** The previous build's `now`, when there was one. */
  previousNow: number | null;
  /** The events this run claimed and sent, oldest first, each with what chat targets show of it. */
  events: { event: NotifyEvent; message: Message }[];
  /** Events found again that an earlier run had already sent. */
  alreadySent: string[];
  /**
   * Notices whose updates' API ids changed since the previous state (an update inserted before
   * published ones): each also a warning. Updates are matched by time and text, so none was sent again.
   */
  renumbered: Renumbered[];
  /** The record's format when it was an older version's (read, upgraded, and written in this one's), and this one's; else null. */
  migrated: { from: number; to: number } | null;
  /** Every target, by label. */
  targets: string[];
  deliveries: Delivery[];
  /** Warnings of the catalogue (exit-0 entries), worded. */
  warnings: string[];
  /** The record file written, if any. */
  recorded: string | null;
}

/** Compares, claims, sends, reports. Throws StatuspressError for usage errors and an unreadable previous state; failed deliveries are in the result. */
export async function notify(options: NotifyOptions): Promise<NotifyResult> {
  // Checked first, and never quoted: an address with credentials would print them in every message.
  if (/^https?:\/\//i.test(options.previous)) {
    if (!isHttpUrl(options.previous)) throw fail(COMMAND.notifyPreviousBadUrl, undefined);
    if (hasCredentials(new URL(options.previous))) throw fail(COMMAND.notifyPreviousCredentials, undefined);
  }
  const transport = options.transport ?? REAL_TRANSPORT;
  const policy = { ...DEFAULT_RETRY, ...options.retry };
  const content = await readContent(options.contentDir);
  const now = options.now ?? transport.clock();
  const configured = content.site.notify ?? [];
  // Before anything is read or written: a missing variable is a usage error, and nothing is claimed.
  const targets = options.dryRun ? [] : resolveTargets(configured, options.env ?? process.env);
  const site = deriveSite(content, now);
  const current = snapshotOf(site);
  const warnings: string[] = [];
  // The reminders' leads the targets ask for: each is an event of its own (a target gets its own lead's).
  const leads = configured.flatMap((t) => (t.reminderMs === null ? [] : [t.reminderMs]));
  const filters = configured.flatMap((t) => (t.components === null ? [] : [t.components]));

  const plan = (previous: Previous, from: string): Plan => {
    if (previous.kind === 'other-format') warnings.push(COMMAND.notifyOtherFormat.message({ from }));
    if (previous.kind !== 'found') {
      // Nothing is sent, and the reminders already due are claimed: they are not news of a change after this run.
      const due = compare(current, site, leads).events.filter((e) => e.type === 'maintenance.reminder').map((e) => e.id);
      return { outcome: 'first-run', previousNow: null, events: [], alreadySent: [], renumbered: [], migrated: null, record: { snapshot: current, sent: keptSent(new Map(), due, now) } };
    }
    const { snapshot, sent } = previous.record;
    const migrated = previous.migrated ? { from: previous.migrated, to: RECORD_FORMAT } : null;
    // A run of an older build (a re-run of an old workflow run) must not undo the record or announce the past.
    if (snapshot.now > now) return { outcome: 'older', previousNow: snapshot.now, events: [], alreadySent: [], renumbered: [], migrated, record: null };
    const { events: all, renumbered, silent } = compare(snapshot, site, leads, filters);
    for (const r of renumbered) warnings.push(COMMAND.notifyIdsRenumbered.message(r));
    const events = all.filter((e) => !sent.has(e.id));
    // A notice that left the content stays in the record with the updates it had published: added
    // back, it is not announced again (even one a first run recorded), and what was posted meanwhile is.
    const notices = new Map([...snapshot.notices, ...current.notices]);
    const noticeComponents = new Map([...snapshot.noticeComponents, ...current.noticeComponents]);
    const noticePostmortems = new Map([...snapshot.noticePostmortems, ...current.noticePostmortems]);
    return {
      outcome: 'compared',
      previousNow: snapshot.now,
      events,
      alreadySent: all.filter((e) => sent.has(e.id)).map((e) => e.id),
      renumbered,
      migrated,
      record: { snapshot: { ...current, notices, noticeComponents, noticePostmortems }, sent: keptSent(sent, [...events.map((e) => e.id), ...silent.filter((id) => !sent.has(id))], now) },
    };
  };

  let result: Plan;
  let recorded: string | null = null;
  if (isHttpUrl(options.previous)) {
    const previous = await fetchSiteState(options.previous, transport.fetch, options.fetchTimeoutMs ?? 30_000, transport.timeout);
    if (previous.kind === 'none') warnings.push(COMMAND.notifyNothingOnSite.message({ address: stateAddress(options.previous) }));
    result = plan(previous, stateAddress(options.previous));
  } else {
    const file = options.previous;
    const lock = { ...DEFAULT_LOCK, ...options.lock, sleep: transport.sleep };
    // A dry run only reads: it takes no lock and creates nothing.
    result = options.dryRun
      ? plan(await readRecordFile(file), file)
      : await withLock(file, lock, async () => {
          const planned = plan(await readRecordFile(file), file);
          if (planned.record !== null) {
            await writeRecordFile(file, planned.record);
            recorded = file;
          }
          return planned;
        });
  }

  const componentName = (id: number): string | undefined => site.componentsById.get(id)?.source.name;
  const lines = lineage(content.components);
  const send = (target: ResolvedTarget, event: NotifyEvent, deadline: number, secrets: readonly string[]): Promise<Outcome> =>
    target.mail === null
      ? deliver(requestFor(target, event, content.site, componentName, transport.clock), policy, transport, deadline, secrets)
      : deliverMail(target.mail, emailOf(event, messageOf(event, content.site, componentName), content.site), policy, transport, deadline, secrets);
  const deliveries = options.dryRun ? [] : await sendAll(targets, result.events, send, lines, policy, transport);
  for (const target of targets) {
    const mine = deliveries.filter((d) => d.target === target.label);
    const failed = mine.filter((d) => !d.ok);
    if (failed.length > 0) {
      warnings.push(COMMAND.notifyDeliveryFailed.message({ target: target.label, failed: failed.length, total: mine.length, reason: failed[0]!.reason ?? '' }));
    }
  }
  return {
    now,
    outcome: result.outcome,
    previousNow: result.previousNow,
    events: result.events.map((event) => ({ event, message: messageOf(event, content.site, componentName) })),
    alreadySent: result.alreadySent,
    renumbered: result.renumbered,
    migrated: result.migrated,
    targets: configured.map(labelOf),
    deliveries,
    warnings,
    recorded,
  };
}

interface Plan {
  outcome: NotifyResult['outcome'];
  previousNow: number | null;
  events: NotifyEvent[];
  alreadySent: string[];
  renumbered: Renumbered[];
  migrated: NotifyResult['migrated'];
  /** The record to write; null to leave it as it is. */
  record: NotifyRecord | null;
}

/**
 * Every target at once, each sending its events in order. After a message to a target fails, its
 * later ones are not tried: they would most likely fail too, and a channel must not show an update
 * without the one before it. The time budget runs per target, so a dead target delays no other.
 */
async function sendAll(
  targets: readonly ResolvedTarget[],
  events: readonly NotifyEvent[],
  send: (target: ResolvedTarget, event: NotifyEvent, deadline: number, secrets: readonly string[]) => Promise<Outcome>,
  lines: ReadonlyMap<number, readonly number[]>,
  policy: RetryPolicy,
  transport: Transport,
): Promise<Delivery[]> {
  // Every target's address, path, query (and each value in it: a Teams workflow's `sig` is its key)
  // and secret is blanked from every answer: one target may echo another's.
  const secrets = targets
    .flatMap((t) => {
      const url = new URL(t.url);
      // A mail server's user name and password, and the recipients, are blanked too.
      // The relay's name alone too: a server's reply repeats it without the port.
      const mail = t.mail === null ? [] : [url.username, url.password, decoded(url.username), decoded(url.password), url.host, url.hostname, ...t.mail.recipients];
      return [t.url, url.pathname + url.search, url.pathname, ...url.searchParams.values(), ...(t.secret === null ? [] : [t.secret]), ...mail];
    })
    .filter((s) => s.length > 1)
    .sort((a, b) => b.length - a.length);
  const perTarget = await Promise.all(
    targets.map(async (target) => {
      const deadline = transport.clock() + policy.budgetMs;
      const done: Delivery[] = [];
      let failedBefore = false;
      const taken = events.filter((e) => takes(target.target, e, lines));
      // A notice announced to this target now (it came to list one of its components) is one message: its text so far.
      const announced = new Set(taken.filter((e) => e.audience !== undefined).map((e) => e.notice!.id));
      for (const event of taken.filter((e) => e.audience !== undefined || e.notice === null || !announced.has(e.notice.id))) {
        if (failedBefore) {
          done.push({ target: target.label, event: event.id, ok: false, attempts: 0, reason: 'not tried after an earlier message to this target failed' });
          continue;
        }
        const outcome = await send(target, event, deadline, secrets);
        done.push({ target: target.label, event: event.id, ok: outcome.ok, attempts: outcome.attempts, ...(outcome.ok ? {} : { reason: outcome.reason }) });
        failedBefore = !outcome.ok;
      }
      return done;
    }),
  );
  return perTarget.flat();
}

const decoded = (text: string): string => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
};

const hasCredentials = (url: URL): boolean => url.username !== '' || url.password !== '';
