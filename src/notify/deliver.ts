// One message to one target over HTTP: retried with backoff while the failure may pass (a dropped
// connection, 408, 425, 429, 5xx), honouring Retry-After, within a bounded number of attempts and a
// time budget the target's messages share. A request that got no answer at all is not retried: the
// target may have taken it, and a second copy is worse than an unknown one. A failure is described without the
// target's address or secret: the words come from the status, the error's code and (cut, with the
// address and secret blanked) what the target answered.
import { quote } from '../content/quote.js';

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
  fetch: typeof fetch;
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

/**
 * POSTs the request `build` makes (anew for each attempt: a signature carries the time) until it
 * is answered 2xx, fails for good, or runs out of attempts or of time (`deadline`, epoch ms).
 * `secrets` are blanked from any text the target answered.
 */
export async function deliver(build: () => HttpRequest, policy: RetryPolicy, transport: Transport, deadline: number, secrets: readonly string[], stop: AbortSignal = NEVER): Promise<Outcome> {
  let reason = 'no attempt was made: the time allowed for this target had run out';
  for (let attempt = 1; attempt <= policy.attempts; attempt++) {
    // Every attempt before had an answer (or no connection): nothing of this message is with the target.
    if (stop.aborted) return { ok: false, attempts: attempt - 1, reason: HELD_REASON, fate: 'held' };
    const left = deadline - transport.clock();
    if (left <= 0) return { ok: false, attempts: attempt - 1, reason: attempt === 1 ? reason : `${reason}; then the time allowed for this target ran out`, fate: 'failed' };
    const timeout = Math.min(policy.attemptTimeoutMs, left);
    const request = build();
    let wait: number | null;
    const limit = transport.timeout(timeout);
    try {
      const response = await transport.fetch(request.url, {
        method: 'POST',
        headers: request.headers,
        body: request.body,
        // A webhook that redirects is misconfigured; following it could carry the message elsewhere.
        redirect: 'manual',
        signal: AbortSignal.any([limit, stop]),
      });
      if (response.status >= 200 && response.status < 300) {
        // Taken: what follows the status is not needed, and a body slow to come must not make it a retry (a second message).
        await response.body?.cancel().catch(() => undefined);
        return { ok: true, attempts: attempt, status: response.status };
      }
      reason = `HTTP ${response.status}${answered(await readSome(response), secrets)}`;
      if (!retryable(response.status)) return { ok: false, attempts: attempt, reason, fate: 'failed' };
      wait = retryAfter(response.headers.get('retry-after'), transport.clock());
      if (wait !== null && (wait > policy.maxRetryAfterMs || transport.clock() + wait >= deadline)) {
        return { ok: false, attempts: attempt, reason: `${reason}, asking to wait ${Math.ceil(wait / 1000)} s: longer than allowed`, fate: 'failed' };
      }
    } catch (error) {
      // The request was on its way, and no status came: the target may have taken it.
      if (stop.aborted) return { ok: false, attempts: attempt, reason: 'the run was stopped while waiting for the answer', fate: 'unknown' };
      if (limit.aborted) return { ok: false, attempts: attempt, reason: `no answer within ${duration(timeout)}`, fate: 'unknown' };
      reason = failure(error);
      wait = null;
    }
    if (attempt === policy.attempts) break;
    const delay = wait ?? Math.min(policy.maxBackoffMs, policy.backoffMs * 2 ** (attempt - 1));
    if (transport.clock() + delay >= deadline) return { ok: false, attempts: attempt, reason: `${reason}; no time left for another attempt`, fate: 'failed' };
    await pause(transport, delay, stop);
  }
  return { ok: false, attempts: policy.attempts, reason: `${reason} (${policy.attempts} attempts)`, fate: 'failed' };
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

/** The first 4 KiB of the answer, at most: the rest is cancelled, and an answer cut off is what came of it (its status is the answer). */
async function readSome(response: Response): Promise<string> {
  if (response.body === null) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < 4096) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.byteLength;
    }
  } catch {
    // cut off: the status has answered
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  return Buffer.concat(chunks).toString('utf8', 0, Math.min(size, 4096));
}

/** The most characters of a target's answer a failure quotes. */
export const ANSWER_SHOWN = 100;

/**
 * `: "invalid_token"`, from what the target answered: the secrets blanked, white space as single
 * spaces, then quoted as every untrusted text is (src/content/quote.ts: control characters escaped,
 * cut to ANSWER_SHOWN characters), so an answer cannot write to the terminal that shows it.
 */
function answered(text: string, secrets: readonly string[]): string {
  let shown = text;
  for (const secret of secrets) if (secret !== '') shown = shown.split(secret).join('[secret]');
  shown = shown.replace(/\s+/g, ' ').trim();
  return shown === '' ? '' : `: ${quote(shown, ANSWER_SHOWN)}`;
}

/** Why a request got no answer, in words that hold no address. */
function failure(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown } }).cause;
  const code = String(cause?.code ?? (error as { code?: unknown }).code ?? '');
  const words: Record<string, string> = {
    ECONNREFUSED: 'connection refused',
    ECONNRESET: 'connection reset',
    ENOTFOUND: 'host not found',
    EAI_AGAIN: 'host not found (DNS lookup failed)',
    ETIMEDOUT: 'connection timed out',
    EHOSTUNREACH: 'host unreachable',
    ENETUNREACH: 'network unreachable',
    UND_ERR_SOCKET: 'connection closed',
    UND_ERR_CONNECT_TIMEOUT: 'connection timed out',
    UND_ERR_HEADERS_TIMEOUT: 'no answer in time',
  };
  return words[code] ?? (/^[A-Z_]+$/.test(code) ? `network error (${code})` : 'network error');
}
