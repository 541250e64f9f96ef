// URL → what to answer. Both `statuspress serve` and the generated host configurations rely on this
// one reading of a request, so an address that works in one works in all.
import { apiFilePath, pathStylePairs, STATE_DIR } from './files.js';
import {
  parseComponentFilter,
  parseMetricsQuery,
  parseNoQuery,
  parseNoticeFilter,
  parsePage,
  toQuery,
} from './params.js';
import type { Query } from './params.js';
import { ApiError, badRequest, notFound } from './request.js';
import type { ApiRequest } from './request.js';

export type Route =
  | { kind: 'api'; request: ApiRequest; file: string | null }
  /** A file of the HTML site: a safe relative path (no `..`, no hidden state). */
  | { kind: 'site'; path: string }
  | { kind: 'error'; error: ApiError };

/** Reads a request target (`/api/v1/notices?filter%5Btype_eq%5D=planned`); never throws. */
export function route(target: string): Route {
  let url: URL;
  try {
    url = new URL(target, 'http://localhost');
  } catch {
    return { kind: 'error', error: badRequest('The request address is malformed') };
  }
  const segments = decodeSegments(url.pathname);
  if (segments === null) return { kind: 'error', error: notFound(`Nothing at ${url.pathname}`) };

  const api = apiSegments(segments);
  if (api === null) {
    if (segments[0] === STATE_DIR) return { kind: 'error', error: notFound(`Nothing at ${url.pathname}`) };
    return { kind: 'site', path: segments.join('/') + (url.pathname.endsWith('/') && segments.length ? '/' : '') };
  }
  try {
    const request = parseApi(api, toQuery(url.searchParams), url.pathname);
    return { kind: 'api', request, file: apiFilePath(request) };
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

/**
 * The segments after the version for an API address, or null for a site address. The spec's own
 * link shapes omit parts (`/v1/components`, `/api/notices/42`), and the real API accepts `.json`.
 */
function apiSegments(segments: string[]): string[] | null {
  let rest: string[];
  if (segments[0] === 'api') rest = segments[1] === 'v1' ? segments.slice(2) : segments.slice(1);
  else if (segments[0] === 'v1') rest = segments.slice(1);
  else return null;
  const last = rest.length - 1;
  if (last >= 0 && rest[last]!.endsWith('.json')) rest[last] = rest[last]!.slice(0, -'.json'.length);
  return rest;
}

const ID = /^[1-9]\d{0,15}$/;

function parseApi(rest: string[], query: Query, pathname: string): ApiRequest {
  const [collection, second, third, ...more] = rest;
  if (collection === 'status' && rest.length === 1) {
    parseNoQuery(query);
    return { endpoint: 'status' };
  }
  if (collection === 'components' || collection === 'notices') {
    if (second === 'q') {
      const pairs = pathStylePairs(rest.slice(2));
      if (pairs === null) throw notFound(`No API endpoint at ${pathname}`);
      return parseApi([collection], toQuery([...pairs, ...flatten(query)]), pathname);
    }
    if (second === undefined) {
      return collection === 'components'
        ? { endpoint: 'components', filter: parseComponentFilter(query), page: parsePage(query) }
        : { endpoint: 'notices', filter: parseNoticeFilter(query), page: parsePage(query) };
    }
    const noun = collection === 'components' ? 'component' : 'notice';
    if (!ID.test(second) || !Number.isSafeInteger(Number(second))) throw notFound(`No ${noun} with id ${second}`);
    const id = Number(second);
    if (collection === 'notices' && third === undefined) {
      parseNoQuery(query);
      return { endpoint: 'notice', id };
    }
    if (collection === 'components' && third === 'metrics' && more.length <= 1) {
      const pairs = more.length ? pathStylePairs(more) : [];
      if (pairs === null) throw notFound(`No API endpoint at ${pathname}`);
      const { timeframe, showCalculations } = parseMetricsQuery(toQuery([...pairs, ...flatten(query)]));
      return { endpoint: 'metrics', componentId: id, timeframe, showCalculations };
    }
  }
  throw notFound(`No API endpoint at ${pathname}`);
}

function flatten(query: Query): [string, string][] {
  return [...query].flatMap(([key, values]) => values.map((v): [string, string] => [key, v]));
}
