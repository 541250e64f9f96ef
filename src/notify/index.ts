// `statuspress notify`: the events between the build being deployed and the one it replaces, each
// sent once to every target site.yaml's `notify` lists. The recipe: read the content and derive it
// as of `now` (the build's, so it is the build deployed); read the previous state; claim the new
// events in the record *before* sending (so a re-run, or a run racing this one for the lock, finds
// them claimed and sends nothing twice); send, each target on its own, retrying; report. README.md
// in this folder explains the rules and their limits.
import { audienceView } from '../audience.js';
import { readContent } from '../content/index.js';
import { lineage } from '../derive/components.js';
import { deriveSite } from '../derive/index.js';
import { fail } from '../errors.js';
import { COMMAND } from '../errors/command.js';
import { DEFAULT_RETRY, REAL_TRANSPORT } from './deliver.js';
import type { RetryPolicy, Transport } from './deliver.js';
import { compare } from './events.js';
import type { NotifyEvent, Renumbered } from './events.js';
import { messageOf } from './format.js';
import { heldProblem } from './held.js';
import type { Message } from './format.js';
import { DEFAULT_LOCK, readRecordFile, withLock, writeRecordFile } from './record.js';
import { fetchSiteState, stateAddress } from './site-state.js';
import type { LockOptions, Previous } from './record.js';
import { messagesFor, sendAll, stopOnSignals, stoppedBy } from './send.js';
import type { Delivery } from './send.js';
import { keptSent, RECORD_FORMAT, snapshotOf } from './snapshot.js';
import type { HeldMessage, NotifyRecord } from './snapshot.js';
import { isHttpUrl, labelOf, resolveTargets } from './targets.js';

export { isHttpUrl } from './targets.js';
export { signalExit } from './send.js';
export type { NotifyEvent, Renumbered } from './events.js';
export type { Delivery } from './send.js';

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
  lock?: { waitMs?: number; staleMs?: number; graceMs?: number };
  /** How long the site's state file may take to arrive, ms. */
  fetchTimeoutMs?: number;
  /** Stops the sending when aborted (its reason a signal's name, if one); default: SIGINT, SIGTERM and SIGHUP while sending. */
  stop?: AbortSignal;
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
  /** Whether the sending was stopped, and by which signal when one (the CLI then ends with 128 + its number). */
  stopped: { signal: NodeJS.Signals | null } | null;
}

/** Compares, claims, sends, reports. Throws StatuspressError for usage errors and an unreadable previous state; failed deliveries are in the result. */
export async function notify(options: NotifyOptions): Promise<NotifyResult> {
  // Checked first, and never quoted: an address with credentials would print them in every message.
  if (/^https?:\/\//i.test(options.previous)) {
    if (!isHttpUrl(options.previous)) throw fail(COMMAND.notifyPreviousBadUrl, undefined);
    if (hasCredentials(new URL(options.previous))) throw fail(COMMAND.notifyPreviousCredentials, undefined);
  }
  const transport = options.transport ?? REAL_TRANSPORT;
  const runStart = transport.clock();
  const policy = { ...DEFAULT_RETRY, ...options.retry };
  // The public's view: a target with an `audience` is left out of it, and no private part reaches a public target.
  const content = audienceView(await readContent(options.contentDir), null);
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
      return { outcome: 'first-run', previousNow: null, events: [], held: [], alreadySent: [], renumbered: [], migrated: null, record: { snapshot: current, sent: keptSent(new Map(), due, now) } };
    }
    const { snapshot, sent, unknown } = previous.record;
    const migrated = previous.migrated ? { from: previous.migrated, to: RECORD_FORMAT } : null;
    // A run of an older build (a re-run of an old workflow run) must not undo the record or announce the past.
    if (snapshot.now > now) return { outcome: 'older', previousNow: snapshot.now, events: [], held: [], alreadySent: [], renumbered: [], migrated, record: null };
    const { events: all, renumbered, silent } = compare(snapshot, site, leads, filters);
    for (const r of renumbered) warnings.push(COMMAND.notifyIdsRenumbered.message(r));
    const events = all.filter((e) => !sent.has(e.id));
    // A notice that left the content stays in the record with the updates it had published: added
    // back, it is not announced again (even one a first run recorded), and what was posted meanwhile is.
    const notices = new Map([...snapshot.notices, ...current.notices]);
    const noticeComponents = new Map([...snapshot.noticeComponents, ...current.noticeComponents]);
    const noticePostmortems = new Map([...snapshot.noticePostmortems, ...current.noticePostmortems]);
    // What a stopped run held is this run's to send now, if it is a message this version made for a target still listed.
    const byLabel = new Map(targets.map((t) => [t.label, t]));
    // (A dry run resolves no target and sends nothing: it has nothing to say of them.)
    const held = (previous.record.held ?? []).filter((m) => {
      if (options.dryRun) return true;
      const problem = heldProblem(m, byLabel.get(m.target));
      if (problem !== null) warnings.push(COMMAND.notifyHeldDropped.message({ target: m.target, event: m.event, reason: problem }));
      return problem === null;
    });
    return {
      outcome: 'compared',
      previousNow: snapshot.now,
      events,
      held,
      alreadySent: all.filter((e) => sent.has(e.id)).map((e) => e.id),
      renumbered,
      migrated,
      record: {
        snapshot: { ...current, notices, noticeComponents, noticePostmortems },
        sent: keptSent(sent, [...events.map((e) => e.id), ...silent.filter((id) => !sent.has(id))], now),
        ...(unknown === undefined ? {} : { unknown }),
      },
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
  const messages = new Map(targets.map((t) => [t.label, messagesFor(t, result.events, result.held, lines, content.site, componentName)]));
  const listening = options.stop === undefined && targets.length > 0 ? stopOnSignals() : null;
  const stop = options.stop ?? listening?.signal ?? new AbortController().signal;
  let deliveries: Delivery[] = [];
  let held: HeldMessage[] = [];
  try {
    ({ deliveries, held } = targets.length === 0 ? { deliveries: [], held: [] } : await sendAll(targets, messages, policy, transport, stop, runStart));
  } finally {
    listening?.done();
  }
  const unknown = deliveries.filter((d) => d.fate === 'unknown');
  // What the record must say besides the claims: never sent again, or sent by the next run.
  if (recorded !== null && (unknown.length > 0 || held.length > 0)) await settle(recorded, { ...DEFAULT_LOCK, ...options.lock, sleep: transport.sleep }, unknown, held);
  for (const target of targets) {
    const mine = deliveries.filter((d) => d.target === target.label);
    const failed = mine.filter((d) => !d.ok && (d.fate === undefined || d.fate === 'partial'));
    if (failed.length > 0) {
      warnings.push(COMMAND.notifyDeliveryFailed.message({ target: target.label, failed: failed.length, total: mine.length, reason: failed[0]!.reason ?? '' }));
    }
    const lost = mine.filter((d) => d.fate === 'unknown');
    if (lost.length > 0) warnings.push(COMMAND.notifyDeliveryUnknown.message({ target: target.label, unknown: lost.length, total: mine.length, reason: lost[0]!.reason ?? '' }));
  }
  const stopped = stop.aborted ? { signal: stoppedBy(stop) } : null;
  if (stopped !== null) warnings.push(COMMAND.notifyStopped.message({ signal: stopped.signal ?? 'a stop', held: held.length }));
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
    stopped,
  };
}

interface Plan {
  outcome: NotifyResult['outcome'];
  previousNow: number | null;
  events: NotifyEvent[];
  /** Messages a stopped run held, for this run's targets. */
  held: HeldMessage[];
  alreadySent: string[];
  renumbered: Renumbered[];
  migrated: NotifyResult['migrated'];
  /** The record to write; null to leave it as it is. */
  record: NotifyRecord | null;
}

/**
 * Adds to the record what the sending left: the targets whose answer never came (kept as unknown),
 * and the messages a stop held. Read again under the lock: another run may have replaced it meanwhile.
 */
async function settle(file: string, lock: LockOptions, unknown: readonly Delivery[], held: readonly HeldMessage[]): Promise<void> {
  await withLock(file, lock, async () => {
    const found = await readRecordFile(file);
    if (found.kind !== 'found') return;
    const known = new Map(found.record.unknown ?? []);
    for (const d of unknown) known.set(d.event, [...(known.get(d.event) ?? []), d.target]);
    await writeRecordFile(file, { ...found.record, unknown: known, held: [...(found.record.held ?? []), ...held] });
  });
}

const hasCredentials = (url: URL): boolean => url.username !== '' || url.password !== '';
