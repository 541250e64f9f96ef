// Netlify `_redirects` and `_headers`, generated from the routing table. Netlify matches a rule when
// its path matches and every query parameter it lists is present, first rule wins, so rules with
// more parameters come first. It cannot capture a parameter given twice, so the metrics notice lists
// (`filter[impact_timeframe_overlaps][]`) are reachable there only by their path-style address.
import { LIST_DIR, STATE_DIR } from '../routes/files.js';
import { ENDPOINTS, ID, PAGE, SUFFIXES } from '../routes/table.js';
import type { Endpoint, Param } from '../routes/table.js';
import { cacheControlOf, DATA_CSP, headersOf, PAGE_CSP, SITE_CACHE_CONTROL } from './headers.js';
import { SITE } from '../routes/site.js';

/** Where the JSON body of a 404 lives in the output. */
export const NOT_FOUND_FILE = 'api/404.json';
/** The JSON 404 for requests this host cannot answer from prebuilt files (`api/netlify-not-prebuilt`). */
export const NOT_PREBUILT_FILE = 'api/404-not-prebuilt.json';

/** Every subset of the parameters, largest first (so the most specific rule matches first). */
function subsets(params: readonly Param[]): Param[][] {
  const all: Param[][] = [[]];
  for (const param of params) for (const existing of [...all]) all.push([...existing, param]);
  // Keep the table's order inside each subset: it is the order of segments in file paths.
  return all
    .map((subset) => params.filter((p) => subset.includes(p)))
    .sort((a, b) => b.length - a.length);
}

/**
 * Parameters a rule can map onto prebuilt files: every value prebuilt, and not a repeated one
 * (Netlify captures one value per key).
 */
const capturable = (param: Param): boolean => param.kind.type !== 'timestamps' && param.prebuilt === 'every';

/** The endpoint's path in Netlify's pattern syntax (`components/:id/metrics`). */
const pathPattern = (endpoint: Endpoint): string => endpoint.path.map((part) => (part === ID ? ':id' : part)).join('/');
/** Its file, as a rule's target: `/api/v1/components/:id/metrics`, without `.json`. */
const fileBase = (endpoint: Endpoint): string => `/${endpoint.api.root}/${pathPattern(endpoint)}`;
/** A placeholder matches a whole segment, so `.json` can follow a literal last segment only. */
const suffixesOf = (endpoint: Endpoint): readonly string[] => (endpoint.path[endpoint.path.length - 1] === ID ? [''] : SUFFIXES);

function listRules(endpoint: Endpoint): string[] {
  const rules: string[] = [];
  for (const subset of subsets(endpoint.params.filter(capturable))) {
    for (const paged of [true, false]) {
      const query = subset.map((p, i) => `${p.key}=:p${i}`);
      if (paged) query.push(`${PAGE}=:${PAGE}`);
      const segments = subset.map((p, i) => `${p.segment}=:p${i}/`).join('');
      const target = `${fileBase(endpoint)}/${LIST_DIR}/${segments}${PAGE}=${paged ? `:${PAGE}` : '1'}.json`;
      for (const prefix of endpoint.api.prefixes) {
        for (const suffix of SUFFIXES) rules.push(`${prefix}/${pathPattern(endpoint)}${suffix}  ${query.join(' ')}  ${target}  200`.replace(/ {4}/, '  '));
      }
    }
  }
  return rules;
}

/** The values of a prebuilt option other than its default, as a rule spells them and as its file names them. */
function optionValues(param: Param): { query: string; segment: string }[] {
  if (param.kind.type !== 'boolean') return [{ query: `${param.key}=:p0`, segment: `${param.segment}=:p0` }];
  return [true, false]
    .filter((value) => value !== param.default)
    .flatMap((value) => (value ? ['true', '1'] : ['false', '0']).map((query) => ({ query: `${param.key}=${query}`, segment: `${param.segment}=${value}` })));
}

/** An endpoint without pages at one spelling: its options (forced, as the default's file exists), then the default. */
function fileRules(endpoint: Endpoint, prefix: string, suffix: string): string[] {
  const from = `${prefix}/${pathPattern(endpoint)}${suffix}`;
  const rules = endpoint.params
    .filter(capturable)
    .flatMap((param) => optionValues(param).map(({ query, segment }) => `${from}  ${query}  ${fileBase(endpoint)}/${segment}.json  200!`));
  // The canonical `.json` spelling is the file itself: no rule needed.
  if (from !== `${fileBase(endpoint)}.json`) rules.push(`${from}  ${fileBase(endpoint)}.json  200`);
  return rules;
}

/** The `_redirects` rules for the routing table's endpoints. */
export function netlifyRedirects(endpoints: readonly Endpoint[] = ENDPOINTS): string {
  const files = endpoints.filter((e) => !e.paged);
  const endsInId = (e: Endpoint): boolean => suffixesOf(e).length === 1;
  const prefixes = [...new Set(endpoints.flatMap((e) => e.api.prefixes))];
  const rules: string[] = [];
  for (const prefix of prefixes) {
    for (const suffix of SUFFIXES) {
      for (const endpoint of files.filter((e) => !endsInId(e) && e.api.prefixes.includes(prefix))) rules.push(...fileRules(endpoint, prefix, suffix));
    }
  }
  // Netlify ignores query parameters a rule does not name, so without these a request it cannot answer
  // would get a plausible wrong answer (the unfiltered list, the default window) with a 200.
  for (const prefix of prefixes) {
    for (const suffix of SUFFIXES) {
      for (const endpoint of endpoints.filter((e) => e.api.prefixes.includes(prefix) && suffixesOf(e).includes(suffix))) {
        for (const param of endpoint.params.filter((p) => !capturable(p))) {
          rules.push(`${prefix}/${pathPattern(endpoint)}${suffix}  ${param.key}=:x  /${NOT_PREBUILT_FILE}  404!`);
        }
      }
    }
  }
  for (const endpoint of endpoints.filter((e) => e.paged)) rules.push(...listRules(endpoint));
  // `/api/v1/notices/<id>.json` is the file itself; the other prefixes take the address without `.json`.
  for (const prefix of prefixes) {
    for (const endpoint of files.filter((e) => endsInId(e) && e.api.prefixes.includes(prefix))) rules.push(...fileRules(endpoint, prefix, ''));
  }
  for (const folder of firstSegments(prefixes)) rules.push(`/${folder}/*  /${NOT_FOUND_FILE}  404`);
  // Forced (!): the build's own state and nginx file are there, but not for the public.
  rules.unshift(`/${STATE_DIR}/*  /${NOT_FOUND_FILE}  404!`);
  return [
    '# statuspress: Netlify rewrites, generated from the routing table (statuspress host-config netlify).',
    '# Existing files (including path-style addresses such as /api/v1/notices/q/page=1.json) are served',
    '# as they are; these rules map the spec\'s query-string URLs onto them. First match wins.',
    ...rules,
    '',
  ].join('\n');
}

/** `api`, `v1`: the first segment of each prefix, once. */
const firstSegments = (prefixes: string[]): string[] => [...new Set(prefixes.map((p) => p.split('/')[1]!))];

/**
 * The `_headers` rules. Every header comes from `/*` once: where several rules match a path, a later
 * rule's header replaces an earlier one (Netlify's CLI) or is joined to it with a comma (other
 * hosts), and `Access-Control-Allow-Origin: *, *` would break CORS. The API prefixes only add their
 * stricter Content-Security-Policy, which holds whether it replaces the pages' one or joins it.
 */
export function netlifyHeaders(endpoints: readonly Endpoint[] = ENDPOINTS, { secret = false }: { secret?: boolean } = {}): string {
  const api = firstSegments([...new Set(endpoints.flatMap((e) => e.api.prefixes))]);
  return [
    '# statuspress: Netlify headers (statuspress host-config netlify).',
    // Netlify checks credentials itself: its password protection (docs/deploy.md), not a file in the output.
    ...(secret ? ['# A private audience\'s site: turn on Netlify\'s password protection for it before its first deploy.'] : []),
    '/*',
    ...headersOf(secret).map(([name, value]) => `  ${name}: ${value}`),
    `  Cache-Control: ${cacheControlOf(SITE_CACHE_CONTROL, secret)}`,
    `  Content-Security-Policy: ${PAGE_CSP}`,
    // The site's data (feeds, the calendar, badges, the picker's data files) gets the API's stricter policy.
    ...[...api.map((folder) => `/${folder}/*`), `/${SITE.feed().file}`, `/${SITE.maintenance().file}`, '/badges/*', '/components/*/data.json', '/components/*/feed.atom', '/components/*/maintenance.ics', '/widget/*'].flatMap((rule) => [
      rule,
      `  Content-Security-Policy: ${DATA_CSP}`,
    ]),
    '',
  ].join('\n');
}
