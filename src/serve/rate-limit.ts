// A token bucket per client address (DESIGN 5): `rate` requests a second with a burst of `rate`.
// The table is an LRU map with a fixed size, so a flood of addresses costs bounded memory; evicting
// the least recently seen client only hands it a fresh burst, never blocks anyone else.

export interface RateLimitOptions {
  /** Requests per second, also the burst; 0 turns limiting off. */
  rate: number;
  /** Most clients tracked at once. */
  maxClients?: number;
}

export interface RateDecision {
  allowed: boolean;
  limit: number;
  /** Whole tokens left after this request. */
  remaining: number;
  /** Seconds until the bucket is full again (RateLimit-Reset). */
  reset: number;
  /** Seconds to wait before a retry would pass (Retry-After), on refusal. */
  retryAfter: number;
}

interface Bucket {
  tokens: number;
  at: number;
}

export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();
  private readonly rate: number;
  private readonly maxClients: number;

  constructor(options: RateLimitOptions) {
    this.rate = options.rate;
    this.maxClients = options.maxClients ?? 10_000;
  }

  get enabled(): boolean {
    return this.rate > 0;
  }

  /** Number of clients currently tracked (for tests of the memory bound). */
  get size(): number {
    return this.buckets.size;
  }

  /** Takes one token for `client` at time `now` (ms). */
  take(client: string, now: number = performance.now()): RateDecision {
    const capacity = this.rate;
    let bucket = this.buckets.get(client);
    if (bucket) {
      this.buckets.delete(client);
      bucket.tokens = Math.min(capacity, bucket.tokens + ((now - bucket.at) / 1000) * this.rate);
      bucket.at = now;
    } else {
      bucket = { tokens: capacity, at: now };
      if (this.buckets.size >= this.maxClients) this.buckets.delete(this.buckets.keys().next().value!);
    }
    // Re-inserting keeps the Map in least-recently-seen order for eviction.
    this.buckets.set(client, bucket);
    const allowed = bucket.tokens >= 1;
    if (allowed) bucket.tokens -= 1;
    return {
      allowed,
      limit: capacity,
      remaining: Math.floor(bucket.tokens),
      reset: Math.ceil((capacity - bucket.tokens) / this.rate),
      retryAfter: allowed ? 0 : Math.max(1, Math.ceil((1 - bucket.tokens) / this.rate)),
    };
  }
}

/**
 * The client address: the socket's peer, or, when that peer is a trusted proxy, the last address in
 * X-Forwarded-For that is not itself a trusted proxy. Never trust the header from anyone else.
 */
export function clientAddress(remote: string | undefined, forwardedFor: string | string[] | undefined, trusted: ReadonlySet<string>): string {
  const peer = normalizeAddress(remote ?? 'unknown');
  if (!trusted.has(peer) || forwardedFor === undefined) return peer;
  const hops = (Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor)
    .split(',')
    .map((s) => normalizeAddress(s.trim()))
    .filter(Boolean);
  for (let i = hops.length - 1; i >= 0; i--) if (!trusted.has(hops[i]!)) return hops[i]!;
  return peer;
}

/** `::ffff:127.0.0.1` and `127.0.0.1` are one client. */
export const normalizeAddress = (address: string): string => address.replace(/^::ffff:(?=\d+\.)/, '');
