// The generated Netlify `_redirects`, resolved rule by rule the way Netlify documents it (existing
// files first unless a rule is forced, then the first rule whose path matches and whose listed query
// parameters are all present) against a real build: every prebuilt answer's spec URL must land on
// the file that holds it.
import { statSync } from 'node:fs';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../src/build.js';
import { apiHref, route } from '../../src/routes/index.js';
import { SERVE_SITE_NOW } from '../http/suite.js';

interface Rule {
  from: string;
  query: [string, string][];
  to: string;
  status: number;
  force: boolean;
}

function parseRules(text: string): Rule[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const parts = line.split(/\s+/);
      const statusText = parts.pop()!;
      const to = parts.pop()!;
      const [from, ...query] = parts;
      return {
        from: from!,
        query: query.map((q) => q.split('=') as [string, string]),
        to,
        status: Number(statusText.replace('!', '')),
        force: statusText.endsWith('!'),
      };
    });
}

/** Rules that answered some request in this file: every rule must earn its place. */
const used = new Set<Rule>();

/** What Netlify would serve for a request: a file path and status, or null for its plain 404. */
function resolve(rules: Rule[], dist: string, target: string): { file: string; status: number } | null {
  const url = new URL(target, 'http://x');
  const pathname = decodeURIComponent(url.pathname);
  const exists = (p: string): boolean => statSync(path.join(dist, p), { throwIfNoEntry: false })?.isFile() ?? false;
  for (const pass of ['forced', 'normal'] as const) {
    if (pass === 'normal' && exists(pathname)) return { file: pathname.slice(1), status: 200 };
    for (const rule of rules) {
      if ((pass === 'forced') !== rule.force) continue;
      const names: string[] = [];
      const pattern = rule.from
        .replace(/[.]/g, '[.]')
        .replace(/:([a-z0-9]+)/g, (_, name: string) => (names.push(name), '([^/]+)'))
        .replace(/\*$/, (names.push('splat'), '(.*)'));
      const m = new RegExp(`^${pattern}$`).exec(pathname);
      if (!m) continue;
      const values = new Map(names.map((n, i) => [n, m[i + 1] ?? '']));
      let ok = true;
      for (const [key, value] of rule.query) {
        const given = url.searchParams.get(key);
        if (given === null || (!value.startsWith(':') && given !== value)) ok = false;
        else if (value.startsWith(':')) values.set(value.slice(1), given);
      }
      if (!ok) continue;
      const to = rule.to.replace(/:([a-z0-9]+)/g, (_, name: string) => values.get(name) ?? `:${name}`);
      used.add(rule);
      return exists(to) ? { file: to.slice(1), status: rule.status } : null;
    }
  }
  return null;
}

const NOT_PREBUILT = { file: 'api/404-not-prebuilt.json', status: 404 };

let tmp: string;
let dist: string;
let rules: Rule[];
let files: string[];

beforeAll(async () => {
  tmp = await mkdtemp(path.join(tmpdir(), 'statuspress-netlify-'));
  dist = path.join(tmp, 'dist');
  await build({ contentDir: path.join(import.meta.dirname, '../fixtures/serve-site/content'), outDir: dist, now: Date.parse(SERVE_SITE_NOW) });
  rules = parseRules(await readFile(path.join(dist, '_redirects'), 'utf8'));
  files = (await readdir(dist, { recursive: true })).map((f) => f.split(path.sep).join('/')).filter((f) => f.startsWith('api/v1/') && f.endsWith('.json') && !f.endsWith('/past-the-end.json'));
});

afterAll(() => rm(tmp, { recursive: true, force: true }));

describe('Netlify _redirects', () => {
  it('maps the spec URL of every prebuilt answer (and its /v1 and .json forms) onto its file', () => {
    let checked = 0;
    for (const file of files) {
      const r = route(`/${file}`);
      expect(r.kind, file).toBe('api');
      if (r.kind !== 'api' || r.file !== file) continue;
      // Netlify cannot capture a parameter given twice: those lists are reachable path-style only.
      if (r.request.endpoint === 'notices' && r.request.filter.impactOverlaps) continue;
      const href = apiHref(r.request);
      const explicitPage = 'page' in r.request && r.request.page === 1 ? [`${href}${href.includes('?') ? '&' : '?'}page=1`] : [];
      const shapes = [href, ...explicitPage].flatMap((u) => [u, u.replace(/^\/api\/v1/, '/v1'), u.replace(/^\/api\/v1/, '/api')]);
      // A notice's `.json` address is its file, at the canonical prefix only (docs/deploy.md).
      const suffixed = (u: string): string[] => (r.request.endpoint === 'notice' && !u.startsWith('/api/v1/') ? [] : [u.replace(/^([^?]+)/, '$1.json')]);
      for (const url of shapes.flatMap((u) => [u, ...suffixed(u)])) {
        expect(resolve(rules, dist, url), url).toEqual({ file, status: 200 });
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(100);
  });

  it('gives page 1 for a list URL without page, and the notice link shapes of the spec', () => {
    expect(resolve(rules, dist, '/api/v1/notices?filter[type_eq]=planned')?.file).toBe('api/v1/notices/q/type_eq=planned/page=1.json');
    expect(resolve(rules, dist, '/api/notices/100')?.file).toBe('api/v1/notices/100.json');
    expect(resolve(rules, dist, '/api/v1/components/2/metrics?show_calculations=true')?.file).toBe(
      'api/v1/components/2/metrics/show_calculations=true.json',
    );
  });

  it('never answers what it cannot: other timeframes and metrics lists get the JSON 404, not the default', () => {
    expect(resolve(rules, dist, '/api/v1/components/2/metrics?timeframe_start=2026-10-01&timeframe_end=2026-10-31')).toEqual(NOT_PREBUILT);
    expect(resolve(rules, dist, '/api/v1/components/2/metrics.json?timeframe_start=2026-10-01')).toEqual(NOT_PREBUILT);
    expect(resolve(rules, dist, '/api/v1/notices?filter[metrics_component_id]=2&filter[type_eq]=unplanned')).toEqual(NOT_PREBUILT);
  });

  it('serves the widget and the two answers it reads as the files themselves', () => {
    for (const file of ['widget.js', 'api/v1/status.json', 'api/v1/notices/q/timeline_state_eq=present/page=1.json']) {
      expect(resolve(rules, dist, `/${file}`), file).toEqual({ file, status: 200 });
    }
  });

  it('answers unknown API addresses and the build state with the JSON 404', async () => {
    expect(resolve(rules, dist, '/api/v1/notices/999')).toBeNull(); // no file: Netlify's 404 …
    expect(resolve(rules, dist, '/api/v1/nothing-here')).toEqual({ file: 'api/404.json', status: 404 });
    expect(resolve(rules, dist, '/_statuspress/build.json')).toEqual({ file: 'api/404.json', status: 404 });
    expect(JSON.parse(await readFile(path.join(dist, 'api/404.json'), 'utf8')).error.status).toBe(404);
  });

  it('maps every Statuspage address, with or without .json, whatever its query, onto its file; other v2 addresses get the JSON 404', () => {
    const paths = ['summary', 'status', 'components', 'incidents', 'incidents/unresolved', 'scheduled-maintenances', 'scheduled-maintenances/upcoming', 'scheduled-maintenances/active'];
    for (const p of paths) {
      for (const url of [`/api/v2/${p}`, `/api/v2/${p}.json`, `/api/v2/${p}?_=1700000000`, `/api/v2/${p}.json?page=2`]) {
        expect(resolve(rules, dist, url), url).toEqual({ file: `api/v2/${p}.json`, status: 200 });
      }
    }
    expect(resolve(rules, dist, '/api/v2/incidents/42')).toEqual({ file: 'api/404.json', status: 404 });
    expect(resolve(rules, dist, '/api/v2/scheduled-maintenances/past.json')).toEqual({ file: 'api/404.json', status: 404 });
  });

  it('sends CORS, caching and security headers, correct whether matching rules replace or join each other', async () => {
    const text = await readFile(path.join(dist, '_headers'), 'utf8');
    // `/path` lines start a rule; indented `Name: value` lines belong to it.
    const rules: { pattern: RegExp; headers: [string, string][] }[] = [];
    for (const line of text.split('\n')) {
      if (line.startsWith('/')) rules.push({ pattern: new RegExp(`^${line.trim().replace(/\*/g, '.*')}$`), headers: [] });
      else if (/^ {2}\S/.test(line)) rules.at(-1)!.headers.push(line.trim().split(/: (.*)/s).slice(0, 2) as [string, string]);
    }
    const resolveHeaders = (url: string, join: boolean): Map<string, string> => {
      const result = new Map<string, string>();
      for (const rule of rules.filter((r) => r.pattern.test(url))) {
        for (const [name, value] of rule.headers) result.set(name, join && result.has(name) ? `${result.get(name)}, ${value}` : value);
      }
      return result;
    };
    for (const join of [false, true]) {
      for (const url of ['/api/v1/status', '/v1/notices', '/', '/notices/1/', '/feed.atom', '/maintenance.ics', '/badges/status.svg', '/components/2/data.json', '/components/2/feed.atom', '/components/2/maintenance.ics', '/widget.js']) {
        const headers = resolveHeaders(url, join);
        expect(headers.get('Access-Control-Allow-Origin'), url).toBe('*');
        expect(headers.get('X-Content-Type-Options'), url).toBe('nosniff');
        expect(headers.get('Access-Control-Expose-Headers'), url).toBe('Retry-After, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset');
        expect(headers.get('Cache-Control'), url).toMatch(/^public, max-age=60/);
        const csp = headers.get('Content-Security-Policy')!;
        if (url.startsWith('/api') || url.startsWith('/v1') || /\.(?:atom|ics|svg|json)$/.test(url)) expect(csp, url).toContain("default-src 'none'; sandbox");
        else expect(csp, url).toBe("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'self'");
      }
    }
  });
  it('uses every rule for some request', () => {
    for (const prefix of ['/api/v1', '/v1', '/api']) {
      for (const suffix of ['', '.json']) {
        expect(resolve(rules, dist, `${prefix}/components/2/metrics${suffix}?show_calculations=1`)?.file).toBe(
          'api/v1/components/2/metrics/show_calculations=true.json',
        );
      }
      expect(resolve(rules, dist, `${prefix}/notices/100`)?.file).toBe('api/v1/notices/100.json');
    }
    resolve(rules, dist, '/v1/nothing');
    for (const prefix of ['/api/v1', '/v1', '/api']) {
      for (const suffix of ['', '.json']) {
        for (const query of ['timeframe_start=2026-10-01', 'timeframe_end=2026-10-31']) {
          expect(resolve(rules, dist, `${prefix}/components/2/metrics${suffix}?${query}`), query).toEqual(NOT_PREBUILT);
        }
        expect(resolve(rules, dist, `${prefix}/notices${suffix}?filter[metrics_component_id]=2`)).toEqual(NOT_PREBUILT);
        expect(resolve(rules, dist, `${prefix}/notices${suffix}?filter[impact_timeframe_overlaps][]=2026-10-01T00:00:00Z`)).toEqual(NOT_PREBUILT);
      }
    }
    resolve(rules, dist, '/_statuspress/build.json');
    expect(rules.filter((rule) => !used.has(rule)).map((r) => `${r.from} ${r.query.join(' ')}`)).toEqual([]);
  });
});
