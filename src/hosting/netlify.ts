// Netlify `_redirects` and `_headers`, generated from the routing table. Netlify matches a rule when
// its path matches and every query parameter it lists is present, first rule wins, so rules with
// more parameters come first. It cannot capture a parameter given twice, so the metrics notice lists
// (`filter[impact_timeframe_overlaps][]`) are reachable there only by their path-style address.
import { COMPONENT_PARAMS, NOTICE_PARAMS } from '../routes/table.js';
import type { ListParam } from '../routes/table.js';
import { STATE_DIR } from '../routes/files.js';
import { API_CACHE_CONTROL, SITE_CACHE_CONTROL } from './headers.js';

/** Where the JSON body of a 404 lives in the output. */
export const NOT_FOUND_FILE = 'api/404.json';
/** The JSON 404 for requests this host cannot answer from prebuilt files. */
export const NOT_PREBUILT_FILE = 'api/404-not-prebuilt.json';
export const NOT_PREBUILT_MESSAGE =
  'Not prebuilt on this host: metrics for other timeframes and notice lists filtered by metrics component are answered by statuspress serve; the default window and the lists its links name are at their path-style addresses (docs/api.md)';

const PREFIXES = ['/api/v1', '/v1', '/api'];
const SUFFIXES = ['', '.json'];

/** Every subset of the parameters, largest first (so the most specific rule matches first). */
function subsets(params: readonly ListParam[]): ListParam[][] {
  const all: ListParam[][] = [[]];
  for (const param of params) for (const existing of [...all]) all.push([...existing, param]);
  // Keep the table's order inside each subset: it is the order of segments in file paths.
  return all
    .map((subset) => params.filter((p) => subset.includes(p)))
    .sort((a, b) => b.length - a.length);
}

/**
 * Parameters a rule can map onto prebuilt files: not a repeated one (Netlify captures one value per
 * key), and not one the build prebuilds only together with such a one.
 */
const capturable = (param: ListParam): boolean => param.kind.type !== 'timestamps' && param.prebuiltWithoutTimeframe;

function listRules(collection: string, params: readonly ListParam[]): string[] {
  const rules: string[] = [];
  for (const subset of subsets(params.filter(capturable))) {
    for (const paged of [true, false]) {
      const query = subset.map((p, i) => `${p.key}=:p${i}`);
      if (paged) query.push('page=:page');
      const segments = subset.map((p, i) => `${p.segment}=:p${i}/`).join('');
      const target = `/api/v1/${collection}/q/${segments}page=${paged ? ':page' : '1'}.json`;
      for (const prefix of PREFIXES) {
        for (const suffix of SUFFIXES) rules.push(`${prefix}/${collection}${suffix}  ${query.join(' ')}  ${target}  200`.replace(/ {4}/, '  '));
      }
    }
  }
  return rules;
}

export function netlifyRedirects(): string {
  const rules: string[] = [];
  for (const prefix of PREFIXES) {
    for (const suffix of SUFFIXES) {
      // `/api/v1/status.json` and `/api/v1/components/<id>/metrics.json` are files: no rule needed.
      const isFile = prefix === '/api/v1' && suffix === '.json';
      if (!isFile) rules.push(`${prefix}/status${suffix}  /api/v1/status.json  200`);
      // Forced: `metrics.json` exists, and would otherwise be served whatever the query says.
      rules.push(`${prefix}/components/:id/metrics${suffix}  show_calculations=true  /api/v1/components/:id/metrics/show_calculations=true.json  200!`);
      rules.push(`${prefix}/components/:id/metrics${suffix}  show_calculations=1  /api/v1/components/:id/metrics/show_calculations=true.json  200!`);
      if (!isFile) rules.push(`${prefix}/components/:id/metrics${suffix}  /api/v1/components/:id/metrics.json  200`);
    }
  }
  // Netlify ignores query parameters a rule does not name, so without these a request it cannot answer
  // would get a plausible wrong answer (the unfiltered list, the default window) with a 200.
  const refused = [
    ...['timeframe_start', 'timeframe_end'].map((key) => ['components/:id/metrics', key] as const),
    ...NOTICE_PARAMS.filter((param) => !capturable(param)).map((param) => ['notices', param.key] as const),
  ];
  for (const prefix of PREFIXES) {
    for (const suffix of SUFFIXES) {
      for (const [where, key] of refused) rules.push(`${prefix}/${where}${suffix}  ${key}=:x  /${NOT_PREBUILT_FILE}  404!`);
    }
  }
  rules.push(...listRules('components', COMPONENT_PARAMS), ...listRules('notices', NOTICE_PARAMS));
  // `/api/v1/notices/<id>.json` is the file itself; the other prefixes take the address without `.json`.
  for (const prefix of PREFIXES) rules.push(`${prefix}/notices/:id  /api/v1/notices/:id.json  200`);
  rules.push(`/api/*  /${NOT_FOUND_FILE}  404`, `/v1/*  /${NOT_FOUND_FILE}  404`);
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

export function netlifyHeaders(): string {
  return [
    '# statuspress: Netlify headers (statuspress host-config netlify).',
    '/api/*',
    '  Access-Control-Allow-Origin: *',
    `  Cache-Control: ${API_CACHE_CONTROL}`,
    '/v1/*',
    '  Access-Control-Allow-Origin: *',
    `  Cache-Control: ${API_CACHE_CONTROL}`,
    '/*',
    '  Access-Control-Allow-Origin: *',
    `  Cache-Control: ${SITE_CACHE_CONTROL}`,
    '',
  ].join('\n');
}
