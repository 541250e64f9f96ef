// Where each answer lives in the output folder. The same segments double as path-style addresses
// for hosts without rewrites (`/api/v1/notices/q/type_eq=planned/page=2.json`), so `parse.ts`
// reads them back with the query parser.
import { formatBasicTimestamp } from '../time.js';
import { componentFilterParams, noticeFilterParams } from './href.js';
import type { ApiRequest } from './request.js';
import { CALCULATIONS_SEGMENT, COMPONENT_PARAMS, NOTICE_PARAMS } from './table.js';
import type { ListParam } from './table.js';

/** Output folder for statuspress's own state (the build's `now` and content snapshot); never served. */
export const STATE_DIR = '_statuspress';
export const STATE_FILE = `${STATE_DIR}/build.json`;

/** Relative path of the prebuilt file for a request, or null when it is only answered on demand. */
export function apiFilePath(request: ApiRequest): string | null {
  switch (request.endpoint) {
    case 'status':
      return 'api/v1/status.json';
    case 'notice':
      return `api/v1/notices/${request.id}.json`;
    case 'metrics': {
      if (request.timeframe.start !== undefined || request.timeframe.end !== undefined) return null;
      const base = `api/v1/components/${request.componentId}/metrics`;
      return request.showCalculations ? `${base}/${CALCULATIONS_SEGMENT}.json` : `${base}.json`;
    }
    case 'components':
      return listPath('components', segmentsOf(COMPONENT_PARAMS, componentFilterParams(request.filter)), request.page);
    case 'notices':
      return listPath('notices', segmentsOf(NOTICE_PARAMS, noticeFilterParams(request.filter)), request.page);
  }
}

/** Path segments from a filter's query pairs, in the table's order; timestamps in their file-safe form. */
function segmentsOf(table: readonly ListParam[], pairs: [string, string][]): string[] {
  return table.flatMap((param) => {
    const values = pairs.filter(([key]) => key === param.key).map(([, value]) => value);
    if (values.length === 0) return [];
    const shown = param.kind.type === 'timestamps' ? values.map((v) => formatBasicTimestamp(Date.parse(v))) : values;
    return [`${param.segment}=${shown.join(',')}`];
  });
}

function listPath(collection: string, segments: string[], page: number | typeof PAST_END): string {
  return ['api/v1', collection, 'q', ...segments, page === PAST_END ? `${PAST_END}.json` : `page=${page}.json`].join('/');
}

const PAST_END = 'past-the-end';

/**
 * The answer to every page after a list's last: its empty page with the list's total_count. Static
 * hosts serve it when `page=<n>.json` does not exist, as `statuspress serve` computes it.
 */
export function pastEndFilePath(request: Extract<ApiRequest, { page: number }>): string {
  return request.endpoint === 'components'
    ? listPath('components', segmentsOf(COMPONENT_PARAMS, componentFilterParams(request.filter)), PAST_END)
    : listPath('notices', segmentsOf(NOTICE_PARAMS, noticeFilterParams(request.filter)), PAST_END);
}

/** Query pairs for path-style segments (`type_eq=planned` → `filter[type_eq]=planned`); null for an unknown one. */
export function pathStylePairs(segments: string[]): [string, string][] | null {
  const pairs: [string, string][] = [];
  for (const segment of segments) {
    const eq = segment.indexOf('=');
    if (eq <= 0) return null;
    const key = segment.slice(0, eq);
    const value = segment.slice(eq + 1);
    const param = [...COMPONENT_PARAMS, ...NOTICE_PARAMS].find((p) => p.segment === key);
    if (param === undefined) {
      if (key !== 'page' && key !== 'show_calculations') return null;
      pairs.push([key, value]);
    }
    else for (const part of param.kind.type === 'timestamps' ? value.split(',') : [value]) pairs.push([param.key, part]);
  }
  return pairs;
}
