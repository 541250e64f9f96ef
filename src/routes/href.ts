// Links the API prints, read from the routing table. Brackets stay literal, as in the spec's own examples.
import { pathOf, shownValue, valueText } from './fields.js';
import type { ApiRequest } from './request.js';
import { endpointOf, ENDPOINTS, PAGE } from './table.js';
import type { Endpoint, Param } from './table.js';

/** A parameter's query pairs; timestamps as ISO 8601, one pair each. */
function pairsOf(param: Param, value: unknown): [string, string][] {
  if (param.kind.type === 'timestamps') return (value as number[]).map((t) => [param.key, new Date(t).toISOString()]);
  return [[param.key, valueText(param, value)]];
}

function withQuery(path: string, params: [string, string][]): string {
  if (params.length === 0) return path;
  // Values are ids, enum words, dates and ISO timestamps: nothing in them needs escaping.
  return `${path}?${params.map(([k, v]) => `${k}=${v}`).join('&')}`;
}

/**
 * The URL of a request (relative to {base_url}): parameters in the table's order, defaults and page 1
 * left implicit. `prefix` defaults to the endpoint's canonical one; the spec prints some links with
 * another (`WITHOUT_API`, `WITHOUT_VERSION`).
 */
export function apiHref(request: ApiRequest, prefix?: string, endpoints: readonly Endpoint[] = ENDPOINTS): string {
  const endpoint = endpointOf(request, endpoints);
  const pairs: [string, string][] = [];
  for (const param of endpoint.params) {
    const value = shownValue(request, param);
    if (value !== undefined) pairs.push(...pairsOf(param, value));
  }
  if (endpoint.paged) {
    const { page } = request as { page: number };
    if (page !== 1) pairs.push([PAGE, String(page)]);
  }
  return withQuery([prefix ?? endpoint.api.prefixes[0], ...pathOf(endpoint, request)].join('/'), pairs);
}
