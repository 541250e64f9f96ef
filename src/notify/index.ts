// `statuspress notify`: the events between the build being deployed and the one it replaces, each
// sent once to every target site.yaml's `notify` lists. Each audience's view is derived as of the
// build's `now`, so it is the build deployed (audiences.ts). New events are claimed in the record
// *before* sending, so a re-run, or a run racing this one for the lock, finds them claimed and sends
// nothing twice. README.md in this folder explains the rules and their limits.
import type { AudienceName } from '../content/audience.js';
import { readContent } from '../content/index.js';
import { fail } from '../errors/error.js';
import { COMMAND } from '../errors/command.js';
import { DEFAULT_RETRY, REAL_TRANSPORT } from './deliver.js';
import type { RetryPolicy, Transport } from './deliver.js';
import { audienceRuns, partOf, planAudience } from './audiences.js';
import type { AudiencePlan } from './audiences.js';
import type { NotifyEvent, Renumbered } from './events.js';
import { messageOf } from './format.js';
import { heldProblem } from './held.js';
import type { Message } from './format.js';
import { DEFAULT_LOCK, readRecordFile, withLock, writeRecordFile } from './record.js';
import { fetchSiteState, stateAddress } from './site-state.js';
import type { LockOptions, Previous } from './record.js';
import { messagesFor, sendAll, stopOnSignals, stoppedBy } from './send.js';
import type { Delivery } from './send.js';
import { RECORD_FORMAT } from './snapshot.js';
import type { AudiencePart, HeldMessage, NotifyRecord } from './snapshot.js';
import { isHttpUrl, labelOf } from './targets.js';

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
  /** The lock on the record: its waits, and (for tests) the clock of the times written in locks. */
  lock?: { waitMs?: number; staleMs?: number; graceMs?: number; now?: () => number };
  /** How long the site's state file may take to arrive, ms. */
  fetchTimeoutMs?: number;
  /**
   * Private audiences whose site this run's deployment did not publish: their targets get nothing
   * and their part of the record is kept as it was, so the next run that deploys them sends it.
   */
  notDeployed?: readonly string[];
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
    const { username, password } = new URL(options.previous);
    if (username !== '' || password !== '') throw fail(COMMAND.notifyPreviousCredentials, undefined);
  }
  const transport = options.transport ?? REAL_TRANSPORT;
  const runStart = transport.clock();
  const policy = { ...DEFAULT_RETRY, ...options.retry };
  const full = await readContent(options.contentDir);
  const now = options.now ?? transport.clock();
  // Each audience's view, with its own targets: a target is served its audience's view alone, so no private part reaches a public target.
  // Before anything is read or written: a missing variable is a usage error, and nothing is claimed.
  const runs = audienceRuns(full, now, options.dryRun ? null : (options.env ?? process.env));
  const warnings: string[] = [];
  const waiting = new Set<AudienceName>(options.notDeployed ?? []);
  for (const name of waiting) {
    if (name === null || !runs.some((run) => run.name === name)) throw fail(COMMAND.unknownAudience, { value: String(name), known: Object.keys(full.site.audiences ?? {}) });
  }
  for (const run of runs.filter((r) => waiting.has(r.name))) warnings.push(COMMAND.notifyAudienceNotDeployed.message({ audience: run.name!, targets: run.targets.map((t) => t.label) }));
  /** The parts of the audiences not deployed, as the previous record had them (none when it had none). */
  const keptParts = (previous: Previous): (readonly [AudienceName, AudiencePart])[] =>
    previous.kind !== 'found' ? [] : [...waiting].flatMap((name) => (partOf(previous.record, name) === undefined ? [] : [[name, partOf(previous.record, name)!] as const]));

  const plan = (previous: Previous, from: string, served: ReadonlySet<AudienceName>): Plan => {
    if (previous.kind === 'other-format') warnings.push(COMMAND.notifyOtherFormat.message({ from }));
    if (previous.kind !== 'found') {
      // Nothing is sent: each audience's facts are recorded, and the reminders already due claimed.
      const parts = runs.filter((run) => !waiting.has(run.name)).map((run) => [run.name, planAudience(run, undefined, now, warnings).part] as const);
      return { outcome: 'first-run', previousNow: null, byAudience: new Map(), held: [], migrated: null, record: recordOfParts(parts) };
    }
    const { snapshot } = previous.record;
    const migrated = previous.migrated ? { from: previous.migrated, to: RECORD_FORMAT } : null;
    // A run of an older build (a re-run of an old workflow run) must not undo the record or announce the past.
    if (snapshot.now > now) return { outcome: 'older', previousNow: snapshot.now, byAudience: new Map(), held: [], migrated, record: null };
    const byAudience = new Map(runs.filter((run) => served.has(run.name)).map((run) => [run.name, planAudience(run, partOf(previous.record, run.name), now, warnings)]));
    // What a stopped run held is this run's to send now, if it is a message this version made for a target still listed.
    const byLabel = new Map(runs.flatMap((run) => run.targets.map((t) => [t.label, t] as const)));
    const held = (previous.record.held ?? []).filter((m) => {
      // (A dry run resolves no target and sends nothing: it has nothing to say of them.)
      if (options.dryRun) return true;
      const problem = heldProblem(m, byLabel.get(m.target));
      if (problem !== null) warnings.push(COMMAND.notifyHeldDropped.message({ target: m.target, event: m.event, reason: problem }));
      return problem === null;
    });
    // (Only the URL form serves some audiences, and it writes no record.)
    return { outcome: 'compared', previousNow: snapshot.now, byAudience, held, migrated, record: served.has(null) ? recordOfParts([...[...byAudience].map(([name, p]) => [name, p.part] as const), ...keptParts(previous)]) : null };
  };

  const lock: LockOptions = { ...DEFAULT_LOCK, ...options.lock, sleep: transport.sleep };
  let result: Plan;
  let recorded: string | null = null;
  let served: ReadonlySet<AudienceName> = new Set(runs.map((run) => run.name).filter((name) => !waiting.has(name)));
  if (isHttpUrl(options.previous)) {
    const previous = await fetchSiteState(options.previous, transport.fetch, options.fetchTimeoutMs ?? 30_000, transport.timeout);
    if (previous.kind === 'none') warnings.push(COMMAND.notifyNothingOnSite.message({ address: stateAddress(options.previous) }));
    // A site's state file is its audience's view alone: only that audience's targets are served.
    const audience = previous.kind === 'found' ? (previous.audience ?? null) : null;
    served = new Set([audience]);
    const skipped = runs.filter((run) => run.name !== audience && run.targets.length > 0);
    for (const run of skipped) warnings.push(COMMAND.notifyAudienceNotServed.message({ targets: run.targets.map((t) => t.label), audience: run.name ?? 'public', site: audience ?? 'public' }));
    const found = previous.kind === 'found' && audience !== null ? { ...previous, record: { ...previous.record, audiences: new Map([[audience, previous.record]]) } } : previous;
    result = plan(found, stateAddress(options.previous), served);
  } else {
    const file = options.previous;
    // A dry run only reads: it takes no lock and creates nothing.
    result = options.dryRun
      ? plan(await readRecordFile(file), file, served)
      : await withLock(file, lock, async () => {
          const planned = plan(await readRecordFile(file), file, served);
          if (planned.record !== null) {
            await writeRecordFile(file, planned.record);
            recorded = file;
          }
          return planned;
        });
  }

  const servedRuns = runs.filter((run) => served.has(run.name));
  const targets = servedRuns.flatMap((run) => run.targets);
  const audienceOf = new Map(servedRuns.flatMap((run) => run.targets.map((t) => [t.label, run.name] as const)));
  const messages = new Map(
    servedRuns.flatMap((run) => run.targets.map((t) => [t.label, messagesFor(t, result.byAudience.get(run.name)?.events ?? [], result.held, run.lines, run.content.site, run.componentName)] as const)),
  );
  const listening = options.stop === undefined && targets.length > 0 ? stopOnSignals() : null;
  const stop = options.stop ?? listening?.signal ?? new AbortController().signal;
  const { deliveries, held } = await sendAll(targets, messages, policy, transport, stop, runStart).finally(() => listening?.done());
  const unknown = deliveries.filter((d) => d.fate === 'unknown');
  // What the record must say besides the claims: never sent again, or sent by the next run.
  if (recorded !== null && (unknown.length > 0 || held.length > 0)) await settle(recorded, lock, unknown, held, audienceOf);
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
  // Reported once each: a public event is one of every audience's.
  const events = new Map<string, { event: NotifyEvent; message: Message }>();
  const alreadySent = new Set<string>();
  const renumbered: Renumbered[] = [];
  for (const run of servedRuns) {
    const planned = result.byAudience.get(run.name);
    if (planned === undefined) continue;
    for (const event of planned.events) if (!events.has(event.id)) events.set(event.id, { event, message: messageOf(event, run.content.site, run.componentName) });
    for (const id of planned.alreadySent) alreadySent.add(id);
    renumbered.push(...planned.renumbered.filter((r) => !renumbered.some((o) => JSON.stringify(o) === JSON.stringify(r))));
  }
  return {
    now,
    outcome: result.outcome,
    previousNow: result.previousNow,
    events: [...events.values()],
    alreadySent: [...alreadySent].filter((id) => !events.has(id)),
    renumbered,
    migrated: result.migrated,
    targets: (full.site.notify ?? []).map(labelOf),
    deliveries,
    warnings: [...new Set(warnings)],
    recorded,
    stopped,
  };
}

interface Plan {
  outcome: NotifyResult['outcome'];
  previousNow: number | null;
  /** Each served audience's events and part of the record. */
  byAudience: Map<AudienceName, AudiencePlan>;
  /** Messages a stopped run held, for this run's targets. */
  held: HeldMessage[];
  migrated: NotifyResult['migrated'];
  /** The record to write; null to leave it as it is. */
  record: NotifyRecord | null;
}

/** The record of each audience's part, the public's at the top. */
function recordOfParts(parts: readonly (readonly [AudienceName, AudiencePart])[]): NotifyRecord {
  const pub = parts.find(([name]) => name === null)![1];
  return { ...pub, audiences: new Map(parts.flatMap(([name, part]) => (name === null ? [] : [[name, part] as const]))) };
}

/**
 * Adds to the record what the sending left: the targets whose answer never came (kept as unknown,
 * in their audience's part), and the messages a stop held. Read again under the lock: another run
 * may have replaced it meanwhile.
 */
async function settle(file: string, lock: LockOptions, unknown: readonly Delivery[], held: readonly HeldMessage[], audienceOf: ReadonlyMap<string, AudienceName>): Promise<void> {
  await withLock(file, lock, async () => {
    const found = await readRecordFile(file);
    if (found.kind !== 'found') return;
    const record = found.record;
    const audiences = new Map(record.audiences ?? []);
    const pub = { ...record, unknown: new Map(record.unknown ?? []) };
    for (const d of unknown) {
      const name = audienceOf.get(d.target) ?? null;
      const part = name === null ? pub : audiences.get(name);
      if (part === undefined) continue;
      const known = new Map(part.unknown ?? []);
      known.set(d.event, [...(known.get(d.event) ?? []), d.target]);
      if (name === null) pub.unknown = known;
      else audiences.set(name, { ...part, unknown: known });
    }
    await writeRecordFile(file, { ...pub, audiences, held: [...(record.held ?? []), ...held] });
  });
}
