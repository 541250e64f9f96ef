// A request's parts by the routing table (its path's id, and its parameters by `field`: `filter.type`
// is `request.filter.type`): how the parser and the writer make a request and how file paths and
// links read one back, whatever the endpoint.
import { madeOnce } from '../util/made-once.js';
import { formatDate } from '../util/time.js';
import type { ApiRequest } from './request.js';
import { ID } from './table.js';
import type { Endpoint, Param } from './table.js';

type Fields = Record<string, unknown>;

const names = new Map<string, string[]>();
/** `filter.type` → [`filter`, `type`], split once: the server reads fields on every request. */
const namesOf = (field: string): string[] => madeOnce(names, field, () => field.split('.'));

/** The value of a parameter in a request; undefined when absent. */
function valueAt(request: ApiRequest, param: Param): unknown {
  let at: unknown = request;
  for (const name of namesOf(param.field)) at = (at as Fields | undefined)?.[name];
  return at;
}

/** The parameter's value when it changes the answer: absent and default values are left out of paths and links. */
export function shownValue(request: ApiRequest, param: Param): unknown {
  const value = valueAt(request, param);
  return value === param.default ? undefined : value;
}

/** A parameter's value as links and file names print it (`true`, `planned`, `2026-11-01`). */
export function valueText(param: Param, value: unknown): string {
  return param.kind.type === 'date' ? formatDate(value as number) : String(value);
}

/** The endpoint's path with the request's id in place of the placeholder. */
export function pathOf(endpoint: Endpoint, request: ApiRequest): string[] {
  const id = endpoint.id ? (request as unknown as Fields)[endpoint.id.field] : undefined;
  return endpoint.path.map((part) => (part === ID ? String(id) : part));
}

export interface RequestParts {
  id?: number;
  /** Values by parameter; absent ones take their default. */
  values?: ReadonlyMap<Param, unknown>;
  page?: number;
}

/**
 * The request for an endpoint of the table. Every object a parameter's field names is there even
 * when empty (`filter: {}`), so an unfiltered list and a filtered one have the same shape.
 */
export function requestOf(endpoint: Endpoint, { id, values, page }: RequestParts): ApiRequest {
  const request: Fields = { endpoint: endpoint.name };
  if (endpoint.id) request[endpoint.id.field] = id;
  for (const param of endpoint.params) {
    const path = namesOf(param.field);
    let holder = request;
    for (let i = 0; i < path.length - 1; i++) holder = (holder[path[i]!] ??= {}) as Fields;
    const value = values?.get(param) ?? param.default;
    if (value !== undefined) holder[path[path.length - 1]!] = value;
  }
  if (endpoint.paged) request.page = page ?? 1;
  return request as unknown as ApiRequest;
}
