// An nginx configuration for an http {} context, generated from the routing table: the same URLs
// `statuspress serve` answers map to the same prebuilt files, with the same JSON errors, rate limit,
// CORS and caching. On-demand answers (other metrics timeframes, pages past the end) cannot be
// computed by a static host; they get a JSON error that says what is prebuilt instead.
import { COMPONENT_PARAMS, METRICS_PARAMS, NOTICE_PARAMS } from '../routes/table.js';
import type { ListParam } from '../routes/table.js';
import { STATE_DIR } from '../routes/files.js';
import { END, ID, keyPattern, pairStart, TIMESTAMP, valuePattern } from './regex.js';
import { API_CACHE_CONTROL, ERROR_CACHE_CONTROL, HASHED_ASSET, IMMUTABLE_CACHE_CONTROL, SITE_CACHE_CONTROL } from './headers.js';

export interface NginxOptions {
  /** Absolute path of the output folder. */
  root: string;
  /** `listen` address, e.g. `127.0.0.1:8080` or `80`. */
  listen: string;
  /** Requests per second per client address on the API; 0 turns limiting off. */
  rateLimit: number;
  /** `server_name`; default `_` (any). */
  serverName?: string;
}

const API_PREFIX = '^/(?:api/v1|v1|api)';
const SUFFIX = '(?:[.]json)?/?$';
const ALLOW = 'GET, HEAD, OPTIONS';

/** JSON error body; `message` may hold nginx variables, never a raw client value. */
const errorBody = (status: number, code: string, message: string): string =>
  `'{"error":{"status":${status},"code":"${code}","message":"${message}"}}'`;

export function nginxConfig(options: NginxOptions): string {
  const limited = options.rateLimit > 0;
  const headers = [
    `add_header Access-Control-Allow-Origin "*" always;`,
    `add_header Access-Control-Allow-Methods "${ALLOW}" always;`,
    `add_header Access-Control-Allow-Headers "*" always;`,
    `add_header Allow "${ALLOW}" always;`,
  ];
  const apiCommon = [
    'default_type application/json;',
    ...(limited ? ['limit_req zone=statuspress_api burst=' + (options.rateLimit - 1) + ' nodelay;'] : []),
    ...headers,
    // By status: errors briefly (a CDN then shields the origin from floods of bad addresses), 429 never.
    'add_header Cache-Control $statuspress_api_cache always;',
    `if ($statuspress_bad_method) { return 405 ${errorBody(405, 'method_not_allowed', '$request_method is not allowed; this API is read-only (GET, HEAD, OPTIONS)')}; }`,
    'if ($request_method = OPTIONS) { return 204; }',
  ];
  const location = (pattern: string, body: string[]): string =>
    [`  location ~ "${pattern}" {`, ...[...apiCommon, ...body].map((l) => `    ${l}`), '  }'].join('\n');
  const badRequest = (variable: string): string =>
    `if (${variable}) { return 400 ${errorBody(400, 'bad_request', variable)}; }`;

  return `# statuspress: nginx configuration for an http {} context (for example /etc/nginx/conf.d/statuspress.conf).
# Generated from statuspress's routing table by \`statuspress host-config nginx\`; it does not depend on
# the content, so rebuilding the site does not require regenerating it.

${limited ? `limit_req_zone $binary_remote_addr zone=statuspress_api:10m rate=${options.rateLimit}r/s;\n` : ''}
map $request_method $statuspress_bad_method { GET ""; HEAD ""; OPTIONS ""; default 1; }
map $status $statuspress_api_cache { "~^[23]" "${API_CACHE_CONTROL}"; 429 "no-store"; default "${ERROR_CACHE_CONTROL}"; }
map $status $statuspress_site_cache { "~^[23]" "${SITE_CACHE_CONTROL}"; 429 "no-store"; default "${ERROR_CACHE_CONTROL}"; }

# Query parameters, read from the raw query string in any order.
map $args $statuspress_page { "~(?:^|&)page=(${ID})${END}" $1; default 1; }
${listParamMaps('c', COMPONENT_PARAMS)}
${listParamMaps('n', NOTICE_PARAMS)}
map $args $statuspress_calculations { "~(?:^|&)${METRICS_PARAMS.calculations}=(?:true|1)${END}" "/show_calculations=true"; default ""; }
map $args $statuspress_timeframe { "~(?:^|&)timeframe_(?:start|end)=" 1; default ""; }

# 400s: the first rule that matches names the problem, as \`statuspress serve\` would.
${errorMap('$statuspress_status_error', [], [])}
${errorMap('$statuspress_notice_error', [], [])}
${errorMap('$statuspress_components_error', COMPONENT_PARAMS, ['page'])}
${errorMap('$statuspress_notices_error', NOTICE_PARAMS, ['page'])}
${metricsErrorMap()}

server {
  listen ${options.listen};
  server_name ${options.serverName ?? '_'};
  root ${options.root};
  charset utf-8;
  charset_types application/json text/calendar application/atom+xml image/svg+xml;
  gzip on;
  gzip_static on;
  gzip_vary on;
  gzip_types application/json application/atom+xml image/svg+xml text/calendar text/css application/javascript;
  ${limited ? 'limit_req_status 429;' : ''}
  error_page 404 @statuspress_404;
  error_page 429 @statuspress_429;
  error_page 405 @statuspress_405;

${location(`${API_PREFIX}/status${SUFFIX}`, [badRequest('$statuspress_status_error'), 'try_files /api/v1/status.json =404;'])}

${location(`${API_PREFIX}/components${SUFFIX}`, [
  badRequest('$statuspress_components_error'),
  `try_files /api/v1/components/q/${segmentVars('c', COMPONENT_PARAMS)}page=$statuspress_page.json /api/v1/components/q/${segmentVars('c', COMPONENT_PARAMS)}past-the-end.json @statuspress_no_list;`,
])}

${location(`${API_PREFIX}/components/(${ID})/metrics${SUFFIX}`, [
  'set $statuspress_id $1;',
  badRequest('$statuspress_metrics_error'),
  `if ($statuspress_timeframe) { return 404 ${errorBody(404, 'not_found', 'This host serves prebuilt metrics only: the default window of the past 30 days, with and without show_calculations=true. Omit timeframe_start and timeframe_end, or use statuspress serve for other timeframes')}; }`,
  'try_files /api/v1/components/$statuspress_id/metrics$statuspress_calculations.json @statuspress_no_metrics;',
])}

${location(`${API_PREFIX}/notices${SUFFIX}`, [
  badRequest('$statuspress_notices_error'),
  `try_files /api/v1/notices/q/${segmentVars('n', NOTICE_PARAMS)}page=$statuspress_page.json /api/v1/notices/q/${segmentVars('n', NOTICE_PARAMS)}past-the-end.json @statuspress_no_list;`,
])}

${location(`${API_PREFIX}/notices/(${ID})${SUFFIX}`, [
  'set $statuspress_id $1;',
  badRequest('$statuspress_notice_error'),
  'try_files /api/v1/notices/$statuspress_id.json @statuspress_no_notice;',
])}

  # Path-style addresses (/api/v1/notices/q/type_eq=planned/page=2.json) are the files themselves.
${location(`^/api/`, ['try_files $uri =404;'])}

  location ^~ /${STATE_DIR}/ { return 404; }

  location ~ "${HASHED_ASSET}" {
${headers.map((h) => `    ${h}`).join('\n')}
    add_header Cache-Control "${IMMUTABLE_CACHE_CONTROL}" always;
    try_files $uri =404;
  }

  location / {
    index index.html;
${headers.map((h) => `    ${h}`).join('\n')}
    add_header Cache-Control $statuspress_site_cache always;
    try_files $uri $uri/index.html $uri.html =404;
  }

${namedError('@statuspress_404', 404, 'not_found', 'Nothing at $uri', headers)}
${namedError('@statuspress_no_notice', 404, 'not_found', 'No notice with id $statuspress_id', headers)}
${namedError('@statuspress_no_metrics', 404, 'not_found', 'No metrics for component $statuspress_id: no such component, or its metrics are turned off', headers)}
${namedError('@statuspress_no_list', 404, 'not_found', 'Not prebuilt on this host: an unknown component id, or filter[metrics_component_id] without the impact timeframe of a metrics answer link. statuspress serve answers every combination', headers)}
${namedError('@statuspress_405', 405, 'method_not_allowed', '$request_method is not allowed; this API is read-only (GET, HEAD, OPTIONS)', headers)}
${namedError('@statuspress_429', 429, 'rate_limited', `Too many requests: the API allows ${options.rateLimit} per second per client; retry after a second`, [...headers, 'add_header Retry-After 1 always;'], 'no-store')}
}
`;
}

const paramVar = (prefix: string, param: ListParam): string => `$statuspress_${prefix}_${param.segment}`;

function segmentVars(prefix: string, params: readonly ListParam[]): string {
  return params.map((p) => `\${${paramVar(prefix, p).slice(1)}}`).join('');
}

/** One map per parameter, whose value is its path segment (`type_eq=planned/`) or empty. */
function listParamMaps(prefix: string, params: readonly ListParam[]): string {
  return params
    .map((param) => {
      const name = paramVar(prefix, param);
      const start = pairStart(param.key);
      switch (param.kind.type) {
        case 'boolean':
          return `map $args ${name} { "~${start}(?:true|1)${END}" "${param.segment}=true/"; "~${start}(?:false|0)${END}" "${param.segment}=false/"; default ""; }`;
        case 'id':
        case 'enum':
          return `map $args ${name} { "~${start}(${valuePattern(param)})${END}" "${param.segment}=$1/"; default ""; }`;
        case 'timestamps': {
          // With milliseconds, or without (then .000): the file name always carries them.
          const withMs = `${TIMESTAMP}[.]([0-9]{3})Z`;
          const withoutMs = `${TIMESTAMP}Z`;
          // Anchored to the first and second occurrence: an unanchored search would find either.
          const key = keyPattern(param.key);
          const others = `(?:(?!${key}=)[^&]*&)*`;
          const first = `^${others}${key}=`;
          const second = `${first}[^&]*&${others}${key}=`;
          return [
            `map $args ${name}_1 { "~${first}${withMs}${END}" "$1$2$3T$4$5$6.$7Z"; "~${first}${withoutMs}${END}" "$1$2$3T$4$5$6.000Z"; default ""; }`,
            `map $args ${name}_2 { "~${second}${withMs}${END}" "$1$2$3T$4$5$6.$7Z"; "~${second}${withoutMs}${END}" "$1$2$3T$4$5$6.000Z"; default ""; }`,
            `map "${name}_1,${name}_2" ${name} { "," ""; default "${param.segment}=${name}_1,${name}_2/"; }`,
          ].join('\n');
        }
      }
    })
    .join('\n');
}

/** Rules for 400s, first match wins: repeated, unknown filter, malformed value. */
function errorMap(variable: string, params: readonly ListParam[], singles: string[]): string {
  const rules: string[] = [];
  const known = params.map((p) => keyPattern(p.key).replace(/^filter/, ''));
  for (const key of [...params.filter((p) => p.kind.type !== 'timestamps').map((p) => p.key), ...singles]) {
    rules.push(`"~${pairStart(key)}[^&]*&(?:.*&)?${keyPattern(key)}=" "${key} is given more than once; give it once";`);
  }
  const accepted = params.length ? `; this endpoint accepts ${params.map((p) => p.key).join(', ')}` : '; this endpoint takes no filters';
  // The key is echoed only from characters that cannot break out of the JSON string.
  const unknown = known.length ? `(?:^|&)(?!filter(?:${known.join('|')})=)(filter[]A-Za-z0-9_%[]{0,64})` : '(?:^|&)(filter[]A-Za-z0-9_%[]{0,64})';
  rules.push(`"~${unknown}" "Unknown filter $1${accepted}";`);
  for (const param of params) {
    if (param.kind.type === 'timestamps') {
      const k = keyPattern(param.key);
      rules.push(`"~${pairStart(param.key)}(?!${valuePattern(param)}${END})" "${param.key} must be ISO 8601 timestamps with a zone";`);
      rules.push(`"~${pairStart(param.key)}[^&]*&(?:.*&)?${k}=[^&]*&(?:.*&)?${k}=" "${param.key} must be given exactly twice (start, then end)";`);
      rules.push(`"~^(?!(?:.*&)?${k}=[^&]*&(?:.*&)?${k}=)(?:.*&)?${k}=" "${param.key} must be given exactly twice (start, then end)";`);
      continue;
    }
    const what = param.kind.type === 'enum' ? `one of ${param.kind.values.join(', ')}` : param.kind.type === 'id' ? 'a positive integer' : 'true or false';
    rules.push(`"~${pairStart(param.key)}(?!${valuePattern(param)}${END})" "${param.key} must be ${what}";`);
  }
  if (singles.includes('page')) rules.push(`"~(?:^|&)page=(?!${ID}${END})" "page must be a positive integer";`);
  return `map $args ${variable} {\n  ${rules.join('\n  ')}\n  default "";\n}`;
}

function metricsErrorMap(): string {
  const { start, end, calculations } = METRICS_PARAMS;
  const rules = [
    `"~(?:^|&)(filter[]A-Za-z0-9_%[]{0,64})" "Unknown filter $1; this endpoint takes no filters";`,
    ...[start, end, calculations].map((k) => `"~(?:^|&)${k}=[^&]*&(?:.*&)?${k}=" "${k} is given more than once; give it once";`),
    ...[start, end].map((k) => `"~(?:^|&)${k}=(?![0-9]{4}-[0-9]{2}-[0-9]{2}${END})" "${k} must be a date yyyy-mm-dd";`),
    `"~(?:^|&)${calculations}=(?!(?:true|false|1|0)${END})" "${calculations} must be true or false";`,
  ];
  return `map $args $statuspress_metrics_error {\n  ${rules.join('\n  ')}\n  default "";\n}`;
}

function namedError(name: string, status: number, code: string, message: string, headers: string[], cache = ERROR_CACHE_CONTROL): string {
  return [
    `  location ${name} {`,
    '    default_type application/json;',
    ...headers.map((h) => `    ${h}`),
    `    add_header Cache-Control "${cache}" always;`,
    `    return ${status} ${errorBody(status, code, message)};`,
    '  }',
  ].join('\n');
}
