// The token bucket behind `statuspress serve`'s rate limit (rate a second, burst rate), with an injected clock:
// take(client, nowMs) never reads the real time here, so every figure is exact.
import { describe, expect, it, vi } from 'vitest';
import { CLIENT_PATTERNS } from '../../../src/hosting/nginx.js';
import { clientAddress, limitKey, normalizeAddress, RateLimiter } from '../../../src/serve/rate-limit.js';
import type { RateDecision } from '../../../src/serve/rate-limit.js';

/** `n` takes for `client` at the same instant. */
function takeMany(limiter: RateLimiter, client: string, n: number, now: number): RateDecision[] {
  return Array.from({ length: n }, () => limiter.take(client, now));
}

const allowedCount = (decisions: RateDecision[]): number => decisions.filter((d) => d.allowed).length;

describe('RateLimiter: burst', () => {
  it('lets a new client burst `rate` requests at once, then refuses', () => {
    const limiter = new RateLimiter({ rate: 10 });
    const decisions = takeMany(limiter, 'a', 25, 1_000);
    expect(decisions.slice(0, 10).every((d) => d.allowed)).toBe(true);
    expect(decisions.slice(10).every((d) => !d.allowed)).toBe(true);
  });

  it('counts Remaining down from rate - 1 to 0 and reports the limit on every answer', () => {
    const limiter = new RateLimiter({ rate: 10 });
    const decisions = takeMany(limiter, 'a', 12, 0);
    expect(decisions.map((d) => d.remaining)).toEqual([9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 0, 0]);
    expect(decisions.every((d) => d.limit === 10)).toBe(true);
  });

  it('keeps clients apart: one client exhausting its bucket does not touch another', () => {
    const limiter = new RateLimiter({ rate: 10 });
    takeMany(limiter, 'a', 50, 0);
    expect(limiter.take('a', 0).allowed).toBe(false);
    const b = takeMany(limiter, 'b', 10, 0);
    expect(allowedCount(b)).toBe(10);
  });

  it('uses the rate as the burst for other rates too', () => {
    for (const rate of [1, 2, 5, 50]) {
      const limiter = new RateLimiter({ rate });
      expect(allowedCount(takeMany(limiter, 'a', rate * 3, 0))).toBe(rate);
    }
  });
});

describe('RateLimiter: refill', () => {
  it('refills one token every 1/rate seconds', () => {
    const limiter = new RateLimiter({ rate: 10 });
    takeMany(limiter, 'a', 10, 0);
    expect(limiter.take('a', 50).allowed).toBe(false);
    // 100 ms after the bucket emptied there is one token again (the refused take above cost nothing).
    expect(limiter.take('a', 100).allowed).toBe(true);
    expect(limiter.take('a', 100).allowed).toBe(false);
    expect(allowedCount(takeMany(limiter, 'a', 5, 350))).toBe(2);
  });

  it('is full again one second after it emptied, and never holds more than the burst', () => {
    const limiter = new RateLimiter({ rate: 10 });
    takeMany(limiter, 'a', 10, 0);
    expect(allowedCount(takeMany(limiter, 'a', 20, 1_000))).toBe(10);
    // A long quiet spell does not bank more than one burst.
    expect(allowedCount(takeMany(limiter, 'a', 50, 3_600_000))).toBe(10);
  });

  it('holds sustained traffic to the rate beyond the burst', () => {
    const limiter = new RateLimiter({ rate: 10 });
    // 100 requests a second for 5 s: the burst, then 10 a second.
    let allowed = 0;
    for (let t = 0; t < 5_000; t += 10) if (limiter.take('a', t).allowed) allowed++;
    expect(allowed).toBeGreaterThanOrEqual(10 + 5 * 10 - 1);
    expect(allowed).toBeLessThanOrEqual(10 + 5 * 10);
    // Any window of one second after the burst passes at most `rate` (+1 for a token on the edge).
    const limiter2 = new RateLimiter({ rate: 10 });
    const times: number[] = [];
    for (let t = 0; t < 5_000; t += 7) if (limiter2.take('a', t).allowed) times.push(t);
    const afterBurst = times.slice(10);
    for (const start of afterBurst) {
      expect(afterBurst.filter((t) => t >= start && t < start + 1_000).length).toBeLessThanOrEqual(11);
    }
  });

  it('lets a client that keeps under the rate through every time', () => {
    const limiter = new RateLimiter({ rate: 10 });
    for (let t = 0; t < 10_000; t += 100) expect(limiter.take('a', t).allowed).toBe(true);
  });
});

describe('RateLimiter: Retry-After and RateLimit-Reset', () => {
  it('answers a refusal with Retry-After of at least 1 s, and 0 on success', () => {
    const limiter = new RateLimiter({ rate: 10 });
    const decisions = takeMany(limiter, 'a', 11, 0);
    expect(decisions.slice(0, 10).every((d) => d.retryAfter === 0)).toBe(true);
    const refused = decisions[10]!;
    expect(refused).toEqual({ allowed: false, limit: 10, remaining: 0, reset: 1, retryAfter: 1 });
  });

  it('gives a Retry-After after which the retry does pass', () => {
    for (const rate of [1, 2, 3, 10]) {
      const limiter = new RateLimiter({ rate });
      let now = 0;
      takeMany(limiter, 'a', rate, now);
      for (let round = 0; round < 20; round++) {
        now += 37; // some time passes, not enough for a whole token at most rates
        const refused = limiter.take('a', now);
        if (refused.allowed) continue;
        expect(refused.retryAfter).toBeGreaterThanOrEqual(1);
        // Retry-After is whole seconds: no more than one second beyond what is needed.
        expect(refused.retryAfter).toBeLessThanOrEqual(Math.ceil(1 / rate) + 1);
        now += refused.retryAfter * 1_000;
        expect(limiter.take('a', now).allowed).toBe(true);
      }
    }
  });

  it('computes Retry-After from the missing fraction of a token at slow rates', () => {
    const limiter = new RateLimiter({ rate: 1 });
    expect(limiter.take('a', 0).allowed).toBe(true);
    // 0.2 tokens after 200 ms: 0.8 s missing, rounded up to 1.
    expect(limiter.take('a', 200).retryAfter).toBe(1);
    // 0.9 tokens after 900 ms: rounded up to 1, and the retry at 1.9 s passes.
    expect(limiter.take('a', 900).retryAfter).toBe(1);
    expect(limiter.take('a', 1_900).allowed).toBe(true);
  });

  it('reports RateLimit-Reset as the whole seconds until the bucket is full', () => {
    const limiter = new RateLimiter({ rate: 10 });
    expect(limiter.take('a', 0).reset).toBe(1); // 9 of 10 left: 0.1 s to refill, rounded up
    const slow = new RateLimiter({ rate: 2 });
    takeMany(slow, 'b', 2, 0);
    expect(slow.take('b', 0).reset).toBe(1); // empty, rate 2: 1 s to refill 2 tokens
    const one = new RateLimiter({ rate: 1 });
    expect(one.take('c', 0).reset).toBe(1);
    // After waiting `reset` seconds the bucket answers as a full one does.
    const d = limiter.take('a', 0);
    const later = limiter.take('a', d.reset * 1_000);
    expect(later.allowed).toBe(true);
    expect(later.remaining).toBe(9);
  });

  it('never reports negative or fractional header values', () => {
    const limiter = new RateLimiter({ rate: 10 });
    let now = 0;
    for (let i = 0; i < 500; i++) {
      now += (i * 7919) % 173; // irregular steps
      const d = limiter.take('a', now);
      for (const value of [d.limit, d.remaining, d.reset, d.retryAfter]) {
        expect(Number.isInteger(value)).toBe(true);
        expect(value).toBeGreaterThanOrEqual(0);
      }
      expect(d.remaining).toBeLessThanOrEqual(10);
      expect(d.reset).toBeLessThanOrEqual(1);
    }
  });
});

describe('RateLimiter: on and off', () => {
  it('is disabled at rate 0 and enabled otherwise', () => {
    expect(new RateLimiter({ rate: 0 }).enabled).toBe(false);
    expect(new RateLimiter({ rate: 10 }).enabled).toBe(true);
    expect(new RateLimiter({ rate: 1 }).enabled).toBe(true);
  });
});

describe('RateLimiter: bounded memory', () => {
  it('keeps size <= maxClients under 100,000 distinct clients', () => {
    const limiter = new RateLimiter({ rate: 10, maxClients: 1_000 });
    let largest = 0;
    for (let i = 0; i < 100_000; i++) {
      limiter.take(`10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`, i);
      largest = Math.max(largest, limiter.size);
    }
    expect(largest).toBe(1_000);
    expect(limiter.size).toBe(1_000);
  });

  it('defaults to a bound of 10,000 clients', () => {
    const limiter = new RateLimiter({ rate: 10 });
    for (let i = 0; i < 25_000; i++) limiter.take(`c${i}`, 0);
    expect(limiter.size).toBe(10_000);
  });

  it('does not grow for one client hammering it', () => {
    const limiter = new RateLimiter({ rate: 10, maxClients: 5 });
    for (let i = 0; i < 10_000; i++) limiter.take('a', i);
    expect(limiter.size).toBe(1);
  });

  it('gives an evicted client a fresh bucket', () => {
    const limiter = new RateLimiter({ rate: 10, maxClients: 100 });
    takeMany(limiter, 'victim', 10, 0);
    expect(limiter.take('victim', 0).allowed).toBe(false);
    for (let i = 0; i < 100; i++) limiter.take(`other-${i}`, 0);
    expect(limiter.size).toBe(100);
    // Still at the same instant: only eviction can have refilled it.
    const again = limiter.take('victim', 0);
    expect(again.allowed).toBe(true);
    expect(again.remaining).toBe(9);
  });

  it('evicts the least recently seen client, not a busy one', () => {
    const limiter = new RateLimiter({ rate: 10, maxClients: 3 });
    takeMany(limiter, 'busy', 10, 0); // empty bucket
    limiter.take('b', 0);
    limiter.take('c', 0);
    expect(limiter.take('busy', 0).allowed).toBe(false); // seen again: now the most recent
    limiter.take('d', 0); // evicts b, the least recently seen
    expect(limiter.size).toBe(3);
    // busy kept its empty bucket: no fresh burst from a flood of others.
    expect(limiter.take('busy', 0).allowed).toBe(false);
    // b was evicted: a fresh bucket (10 tokens, this take leaves 9).
    expect(limiter.take('b', 0).remaining).toBe(9);
  });

  it('evicts in constant time: a flood of new addresses never walks the table', () => {
    // Each request from a new address in a full table evicts one entry. If finding the oldest entry
    // costs time in proportion to the table, a flood of spoofed addresses becomes a CPU flood: the
    // eviction this replaced took the Map's first key, and V8 walks every deleted slot before it to
    // find it. That walk happens inside the Map, so it is caught where it starts: no Map is iterated
    // while a full table takes a flood (the recency list's end is the oldest, at no cost).
    const limiter = new RateLimiter({ rate: 10, maxClients: 1_000 });
    for (let i = 0; i < 1_000; i++) limiter.take(`fill-${i}`, 0);
    const walks = (['keys', 'values', 'entries', 'forEach', Symbol.iterator] as const).map((method) => vi.spyOn(Map.prototype, method));
    try {
      for (let i = 0; i < 5_000; i++) limiter.take(`new-${i}`, 0);
      expect(walks.map((walk) => walk.mock.calls.length)).toEqual([0, 0, 0, 0, 0]);
    } finally {
      for (const walk of walks) walk.mockRestore();
    }
    // The flood's last thousand are the table, oldest first out: the fill and the first 4,000 are gone.
    expect(limiter.size).toBe(1_000);
    expect(limiter.take('new-4000', 0).remaining).toBe(8);
    expect(limiter.take('new-3999', 0).remaining).toBe(9);
    expect(limiter.take('fill-999', 0).remaining).toBe(9);
  });
});

describe('clientAddress', () => {
  const none = new Set<string>();
  const proxy = new Set(['127.0.0.1']);

  it('is the socket peer when no proxy is trusted', () => {
    expect(clientAddress('198.51.100.4', undefined, none)).toBe('198.51.100.4');
    expect(clientAddress('2001:db8::1', undefined, none)).toBe('2001:db8::1');
  });

  it('ignores X-Forwarded-For from a peer that is not a trusted proxy (spoofing)', () => {
    expect(clientAddress('198.51.100.4', '203.0.113.9', none)).toBe('198.51.100.4');
    expect(clientAddress('198.51.100.4', '203.0.113.9', proxy)).toBe('198.51.100.4');
    expect(clientAddress('198.51.100.4', ['203.0.113.9', '203.0.113.10'], proxy)).toBe('198.51.100.4');
  });

  it('believes X-Forwarded-For from a trusted proxy', () => {
    expect(clientAddress('127.0.0.1', '203.0.113.9', proxy)).toBe('203.0.113.9');
    expect(clientAddress('127.0.0.1', ' 203.0.113.9 ', proxy)).toBe('203.0.113.9');
  });

  it('falls back to the peer when a trusted proxy sends no X-Forwarded-For', () => {
    expect(clientAddress('127.0.0.1', undefined, proxy)).toBe('127.0.0.1');
  });

  it('takes the last untrusted hop, so a client cannot spoof by prepending addresses', () => {
    // The client sent "X-Forwarded-For: 1.1.1.1"; the trusted proxy appended the real address.
    expect(clientAddress('127.0.0.1', '1.1.1.1, 203.0.113.9', proxy)).toBe('203.0.113.9');
    expect(clientAddress('127.0.0.1', '1.1.1.1, 2.2.2.2, 203.0.113.9', proxy)).toBe('203.0.113.9');
  });

  it('walks back through a chain of several trusted proxies', () => {
    const chain = new Set(['127.0.0.1', '10.0.0.2', '10.0.0.3']);
    // client → CDN edge (10.0.0.3) → load balancer (10.0.0.2) → statuspress (peer 127.0.0.1)
    expect(clientAddress('127.0.0.1', '203.0.113.9, 10.0.0.3, 10.0.0.2', chain)).toBe('203.0.113.9');
    expect(clientAddress('127.0.0.1', '6.6.6.6, 203.0.113.9, 10.0.0.3, 10.0.0.2', chain)).toBe('203.0.113.9');
    // An untrusted hop in the middle stops the walk there.
    expect(clientAddress('127.0.0.1', '203.0.113.9, 198.51.100.1, 10.0.0.2', chain)).toBe('198.51.100.1');
    // Every hop trusted: the peer itself.
    expect(clientAddress('127.0.0.1', '10.0.0.3, 10.0.0.2', chain)).toBe('127.0.0.1');
  });

  it('joins repeated X-Forwarded-For headers in order', () => {
    expect(clientAddress('127.0.0.1', ['1.1.1.1', '203.0.113.9'], proxy)).toBe('203.0.113.9');
  });

  it('skips empty entries', () => {
    expect(clientAddress('127.0.0.1', '203.0.113.9, ,', proxy)).toBe('203.0.113.9');
    expect(clientAddress('127.0.0.1', '', proxy)).toBe('127.0.0.1');
  });

  it('treats ::ffff:a.b.c.d and a.b.c.d as one address', () => {
    expect(normalizeAddress('::ffff:127.0.0.1')).toBe('127.0.0.1');
    expect(normalizeAddress('127.0.0.1')).toBe('127.0.0.1');
    expect(normalizeAddress('::1')).toBe('::1');
    expect(normalizeAddress('2001:db8::ffff:1')).toBe('2001:db8::ffff:1');
    expect(clientAddress('::ffff:198.51.100.4', undefined, none)).toBe('198.51.100.4');
    // A dual-stack listener sees the proxy as ::ffff:127.0.0.1: still the trusted 127.0.0.1.
    expect(clientAddress('::ffff:127.0.0.1', '203.0.113.9', proxy)).toBe('203.0.113.9');
    // Hops written in the mapped form count as the plain address.
    expect(clientAddress('127.0.0.1', '::ffff:203.0.113.9', proxy)).toBe('203.0.113.9');
    const chain = new Set(['127.0.0.1', '10.0.0.2']);
    expect(clientAddress('::ffff:127.0.0.1', '203.0.113.9, ::ffff:10.0.0.2', chain)).toBe('203.0.113.9');
  });

  it('names a peer without an address rather than throwing', () => {
    expect(typeof clientAddress(undefined, undefined, none)).toBe('string');
    expect(clientAddress(undefined, '203.0.113.9', none)).not.toBe('203.0.113.9');
  });
});

describe('limitKey', () => {
  it('limits IPv4 clients by address and IPv6 clients by their /64', () => {
    expect(limitKey('203.0.113.9')).toBe('203.0.113.9');
    const sameNetwork = ['2001:db8:0:1::1', '2001:db8:0:1:ffff:ffff:ffff:ffff', '2001:0db8:0000:0001:0:0:0:2', '2001:db8::1:abcd:1:2:3'];
    expect(new Set(sameNetwork.map(limitKey))).toEqual(new Set(['2001:db8:0:1::/64']));
    expect(limitKey('2001:db8:0:2::1')).toBe('2001:db8:0:2::/64');
    expect(limitKey('::1')).toBe('0:0:0:0::/64');
    expect(limitKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(limitKey('64:ff9b::198.51.100.4')).toBe('64:ff9b:0:0::/64');
  });

  it('reads every spelling of one client as one address: mapped IPv4, a port, capitals', () => {
    for (const spelling of ['1.2.3.4', '::ffff:1.2.3.4', '::FFFF:1.2.3.4', '0:0:0:0:0:ffff:1.2.3.4', '::ffff:102:304', '1.2.3.4:5678']) {
      expect(normalizeAddress(spelling), spelling).toBe('1.2.3.4');
    }
    expect(normalizeAddress('[2001:DB8::1]:443')).toBe('2001:db8::1');
    expect(limitKey(normalizeAddress('::ffff:7f00:1'))).toBe('127.0.0.1');
    expect(limitKey(normalizeAddress('::ffff:7f00:2'))).not.toBe(limitKey(normalizeAddress('::ffff:7f00:1')));
  });

  it('keeps a malformed address as its own key rather than throwing', () => {
    expect(limitKey('1:2:3')).toBe('1:2:3');
    expect(limitKey('1::2::3')).toBe('1::2::3');
    expect(limitKey('unknown')).toBe('unknown');
  });
});

describe("the nginx block's client key", () => {
  it('groups IPv6 clients by /64 as serve does, for every way nginx writes an address', () => {
    const nginxKey = (address: string): string => {
      for (const [pattern, key] of CLIENT_PATTERNS) {
        const match = new RegExp(pattern).exec(address);
        if (match) return key.replace(/\$(\d)/g, (_, i: string) => match[Number(i)]!);
      }
      return address; // $binary_remote_addr: the address itself
    };
    // Compressed as nginx writes IPv6 (RFC 5952), with the `::` in every place it can be.
    const addresses = ['203.0.113.9', '::ffff:198.51.100.4', '2001:db8:1:2:3:4:5:6', '2001:db8:1:2::5', '2001:db8:1::5', '2001:db8::5', '2001::5', '::1', '::', '2001:db8:0:1:0:0:0:1', 'fe80::1'];
    const normalizeV6 = (key: string): string => (key.includes(':') ? key.split(':').map((g) => parseInt(g, 16).toString(16)).join(':') : key);
    for (const address of addresses) {
      const serve = limitKey(normalizeAddress(address)).replace(/::\/64$/, '');
      expect(normalizeV6(nginxKey(address)), address).toBe(serve);
    }
  });
});
