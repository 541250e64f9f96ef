// Links the API prints. Brackets stay literal, as in the spec's own examples.
import type { ApiRequest, ComponentFilter, NoticeFilter } from './request.js';

export const API_PREFIX = '/api/v1';

/** Query pairs of a component filter, in a fixed order. */
export function componentFilterParams(filter: ComponentFilter): [string, string][] {
  const params: [string, string][] = [];
  if (filter.parentIdNull !== undefined) params.push(['filter[parent_id_null]', String(filter.parentIdNull)]);
  if (filter.parentIdEq !== undefined) params.push(['filter[parent_id_eq]', String(filter.parentIdEq)]);
  return params;
}

/** Query pairs of a notice filter, in a fixed order. */
export function noticeFilterParams(filter: NoticeFilter): [string, string][] {
  const params: [string, string][] = [];
  if (filter.type !== undefined) params.push(['filter[type_eq]', filter.type]);
  if (filter.timelineState !== undefined) params.push(['filter[timeline_state_eq]', filter.timelineState]);
  if (filter.metricsComponentId !== undefined) {
    params.push(['filter[metrics_component_id]', String(filter.metricsComponentId)]);
  }
  if (filter.impactOverlaps !== undefined) {
    for (const t of filter.impactOverlaps) {
      params.push(['filter[impact_timeframe_overlaps][]', new Date(t).toISOString()]);
    }
  }
  return params;
}

function withQuery(path: string, params: [string, string][]): string {
  if (params.length === 0) return path;
  // Values are ids, enum words and ISO timestamps: nothing in them needs escaping.
  return `${path}?${params.map(([k, v]) => `${k}=${v}`).join('&')}`;
}

/** The canonical URL of a request (relative to {base_url}); page 1 is left implicit. */
export function apiHref(request: ApiRequest): string {
  switch (request.endpoint) {
    case 'status':
      return `${API_PREFIX}/status`;
    case 'notice':
      return `${API_PREFIX}/notices/${request.id}`;
    case 'metrics': {
      const params: [string, string][] = [];
      if (request.timeframe.start !== undefined) params.push(['timeframe_start', request.timeframe.start]);
      if (request.timeframe.end !== undefined) params.push(['timeframe_end', request.timeframe.end]);
      if (request.showCalculations) params.push(['show_calculations', 'true']);
      return withQuery(`${API_PREFIX}/components/${request.componentId}/metrics`, params);
    }
    case 'components':
    case 'notices': {
      const params =
        request.endpoint === 'components'
          ? componentFilterParams(request.filter)
          : noticeFilterParams(request.filter);
      if (request.page !== 1) params.push(['page', String(request.page)]);
      return withQuery(`${API_PREFIX}/${request.endpoint}`, params);
    }
  }
}
