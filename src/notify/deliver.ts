// One message to one target over HTTP: retried with backoff while the failure may pass (a connection
// that failed before the request went out whole, 408, 425, 429, 5xx), honouring Retry-After, within
// a bounded number of attempts and a time budget the target's messages share. A request that went
// out whole and got no answer (no status: the connection dropped, the answer never came) is not
// retried: the target may have taken it, and a second copy is worse than an unknown one. A failure
// is described without the target's address or secret: the words come from the status, the error's
// code and (cut, with the address and secret blanked) what the target answered.
import { quote } from '../content/quote.js';
import { NotAnswered, post } from './post.js';
import type { Post } from './post.js';

export interface RetryPolicy {
  /** Attempts per message, the first included. */
  attempts: number;
  /** Wait before the first retry, ms; doubled for each next one. */
  backoffMs: number;
  maxBackoffMs: number;
  /** How long one attempt may wait for an answer, ms. */
  attemptTimeoutMs: number;
  /** How long all of a target's messages in one run may take, ms: past it, no new attempt starts. */
  budgetMs: number;
  /** How long the sending of a whole run may take, ms: every target's budget ends by then. */
  runMs: number;
  /** The longest Retry-After waited for, ms; a target asking for more has failed. */
  maxRetryAfterMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = {
  attempts: 3,
  backoffMs: 1000,
  maxBackoffMs: 30_000,
  attemptTimeoutMs: 60_000,
  budgetMs: 180_000,
  runMs: 600_000,
  maxRetryAfterMs: 60_000,
};

/** What delivery uses of the world: injected by tests, so they wait for nothing. */
export interface Transport {
  /** Reads the site's state file. */
  fetch: typeof fetch;
  /** Sends a message: a POST that tells whether it went out whole when no answer came (post.ts). */
  post: Post;
  sleep: (ms: number) => Promise<void>;
  /** Epoch ms: the budget's clock, and the webhook signature's timestamp. */
  clock: () => number;
  /**
   * The signal that ends a request still unanswered after `ms` (aborted with a TimeoutError):
   * injected so that a test cuts a request it sees hang instead of waiting the limit out.
   */
  timeout: (ms: number) => AbortSignal;
}

export const REAL_TRANSPORT: Transport = {
  fetch: (...args) => fetch(...args),
  post,
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  clock: () => Date.now(),
  timeout: (ms) => AbortSignal.timeout(ms),
};

export interface HttpRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
}

/**
 * How a message that was not delivered ended. `failed`: the target refused it, or never got it whole.
 * `partial`: some of an email's recipients took it. `unknown`: it was handed over and no answer came,
 * so it may have arrived: not sent again. `held`: the run was stopped before it was handed over: the
 * next run sends it.
 */
export type Fate = 'failed' | 'partial' | 'unknown' | 'held';

export type Outcome = { ok: true; attempts: number; status: number } | { ok: false; attempts: number; reason: string; fate: Fate };

/** The words of a run stopped before a message was handed over. */
export const HELD_REASON = 'the run was stopped before it was sent: the next run sends it';

/** Resolves after `ms`, or as soon as `stop` is aborted: a stopped run does not wait out a backoff. */
export function pause(transport: Transport, ms: number, stop: AbortSignal): Promise<void> {
  if (stop.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const done = (): void => {
      stop.removeEventListener('abort', done);
      resolve();
    };
    stop.addEventListener('abort', done, { once: true });
    void transport.sleep(ms).then(done);
  });
}

/** `60 s`, or `250 ms` under a second. */
export const duration = (ms: number): string => (ms >= 1000 ? `${Math.round(ms / 1000)} s` : `${ms} ms`);

const NEVER = new AbortController().signal;

/** What one attempt came to: an outcome that ends the message, or why it failed when another may follow (`wait`: a Retry-After, ms). */
type Attempted = Outcome | { retry: string; wait?: number | null };

/**
 * Makes `attempt` (given its number and how long it may take, ms) until it ends the message, or the
 * attempts or the time (`deadline`, epoch ms) run out, waiting the policy's backoff (or what the
 * attempt asks) between two. A stop before an attempt holds the message.
 */
export async function retrying(policy: RetryPolicy, transport: Transport, deadline: number, stop: AbortSignal, attempt: (n: number, timeout: number) => Promise<Attempted>): Promise<Outcome> {
  let reason = 'no attempt was made: the time allowed for this target had run out';
  for (let n = 1; n <= policy.attempts; n++) {
    // Every attempt before had an answer, or never went out whole: nothing of this message is with the target.
    if (stop.aborted) return { ok: false, attempts: n - 1, reason: HELD_REASON, fate: 'held' };
    const left = deadline - transport.clock();
    if (left <= 0) return { ok: false, attempts: n - 1, reason: n === 1 ? reason : `${reason}; then the time allowed for this target ran out`, fate: 'failed' };
    const tried = await attempt(n, Math.min(policy.attemptTimeoutMs, left));
    if (!('retry' in tried)) return tried;
    reason = tried.retry;
    if (n === policy.attempts) break;
    const delay = tried.wait ?? Math.min(policy.maxBackoffMs, policy.backoffMs * 2 ** (n - 1));
    if (transport.clock() + delay >= deadline) return { ok: false, attempts: n, reason: `${reason}; no time left for another attempt`, fate: 'failed' };
    await pause(transport, delay, stop);
  }
  return { ok: false, attempts: policy.attempts, reason: `${reason} (${policy.attempts} attempts)`, fate: 'failed' };
}

/**
 * POSTs the request `build` makes (anew for each attempt: a signature carries the time) until it
 * is answered 2xx, fails for good, or runs out of attempts or of time (`deadline`, epoch ms).
 * `secrets` are blanked from any text the target answered.
 */
export function deliver(build: () => HttpRequest, policy: RetryPolicy, transport: Transport, deadline: number, secrets: readonly string[], stop: AbortSignal = NEVER): Promise<Outcome> {
  return retrying(policy, transport, deadline, stop, async (attempt, timeout) => {
    const request = build();
    const limit = transport.timeout(timeout);
    try {
      const answer = await transport.post(request.url, { headers: request.headers, body: request.body, signal: AbortSignal.any([limit, stop]) });
      if (answer.status >= 200 && answer.status < 300) {
        // Taken: what follows the status is not needed, and a body slow to come must not make it a retry (a second message).
        answer.discard();
        return { ok: true, attempts: attempt, status: answer.status };
      }
      const reason = `HTTP ${answer.status}${answered(await answer.text(4096), secrets)}`;
      if (!retryable(answer.status)) return { ok: false, attempts: attempt, reason, fate: 'failed' };
      const wait = retryAfter(answer.header('retry-after'), transport.clock());
      if (wait !== null && (wait > policy.maxRetryAfterMs || transport.clock() + wait >= deadline)) {
        return { ok: false, attempts: attempt, reason: `${reason}, asking to wait ${Math.ceil(wait / 1000)} s: longer than allowed`, fate: 'failed' };
      }
      return { retry: reason, wait };
    } catch (error) {
      // Only a request that went out whole can have reached the target; an error of no kind we know counts as one.
      const sent = !(error instanceof NotAnswered) || error.sent;
      if (sent) {
        const why = stop.aborted ? 'the run was stopped while waiting for the answer' : limit.aborted ? `no answer within ${duration(timeout)}` : `${failure(error)} after the request was sent`;
        return { ok: false, attempts: attempt, reason: why, fate: 'unknown' };
      }
      // Nothing of this attempt is with the target, nor of any before it.
      if (stop.aborted) return { ok: false, attempts: attempt - 1, reason: HELD_REASON, fate: 'held' };
      return { retry: limit.aborted ? `no connection within ${duration(timeout)}` : failure(error) };
    }
  });
}

/** Worth another attempt: the target may be briefly down or busy. */
const retryable = (status: number): boolean => status === 408 || status === 425 || status === 429 || status >= 500;

/** Retry-After in ms: delta seconds or an HTTP date; null when absent or unreadable. */
export function retryAfter(value: string | null, now: number): number | null {
  if (value === null) return null;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const date = Date.parse(text);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

/** The most characters of a target's answer a failure quotes. */
export const ANSWER_SHOWN = 100;

/**
 * `: "invalid_token"`, from what the target (or a mail server, email.ts) answered: the secrets
 * blanked, white space as single spaces, then quoted as every untrusted text is
 * (src/content/quote.ts: control characters escaped, cut to ANSWER_SHOWN characters), so an answer
 * cannot write to the terminal that shows it.
 */
export function answered(text: string, secrets: readonly string[]): string {
  let shown = text;
  for (const secret of secrets) if (secret !== '') shown = shown.replaceAll(secret, '[secret]');
  shown = shown.replace(/\s+/g, ' ').trim();
  return shown === '' ? '' : `: ${quote(shown, ANSWER_SHOWN)}`;
}

/** Words for a connection that failed, by its error's code, that hold no address (email.ts's too). */
export const CONNECTION_WORDS: Readonly<Record<string, string>> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host not found (DNS lookup failed)',
  EHOSTUNREACH: 'host unreachable',
};

/** Why a request got no answer, in words that hold no address. */
function failure(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown } }).cause;
  const code = String(cause?.code ?? (error as { code?: unknown }).code ?? '');
  const words: Record<string, string> = {
    ...CONNECTION_WORDS,
    ETIMEDOUT: 'connection timed out',
    ENETUNREACH: 'network unreachable',
    UND_ERR_SOCKET: 'connection closed',
    UND_ERR_CONNECT_TIMEOUT: 'connection timed out',
    UND_ERR_HEADERS_TIMEOUT: 'no answer in time',
  };
  return words[code] ?? (/^[A-Z_]+$/.test(code) ? `network error (${code})` : 'network error');
}
