// A request's parameters by the table's `field`s (`filter.type` is `request.filter.type`): how the
// parser fills a request and how file paths and links read one back, whatever the endpoint.
import type { ApiRequest } from './request.js';
import type { Endpoint, Param } from './table.js';

type Fields = Record<string, unknown>;

/** The value of a parameter in a request; undefined when absent. */
export function valueAt(request: ApiRequest, param: Param): unknown {
  let at: unknown = request;
  for (const name of param.field.split('.')) at = (at as Fields | undefined)?.[name];
  return at;
}

/** The parameter's value when it changes the answer: absent and default values are left out of paths and links. */
export function shownValue(request: ApiRequest, param: Param): unknown {
  const value = valueAt(request, param);
  return value === param.default ? undefined : value;
}

/** The path's id of a request, when its endpoint has one. */
export function idOf(request: ApiRequest, endpoint: Endpoint): number | undefined {
  return endpoint.id ? ((request as unknown as Fields)[endpoint.id.field] as number) : undefined;
}

export interface RequestParts {
  id?: number;
  /** Values by parameter field; absent parameters take their default. */
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
    const names = param.field.split('.');
    let holder = request;
    for (const name of names.slice(0, -1)) holder = (holder[name] ??= {}) as Fields;
    const value = values?.get(param) ?? param.default;
    if (value !== undefined) holder[names[names.length - 1]!] = value;
  }
  if (endpoint.paged) request.page = page ?? 1;
  return request as unknown as ApiRequest;
}
