// Query parameters of each endpoint: parsed strictly, so a typo is a 400 that names the parameter
// instead of a silently unfiltered answer.
import { NOTICE_TYPES } from '../types.js';
import type { NoticeType } from '../types.js';
import { parseDate, parseTimestamp } from '../time.js';
import { badRequest } from './request.js';
import type { ComponentFilter, NoticeFilter, TimelineFilter, Timeframe } from './request.js';
import { COMPONENT_PARAMS, NOTICE_PARAMS, TIMELINE_FILTER_VALUES } from './table.js';

/** The query as name → values, with percent-encoding already undone. */
export type Query = Map<string, string[]>;

export function toQuery(pairs: Iterable<[string, string]>): Query {
  const query: Query = new Map();
  for (const [key, value] of pairs) {
    const list = query.get(key);
    if (list) list.push(value);
    else query.set(key, [value]);
  }
  return query;
}

const OVERLAPS = 'filter[impact_timeframe_overlaps][]';

/** Rejects any `filter[...]` key the endpoint does not know; other unknown parameters are ignored. */
function checkFilters(query: Query, known: readonly string[]): void {
  for (const key of query.keys()) {
    if (key.startsWith('filter') && !known.includes(key)) {
      const hint = known.length ? `; this endpoint accepts ${known.join(', ')}` : '; this endpoint takes no filters';
      throw badRequest(`Unknown filter ${key}${hint}`);
    }
  }
}

function single(query: Query, key: string): string | undefined {
  const values = query.get(key);
  if (!values) return undefined;
  if (values.length > 1) throw badRequest(`${key} is given ${values.length} times; give it once`);
  return values[0];
}

function positiveInteger(query: Query, key: string): number | undefined {
  const text = single(query, key);
  if (text === undefined) return undefined;
  if (!/^[1-9]\d{0,15}$/.test(text) || !Number.isSafeInteger(Number(text))) {
    throw badRequest(`${key} must be a positive integer, not "${text}"`);
  }
  return Number(text);
}

function boolean(query: Query, key: string): boolean | undefined {
  const text = single(query, key);
  if (text === undefined) return undefined;
  if (text === 'true' || text === '1') return true;
  if (text === 'false' || text === '0') return false;
  throw badRequest(`${key} must be true or false, not "${text}"`);
}

function oneOf<T extends string>(query: Query, key: string, allowed: readonly T[]): T | undefined {
  const text = single(query, key);
  if (text === undefined) return undefined;
  if (!(allowed as readonly string[]).includes(text)) {
    throw badRequest(`${key} must be one of ${allowed.join(', ')}, not "${text}"`);
  }
  return text as T;
}

/** `page`: an integer ≥ 1, default 1. */
export function parsePage(query: Query): number {
  return positiveInteger(query, 'page') ?? 1;
}

export function parseComponentFilter(query: Query): ComponentFilter {
  checkFilters(query, COMPONENT_PARAMS.map((p) => p.key));
  const filter: ComponentFilter = {};
  const parentIdNull = boolean(query, 'filter[parent_id_null]');
  const parentIdEq = positiveInteger(query, 'filter[parent_id_eq]');
  if (parentIdNull !== undefined) filter.parentIdNull = parentIdNull;
  if (parentIdEq !== undefined) filter.parentIdEq = parentIdEq;
  return filter;
}

const TIMELINE_FILTERS: readonly TimelineFilter[] = TIMELINE_FILTER_VALUES;

export function parseNoticeFilter(query: Query): NoticeFilter {
  checkFilters(query, NOTICE_PARAMS.map((p) => p.key));
  const filter: NoticeFilter = {};
  const type = oneOf<NoticeType>(query, 'filter[type_eq]', NOTICE_TYPES);
  const timelineState = oneOf(query, 'filter[timeline_state_eq]', TIMELINE_FILTERS);
  const metricsComponentId = positiveInteger(query, 'filter[metrics_component_id]');
  if (type !== undefined) filter.type = type;
  if (timelineState !== undefined) filter.timelineState = timelineState;
  if (metricsComponentId !== undefined) filter.metricsComponentId = metricsComponentId;
  const overlaps = query.get(OVERLAPS);
  if (overlaps) filter.impactOverlaps = parseOverlaps(overlaps);
  return filter;
}

function parseOverlaps(values: string[]): [number, number] {
  if (values.length !== 2) {
    throw badRequest(`${OVERLAPS} must be given exactly twice (start, then end), not ${values.length} times`);
  }
  const [start, end] = values.map((text) => {
    const t = parseTimestamp(text);
    if (t === null) throw badRequest(`${OVERLAPS} must be ISO 8601 timestamps with a zone, not "${text}"`);
    return t;
  }) as [number, number];
  if (end < start) throw badRequest(`${OVERLAPS}: the end (second value) is before the start`);
  return [start, end];
}

export function parseMetricsQuery(query: Query): { timeframe: Timeframe; showCalculations: boolean } {
  checkFilters(query, []);
  const timeframe: Timeframe = {};
  for (const key of ['timeframe_start', 'timeframe_end'] as const) {
    const text = single(query, key);
    if (text === undefined) continue;
    if (parseDate(text) === null) throw badRequest(`${key} must be a date yyyy-mm-dd, not "${text}"`);
    timeframe[key === 'timeframe_start' ? 'start' : 'end'] = text;
  }
  return { timeframe, showCalculations: boolean(query, 'show_calculations') ?? false };
}

/** For endpoints without parameters: only reject filters, which would otherwise be silently ignored. */
export function parseNoQuery(query: Query): void {
  checkFilters(query, []);
}
