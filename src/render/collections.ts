// Filters select from lists already in API order, so pages never need re-sorting.
import type { DerivedComponent, DerivedNotice, DerivedSite } from '../derive/index.js';
import { overlaps } from '../derive/metrics.js';
import { apiHref } from '../routes/href.js';
import { API } from '../errors/api.js';
import { apiError } from '../routes/request.js';
import type { ApiRequest, ComponentFilter, NoticeFilter } from '../routes/request.js';
import { METRICS_COMPONENT_ID, PARENT_ID_EQ } from '../routes/table.js';

export const PAGE_SIZE = 25;

/** The components a filter selects, in API order; 404 for a parent that does not exist. */
export function selectComponents(site: DerivedSite, filter: ComponentFilter): DerivedComponent[] {
  const { parentIdNull, parentIdEq } = filter;
  if (parentIdEq !== undefined && !site.componentsById.has(parentIdEq)) {
    throw apiError(API.noRecord, { noun: 'component', id: parentIdEq, key: PARENT_ID_EQ.key });
  }
  // Children come from the parent (already in sibling order): the build asks for every component's
  // children, and scanning the whole list for each would be components × components.
  const pool = parentIdEq === undefined ? site.components : site.componentsById.get(parentIdEq)!.children.map((id) => site.componentsById.get(id)!);
  return parentIdNull === undefined ? pool : pool.filter((c) => (c.source.parentId === null) === parentIdNull);
}

/** The notices a filter selects, in API order; 404 for a metrics component that does not exist. */
export function selectNotices(site: DerivedSite, filter: NoticeFilter): DerivedNotice[] {
  const { type, timelineState, metricsComponentId, impactOverlaps } = filter;
  let pool = site.notices;
  if (metricsComponentId !== undefined) {
    if (!site.componentsById.has(metricsComponentId)) {
      throw apiError(API.noRecord, { noun: 'component', id: metricsComponentId, key: METRICS_COMPONENT_ID.key });
    }
    pool = site.metricsNotices.get(metricsComponentId) ?? [];
  }
  return pool.filter(
    (n) =>
      (type === undefined || n.type === type) &&
      (timelineState === undefined ||
        n.timelineState === timelineState ||
        (timelineState === 'past' && n.timelineState.startsWith('past_'))) &&
      // Only notices with an impact window can overlap a timeframe, as in the metrics.
      (impactOverlaps === undefined || (n.impact !== null && overlaps(n.impact, impactOverlaps[0], impactOverlaps[1]))),
  );
}

export interface PageOf<T> {
  items: T[];
  meta: { count: number; total_count: number; next_page: string | null };
}

/** One page of a collection; a page past the end is empty with next_page null. */
export function paginate<T>(all: T[], request: Extract<ApiRequest, { page: number }>): PageOf<T> {
  const from = (request.page - 1) * PAGE_SIZE;
  const items = all.slice(from, from + PAGE_SIZE);
  const hasNext = from + PAGE_SIZE < all.length;
  return {
    items,
    meta: {
      count: items.length,
      total_count: all.length,
      next_page: hasNext ? apiHref({ ...request, page: request.page + 1 }) : null,
    },
  };
}

/** Number of pages a collection fills; an empty one still has its first (empty) page. */
export const pageCount = (total: number): number => Math.max(1, Math.ceil(total / PAGE_SIZE));
