// Checks of site.yaml's `notify` targets beyond their types. Content arrives in pull requests from
// anyone, and is public in the repository, the pull request and git history: a webhook's address is
// as good as its password, so an address or secret written here is a problem, and only the *names* of
// the environment variables holding them belong here. No message repeats what was written in these
// places, since it may be the secret itself.
import { CONTENT } from '../errors/content.js';
import { say } from '../errors/entry.js';
import type { Finding } from './positions.js';
import { isRecord } from './data.js';
import { closest } from './messages.js';
import { field } from './rules.js';

/** What an environment variable's name may be: letters, digits and `_`, not starting with a digit. */
export const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,127}$/;

/** The keys a target has; anything else that could hold an address or a secret gets the secret's message. */
const TARGET_KEYS = new Set(['type', 'url_env', 'secret_env', 'events', 'to_env', 'from', 'components', 'reminder', 'audience']);

/** How long before a maintenance begins a target is reminded of it, unless it says otherwise. */
export const DEFAULT_REMINDER = '24h';
/** The longest reminder lead: a month ahead is an announcement, not a reminder. */
const MAX_REMINDER_MS = 30 * 86_400_000;
const UNIT_MS = { m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** A reminder's lead (`24h`, `90m`, `2d`) in ms; null when the text is no such duration. */
export function reminderMs(text: string): number | null {
  const match = /^([1-9][0-9]{0,5})\s*([mhd])$/.exec(text.trim());
  if (match === null) return null;
  const ms = Number(match[1]) * UNIT_MS[match[2] as keyof typeof UNIT_MS];
  return ms <= MAX_REMINDER_MS ? ms : null;
}

/** One email address, with an optional display name before it in angle brackets, on one line. */
const FROM = /^(?:[^<>\r\n]*<[^<>@\s]+@[^<>@\s]+>|[^<>@\s]+@[^<>@\s]+)$/;
/**
 * Characters a mail header must not carry raw: controls, and the invisible and direction-changing
 * ones (a right-to-left override in a display name shows the sender's address reversed).
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/;
const SECRET_KEY = /url|uri|secret|token|hook|key|password|pass|auth/i;

/** An address rather than a variable's name: anything with `://` or a known webhook host. */
const ADDRESS = /:\/\/|^www\.|hooks\.slack\.com|discord(?:app)?\.com\/api|webhook\.office\.com|logic\.azure\.com|powerautomate|powerplatform/i;

/** Findings in site.yaml's `notify` list (the schema reports wrong types and unknown keys). */
export function siteRules(raw: unknown): Finding[] {
  const targets = field(raw, 'notify');
  if (!Array.isArray(targets)) return [];
  const findings: Finding[] = [];
  const seen = new Map<string, number>();
  // What each variable holds, as first read: one variable serves one purpose (an email target's
  // to_env naming its url_env sent the server's password as a recipient, in a To: header).
  const purposes = new Map<string, { purpose: string; at: string }>();
  targets.forEach((target: unknown, i) => {
    if (!isRecord(target)) return;
    const base = ['notify', i];
    for (const key of Object.keys(target)) {
      const value = target[key];
      if (TARGET_KEYS.has(key)) continue;
      // A misspelt key (`urlenv`) gets the schema's "did you mean"; an address under any key, this.
      const address = typeof value === 'string' && ADDRESS.test(value);
      // `token` is no misspelling of `to_env`: a key named like a secret gets the secret's message.
      if (address || (SECRET_KEY.test(key) && closest(key, [...TARGET_KEYS].filter((k) => k !== 'to_env')) === undefined)) {
        findings.push({ path: [...base, key], at: 'key', ...say(CONTENT.notifySecretInContent, { key }) });
      }
    }
    const type = field(target, 'type');
    for (const key of ['url_env', 'secret_env', 'to_env'] as const) {
      const name = field(target, key);
      if (typeof name !== 'string') continue;
      if (ADDRESS.test(name) || (key === 'to_env' && name.includes('@'))) findings.push({ path: [...base, key], ...say(CONTENT.notifySecretInContent, { key }) });
      else if (!ENV_NAME.test(name)) findings.push({ path: [...base, key], ...say(CONTENT.notifyEnvName, { key }) });
      if (!ENV_NAME.test(name)) continue;
      const purpose = key === 'secret_env' ? 'a signing secret' : key === 'to_env' ? 'the recipients of an email target' : type === 'email' ? 'the mail server of an email target' : 'a webhook address';
      const first = purposes.get(name);
      if (first === undefined) purposes.set(name, { purpose, at: `notify.${i}.${key}` });
      else if (first.purpose !== purpose) findings.push({ path: [...base, key], ...say(CONTENT.notifyEnvTwoPurposes, { name, purpose, other: first.purpose, at: first.at }) });
    }
    const secretEnv = field(target, 'secret_env');
    if (type === 'webhook' && secretEnv === undefined) findings.push({ path: [...base, 'secret_env'], ...say(CONTENT.notifySecretEnvMissing) });
    if (typeof type === 'string' && type !== 'webhook' && secretEnv !== undefined) {
      findings.push({ path: [...base, 'secret_env'], at: 'key', ...say(CONTENT.notifySecretEnvUnused, { type }) });
    }
    if (type === 'email') {
      for (const key of ['to_env', 'from'] as const) if (field(target, key) === undefined) findings.push({ path: [...base, key], ...say(CONTENT.notifyEmailField, { key }) });
      const from = field(target, 'from');
      if (typeof from === 'string' && from.trim() !== '' && !FROM.test(from.trim())) findings.push({ path: [...base, 'from'], ...say(CONTENT.notifyFromAddress) });
      else if (typeof from === 'string' && INVISIBLE.test(from)) findings.push({ path: [...base, 'from'], ...say(CONTENT.notifyFromInvisible, { code: INVISIBLE.exec(from)![0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0') }) });
    } else if (typeof type === 'string') {
      for (const key of ['to_env', 'from']) if (field(target, key) !== undefined) findings.push({ path: [...base, key], at: 'key', ...say(CONTENT.notifyEmailOnly, { key, type }) });
    }
    const reminder = field(target, 'reminder');
    // `true` or `24` (hours meant) get the same words as `24 hours`, not the schema's "Invalid input".
    if (reminder !== undefined && reminder !== false && (typeof reminder !== 'string' || reminderMs(reminder) === null)) findings.push({ path: [...base, 'reminder'], ...say(CONTENT.notifyReminder) });
    const components = field(target, 'components');
    if (Array.isArray(components) && components.length === 0) findings.push({ path: [...base, 'components'], ...say(CONTENT.notifyNoComponents) });
    const events = field(target, 'events');
    if (Array.isArray(events) && events.length === 0) findings.push({ path: [...base, 'events'], ...say(CONTENT.notifyNoEvents) });
    const urlEnv = field(target, 'url_env');
    if (typeof urlEnv === 'string' && ENV_NAME.test(urlEnv)) {
      // One mail server may send to several lists: an email target is its server and its recipients.
      const key = type === 'email' ? `${urlEnv} ${String(field(target, 'to_env'))}` : urlEnv;
      const first = seen.get(key);
      if (first === undefined) seen.set(key, i);
      else findings.push({ path: [...base, 'url_env'], ...say(CONTENT.notifyTargetTwice, { name: urlEnv, other: first }) });
    }
  });
  return findings;
}
