// The routing table: every API endpoint statuspress answers, as data. The parser (`route()`), the
// prebuilt file paths, the printed links, the writer's list of prebuilt answers and the nginx and
// Netlify configurations are all read from these entries, so a new endpoint or filter is one entry
// here. Each consumer takes the table as a parameter (this one by default), so a test can extend it.
// The HTML site's addresses are in site.ts.
import { API } from '../errors/api.js';
import { NOTICE_TYPES, TIMELINE_STATES } from '../content/types.js';

export type ParamKind =
  | { type: 'boolean' }
  /** A positive integer naming a record of `of`. */
  | { type: 'id'; of: 'components' | 'notices' }
  | { type: 'enum'; values: readonly string[] }
  /** Given twice, start then end; epoch ms in the request, ISO 8601 in links. */
  | { type: 'timestamps' }
  /** `yyyy-mm-dd`; the epoch ms of its 00:00Z in the request. */
  | { type: 'date' };

export interface Param {
  /** The query key as clients send it. */
  readonly key: string;
  /** Where the value sits in the request: `filter.type` is `request.filter.type`. */
  readonly field: string;
  /** Name in prebuilt file paths and path-style addresses (`type_eq=planned`). */
  readonly segment: string;
  readonly kind: ParamKind;
  /**
   * Which requests with it the build writes files for: `every` value (both booleans, each enum value,
   * every id), in every combination with the endpoint's other `every` parameters; only the values
   * that prebuilt answers link to (`linked`); or none, answered on demand by `statuspress serve`.
   */
  readonly prebuilt: 'every' | 'linked' | 'none';
  /** The value an absent parameter means; it is left out of file paths and links. */
  readonly default?: boolean;
}

/** One API version: where its files live and the address prefixes it answers at. */
export interface Api {
  /** Folder of its files in the output. */
  readonly root: string;
  /** Accepted prefixes; the first is canonical, the one links are printed with. */
  readonly prefixes: readonly string[];
}

/** Placeholder of the id in an endpoint's path. */
export const ID = ':id';

export interface Endpoint {
  readonly name: ApiRequest['endpoint'];
  readonly api: Api;
  /** Path segments after the prefix; `ID` stands for the record's id. */
  readonly path: readonly string[];
  /** The request field that holds the path's id, and what the id names (for "No notice with id x"). */
  readonly id?: { readonly field: string; readonly noun: string; readonly of: 'components' | 'notices' };
  /** Query parameters, in the order of segments in file paths and of pairs in printed links. */
  readonly params: readonly Param[];
  /** A paginated list: a `page` parameter, and files under `q/` ending in `page=<n>.json`. */
  readonly paged: boolean;
  /** What a static host answers when the file is missing (`{id}`: the path's id), an entry's message; default a plain 404. */
  readonly missing?: string;
  /** What a static host answers to a request with a parameter that is never prebuilt, an entry's message. */
  readonly onDemand?: string;
}

/** The spec's page resource links its collections without `/api` (`/v1/components`). */
export const WITHOUT_API = '/v1';
/** The spec's notice `links.self` leaves the version out (`/api/notices/42`). */
export const WITHOUT_VERSION = '/api';
export const V1: Api = { root: 'api/v1', prefixes: ['/api/v1', WITHOUT_API, WITHOUT_VERSION] };
/**
 * The public answers of Atlassian Statuspage's v2 API, prebuilt from the same model (its mapping
 * rules are in docs/api.md). Only its own prefix: clients written for Statuspage ask for `/api/v2/…`.
 */
export const V2: Api = { root: 'api/v2', prefixes: ['/api/v2'] };

/** Accepted on the last segment of every API address, as the real API accepts `/api/v1/status.json`. */
export const SUFFIXES = ['', '.json'] as const;
/** The page number of paged endpoints: an integer ≥ 1, default 1; last in file names. */
export const PAGE = 'page';

/** `past` is the filter alias for past_recent + past_distant: real clients of this API send it. */
const TIMELINE_FILTER_VALUES = [...TIMELINE_STATES, 'past'] as const;

export const PARENT_ID_EQ = {
  key: 'filter[parent_id_eq]',
  field: 'filter.parentIdEq',
  segment: 'parent_id_eq',
  kind: { type: 'id', of: 'components' },
  prebuilt: 'every',
} as const satisfies Param;

const COMPONENT_PARAMS = [
  { key: 'filter[parent_id_null]', field: 'filter.parentIdNull', segment: 'parent_id_null', kind: { type: 'boolean' }, prebuilt: 'every' },
  PARENT_ID_EQ,
] as const satisfies readonly Param[];

export const METRICS_COMPONENT_ID = {
  key: 'filter[metrics_component_id]',
  field: 'filter.metricsComponentId',
  segment: 'metrics_component_id',
  kind: { type: 'id', of: 'components' },
  prebuilt: 'linked',
} as const satisfies Param;

const NOTICE_PARAMS = [
  { key: 'filter[type_eq]', field: 'filter.type', segment: 'type_eq', kind: { type: 'enum', values: NOTICE_TYPES }, prebuilt: 'every' },
  {
    key: 'filter[timeline_state_eq]',
    field: 'filter.timelineState',
    segment: 'timeline_state_eq',
    kind: { type: 'enum', values: TIMELINE_FILTER_VALUES },
    prebuilt: 'every',
  },
  METRICS_COMPONENT_ID,
  {
    key: 'filter[impact_timeframe_overlaps][]',
    field: 'filter.impactOverlaps',
    segment: 'impact_timeframe_overlaps',
    kind: { type: 'timestamps' },
    prebuilt: 'linked',
  },
] as const satisfies readonly Param[];

/** The metrics window's days: any is answered on demand (the component page reads the same query). */
export const TIMEFRAME_START = {
  key: 'timeframe_start',
  field: 'timeframe.start',
  segment: 'timeframe_start',
  kind: { type: 'date' },
  prebuilt: 'none',
} as const satisfies Param;
export const TIMEFRAME_END = { ...TIMEFRAME_START, key: 'timeframe_end', field: 'timeframe.end', segment: 'timeframe_end' } as const satisfies Param;

const SHOW_CALCULATIONS = {
  key: 'show_calculations',
  field: 'showCalculations',
  segment: 'show_calculations',
  kind: { type: 'boolean' },
  prebuilt: 'every',
  default: false,
} as const satisfies Param;

const METRICS_PARAMS = [TIMEFRAME_START, TIMEFRAME_END, SHOW_CALCULATIONS] as const satisfies readonly Param[];

const LIST_MISSING = API.listNotPrebuilt.message({ key: METRICS_COMPONENT_ID.key });

/** Statuspage's endpoints: one answer each, no parameters (a query is ignored, as Statuspage ignores it). */
const STATUSPAGE_PATHS = [
  ['v2Summary', ['summary']],
  ['v2Status', ['status']],
  ['v2Components', ['components']],
  ['v2Incidents', ['incidents']],
  ['v2UnresolvedIncidents', ['incidents', 'unresolved']],
  ['v2Maintenances', ['scheduled-maintenances']],
  ['v2UpcomingMaintenances', ['scheduled-maintenances', 'upcoming']],
  ['v2ActiveMaintenances', ['scheduled-maintenances', 'active']],
] as const;
const STATUSPAGE: readonly Endpoint[] = STATUSPAGE_PATHS.map(([name, path]) => ({ name, api: V2, path, params: [], paged: false }));

/**
 * The Status Reporting API, then Statuspage's. The writer renders and nginx lists its locations in
 * this order; the notice details come last so the writers finish on small files.
 */
export const ENDPOINTS: readonly Endpoint[] = [
  { name: 'status', api: V1, path: ['status'], params: [], paged: false },
  { name: 'components', api: V1, path: ['components'], params: COMPONENT_PARAMS, paged: true, missing: LIST_MISSING },
  {
    name: 'metrics',
    api: V1,
    path: ['components', ID, 'metrics'],
    id: { field: 'componentId', noun: 'component', of: 'components' },
    params: METRICS_PARAMS,
    paged: false,
    missing: API.noMetricsFile.message({ id: '{id}' }),
    onDemand: API.metricsNotPrebuilt.message({ calculations: SHOW_CALCULATIONS.key, start: TIMEFRAME_START.key, end: TIMEFRAME_END.key }),
  },
  { name: 'notices', api: V1, path: ['notices'], params: NOTICE_PARAMS, paged: true, missing: LIST_MISSING },
  ...STATUSPAGE,
  {
    name: 'notice',
    api: V1,
    path: ['notices', ID],
    id: { field: 'id', noun: 'notice', of: 'notices' },
    params: [],
    paged: false,
    missing: API.noRecord.message({ noun: 'notice', id: '{id}' }),
  },
];

/** The table's entry for a request's endpoint; throws for a request the table does not know. */
export function endpointOf(request: ApiRequest, endpoints: readonly Endpoint[] = ENDPOINTS): Endpoint {
  const endpoint = endpoints.find((e) => e.name === request.endpoint);
  if (!endpoint) throw new Error(`No routing table entry for the endpoint ${request.endpoint}`);
  return endpoint;
}

type ValueOf<K extends ParamKind> = K extends { type: 'boolean' }
  ? boolean
  : K extends { type: 'id' }
    ? number
    : K extends { type: 'enum'; values: readonly (infer V)[] }
      ? V
      : K extends { type: 'timestamps' }
        ? [number, number]
        : number;

/** The request object the parameters with fields `<container>.<name>` fill, typed from the table. */
type FieldsIn<P extends readonly Param[], C extends string> = {
  -readonly [E in P[number] as E['field'] extends `${C}.${infer F}` ? F : never]?: ValueOf<E['kind']>;
};

export type ComponentFilter = FieldsIn<typeof COMPONENT_PARAMS, 'filter'>;
export type NoticeFilter = FieldsIn<typeof NOTICE_PARAMS, 'filter'>;
/** Epoch ms of the requested days' 00:00Z; range rules need `now` and are applied by derivation. */
export type Timeframe = FieldsIn<typeof METRICS_PARAMS, 'timeframe'>;

/** The endpoints of the Statuspage-compatible API (`/api/v2/…`): one answer each, nothing to choose. */
export type StatuspageEndpoint = (typeof STATUSPAGE_PATHS)[number][0];

export type ApiRequest =
  | { endpoint: 'status' }
  | { endpoint: StatuspageEndpoint }
  | { endpoint: 'components'; filter: ComponentFilter; page: number }
  | { endpoint: 'metrics'; componentId: number; timeframe: Timeframe; showCalculations: boolean }
  | { endpoint: 'notices'; filter: NoticeFilter; page: number }
  | { endpoint: 'notice'; id: number };
