// Query parameters, read strictly by the kind the routing table gives each: a typo is a 400 that
// names the parameter instead of a silently unfiltered answer. The one place where parameter text
// (dates, timestamps, ids) is checked; everything after works with typed values.
import { madeOnce } from '../util/made-once.js';
import { parseDate, parseTimestamp } from '../util/time.js';
import { API } from '../errors/api.js';
import { apiError } from './request.js';
import { PAGE } from './table.js';
import type { Endpoint, Param } from './table.js';

/** The query as name → values, with percent-encoding already undone. */
export type Query = Map<string, string[]>;

/** Groups query pairs by name, keeping their order. */
export function toQuery(pairs: Iterable<[string, string]>): Query {
  const query: Query = new Map();
  for (const [key, value] of pairs) madeOnce(query, key, () => []).push(value);
  return query;
}

/** `filter[...]` keys: an unknown one is refused; other unknown parameters are ignored, as the real API does. */
export const isFilterKey = (key: string): boolean => key.startsWith('filter');

/** Rejects any `filter[...]` key the endpoint does not know. */
function checkFilters(query: Query, endpoint: Endpoint): void {
  const known = endpoint.params.map((p) => p.key).filter(isFilterKey);
  for (const key of query.keys()) {
    if (isFilterKey(key) && !known.includes(key)) {
      throw apiError(API.unknownFilter, { key, accepted: known });
    }
  }
}

function single(query: Query, key: string): string | undefined {
  const values = query.get(key);
  if (!values) return undefined;
  if (values.length > 1) throw apiError(API.repeatedParameter, { key, times: values.length });
  return values[0];
}

function positiveInteger(key: string, text: string, kind: Param['kind'] | { type: 'page' }): number {
  if (!/^[1-9]\d{0,15}$/.test(text) || !Number.isSafeInteger(Number(text))) throw apiError(API.badValue, { key, kind, text });
  return Number(text);
}

/** Start and end timestamps, given exactly twice. */
function timestamps(key: string, values: string[]): [number, number] {
  if (values.length !== 2) {
    throw apiError(API.timestampsCount, { key, times: values.length });
  }
  const [start, end] = values.map((text) => {
    const t = parseTimestamp(text);
    if (t === null) throw apiError(API.badValue, { key, kind: { type: 'timestamps' }, text });
    return t;
  }) as [number, number];
  if (end < start) throw apiError(API.timeframeBackwards, { key });
  return [start, end];
}

/** The typed value of one parameter, or undefined when the query does not give it. */
function parseParam(query: Query, param: Param): unknown {
  const { key, kind } = param;
  if (kind.type === 'timestamps') {
    const values = query.get(key);
    return values ? timestamps(key, values) : undefined;
  }
  const text = single(query, key);
  if (text === undefined) return undefined;
  switch (kind.type) {
    case 'boolean':
      if (text === 'true' || text === '1') return true;
      if (text === 'false' || text === '0') return false;
      throw apiError(API.badValue, { key, kind, text });
    case 'id':
      return positiveInteger(key, text, kind);
    case 'enum':
      if (!kind.values.includes(text)) throw apiError(API.badValue, { key, kind, text });
      return text;
    case 'date': {
      const day = parseDate(text);
      if (day === null) throw apiError(API.badValue, { key, kind, text });
      return day;
    }
  }
}

/** Every parameter of the endpoint, in the table's order (so the first problem named is stable), then the page. */
export function parseParams(query: Query, endpoint: Endpoint): { values: Map<Param, unknown>; page?: number } {
  checkFilters(query, endpoint);
  const values = new Map<Param, unknown>();
  for (const param of endpoint.params) {
    const value = parseParam(query, param);
    if (value !== undefined) values.set(param, value);
  }
  if (!endpoint.paged) return { values };
  const page = single(query, PAGE);
  return { values, page: page === undefined ? 1 : positiveInteger(PAGE, page, { type: 'page' }) };
}
