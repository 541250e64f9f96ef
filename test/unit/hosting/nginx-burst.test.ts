// The nginx block limits the API as `statuspress serve` does: as many requests at once as serve's
// token bucket holds. nginx's `limit_req ... burst=N nodelay` lets N requests through beyond the one
// the rate allows, so `burst` must be the bucket's capacity less one. The real-nginx test
// (test/hosting/nginx.test.ts) accepts 10 to 12 passes, as its timing allows; this pins the number.
import { describe, expect, it } from 'vitest';
import { nginxConfig } from '../../../src/hosting/index.js';
import { DEFAULT_RATE_LIMIT, RateLimiter } from '../../../src/serve/rate-limit.js';

/** How many requests serve's limiter lets one client make at one instant. */
function capacity(rate: number): number {
  const limiter = new RateLimiter({ rate });
  let passed = 0;
  while (limiter.take('203.0.113.1', 0).allowed) passed += 1;
  return passed;
}

describe('nginx limit_req', () => {
  it.each([1, 2, 5, DEFAULT_RATE_LIMIT, 37])('lets through at once what serve\'s bucket holds, at --rate-limit %i', (rate) => {
    const config = nginxConfig({ root: '/srv/status/dist', listen: '127.0.0.1:8080', rateLimit: rate });
    const bursts = [...config.matchAll(/limit_req zone=statuspress_api burst=(\d+) nodelay;/g)].map((m) => Number(m[1]));
    expect(bursts.length).toBeGreaterThan(0);
    expect(capacity(rate)).toBe(rate);
    for (const burst of bursts) expect(burst + 1).toBe(capacity(rate));
    expect(config).toContain(`rate=${rate}r/s;`);
  });

  it('has no limit with --rate-limit 0', () => {
    expect(nginxConfig({ root: '/srv/status/dist', listen: '127.0.0.1:8080', rateLimit: 0 })).not.toContain('limit_req');
  });
});
