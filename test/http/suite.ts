// The HTTP behaviour every way of hosting a build must show. It runs against `statuspress serve`
// (and, with `onDemand: false`, against hosts that only have the prebuilt files).
// The site is test/fixtures/serve-site built with now 2026-11-20T12:00:00Z.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { request } from './client.js';

export const SERVE_SITE_NOW = '2026-11-20T12:00:00Z';

export const HASHED_ASSET_PATH = '/assets/app.3f9a1c2b.css';

/** Adds a hashed asset to a built output folder, for the caching test of the suite. */
export async function addHashedAsset(dist: string): Promise<void> {
  await mkdir(path.join(dist, 'assets'), { recursive: true });
  await writeFile(path.join(dist, HASHED_ASSET_PATH), 'body { color: black }\n');
}

export interface SuiteOptions {
  /** The host computes answers that are not prebuilt (other metrics timeframes, pages past the end). */
  onDemand: boolean;
  /**
   * Where the links of the 404 page start: `serve` moves them under the path it serves the site at;
   * a static host sends 404.html as built, its links from the path of the site's url (`/status/`).
   */
  notFoundRoot: string;
}

export function httpSuite(base: () => string, options: SuiteOptions): void {
  const get = (path: string, headers?: Record<string, string>) => request(base(), path, { headers });
  // Answers only a computing server can give; a static host's answers to them are tested on their own.
  const onDemandIt = (name: string, fn: () => Promise<void>): void => {
    if (options.onDemand) it(name, fn);
  };

  describe('status', () => {
    it('answers /api/v1/status with the page, as JSON, to any origin', async () => {
      const res = await get('/api/v1/status');
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['access-control-allow-origin']).toBe('*');
      const { page } = res.json();
      expect(page.name).toBe('Serve Test Status');
      expect(page.state).toBe('operational');
      expect(page.links).toEqual({ components: { href: '/v1/components', count: 3 }, notices: { href: '/v1/notices', count: 32 } });
    });

    it('answers the .json suffix and the spec link shapes with the same bytes', async () => {
      const plain = (await get('/api/v1/status')).body;
      expect((await get('/api/v1/status.json')).body).toBe(plain);
      expect((await get('/v1/status')).body).toBe(plain);
      const list = (await get('/api/v1/components')).body;
      expect((await get('/v1/components')).body).toBe(list);
      const notice = (await get('/api/v1/notices/100')).body;
      expect((await get('/api/notices/100')).body).toBe(notice);
      expect((await get('/api/v1/notices/100.json')).body).toBe(notice);
    });

    it('answers HEAD without a body', async () => {
      const res = await request(base(), '/api/v1/status', { method: 'HEAD' });
      expect(res.status).toBe(200);
      expect(res.body).toBe('');
    });
  });

  describe('front page', () => {
    it('serves the status page at the root', async () => {
      const res = await get('/');
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('<a class="brand" href="./">Serve Test Status</a>');
      expect(res.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=300');
    });

    it('sends the security headers: a strict CSP for pages, none for data, nosniff and a Referrer-Policy everywhere', async () => {
      const PAGE = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'self'";
      for (const [target, csp] of [
        ['/', PAGE],
        ['/notices/100/', PAGE],
        ['/api/v1/status', "default-src 'none'; sandbox"],
        ['/api/v1/notices?page=99', "default-src 'none'; sandbox"],
        ['/api/v1/notices/999999', "default-src 'none'; sandbox"],
        ['/feed.atom', "default-src 'none'; sandbox"],
        ['/badges/status.svg', "default-src 'none'; sandbox"],
      ] as const) {
        const res = await get(target);
        expect(res.headers['content-security-policy'], target).toBe(csp);
        expect(res.headers['x-content-type-options'], target).toBe('nosniff');
        expect(res.headers['referrer-policy'], target).toBe('strict-origin-when-cross-origin');
        expect(res.headers['access-control-allow-origin'], target).toBe('*');
        expect(res.headers['access-control-expose-headers'], target).toBe('Retry-After, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset');
      }
    });

    it('serves the embeddable widget at /widget.js as JavaScript to any origin, cached briefly, and the answers it reads', async () => {
      const res = await get('/widget.js');
      expect(res.status).toBe(200);
      // nosniff: a browser runs a cross-origin script only when its type says JavaScript.
      expect(res.headers['content-type']).toMatch(/^(?:text|application)\/javascript\b/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['access-control-allow-origin']).toBe('*');
      expect(res.headers['cross-origin-resource-policy']).toBeUndefined();
      // Its name never changes, so it is not cached for a year like a fingerprinted asset.
      expect(res.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=300');
      expect(res.body).toContain('statuspress-status');
      // Its own fetches, by the path-style addresses every host serves: readable from another origin.
      for (const target of ['/api/v1/status.json', '/api/v1/notices/q/timeline_state_eq=present/page=1.json']) {
        const answer = await get(target, { Origin: 'https://product.example' });
        expect(answer.status, target).toBe(200);
        expect(answer.headers['content-type'], target).toMatch(/^application\/json/);
        expect(answer.headers['access-control-allow-origin'], target).toBe('*');
      }
    });

    it('answers a page address with nothing there with the HTML 404 page, and API addresses with the JSON 404', async () => {
      const PAGE = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'self'";
      const root = options.notFoundRoot;
      for (const target of ['/notices/999/', '/components/99/', '/no/such/page', '/history/page/99/']) {
        const res = await get(target);
        expect(res.status, target).toBe(404);
        expect(res.headers['content-type'], target).toMatch(/^text\/html/);
        expect(res.headers['content-security-policy'], target).toBe(PAGE);
        expect(res.headers['cache-control'], target).toBe('public, max-age=10');
        expect(res.body, target).toContain('<h1>Page not found</h1>');
        // A way back: home, and the history for the address of a notice; the stylesheet from the root, at any depth.
        expect(res.body, target).toContain(`<a href="${root}">The status page</a>`);
        expect(res.body, target).toContain(`<a href="${root}history/">The history</a>`);
        expect(res.body, target).toMatch(new RegExp(`<link rel="stylesheet" href="${root}assets/style\\.[0-9a-f]+\\.css">`));
      }
      for (const target of ['/api/v1/notices/999', '/api/v1/nothing', '/api/v2/nothing.json']) {
        const res = await get(target);
        expect(res.status, target).toBe(404);
        expect(res.headers['content-type'], target).toMatch(/^application\/json/);
        expect(res.json().error.status, target).toBe(404);
      }
    });

    it('caches assets with a content hash in their name for a year', async () => {
      // The runner puts HASHED_ASSET into the output after the build (see addHashedAsset).
      const res = await get(HASHED_ASSET_PATH);
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    });
  });

  describe('components', () => {
    it('lists the tree in pre-order', async () => {
      const { components, meta } = (await get('/api/v1/components')).json();
      expect(components.map((c: { id: number }) => c.id)).toEqual([1, 2, 3]);
      expect(meta).toEqual({ count: 3, total_count: 3, next_page: null });
    });

    it('filters by parent, with brackets plain or percent-encoded', async () => {
      const top = (await get('/api/v1/components?filter[parent_id_null]=true')).json();
      expect(top.components.map((c: { id: number }) => c.id)).toEqual([1, 3]);
      const encoded = (await get('/api/v1/components?filter%5Bparent_id_eq%5D=1')).json();
      expect(encoded.components.map((c: { id: number }) => c.id)).toEqual([2]);
      const lower = (await get('/api/v1/components?filter%5bparent_id_eq%5d=1')).json();
      expect(lower).toEqual(encoded);
    });

    it('follows the children link of a component', async () => {
      const { components } = (await get('/api/v1/components')).json();
      const children = (await get(components[0].links.children.href)).json();
      expect(children.meta.total_count).toBe(components[0].links.children.count);
    });
  });

  describe('notices', () => {
    it('pages 25 at a time and next_page leads through every record', async () => {
      const first = (await get('/api/v1/notices')).json();
      expect(first.meta).toEqual({ count: 25, total_count: 32, next_page: '/api/v1/notices?page=2' });
      const second = (await get(first.meta.next_page)).json();
      expect(second.meta).toEqual({ count: 7, total_count: 32, next_page: null });
      const ids = [...first.notices, ...second.notices].map((n: { id: number }) => n.id);
      expect(new Set(ids).size).toBe(32);
    });

    it('filters by type and timeline state, alone and combined', async () => {
      const planned = (await get('/api/v1/notices?filter[type_eq]=planned')).json();
      expect(planned.notices.map((n: { id: number }) => n.id)).toEqual([100]);
      expect(planned.notices[0].timeline_state).toBe('future');
      const past = (await get('/api/v1/notices?filter[timeline_state_eq]=past&filter[type_eq]=unplanned')).json();
      expect(past.meta.total_count).toBe(30);
      expect(past.meta.next_page).toBe('/api/v1/notices?filter[type_eq]=unplanned&filter[timeline_state_eq]=past&page=2');
      const swapped = (await get('/api/v1/notices?filter%5Btype_eq%5D=unplanned&filter%5Btimeline_state_eq%5D=past')).json();
      expect(swapped).toEqual(past);
      const page2 = (await get(past.meta.next_page)).json();
      expect(page2.meta.count).toBe(5);
    });

    it('answers a notice with its components and updates, and follows links.self', async () => {
      const { notices } = (await get('/api/v1/notices')).json();
      const detail = (await get(notices[0].links.self)).json();
      expect(detail.notice.id).toBe(notices[0].id);
      expect(Array.isArray(detail.notice.updates)).toBe(true);
      // JSON carries content as written; escaping is the HTML renderer's job.
      expect((await get('/api/v1/notices/1')).json().notice.subject).toBe('Incident number 1 <script>alert(1)</script>');
    });
  });

  describe('metrics', () => {
    it('answers the default window, with calculations whose notice link counts the same notices', async () => {
      const plain = (await get('/api/v1/components/2/metrics')).json();
      expect(plain.component).toEqual({ id: 2, name: 'REST API' });
      expect(plain.calculation_data_in_timeframe).toBeUndefined();
      const calc = (await get('/api/v1/components/2/metrics?show_calculations=true')).json();
      const { notices } = calc.calculation_data_in_timeframe;
      const listed = (await get(notices.href)).json();
      expect(listed.meta.total_count).toBe(notices.count);
      expect(notices.count).toBeGreaterThan(0);
    });

    it('answers 404 for a component with metrics off', async () => {
      const res = await get('/api/v1/components/3/metrics');
      expect(res.status).toBe(404);
      expect(res.json().error.code).toBe('not_found');
    });

    onDemandIt('computes another valid timeframe on request', async () => {
      const res = await get('/api/v1/components/1/metrics?timeframe_start=2026-10-01&timeframe_end=2026-10-31');
      expect(res.status).toBe(200);
      const body = res.json();
      expect(body.timeframe_start).toBe('2026-10-01');
      expect(body.timeframe_end).toBe('2026-10-31');
      expect(body.percentage_uptime.percent).toBeLessThan(100);
    });

    onDemandIt('rejects a timeframe that starts more than 12 months ago', async () => {
      const res = await get('/api/v1/components/1/metrics?timeframe_start=2024-01-01');
      expect(res.status).toBe(400);
      expect(res.json().error.message).toContain('timeframe_start');
    });
  });

  describe('the Statuspage-compatible API', () => {
    const PATHS = ['summary', 'status', 'components', 'incidents', 'incidents/unresolved', 'scheduled-maintenances', 'scheduled-maintenances/upcoming', 'scheduled-maintenances/active'];

    it('answers every /api/v2 address as JSON to any origin, the same bytes with or without .json, a trailing slash or a query', async () => {
      for (const p of PATHS) {
        const res = await get(`/api/v2/${p}.json`);
        expect(res.status, p).toBe(200);
        expect(res.headers['content-type'], p).toMatch(/^application\/json/);
        expect(res.headers['access-control-allow-origin'], p).toBe('*');
        expect(res.headers['content-security-policy'], p).toBe("default-src 'none'; sandbox");
        expect(res.json().page.name, p).toBe('Serve Test Status');
        for (const other of [`/api/v2/${p}`, `/api/v2/${p}/`, `/api/v2/${p}.json?_=1700000000`, `/api/v2/${p}?page=2`]) {
          expect((await get(other)).body, other).toBe(res.body);
        }
      }
    });

    it('gives the summary of the site: its components, no unresolved incident, the upcoming maintenance, the indicator', async () => {
      const summary = (await get('/api/v2/summary.json')).json();
      expect(summary.page).toMatchObject({ name: 'Serve Test Status', url: 'https://status.example.com/status', time_zone: 'Etc/UTC' });
      expect(summary.components.map((c: { id: string }) => c.id)).toEqual(['1', '2', '3']);
      expect(summary.components[0]).toMatchObject({ group: true, components: ['2'], status: 'operational' });
      expect(summary.incidents).toEqual([]);
      expect(summary.scheduled_maintenances.map((m: { id: string; status: string }) => [m.id, m.status])).toEqual([['100', 'scheduled']]);
      expect(summary.status).toEqual({ indicator: 'none', description: 'All systems operational' });
      const incidents = (await get('/api/v2/incidents.json')).json().incidents;
      expect(incidents.length).toBe(30);
      expect(incidents.every((i: { status: string }) => i.status === 'resolved')).toBe(true);
      // JSON carries content as written.
      expect(incidents.find((i: { id: string }) => i.id === '1').name).toBe('Incident number 1 <script>alert(1)</script>');
    });

    it('answers HEAD without a body', async () => {
      const res = await request(base(), '/api/v2/summary.json', { method: 'HEAD' });
      expect(res.status).toBe(200);
      expect(res.body).toBe('');
    });

    it('answers any other /api/v2 address with the JSON 404, and a filter with the JSON 400', async () => {
      for (const p of ['/api/v2/incidents/1.json', '/api/v2/nothing', '/api/v2/scheduled-maintenances/past.json', '/api/v2/']) {
        const res = await get(p);
        expect(res.status, p).toBe(404);
        expect(res.headers['content-type'], p).toMatch(/^application\/json/);
        expect(res.json().error, p).toMatchObject({ status: 404, code: 'not_found' });
      }
      const filtered = await get('/api/v2/incidents.json?filter[type_eq]=planned');
      expect(filtered.status).toBe(400);
      expect(filtered.json().error.message).toContain('filter[type_eq]');
    });
  });

  describe('errors', () => {
    it('404 with the JSON error for an unknown notice', async () => {
      const res = await get('/api/v1/notices/999');
      expect(res.status).toBe(404);
      expect(res.json()).toEqual({ error: { status: 404, code: 'not_found', message: 'No notice with id 999' } });
    });

    it('400 naming an unknown filter or a bad value', async () => {
      const unknown = await get('/api/v1/notices?filter[colour_eq]=red');
      expect(unknown.status).toBe(400);
      expect(unknown.json().error.message).toContain('filter[colour_eq]');
      const bad = await get('/api/v1/notices?filter[type_eq]=outage');
      expect(bad.status).toBe(400);
      expect(bad.json().error.message).toContain('filter[type_eq]');
      const page = await get('/api/v1/notices?page=0');
      expect(page.status).toBe(400);
      expect(page.json().error.message).toContain('page');
      // Timestamps in a query are the extended form; the basic form names files only.
      const key = 'filter%5Bimpact_timeframe_overlaps%5D%5B%5D';
      const basic = await get(`/api/v1/notices?${key}=20261021T000000.000Z&${key}=20261120T120000.000Z`);
      expect(basic.status).toBe(400);
      expect(basic.json().error.message).toMatch(/^filter\[impact_timeframe_overlaps\]\[\] must be ISO 8601 timestamps with a zone/);
    });

    it('405 with Allow for methods other than GET, HEAD and OPTIONS', async () => {
      const res = await request(base(), '/api/v1/status', { method: 'POST' });
      expect(res.status).toBe(405);
      expect(String(res.headers.allow)).toContain('GET');
      expect(res.json().error.code).toBe('method_not_allowed');
    });

    it('never serves a file outside the output folder, nor its own state', async () => {
      for (const path of ['/../../../../etc/passwd', '/%2e%2e/%2e%2e/%2e%2e/etc/passwd', '/api/v1/..%2f..%2f..%2fetc%2fpasswd', '/_statuspress/build.json']) {
        const res = await get(path);
        expect(res.status, path).toBeGreaterThanOrEqual(400);
        expect(res.body, path).not.toContain('root:');
        expect(res.body, path).not.toContain('"content"');
      }
    });

    it('answers a page past the end with an empty list', async () => {
      const res = (await get('/api/v1/notices?page=9')).json();
      expect(res).toEqual({ notices: [], meta: { count: 0, total_count: 32, next_page: null } });
    });
  });
}
