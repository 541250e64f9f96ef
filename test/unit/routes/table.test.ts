// One entry in the routing table reaches every consumer: a filter or an endpoint added to an extended
// table changes the writer's files, route() (what `statuspress serve` answers with), the nginx block,
// the Netlify rules and the printed links, with no other code touched.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { deriveSite } from '../../../src/derive/index.js';
import { netlifyRedirects, nginxConfig } from '../../../src/hosting/index.js';
import { renderApi } from '../../../src/render/api.js';
import { apiHref, ENDPOINTS, route } from '../../../src/routes/index.js';
import type { ApiRequest, Endpoint, Param } from '../../../src/routes/index.js';
import { request } from '../../http/client.js';
import { freePort, startNginx } from '../../helpers/nginx.js';
import type { RunningNginx } from '../../helpers/nginx.js';
import { component, content, general, ms } from '../../helpers/content.js';

const TAG: Param = { key: 'filter[tag_eq]', field: 'filter.tag', segment: 'tag_eq', kind: { type: 'enum', values: ['api', 'web'] }, prebuilt: 'every' };
const WITH_TAG: readonly Endpoint[] = ENDPOINTS.map((e) => (e.name === 'notices' ? { ...e, params: [...e.params, TAG] } : e));

/** A plain answer without parameters, under an API version of its own (as Statuspage's `api/v2` is). */
const HISTORY = { name: 'history', api: { root: 'api/v3', prefixes: ['/api/v3'] }, path: ['history'], params: [], paged: false } as unknown as Endpoint;
const WITH_HISTORY: readonly Endpoint[] = [...ENDPOINTS, HISTORY];

const NOW = ms('2026-11-20T12:00:00Z');
const site = deriveSite(content({ components: [component(1)], notices: [general(1, [{ at: '2026-11-20T10:00:00Z' }])] }), NOW);
const NGINX_OPTIONS = { root: '/srv/dist', listen: '80', rateLimit: 0 };

function apiRoute(target: string, endpoints: readonly Endpoint[]): { request: ApiRequest; file: string | null } {
  const r = route(target, endpoints);
  if (r.kind !== 'api') throw new Error(`${target}: ${r.kind}${r.kind === 'error' ? ` (${r.error.message})` : ''}`);
  return { request: r.request, file: r.file };
}

describe('a filter added to the table', () => {
  const tagged = { endpoint: 'notices', filter: { type: 'planned', tag: 'web' }, page: 2 } as unknown as ApiRequest;

  it('is prebuilt by the writer, alone and with the other filters', () => {
    const paths = new Set([...renderApi(site, WITH_TAG)].map((f) => f.path));
    for (const file of [
      'api/v1/notices/q/tag_eq=api/page=1.json',
      'api/v1/notices/q/tag_eq=web/past-the-end.json',
      'api/v1/notices/q/type_eq=planned/timeline_state_eq=past/tag_eq=web/page=1.json',
    ]) {
      expect(paths.has(file), file).toBe(true);
    }
    expect([...renderApi(site)].some((f) => f.path.includes('tag_eq'))).toBe(false);
  });

  it('is read by route(), in either spelling, and checked', () => {
    const expected = { request: tagged, file: 'api/v1/notices/q/type_eq=planned/tag_eq=web/page=2.json' };
    expect(apiRoute('/api/v1/notices?filter[tag_eq]=web&filter[type_eq]=planned&page=2', WITH_TAG)).toEqual(expected);
    expect(apiRoute('/v1/notices.json?filter%5Btag_eq%5D=web&filter[type_eq]=planned&page=2', WITH_TAG)).toEqual(expected);
    expect(apiRoute('/api/v1/notices/q/type_eq=planned/tag_eq=web/page=2.json', WITH_TAG)).toEqual(expected);
    const bad = route('/api/v1/notices?filter[tag_eq]=db', WITH_TAG);
    expect(bad.kind === 'error' && bad.error.message).toBe('filter[tag_eq] must be one of api, web, not "db"');
    const unknown = route('/api/v1/notices?filter[tag_eq]=web');
    expect(unknown.kind === 'error' && unknown.error.message).toMatch(/^Unknown filter filter\[tag_eq\]/);
  });

  it('is printed by the link builder, in the table order', () => {
    expect(apiHref(tagged, undefined, WITH_TAG)).toBe('/api/v1/notices?filter[type_eq]=planned&filter[tag_eq]=web&page=2');
  });

  it('gets Netlify rules, alone and with the other filters', () => {
    const rules = netlifyRedirects(WITH_TAG).split('\n');
    expect(rules).toContain('/api/v1/notices  filter[tag_eq]=:p0 page=:page  /api/v1/notices/q/tag_eq=:p0/page=:page.json  200');
    expect(rules).toContain(
      '/v1/notices.json  filter[type_eq]=:p0 filter[timeline_state_eq]=:p1 filter[tag_eq]=:p2  /api/v1/notices/q/type_eq=:p0/timeline_state_eq=:p1/tag_eq=:p2/page=1.json  200',
    );
    expect(netlifyRedirects()).not.toContain('tag_eq');
  });

  it('gets an nginx map, a place in the file path and a 400', () => {
    const config = nginxConfig(NGINX_OPTIONS, WITH_TAG);
    expect(config).toContain('map $args $statuspress_n_tag_eq {');
    expect(config).toContain('${statuspress_n_impact_timeframe_overlaps}${statuspress_n_tag_eq}page=$statuspress_page.json');
    expect(config).toContain('"filter[tag_eq] must be one of api, web";');
    expect(nginxConfig(NGINX_OPTIONS)).not.toContain('tag_eq');
  });

  describe('served by a real nginx from the files the writer rendered', () => {
    let tmp: string;
    let nginx: RunningNginx | undefined;
    afterAll(async () => {
      await nginx?.stop();
      if (tmp) await rm(tmp, { recursive: true, force: true });
    });

    it('answers the new filter from its file and refuses a bad value', async () => {
      tmp = await mkdtemp(path.join(tmpdir(), 'statuspress-table-'));
      const dist = path.join(tmp, 'dist');
      const files = [...renderApi(site, WITH_TAG)];
      for (const file of files) {
        await mkdir(path.dirname(path.join(dist, file.path)), { recursive: true });
        await writeFile(path.join(dist, file.path), file.contents);
      }
      const port = await freePort();
      nginx = await startNginx(path.join(tmp, 'nginx'), nginxConfig({ root: dist, listen: `127.0.0.1:${port}`, rateLimit: 0 }, WITH_TAG), port);
      const res = await request(nginx.url, '/api/v1/notices?filter%5Btag_eq%5D=web&filter[type_eq]=general');
      expect(res.status).toBe(200);
      expect(res.body).toBe(String(files.find((f) => f.path === 'api/v1/notices/q/type_eq=general/tag_eq=web/page=1.json')!.contents));
      const bad = await request(nginx.url, '/api/v1/notices?filter[tag_eq]=db');
      expect(bad.status).toBe(400);
      expect(bad.json().error.message).toBe('filter[tag_eq] must be one of api, web');
    });
  });
});

describe('an endpoint added to the table', () => {
  it('is read by route() at its own prefix, with or without .json', () => {
    for (const target of ['/api/v3/history.json', '/api/v3/history']) {
      expect(apiRoute(target, WITH_HISTORY), target).toEqual({ request: { endpoint: 'history' }, file: 'api/v3/history.json' });
    }
    // The v1 prefixes do not reach it, and without the entry it is not an endpoint.
    expect(route('/api/v1/history', WITH_HISTORY).kind).toBe('error');
    expect(route('/api/v3/history.json').kind).toBe('error');
    // v1 still reads as before.
    expect(apiRoute('/api/notices/1', WITH_HISTORY).file).toBe('api/v1/notices/1.json');
  });

  it('is printed by the link builder and reached by nginx and Netlify', () => {
    expect(apiHref({ endpoint: 'history' } as unknown as ApiRequest, undefined, WITH_HISTORY)).toBe('/api/v3/history');
    const config = nginxConfig(NGINX_OPTIONS, WITH_HISTORY);
    expect(config).toContain('location ~ "^/(?:api/v3)/history(?:[.]json)?/?$" {');
    expect(config).toContain('try_files /api/v3/history.json =404;');
    expect(config).toContain('map $args $statuspress_history_error {');
    const rules = netlifyRedirects(WITH_HISTORY).split('\n');
    expect(rules).toContain('/api/v3/history  /api/v3/history.json  200');
    // The `.json` spelling is the file itself.
    expect(rules.filter((r) => r.startsWith('/api/v3/history.json'))).toEqual([]);
  });
});
