// The catalogue's API errors: the JSON error answers of `statuspress serve`, of the files a build
// writes for static hosts, and of the generated nginx and Netlify configurations. An answer is
// `{"error": {"status", "code", "message"}}`: `code` there is the status's name (`not_found`,
// `bad_request`, …) as the API defines it; the entry's own code (`api/no-record`) is for these docs.
// Static hosts cannot echo what the client sent, so their messages leave the value out (the
// parameters marked optional below) or hold the host's own variables (`$uri`).
import { DEFAULT_RATE_LIMIT, DEFAULT_WINDOW_DAYS, TIMEFRAME_MONTHS } from '../util/limits.js';
import { api } from './entry.js';

/** What a parameter's value must be, by its kind (`page` is a positive integer). */
const WANTED = {
  boolean: () => 'true or false',
  id: () => 'a positive integer',
  page: () => 'a positive integer',
  enum: (kind: { values: readonly string[] }) => `one of ${kind.values.join(', ')}`,
  timestamps: () => 'ISO 8601 timestamps with a zone',
  date: () => 'a date yyyy-mm-dd',
};

/** A parameter's kind as the routing table gives it (its ParamKind, which fits this shape), or a page number. */
type ValueKind = { type: 'boolean' | 'id' | 'timestamps' | 'date' | 'page' } | { type: 'enum'; values: readonly string[] };

const wanted = (kind: ValueKind): string => (WANTED[kind.type] as (kind: ValueKind) => string)(kind);

export const API = {
  // The address.
  malformedAddress: api({
    code: 'api/malformed-address',
    status: 400,
    title: 'Malformed address',
    when: 'The request target cannot be read as a URL.',
    message: () => 'The request address is malformed',
    hint: 'Send a valid URL; percent-encode special characters.',
  }),
  nothingAt: api({
    code: 'api/nothing-at',
    status: 404,
    title: 'Nothing at this address',
    when: 'No file of the site is at the address (or the address could climb out of the output folder, or names statuspress’s own state).',
    message: ({ path }: { path: string }) => `Nothing at ${path}`,
    hint: 'Check the address; the API starts at /api/v1/status.',
    example: { path: '/notices/999/' },
  }),
  notUnderBase: api({
    code: 'api/not-under-base',
    status: 404,
    title: 'Outside the base path',
    when: '`statuspress serve --base` is set and the address does not start with it.',
    message: ({ base }: { base: string }) => `Nothing here; the status page is at ${base}/`,
    hint: 'Prefix the address with the base path.',
    example: { base: '/status' },
  }),
  noEndpoint: api({
    code: 'api/no-endpoint',
    status: 404,
    title: 'No such endpoint',
    when: 'The address is under an API prefix (`/api/v1`, `/v1`, `/api`, or `/api/v2` of the Statuspage-compatible API) but names no endpoint, or a path-style segment no file holds.',
    message: ({ path }: { path: string }) => `No API endpoint at ${path}`,
    hint: 'The endpoints are `status`, `components`, `components/<id>/metrics`, `notices` and `notices/<id>`; under `/api/v2`, `summary`, `status`, `components`, `incidents`, `incidents/unresolved`, `scheduled-maintenances`, `scheduled-maintenances/upcoming` and `scheduled-maintenances/active` (docs/api.md).',
    example: { path: '/api/v1/incidents' },
  }),
  noRecord: api({
    code: 'api/no-record',
    status: 404,
    title: 'No record with this id',
    when: 'The id in the path, or in `filter[parent_id_eq]` or `filter[metrics_component_id]` (named in brackets), is not the id of a published component or notice.',
    message: ({ noun, id, key }: { noun: string; id: number | string; key?: string }) => `No ${noun} with id ${id}${key ? ` (${key})` : ''}`,
    hint: 'Take ids from the lists (`/api/v1/components`, `/api/v1/notices`); a notice is published once its first update’s time has come.',
    example: { noun: 'notice', id: 999 },
  }),

  // The query.
  unknownFilter: api({
    code: 'api/unknown-filter',
    status: 400,
    title: 'Unknown filter',
    when: 'The query holds a `filter[...]` key the endpoint does not have: a typo would otherwise return the unfiltered list.',
    message: ({ key, accepted }: { key: string; accepted: readonly string[] }) =>
      `Unknown filter ${key}${accepted.length ? `; this endpoint accepts ${accepted.join(', ')}` : '; this endpoint takes no filters'}`,
    hint: 'Use one of the filters the message lists.',
    example: { key: 'filter[type]', accepted: ['filter[type_eq]', 'filter[timeline_state_eq]', 'filter[metrics_component_id]', 'filter[impact_timeframe_overlaps][]'] },
  }),
  repeatedParameter: api({
    code: 'api/repeated-parameter',
    status: 400,
    title: 'A parameter given twice',
    when: 'A parameter that takes one value is given more than once.',
    message: ({ key, times }: { key: string; times?: number }) =>
      `${key} is given ${times === undefined ? 'more than once' : `${times} times`}; give it once`,
    hint: 'Give the parameter once.',
    example: { key: 'page', times: 2 },
  }),
  badValue: api({
    code: 'api/bad-value',
    status: 400,
    title: 'A parameter’s value is malformed',
    when: 'A boolean that is not true, false, 1 or 0; an id or page that is not a positive integer; a value not among the choices; a date that is not yyyy-mm-dd; a timestamp that is not ISO 8601 in the extended form with a zone.',
    message: ({ key, kind, text }: { key: string; kind: ValueKind; text?: string }) => `${key} must be ${wanted(kind)}${text === undefined ? '' : `, not "${text}"`}`,
    hint: 'Write the value as the message says; timestamps like 2026-11-20T10:05:00Z.',
    example: { key: 'filter[timeline_state_eq]', kind: { type: 'enum', values: ['future', 'present', 'past_recent', 'past_distant', 'past'] }, text: 'ongoing' },
  }),
  timestampsCount: api({
    code: 'api/timestamps-count',
    status: 400,
    title: 'A timeframe filter without both ends',
    when: '`filter[impact_timeframe_overlaps][]` is not given exactly twice.',
    message: ({ key, times }: { key: string; times?: number }) => `${key} must be given exactly twice (start, then end)${times === undefined ? '' : `, not ${times} times`}`,
    hint: 'Give the start, then the end: `filter[impact_timeframe_overlaps][]=<start>&filter[impact_timeframe_overlaps][]=<end>`.',
    example: { key: 'filter[impact_timeframe_overlaps][]', times: 1 },
  }),
  timeframeBackwards: api({
    code: 'api/timeframe-backwards',
    status: 400,
    title: 'A timeframe filter that ends before it starts',
    when: 'The second `filter[impact_timeframe_overlaps][]` is before the first.',
    message: ({ key }: { key: string }) => `${key}: the end (second value) is before the start`,
    hint: 'Give the start first, then the end.',
    example: { key: 'filter[impact_timeframe_overlaps][]' },
  }),

  // Metrics.
  noMetrics: api({
    code: 'api/no-metrics',
    status: 404,
    title: 'The page publishes no metrics',
    when: 'A metrics address on a site whose site.yaml does not turn metrics on.',
    message: () => 'This status page does not publish metrics',
    hint: 'The owner of the page can set `metrics: true` in site.yaml.',
  }),
  metricsTurnedOff: api({
    code: 'api/metrics-turned-off',
    status: 404,
    title: 'No metrics for this component',
    when: 'The component exists but its file sets `metrics: false`.',
    message: ({ id }: { id: number }) => `Metrics are turned off for component ${id}`,
    hint: 'Ask for another component’s metrics.',
    example: { id: 4 },
  }),
  timeframeTooOld: api({
    code: 'api/timeframe-too-old',
    status: 400,
    title: 'A metrics window starting too long ago',
    when: `\`timeframe_start\` is more than ${TIMEFRAME_MONTHS} months before the build’s day.`,
    message: ({ key, date }: { key: string; date: string }) => `${key} must be at most ${TIMEFRAME_MONTHS} months ago (${date} or later)`,
    hint: `Start the window within the last ${TIMEFRAME_MONTHS} months.`,
    example: { key: 'timeframe_start', date: '2025-11-20' },
  }),
  timeframeAfterToday: api({
    code: 'api/timeframe-after-today',
    status: 400,
    title: 'A metrics window starting in the future',
    when: '`timeframe_start` is after the build’s day.',
    message: ({ key, date }: { key: string; date: string }) => `${key} must not be after today (${date})`,
    hint: 'Start the window today or earlier.',
    example: { key: 'timeframe_start', date: '2026-11-20' },
  }),
  timeframeAfterEnd: api({
    code: 'api/timeframe-after-end',
    status: 400,
    title: 'A metrics window that ends before it starts',
    when: '`timeframe_start` is after `timeframe_end`.',
    message: ({ key, endKey }: { key: string; endKey: string }) => `${key} must not be after ${endKey}`,
    hint: 'Swap the two dates.',
    example: { key: 'timeframe_start', endKey: 'timeframe_end' },
  }),

  // What static hosts cannot answer.
  notPrebuilt: api({
    code: 'api/not-prebuilt',
    status: 404,
    title: 'Not prebuilt on this host',
    when: 'nginx: a parameter whose answers are only computed by `statuspress serve`, on an endpoint without a message of its own.',
    message: () => 'Not prebuilt on this host; statuspress serve answers it',
    hint: 'Leave the parameter out, or serve the site with `statuspress serve` (docs/deploy.md says what works where).',
  }),
  metricsNotPrebuilt: api({
    code: 'api/metrics-not-prebuilt',
    status: 404,
    title: 'Metrics for another window on a static host',
    when: 'nginx: a metrics address with `timeframe_start` or `timeframe_end`; only the default window is prebuilt.',
    message: ({ calculations, start, end }: { calculations: string; start: string; end: string }) =>
      `This host serves prebuilt metrics only: the default window of the past ${DEFAULT_WINDOW_DAYS} days, with and without ${calculations}=true. Omit ${start} and ${end}, or use statuspress serve for other timeframes`,
    hint: 'Omit the timeframe, or serve the site with `statuspress serve`.',
    example: { calculations: 'show_calculations', start: 'timeframe_start', end: 'timeframe_end' },
  }),
  listNotPrebuilt: api({
    code: 'api/list-not-prebuilt',
    status: 404,
    title: 'A list not prebuilt on a static host',
    when: 'nginx: no prebuilt file answers the list’s filters: an unknown component id, or `filter[metrics_component_id]` other than as the metrics answer links it.',
    message: ({ key }: { key: string }) =>
      `Not prebuilt on this host: an unknown component id, or ${key} without the impact timeframe of a metrics answer link. statuspress serve answers every combination`,
    hint: 'Follow the links the API prints, or serve the site with `statuspress serve`.',
    example: { key: 'filter[metrics_component_id]' },
  }),
  noMetricsFile: api({
    code: 'api/no-metrics-file',
    status: 404,
    title: 'No metrics file on a static host',
    when: 'nginx: the metrics address of a component that does not exist or has metrics off (a static host cannot tell which).',
    message: ({ id }: { id: number | string }) => `No metrics for component ${id}: no such component, or its metrics are turned off`,
    hint: 'Take component ids from `/api/v1/components`.',
    example: { id: 99 },
  }),
  netlifyNotPrebuilt: api({
    code: 'api/netlify-not-prebuilt',
    status: 404,
    title: 'Not prebuilt on Netlify',
    when: 'Netlify: a parameter its rules cannot map onto a prebuilt file (other metrics timeframes, lists filtered by metrics component by query string).',
    message: () =>
      'Not prebuilt on this host: metrics for other timeframes and notice lists filtered by metrics component are answered by statuspress serve; the default window and the lists its links name are at their path-style addresses (docs/api.md)',
    hint: 'Use the path-style address the metrics answer links to, or serve the site with `statuspress serve`.',
  }),
  notFoundFile: api({
    code: 'api/not-found',
    status: 404,
    title: 'Not found (static hosts)',
    when: 'Netlify or another static host: no file at an API address.',
    message: ({ href }: { href: string }) => `Not found: see ${href} for the entry point`,
    hint: 'Start from the status endpoint and follow its links.',
    example: { href: 'https://status.acme.com/api/v1/status' },
  }),

  // The server.
  methodNotAllowed: api({
    code: 'api/method-not-allowed',
    status: 405,
    title: 'Method not allowed',
    when: 'A request other than GET, HEAD or OPTIONS: the API is read-only. The answer carries `Allow: GET, HEAD, OPTIONS`.',
    message: ({ method }: { method: string }) => `${method} is not allowed; this API is read-only (GET, HEAD, OPTIONS)`,
    hint: 'Use GET.',
    example: { method: 'POST' },
  }),
  rateLimited: api({
    code: 'api/rate-limited',
    status: 429,
    title: 'Too many requests',
    when: `A client sent more API requests than the rate limit allows (${DEFAULT_RATE_LIMIT} a second with a burst of ${DEFAULT_RATE_LIMIT} by default). The answer carries \`Retry-After\` and, from \`statuspress serve\`, \`RateLimit-*\` headers.`,
    message: ({ limit, retryAfter }: { limit: number; retryAfter?: number }) =>
      `Too many requests: the API allows ${limit} per second per client; retry after ${retryAfter === undefined ? 'a second' : `${retryAfter} s`}`,
    hint: 'Wait for the seconds in Retry-After; poll less often (answers change at most once a build).',
    example: { limit: DEFAULT_RATE_LIMIT, retryAfter: 1 },
  }),
  rangeFileGone: api({
    code: 'api/range-file-gone',
    status: 404,
    title: 'A range of a file that is gone',
    when: '`statuspress serve` was answering a Range request and found no file.',
    message: ({ path }: { path: string }) => `Cannot answer /${path}`,
    hint: 'Ask again: a new build may have replaced the file.',
    example: { path: 'api/v1/notices/q/page=1.json' },
  }),
  rangeFailed: api({
    code: 'api/range-failed',
    status: 400,
    title: 'A Range request that cannot be answered',
    when: '`statuspress serve` could not answer a Range request for a file.',
    message: ({ path }: { path: string }) => `Cannot answer /${path}`,
    hint: 'Ask for the whole file.',
    example: { path: 'api/v1/notices/q/page=1.json' },
  }),
  unavailable: api({
    code: 'api/unavailable',
    status: 503,
    title: 'No build to answer from',
    when: "`statuspress serve`'s output folder holds no build at the moment: it was removed, or an older version of statuspress is between the two renames of its swap. Sent with `Retry-After: 1`, so a request is answered instead of left open.",
    message: () => 'No build of the site is in the output folder right now; retry in a second',
    hint: 'Build again (`statuspress build`); serve picks the new build up by itself.',
  }),
  privateBuild: api({
    code: 'api/private-build',
    status: 503,
    title: 'A private build in the output folder',
    when: "`statuspress serve`'s output folder now holds the build of a private audience (built into it after serve started): serve asks no credentials, so it answers nothing of that site, with a private site's headers.",
    message: () => "The output folder holds a private audience's site, which this server does not serve",
    hint: 'Build the public site into the folder serve answers from; serve a private site from a host that asks for credentials.',
  }),
  internal: api({
    code: 'api/internal-error',
    status: 500,
    title: 'The server failed',
    when: '`statuspress serve` failed while answering: a bug.',
    message: () => 'The server failed to answer',
    hint: 'Please report it, with the address asked for.',
  }),
} as const;
