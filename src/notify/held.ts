// The messages a stopped run held, checked before the next run sends them. The record is a file
// anyone with the repository can edit, and a held message goes out as written, signed with the
// webhook's secret: so it is sent only if it is one this version could have made for that target.
// Its event and type go into headers, so they follow the grammar of ours; a webhook's body names
// the same event; nothing is larger than a message can be. Each one dropped is a warning.
import { NOTIFY_EVENTS } from '../content/types.js';
import type { HeldMessage } from './snapshot.js';
import type { ResolvedTarget } from './targets.js';

/** The largest held message sent, in bytes of UTF-8: a message is tens of kilobytes at most (update texts are cut to 10,000 characters). */
export const MAX_HELD_BYTES = 2 ** 20;

/** An event id as events.ts makes them: `notice-42-published`, `update-42-2026-11-20T10:05:00Z-1a2b…`. */
const EVENT_ID = /^[a-z]+-[A-Za-z0-9.:-]{1,300}$/;

/** A Message-ID as email.ts makes them. */
const MESSAGE_ID = /^<[A-Za-z0-9.-]+@[A-Za-z0-9.-]+>$/;

/** Control characters, which no header or subject of ours holds (line breaks among them). */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

const bytes = (text: string): number => Buffer.byteLength(text, 'utf8');

/** Why `message` is not sent to `target` (null: it may go); `target` undefined when site.yaml no longer lists the one it names. */
export function heldProblem(message: HeldMessage, target: ResolvedTarget | undefined): string | null {
  if (target === undefined) return 'its target is no longer in site.yaml';
  if (!EVENT_ID.test(message.event)) return 'its event id is not one statuspress makes';
  if (!(NOTIFY_EVENTS as readonly string[]).includes(message.type)) return 'its event type is not one statuspress makes';
  if (target.mail !== null) {
    const email = message.email;
    if (email === null) return 'it was made for a target of another kind';
    if (bytes(email.subject) + bytes(email.text) + bytes(email.html) > MAX_HELD_BYTES) return `it is larger than ${MAX_HELD_BYTES / 2 ** 20} MiB`;
    if (CONTROL.test(email.subject)) return 'its subject holds control characters';
    if (!MESSAGE_ID.test(email.messageId) || !(email.inReplyTo === null || MESSAGE_ID.test(email.inReplyTo))) return 'its message ids are not ones statuspress makes';
    return null;
  }
  if (message.body === null) return 'it was made for a target of another kind';
  if (bytes(message.body) > MAX_HELD_BYTES) return `it is larger than ${MAX_HELD_BYTES / 2 ** 20} MiB`;
  let body: unknown;
  try {
    body = JSON.parse(message.body);
  } catch {
    return 'its body is not JSON';
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return 'its body is not a JSON object';
  const named = body as { id?: unknown; type?: unknown };
  // A webhook's body names its event, which a receiver trusts once the signature checks out.
  if (target.target.type === 'webhook' && (named.id !== message.event || named.type !== message.type)) return 'its body is of another event';
  return null;
}
