// URL → what to answer, read from the routing table. Both `statuspress serve` and the generated host
// configurations rely on this one reading of a request, so an address that works in one works in all.
import { requestOf } from './fields.js';
import { apiFilePath, LIST_DIR, pathStylePairs, STATE_DIR } from './files.js';
import { parseParams, toQuery } from './params.js';
import type { Query } from './params.js';
import { API } from '../errors/api.js';
import { madeOnce } from '../util/made-once.js';
import { ApiError, apiError } from './request.js';
import type { ApiRequest } from './request.js';
import { ENDPOINTS, ID, SUFFIXES } from './table.js';
import type { Endpoint } from './table.js';

export type Route =
  | { kind: 'api'; request: ApiRequest; file: string | null }
  /** A file of the HTML site: a safe relative path (no `..`, no hidden state). */
  | { kind: 'site'; path: string }
  | { kind: 'error'; error: ApiError };

/** Reads a request target (`/api/v1/notices?filter%5Btype_eq%5D=planned`); never throws. */
export function route(target: string, endpoints: readonly Endpoint[] = ENDPOINTS): Route {
  let url: URL;
  try {
    url = new URL(target, 'http://localhost');
  } catch {
    return { kind: 'error', error: apiError(API.malformedAddress) };
  }
  const segments = decodeSegments(url.pathname);
  if (segments === null) return { kind: 'error', error: apiError(API.nothingAt, { path: url.pathname }) };

  const api = apiSegments(segments, endpoints);
  if (api === null) {
    if (segments[0] === STATE_DIR) return { kind: 'error', error: apiError(API.nothingAt, { path: url.pathname }) };
    return { kind: 'site', path: segments.join('/') + (url.pathname.endsWith('/') && segments.length ? '/' : '') };
  }
  try {
    const request = parseApi(api.rest, api.candidates, toQuery(url.searchParams), url.pathname, endpoints);
    return { kind: 'api', request, file: apiFilePath(request, endpoints) };
  } catch (error) {
    if (error instanceof ApiError) return { kind: 'error', error };
    throw error;
  }
}

/** Decoded, non-empty path segments; null for anything that could climb out of the output folder. */
function decodeSegments(pathname: string): string[] | null {
  const segments: string[] = [];
  for (const raw of pathname.split('/')) {
    if (raw === '') continue;
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return null;
    }
    if (segment === '.' || segment === '..' || /[\\/\0]/.test(segment)) return null;
    segments.push(segment);
  }
  return segments;
}

/** Each table's prefixes as segments, longest first (`/api/v1` before `/api`), with the endpoints under each. */
const prefixCache = new WeakMap<readonly Endpoint[], { parts: string[]; endpoints: Endpoint[] }[]>();

function prefixesOf(endpoints: readonly Endpoint[]): { parts: string[]; endpoints: Endpoint[] }[] {
  return madeOnce(prefixCache, endpoints, () =>
    [...new Set(endpoints.flatMap((e) => e.api.prefixes))]
      .map((prefix) => ({ parts: prefix.split('/').slice(1), endpoints: endpoints.filter((e) => e.api.prefixes.includes(prefix)) }))
      .sort((a, b) => b.parts.length - a.parts.length),
  );
}

/**
 * For an API address, the segments after its prefix (the longest that matches) and the endpoints it
 * may name; null for a site address. A suffix such as `.json` comes off the last segment.
 */
function apiSegments(segments: string[], endpoints: readonly Endpoint[]): { rest: string[]; candidates: Endpoint[] } | null {
  const match = prefixesOf(endpoints).find(({ parts }) => parts.every((part, i) => segments[i] === part));
  if (!match) return null;
  const rest = segments.slice(match.parts.length);
  const last = rest.length - 1;
  const suffix = SUFFIXES.find((s) => s && last >= 0 && rest[last]!.endsWith(s));
  if (suffix) rest[last] = rest[last]!.slice(0, -suffix.length);
  return { rest, candidates: match.endpoints };
}

const VALID_ID = /^[1-9]\d{0,15}$/;
const isId = (text: string): boolean => VALID_ID.test(text) && Number.isSafeInteger(Number(text));

/** How the segments match an endpoint's path: the id and what follows, or where the id is wrong. */
function matchPath(endpoint: Endpoint, rest: string[]): { id?: string; extra: string[] } | { badId: string } | null {
  let id: string | undefined;
  for (const [i, part] of endpoint.path.entries()) {
    const segment = rest[i];
    if (segment === undefined) return null;
    if (part !== ID) {
      if (segment !== part) return null;
    } else if (!isId(segment)) return { badId: segment };
    else id = segment;
  }
  return { id, extra: rest.slice(endpoint.path.length) };
}

/**
 * The request the segments after the prefix name. A list's path followed by nothing or by `q/…`
 * (path-style) is the list; otherwise a segment in an id's place that is not one is "No <noun> with
 * id x", and an endpoint takes as many path-style segments as its file names can hold.
 */
function parseApi(rest: string[], candidates: Endpoint[], query: Query, pathname: string, endpoints: readonly Endpoint[]): ApiRequest {
  const noEndpoint = (): ApiError => apiError(API.noEndpoint, { path: pathname });
  const pathStyle = (segments: string[]): Query => {
    const pairs = pathStylePairs(segments, endpoints);
    if (pairs === null) throw noEndpoint();
    return toQuery([...pairs, ...[...query].flatMap(([key, values]) => values.map((v): [string, string] => [key, v]))]);
  };
  for (const endpoint of candidates.filter((e) => e.paged)) {
    const match = matchPath(endpoint, rest);
    if (match === null || 'badId' in match || !(match.extra.length === 0 || match.extra[0] === LIST_DIR)) continue;
    const { values, page } = parseParams(match.extra.length ? pathStyle(match.extra.slice(1)) : query, endpoint);
    return requestOf(endpoint, { values, page });
  }
  for (const endpoint of candidates) {
    const match = matchPath(endpoint, rest);
    if (match !== null && 'badId' in match) throw apiError(API.noRecord, { noun: endpoint.id!.noun, id: match.badId });
  }
  for (const endpoint of candidates.filter((e) => !e.paged)) {
    const match = matchPath(endpoint, rest);
    if (match === null || 'badId' in match || match.extra.length > endpoint.params.filter((p) => p.prebuilt !== 'none').length) continue;
    const { values } = parseParams(match.extra.length ? pathStyle(match.extra) : query, endpoint);
    return requestOf(endpoint, { id: match.id === undefined ? undefined : Number(match.id), values });
  }
  throw noEndpoint();
}
