// An nginx configuration for an http {} context, generated from the routing table: the same URLs
// `statuspress serve` answers map to the same prebuilt files, with the same JSON errors, rate limit,
// CORS and caching. On-demand answers (other metrics timeframes, pages past the end) cannot be
// computed by a static host; they get a JSON error that says what is prebuilt instead.
import { API } from '../errors/api.js';
import type { ApiStatus } from '../errors/entry.js';
import { LIST_DIR, PAST_END, STATE_DIR } from '../routes/files.js';
import { errorAnswer } from '../routes/request.js';
import { ENDPOINTS, ID as ID_PLACEHOLDER, PAGE, SUFFIXES } from '../routes/table.js';
import type { Api, Endpoint } from '../routes/table.js';
import { byShape, errorMaps, errorVar, listSegmentVars, onDemandVar, optionSegmentVars, queryMaps } from './nginx-maps.js';
import { ID } from './regex.js';
import { API_CACHE_CONTROL, cacheControlOf, DATA_CSP, ERROR_CACHE_CONTROL, HASHED_ASSET, headersOf, IMMUTABLE_CACHE_CONTROL, PAGE_CSP, SITE_CACHE_CONTROL } from './headers.js';

export interface NginxOptions {
  /** Absolute path of the output folder. */
  root: string;
  /** `listen` address, e.g. `127.0.0.1:8080` or `80`. */
  listen: string;
  /** Requests per second per client address on the API; 0 turns limiting off. */
  rateLimit: number;
  /** `server_name`; default `_` (any). */
  serverName?: string;
  /** A private audience's site: requests need credentials from `passwordFile` (an htpasswd file); null: every request is refused. */
  private?: { passwordFile: string | null };
}

const ALLOW = 'GET, HEAD, OPTIONS';

/** A JSON error answer, quoted for nginx; its message (an entry's) may hold nginx variables, never a raw client value. */
const errorBody = (status: ApiStatus, message: string): string => `'${JSON.stringify(errorAnswer(status, message))}'`;

const BAD_METHOD = API.methodNotAllowed.message({ method: '$request_method' });

/**
 * The rate limit's client: an IPv4 address, or an IPv6 address's /64 (one host is handed a whole
 * /64, so limiting each address would not limit it), as `statuspress serve` keys it. nginx writes
 * IPv6 compressed (`2001:db8:1::5`): each pattern reads the first four groups of one shape, `::`
 * standing for zeros. Patterns without backslashes, which nginx's quoted strings would reinterpret.
 */
export const CLIENT_PATTERNS: readonly (readonly [pattern: string, key: string])[] = [
  ['^::ffff:([0-9.]+)$', '$1'],
  ['^([0-9a-f]{1,4}:[0-9a-f]{1,4}:[0-9a-f]{1,4}:[0-9a-f]{1,4}):', '$1'],
  ['^([0-9a-f]{1,4}:[0-9a-f]{1,4}:[0-9a-f]{1,4})::', '$1:0'],
  ['^([0-9a-f]{1,4}:[0-9a-f]{1,4})::', '$1:0:0'],
  ['^([0-9a-f]{1,4})::', '$1:0:0:0'],
  ['^::', '0:0:0:0'],
];

function clientMap(): string {
  const rows = CLIENT_PATTERNS.map(([pattern, key]) => `  "~${pattern}" "${key}";`);
  return `map $remote_addr $statuspress_client {\n${rows.join('\n')}\n  default $binary_remote_addr;\n}`;
}

/** The server block and its maps for an `http {}` context; `endpoints` is the routing table. */
export function nginxConfig(options: NginxOptions, endpoints: readonly Endpoint[] = ENDPOINTS): string {
  const limited = options.rateLimit > 0;
  const secret = options.private !== undefined;
  const cache = (value: string): string => cacheControlOf(value, secret);
  // add_header in a location replaces the server's: every location lists them all.
  const headers = [
    ...headersOf(secret).map(([name, value]) => `add_header ${name} "${value}" always;`),
    ...(secret ? [] : [`add_header Access-Control-Allow-Methods "${ALLOW}" always;`, `add_header Access-Control-Allow-Headers "*" always;`]),
    `add_header Allow "${ALLOW}" always;`,
    'add_header Content-Security-Policy $statuspress_csp always;',
  ];
  const apiCommon = [
    'default_type application/json;',
    ...(limited ? ['limit_req zone=statuspress_api burst=' + (options.rateLimit - 1) + ' nodelay;'] : []),
    ...headers,
    // By status: errors briefly (a CDN then shields the origin from floods of bad addresses), 429 never.
    'add_header Cache-Control $statuspress_api_cache always;',
    `if ($statuspress_bad_method) { return 405 ${errorBody(API.methodNotAllowed.status, BAD_METHOD)}; }`,
    // A preflight is answered for other sites' pages: a private site has none to answer.
    ...(secret ? [] : ['if ($request_method = OPTIONS) { return 204; }']),
  ];
  const location = (pattern: string, body: string[]): string =>
    [`  location ~ "${pattern}" {`, ...[...apiCommon, ...body].map((l) => `    ${l}`), '  }'].join('\n');

  return `# statuspress: nginx configuration for an http {} context (for example /etc/nginx/conf.d/statuspress.conf).
# Generated from statuspress's routing table by \`statuspress host-config nginx\`; it does not depend on
# the content, so rebuilding the site does not require regenerating it.

${limited ? `${clientMap()}\nlimit_req_zone $statuspress_client zone=statuspress_api:10m rate=${options.rateLimit}r/s;\n` : ''}
map $request_method $statuspress_bad_method { GET ""; HEAD ""; OPTIONS ""; default 1; }
map $status $statuspress_api_cache { "~^[23]" "${cache(API_CACHE_CONTROL)}"; 429 "no-store"; default "${cache(ERROR_CACHE_CONTROL)}"; }
map $status $statuspress_site_cache { "~^[23]" "${cache(SITE_CACHE_CONTROL)}"; 429 "no-store"; default "${cache(ERROR_CACHE_CONTROL)}"; }
# Pages may load their own scripts and styles; everything else (JSON, feeds, badges) nothing.
map $sent_http_content_type $statuspress_csp { "~^text/html" "${PAGE_CSP}"; default "${DATA_CSP}"; }

# Query parameters, read from the raw query string in any order.
${queryMaps(endpoints).join('\n')}

# 400s: the first rule that matches names the problem, as \`statuspress serve\` would.
${errorMaps(endpoints).join('\n')}

server {
  listen ${options.listen};
  server_name ${options.serverName ?? '_'};
  root ${options.root};
${secret ? credentials(options.private!.passwordFile) : ''}  charset utf-8;
  charset_types application/json text/calendar application/atom+xml image/svg+xml;
  gzip on;
  gzip_static on;
  gzip_vary on;
  gzip_types application/json application/atom+xml image/svg+xml text/calendar text/css application/javascript;
  ${limited ? 'limit_req_status 429;' : ''}
  error_page 404 @statuspress_404;
  error_page 429 @statuspress_429;
  error_page 405 @statuspress_405;

${endpoints.map((endpoint) => location(addressPattern(endpoint), locationBody(endpoint))).join('\n\n')}

  # Path-style addresses (/api/v1/notices/q/type_eq=planned/page=2.json) are the files themselves.
${[...new Set(endpoints.map((e) => e.api.root.split('/')[0]))].map((folder) => location(`^/${folder}/`, ['try_files $uri =404;'])).join('\n\n')}

  location ^~ /${STATE_DIR}/ { return 404; }

  location ~ "${HASHED_ASSET}" {
${headers.map((h) => `    ${h}`).join('\n')}
    add_header Cache-Control "${cache(IMMUTABLE_CACHE_CONTROL)}" always;
    try_files $uri =404;
  }

  # A page's address with nothing there: the site's own 404 page (API addresses keep their JSON).
  location / {
    index index.html;
${headers.map((h) => `    ${h}`).join('\n')}
    add_header Cache-Control $statuspress_site_cache always;
    error_page 404 /404.html;
    try_files $uri $uri/index.html $uri.html =404;
  }

${namedError('@statuspress_404', 404, API.nothingAt.message({ path: '$uri' }), headers, cache(ERROR_CACHE_CONTROL))}
${missingLocations(endpoints).map(([name, message]) => namedError(name, 404, message, headers, cache(ERROR_CACHE_CONTROL))).join('\n')}
${namedError('@statuspress_405', 405, BAD_METHOD, headers, cache(ERROR_CACHE_CONTROL))}
${namedError('@statuspress_429', 429, API.rateLimited.message({ limit: options.rateLimit }), [...headers, 'add_header Retry-After 1 always;'], 'no-store')}
}
`;
}

/**
 * A private site's access rule, for the server block: every location inherits it. Answers made
 * before nginx checks access (a 400 for a malformed query, a 405 for a method) come from the request
 * alone, never from a file of the site. With no password file named, every request is refused: a
 * private site served by mistake shows nothing.
 */
function credentials(passwordFile: string | null): string {
  if (passwordFile === null) return '  # No password file named (site.yaml audiences.<name>.password_file): every request is refused.\n  deny all;\n';
  return `  auth_basic "statuspress";\n  auth_basic_user_file ${passwordFile};\n`;
}

/** `^/(?:api/v1|v1|api)/components/([1-9][0-9]{0,15})/metrics(?:[.]json)?/?$`: every accepted spelling. */
function addressPattern(endpoint: Endpoint): string {
  const path = endpoint.path.map((part) => (part === ID_PLACEHOLDER ? `(${ID})` : part)).join('/');
  const suffixes = SUFFIXES.filter(Boolean).map((s) => s.replace('.', '[.]'));
  return `${prefixPattern(endpoint.api)}/${path}(?:${suffixes.join('|')})?/?$`;
}

const prefixPattern = (api: Api): string => `^/(?:${api.prefixes.map((p) => p.slice(1)).join('|')})`;

/** Named location of the 404 for a missing file: one for all lists, one per other endpoint. */
const missingName = (endpoint: Endpoint): string => `@statuspress_no_${endpoint.paged ? 'list' : endpoint.name}`;

/** Checks in the order serve makes them, then the file: 400s, answers only serve computes, then the prebuilt file. */
function locationBody(endpoint: Endpoint): string[] {
  const body = endpoint.id ? ['set $statuspress_id $1;'] : [];
  // The map's value is the message of one of the catalogue's 400s (nginx-maps.ts).
  body.push(`if (${errorVar(endpoint)}) { return 400 ${errorBody(400, errorVar(endpoint))}; }`);
  const onDemand = onDemandVar(endpoint);
  if (onDemand) {
    body.push(`if (${onDemand}) { return 404 ${errorBody(404, endpoint.onDemand ?? API.notPrebuilt.message())}; }`);
  }
  const base = `/${[endpoint.api.root, ...endpoint.path.map((part) => (part === ID_PLACEHOLDER ? '$statuspress_id' : part))].join('/')}`;
  const otherwise = endpoint.missing ? missingName(endpoint) : '=404';
  if (!endpoint.paged) body.push(`try_files ${base}${optionSegmentVars(endpoint)}.json ${otherwise};`);
  else {
    const list = `${base}/${LIST_DIR}/${listSegmentVars(endpoint)}`;
    body.push(`try_files ${list}${PAGE}=$statuspress_page.json ${list}${PAST_END}.json ${otherwise};`);
  }
  return body;
}

/** Each missing-file 404 once, with its message: other endpoints first, then the lists. */
function missingLocations(endpoints: readonly Endpoint[]): [string, string][] {
  const { plain, lists, withOptions } = byShape(endpoints);
  const named = new Map<string, string>();
  for (const endpoint of [...plain, ...withOptions, ...lists]) {
    if (endpoint.missing && !named.has(missingName(endpoint))) {
      named.set(missingName(endpoint), endpoint.missing.replace('{id}', '$statuspress_id'));
    }
  }
  return [...named];
}

function namedError(name: string, status: ApiStatus, message: string, headers: string[], cache = ERROR_CACHE_CONTROL): string {
  return [
    `  location ${name} {`,
    '    default_type application/json;',
    ...headers.map((h) => `    ${h}`),
    `    add_header Cache-Control "${cache}" always;`,
    `    return ${status} ${errorBody(status, message)};`,
    '  }',
  ].join('\n');
}
