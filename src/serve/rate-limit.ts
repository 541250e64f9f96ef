// A token bucket per client address: `rate` requests a second with a burst of `rate`.
// The table is least-recently-seen with a fixed bound, so a flood of addresses costs bounded memory;
// evicting a client only hands it a fresh burst, never blocks anyone else. The order lives in a
// linked list, not in the Map's insertion order: taking a V8 Map's first key after many deletes walks
// the deleted slots, which made a flood of new addresses quadratic.

/** The default rate (src/util/limits.ts, where the error catalogue reads it too), for this module's importers. */
export { DEFAULT_RATE_LIMIT } from '../util/limits.js';

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
  client: string;
  tokens: number;
  at: number;
  /** Neighbours in recency order: `older` towards the eviction end. */
  older: Bucket | null;
  newer: Bucket | null;
}

/** Token buckets for up to `maxClients` clients, the least recently seen evicted first. */
export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();
  private oldest: Bucket | null = null;
  private newest: Bucket | null = null;
  private readonly rate: number;
  private readonly maxClients: number;

  constructor(options: RateLimitOptions) {
    this.rate = options.rate;
    this.maxClients = Math.max(1, options.maxClients ?? 10_000);
  }

  get enabled(): boolean {
    return this.rate > 0;
  }

  /** Number of clients currently tracked: at most maxClients. */
  get size(): number {
    return this.buckets.size;
  }

  /** Takes one token for `client` at time `now` (ms). */
  take(client: string, now: number = performance.now()): RateDecision {
    let bucket = this.buckets.get(client);
    if (bucket) this.unlink(bucket);
    else {
      if (this.buckets.size >= this.maxClients && this.oldest) {
        this.buckets.delete(this.oldest.client);
        this.unlink(this.oldest);
      }
      bucket = { client, tokens: this.rate, at: now, older: null, newer: null };
      this.buckets.set(client, bucket);
    }
    this.append(bucket);
    bucket.tokens = Math.min(this.rate, bucket.tokens + (Math.max(0, now - bucket.at) / 1000) * this.rate);
    bucket.at = now;
    const allowed = bucket.tokens >= 1;
    if (allowed) bucket.tokens -= 1;
    return {
      allowed,
      limit: this.rate,
      remaining: Math.floor(bucket.tokens),
      reset: Math.ceil((this.rate - bucket.tokens) / this.rate),
      retryAfter: allowed ? 0 : Math.max(1, Math.ceil((1 - bucket.tokens) / this.rate)),
    };
  }

  private unlink(bucket: Bucket): void {
    if (bucket.older) bucket.older.newer = bucket.newer;
    else this.oldest = bucket.newer;
    if (bucket.newer) bucket.newer.older = bucket.older;
    else this.newest = bucket.older;
    bucket.older = bucket.newer = null;
  }

  private append(bucket: Bucket): void {
    bucket.older = this.newest;
    if (this.newest) this.newest.newer = bucket;
    else this.oldest = bucket;
    this.newest = bucket;
  }
}

/**
 * The client address: the socket's peer, or, when that peer is a trusted proxy, the last address in
 * X-Forwarded-For that is not itself a trusted proxy. Never trust the header from anyone else.
 * `trusted` holds normalised addresses (see trustedProxies).
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

/** The trusted proxy addresses as clientAddress compares them. */
export const trustedProxies = (addresses: readonly string[]): Set<string> => new Set(addresses.map(normalizeAddress));

/**
 * One spelling per client: an IPv4 address mapped into IPv6 (`::ffff:127.0.0.1`, `::FFFF:7f00:1`,
 * `0:0:0:0:0:ffff:127.0.0.1`) is the IPv4 address, a port is dropped (`1.2.3.4:5678`,
 * `[2001:db8::1]:443`, as some proxies write X-Forwarded-For), and IPv6 is lowercase.
 */
export function normalizeAddress(address: string): string {
  const text = address.trim();
  const v4WithPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(text);
  if (v4WithPort) return v4WithPort[1]!;
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(text);
  const bare = (bracketed ? bracketed[1]! : text).toLowerCase();
  if (!bare.includes(':')) return bare;
  const groups = ipv6Groups(bare.replace(/%.*$/, ''));
  if (groups !== null && groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.');
  }
  return bare;
}

/**
 * The bucket a client address is limited in: an IPv4 address itself, an IPv6 address by its /64
 * (`2001:db8:0:1::/64`). One host or home network is handed a whole /64 and can use any of its
 * 2^64 addresses, so per-address buckets would not limit it at all.
 */
export function limitKey(address: string): string {
  if (!address.includes(':')) return address;
  const groups = ipv6Groups(address.replace(/%.*$/, '')); // without a zone (`fe80::1%eth0`)
  return groups === null ? address : `${groups.slice(0, 4).map((g) => g.toString(16)).join(':')}::/64`;
}

/** The eight 16-bit groups of an IPv6 address (`::` expanded, an IPv4 tail as two groups); null if malformed. */
function ipv6Groups(address: string): number[] | null {
  let text = address;
  const v4 = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const part = (half: string | undefined): string[] => (half ? half.split(':') : []);
  const head = part(halves[0]);
  const tail = part(halves[1]);
  const fill = halves.length === 2 ? 8 - head.length - tail.length : 0;
  if (fill < 0 || (halves.length === 1 && head.length !== 8)) return null;
  const groups = [...head, ...Array<string>(fill).fill('0'), ...tail].map((g) => (/^[0-9a-fA-F]{1,4}$/.test(g) ? parseInt(g, 16) : NaN));
  return groups.some(Number.isNaN) ? null : groups;
}
