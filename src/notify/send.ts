// A run's messages on their way: every target at once, each its own in order, under three deadlines
// (an attempt's, a target's, the run's) and a stop (SIGINT, SIGTERM, SIGHUP). A stop ends every
// attempt at once: what was handed over without an answer is `unknown` (it may have arrived, so it
// is not sent again), what was not handed over is held for the next run, which sends it.
import { constants } from 'node:os';
import type { SiteConfig } from '../content/types.js';
import { deliver, HELD_REASON } from './deliver.js';
import type { Fate, Outcome, RetryPolicy, Transport } from './deliver.js';
import { deliverMail, emailOf } from './email.js';
import type { NotifyEvent } from './events.js';
import { messageOf } from './format.js';
import type { HeldMessage } from './snapshot.js';
import { bodyFor, requestOf, takes } from './targets.js';
import type { ResolvedTarget } from './targets.js';

export interface Delivery {
  target: string;
  event: string;
  ok: boolean;
  attempts: number;
  /** Why it failed; for a message not tried after an earlier failure, that says so. */
  reason?: string;
  /** How a message not delivered ended, unless it simply failed (deliver.ts's Fate). */
  fate?: Exclude<Fate, 'failed'>;
}

/**
 * What `target` gets this run, in order: the messages a stopped run held for it, then its share of
 * `events`, each made as it will be sent (a webhook's body, an email), so a stop can hold it as it is.
 */
export function messagesFor(
  target: ResolvedTarget,
  events: readonly NotifyEvent[],
  held: readonly HeldMessage[],
  lines: ReadonlyMap<number, readonly number[]>,
  site: SiteConfig,
  componentName: (id: number) => string | undefined,
): HeldMessage[] {
  const taken = events.filter((e) => takes(target.target, e, lines));
  // A notice announced to this target now (it came to list one of its components) is one message: its text so far.
  const announced = new Set(taken.filter((e) => e.audience !== undefined).map((e) => e.notice!.id));
  const own = taken
    .filter((e) => e.audience !== undefined || e.notice === null || !announced.has(e.notice.id))
    .map((event) => ({
      event: event.id,
      type: event.type,
      target: target.label,
      body: target.mail === null ? bodyFor(target, event, site, componentName) : null,
      email: target.mail === null ? null : emailOf(event, messageOf(event, site, componentName), site),
    }));
  return [...held.filter((m) => m.target === target.label), ...own];
}

/**
 * Sends each target's messages. After a message to a target fails (or its answer never comes), its
 * later ones are not tried: they would most likely fail too, and a channel must not show an update
 * without the one before it. Each target's time budget starts with it and ends by the run's
 * deadline (`runStart` + `policy.runMs`), so a dead target delays no other and no run goes on for ever.
 * Returns the deliveries, and the messages held by a stop.
 */
export async function sendAll(
  targets: readonly ResolvedTarget[],
  messages: ReadonlyMap<string, readonly HeldMessage[]>,
  policy: RetryPolicy,
  transport: Transport,
  stop: AbortSignal,
  runStart: number,
): Promise<{ deliveries: Delivery[]; held: HeldMessage[] }> {
  const secrets = secretsOf(targets);
  const held: HeldMessage[] = [];
  const send = (target: ResolvedTarget, message: HeldMessage, deadline: number): Promise<Outcome> =>
    target.mail === null || message.email === null
      ? deliver(requestOf(target, { id: message.event, type: message.type }, message.body ?? '', transport.clock), policy, transport, deadline, secrets, stop)
      : deliverMail(target.mail, message.email, policy, transport, deadline, secrets, stop);
  const perTarget = await Promise.all(
    targets.map(async (target) => {
      const deadline = Math.min(transport.clock() + policy.budgetMs, runStart + policy.runMs);
      const done: Delivery[] = [];
      let failedBefore = false;
      for (const message of messages.get(target.label) ?? []) {
        const base = { target: target.label, event: message.event };
        // Stopped: whatever was not handed over is the next run's, even after a failure.
        if (failedBefore && !stop.aborted) {
          done.push({ ...base, ok: false, attempts: 0, reason: 'not tried after an earlier message to this target failed' });
          continue;
        }
        const outcome = stop.aborted ? null : await send(target, message, deadline);
        if (outcome === null || (!outcome.ok && outcome.fate === 'held')) {
          held.push(message);
          done.push({ ...base, ok: false, attempts: outcome?.attempts ?? 0, reason: outcome?.ok === false ? outcome.reason : HELD_REASON, fate: 'held' });
          continue;
        }
        if (outcome.ok) {
          done.push({ ...base, ok: true, attempts: outcome.attempts });
          continue;
        }
        done.push({ ...base, ok: false, attempts: outcome.attempts, reason: outcome.reason, ...(outcome.fate === 'failed' ? {} : { fate: outcome.fate }) });
        // Some recipients have it: the server works, and the next messages go.
        failedBefore = outcome.fate !== 'partial';
      }
      return done;
    }),
  );
  return { deliveries: perTarget.flat(), held };
}

/**
 * Every target's address, path, query (and each value in it: a Teams workflow's `sig` is its key)
 * and secret, longest first: blanked from every answer, as one target may echo another's.
 */
function secretsOf(targets: readonly ResolvedTarget[]): string[] {
  return targets
    .flatMap((t) => {
      const url = new URL(t.url);
      // A mail server's user name and password, and the recipients, are blanked too.
      // The relay's name alone too: a server's reply repeats it without the port.
      const mail = t.mail === null ? [] : [url.username, url.password, decoded(url.username), decoded(url.password), url.host, url.hostname, ...t.mail.recipients];
      return [t.url, url.pathname + url.search, url.pathname, ...url.searchParams.values(), ...(t.secret === null ? [] : [t.secret]), ...mail];
    })
    .filter((s) => s.length > 1)
    .sort((a, b) => b.length - a.length);
}

const decoded = (text: string): string => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
};

export const STOPPING: readonly NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];

/**
 * A stop for the sending: aborted by SIGINT, SIGTERM or SIGHUP while it listens (its reason the
 * signal's name), so the run settles its record and ends within moments instead of dying with its
 * messages unaccounted for. `done` stops listening.
 */
export function stopOnSignals(): { signal: AbortSignal; done: () => void } {
  const controller = new AbortController();
  const handlers = STOPPING.map((name) => [name, () => controller.abort(name)] as const);
  for (const [name, handler] of handlers) process.on(name, handler);
  return { signal: controller.signal, done: () => handlers.forEach(([name, handler]) => process.removeListener(name, handler)) };
}

/** The exit code of a process ended by `signal`: 128 + its number (143 for SIGTERM). */
export const signalExit = (signal: NodeJS.Signals): number => 128 + (constants.signals[signal] ?? 15);

/** The signal a stop was for, when its reason names one. */
export const stoppedBy = (stop: AbortSignal): NodeJS.Signals | null =>
  stop.aborted && typeof stop.reason === 'string' && (STOPPING as readonly string[]).includes(stop.reason) ? (stop.reason as NodeJS.Signals) : null;
