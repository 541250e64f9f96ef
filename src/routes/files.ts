// Where each answer lives in the output folder. The same segments double as path-style addresses
// for hosts without rewrites (`/api/v1/notices/q/type_eq=planned/page=2.json`), so `parse.ts`
// reads them back with the query parser.
import { formatBasicTimestamp } from '../time.js';
import type { ApiRequest } from './request.js';

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
      return request.showCalculations ? `${base}/show_calculations=true.json` : `${base}.json`;
    }
    case 'components': {
      const { parentIdNull, parentIdEq } = request.filter;
      const segments: string[] = [];
      if (parentIdNull !== undefined) segments.push(`parent_id_null=${parentIdNull}`);
      if (parentIdEq !== undefined) segments.push(`parent_id_eq=${parentIdEq}`);
      return listPath('components', segments, request.page);
    }
    case 'notices': {
      const { type, timelineState, metricsComponentId, impactOverlaps } = request.filter;
      const segments: string[] = [];
      if (type !== undefined) segments.push(`type_eq=${type}`);
      if (timelineState !== undefined) segments.push(`timeline_state_eq=${timelineState}`);
      if (metricsComponentId !== undefined) segments.push(`metrics_component_id=${metricsComponentId}`);
      if (impactOverlaps !== undefined) {
        segments.push(`impact_timeframe_overlaps=${impactOverlaps.map(formatBasicTimestamp).join(',')}`);
      }
      return listPath('notices', segments, request.page);
    }
  }
}

function listPath(collection: string, segments: string[], page: number): string {
  return ['api/v1', collection, 'q', ...segments, `page=${page}.json`].join('/');
}

/** Query pairs for path-style segments (`type_eq=planned` → `filter[type_eq]=planned`). */
export function pathStylePairs(segments: string[]): [string, string][] | null {
  const pairs: [string, string][] = [];
  for (const segment of segments) {
    const eq = segment.indexOf('=');
    if (eq <= 0) return null;
    const key = segment.slice(0, eq);
    const value = segment.slice(eq + 1);
    if (key === 'page' || key === 'show_calculations') pairs.push([key, value]);
    else if (key === 'impact_timeframe_overlaps') {
      for (const part of value.split(',')) pairs.push([`filter[${key}][]`, part]);
    } else pairs.push([`filter[${key}]`, value]);
  }
  return pairs;
}
