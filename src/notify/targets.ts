// The targets of site.yaml's `notify` with their addresses and secrets, read from the environment
// variables it names, and the HTTP request each kind of target gets for an event. Addresses and
// secrets never leave this module but in the requests: targets are named by their type and
// variable (`slack (SLACK_WEBHOOK_URL)`) everywhere else.
import { createHmac } from 'node:crypto';
import { fail } from '../errors/error.js';
import { COMMAND } from '../errors/command.js';
import type { NotifyTarget, SiteConfig } from '../content/types.js';
import type { HttpRequest } from './deliver.js';
import { isSmtpUrl, recipientsOf } from './email.js';
import type { MailTarget } from './email.js';
import { reaches } from './events.js';
import type { NotifyEvent } from './events.js';
import { discordPayload, messageOf, slackPayload, teamsPayload, webhookPayload } from './format.js';

export interface ResolvedTarget {
  target: NotifyTarget;
  /** `slack (SLACK_WEBHOOK_URL)`: how reports name it. */
  label: string;
  url: string;
  /** The signing secret of a `webhook` target; null for the others. */
  secret: string | null;
  /** An `email` target's server, recipients and sender; null for the others. */
  mail: MailTarget | null;
}

/** How reports name a target: its type and variables (an email target's two: one server may serve several lists). */
export const labelOf = (target: NotifyTarget): string => `${target.type} (${target.urlEnv}${target.email === null ? '' : `, ${target.email.toEnv}`})`;

/**
 * Each target with its address and secret from `env`. Throws one usage error naming every variable
 * that is unset or empty (and, failing that, every address that is not http(s)), never their values.
 */
export function resolveTargets(targets: readonly NotifyTarget[], env: Readonly<Record<string, string | undefined>>): ResolvedTarget[] {
  const value = (name: string): string => (Object.hasOwn(env, name) ? (env[name] ?? '').trim() : '');
  const named = (t: NotifyTarget): string[] => [t.urlEnv, ...(t.secretEnv === null ? [] : [t.secretEnv]), ...(t.email === null ? [] : [t.email.toEnv])];
  const missing = targets.flatMap((t) => named(t).filter((name) => value(name) === '').map((name) => ({ name, target: labelOf(t) })));
  if (missing.length > 0) throw fail(COMMAND.notifyEnvMissing, { missing });
  const notUrls = targets.filter((t) => t.email === null && !isHttpUrl(value(t.urlEnv))).map((t) => ({ name: t.urlEnv, target: labelOf(t) }));
  if (notUrls.length > 0) throw fail(COMMAND.notifyEnvNotUrl, { names: notUrls });
  const notMail = targets.flatMap((t) =>
    t.email === null
      ? []
      : [
          ...(isSmtpUrl(value(t.urlEnv)) ? [] : [{ name: t.urlEnv, target: labelOf(t), want: 'server' as const }]),
          ...(recipientsOf(value(t.email.toEnv)) === null ? [{ name: t.email.toEnv, target: labelOf(t), want: 'recipients' as const }] : []),
        ],
  );
  if (notMail.length > 0) throw fail(COMMAND.notifyEnvNotMail, { names: notMail });
  return targets.map((target) => ({
    target,
    label: labelOf(target),
    url: value(target.urlEnv),
    secret: target.secretEnv === null ? null : value(target.secretEnv),
    mail: target.email === null ? null : { url: value(target.urlEnv), recipients: recipientsOf(value(target.email.toEnv))!, from: target.email.from },
  }));
}

/** An absolute http(s) URL. */
export function isHttpUrl(text: string): boolean {
  if (!/^https?:\/\//i.test(text)) return false;
  try {
    return ['http:', 'https:'].includes(new URL(text).protocol);
  } catch {
    return false;
  }
}

/**
 * Does `target` take `event`? Its `events` say which types; a reminder goes to the targets whose
 * `reminder` it is for. With `components`: a notice's events when it lists one of them or one of
 * their descendants (`lineage`: each component with its ancestors), or lists none (a general
 * announcement reaches everyone); those components' state changes; never the page's.
 */
export function takes(target: NotifyTarget, event: NotifyEvent, lineage: ReadonlyMap<number, readonly number[]> = new Map()): boolean {
  if (target.events !== null && !target.events.includes(event.type)) return false;
  if (event.type === 'maintenance.reminder' && target.reminderMs !== event.leadMs) return false;
  const filter = target.components;
  if (event.audience !== undefined) return filter !== null && sameSet(filter, event.audience);
  if (filter === null) return true;
  if (event.notice !== null) return reaches(filter, event.notice.source.components, lineage);
  if (event.component !== null) return filter.includes(event.component.id);
  return false;
}

const sameSet = (a: readonly number[], b: readonly number[]): boolean => {
  const x = new Set(a);
  const y = new Set(b);
  return x.size === y.size && [...x].every((id) => y.has(id));
};

/** The headers a signed webhook request carries (docs/notifications.md explains how to check them). */
export const SIGNATURE_HEADER = 'X-Statuspress-Signature';
export const TIMESTAMP_HEADER = 'X-Statuspress-Timestamp';

/** `sha256=<hex>`: HMAC-SHA256 with `secret` over `<timestamp>.<body>`, the timestamp in whole seconds as sent. */
export function signature(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** The body of the request an HTTP target gets for `event`: made once, kept as it is if a stopped run holds it for the next. */
export function bodyFor(resolved: ResolvedTarget, event: NotifyEvent, site: SiteConfig, componentName: (id: number) => string | undefined): string {
  const { type } = resolved.target;
  if (type === 'email') throw new Error('an email target gets no HTTP request');
  if (type === 'webhook') return JSON.stringify(webhookPayload(event, site));
  const message = messageOf(event, site, componentName);
  return JSON.stringify(type === 'slack' ? slackPayload(message) : type === 'discord' ? discordPayload(message) : teamsPayload(message));
}

/**
 * The request `resolved` gets for the event `event` of type `type`, whose body is `body`: made anew
 * for each attempt (`clock` gives a webhook's signature its time, so a retry minutes later, or the
 * next run sending a held message, still passes a receiver's freshness check).
 */
export function requestOf(resolved: ResolvedTarget, event: { id: string; type: string }, body: string, clock: () => number): () => HttpRequest {
  const headers = { 'Content-Type': 'application/json', 'User-Agent': `statuspress/${__STATUSPRESS_VERSION__}` };
  if (resolved.target.type !== 'webhook') {
    const request = { url: resolved.url, headers, body };
    return () => request;
  }
  return () => {
    const timestamp = String(Math.floor(clock() / 1000));
    return {
      url: resolved.url,
      headers: {
        ...headers,
        'X-Statuspress-Event': event.type,
        'X-Statuspress-Event-Id': event.id,
        [TIMESTAMP_HEADER]: timestamp,
        [SIGNATURE_HEADER]: signature(resolved.secret ?? '', timestamp, body),
      },
      body,
    };
  };
}
