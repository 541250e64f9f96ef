// renderApi(): every answer the API can give for a finite set of requests, as files (DESIGN 4).
// Each collection is filtered once and cut into pages; list items are rendered once per notice.
import type { DerivedSite } from '../derive/index.js';
import { defaultMetrics } from '../derive/metrics.js';
import { apiFilePath, pastEndFilePath } from '../routes/files.js';
import type { ApiRequest, ComponentFilter, NoticeFilter, TimelineFilter } from '../routes/request.js';
import { NOTICE_TYPES, TIMELINE_STATES } from '../types.js';
import type { NoticeType } from '../types.js';
import { serialize } from './answer.js';
import { pageCount, paginate, selectComponents, selectNotices } from './collections.js';
import { metricsBody, metricsNoticesRequest } from './metrics.js';
import { listComponent, listNotice, noticeDetail, pageResource } from './resources.js';
import type { OutputFile } from './types.js';

/**
 * A generator, so the writer can take files while the rest are still being rendered. The notice
 * details come last: they are small and never compressed, so the writers catch up on them while
 * the last are rendered, where large lists there would each still need compressing after.
 */
export function* renderApi(site: DerivedSite): Generator<OutputFile> {
  yield file({ endpoint: 'status' }, { page: pageResource(site) });
  yield* renderComponentLists(site);
  yield* renderNoticeLists(site);
  if (site.site.metrics) yield* renderMetrics(site);
  for (const notice of site.notices) yield file({ endpoint: 'notice', id: notice.id }, { notice: noticeDetail(site, notice) });
}

function file(request: ApiRequest, body: unknown, path = apiFilePath(request)!): OutputFile {
  return { path, contents: body instanceof RawJson ? body.text : serialize(body) };
}

/**
 * Every page of one filtered list, from items serialised once, and the empty page that answers any
 * page after the last (for static hosts; `statuspress serve` computes the same).
 */
function* pages(
  collection: 'components' | 'notices',
  request: Extract<ApiRequest, { page: number }>,
  selected: { id: number }[],
  items: Map<number, string>,
): Generator<OutputFile> {
  const last = pageCount(selected.length);
  for (let page = 1; page <= last + 1; page++) {
    const pageRequest = { ...request, page };
    const { items: onPage, meta } = paginate(selected, pageRequest);
    const body = listBody(collection, onPage.map((item) => items.get(item.id)!), meta);
    yield file(pageRequest, body, page > last ? pastEndFilePath(pageRequest) : undefined);
  }
}

/** Every combination of the two component filters; parent_id_null=true with an id is a (valid) empty list. */
function componentFilters(site: DerivedSite): ComponentFilter[] {
  const nulls = [undefined, true, false] as const;
  const ids = [undefined, ...site.components.map((c) => c.id)];
  return nulls.flatMap((parentIdNull) =>
    ids.map((parentIdEq) => ({
      ...(parentIdNull === undefined ? {} : { parentIdNull }),
      ...(parentIdEq === undefined ? {} : { parentIdEq }),
    })),
  );
}

function* renderComponentLists(site: DerivedSite): Generator<OutputFile> {
  const items = new Map(site.components.map((c) => [c.id, serialize(listComponent(site, c))]));
  for (const filter of componentFilters(site)) {
    yield* pages('components', { endpoint: 'components', filter, page: 1 }, selectComponents(site, filter), items);
  }
}

/**
 * A collection page from items serialised once: the same bytes as serialize() of the whole object,
 * without stringifying each notice again for every page and filter that shows it.
 */
function listBody(collection: string, items: string[], meta: unknown): RawJson {
  return new RawJson(`{"${collection}":[${items.join(',')}],"meta":${serialize(meta)}}`);
}

/** Already-serialised JSON, passed through by file(). */
class RawJson {
  constructor(readonly text: string) {}
}

function noticeFilters(): NoticeFilter[] {
  const types: (NoticeType | undefined)[] = [undefined, ...NOTICE_TYPES];
  const timelines: (TimelineFilter | undefined)[] = [undefined, ...TIMELINE_STATES, 'past'];
  return types.flatMap((type) =>
    timelines.map((timelineState) => ({
      ...(type === undefined ? {} : { type }),
      ...(timelineState === undefined ? {} : { timelineState }),
    })),
  );
}

function* renderNoticeLists(site: DerivedSite, filters: NoticeFilter[] = noticeFilters()): Generator<OutputFile> {
  const items = noticeItems(site);
  for (const filter of filters) {
    yield* pages('notices', { endpoint: 'notices', filter, page: 1 }, selectNotices(site, filter), items);
  }
}

const itemCache = new WeakMap<DerivedSite, Map<number, string>>();

/** List items are the same on every page and filter that shows them: render each once per site. */
function noticeItems(site: DerivedSite): Map<number, string> {
  let items = itemCache.get(site);
  if (!items) {
    items = new Map(site.notices.map((n) => [n.id, serialize(listNotice(site, n))]));
    itemCache.set(site, items);
  }
  return items;
}

/** The default window's metrics, with and without calculations, and the notice lists they link to. */
function* renderMetrics(site: DerivedSite): Generator<OutputFile> {
  const linked: NoticeFilter[] = [];
  for (const c of site.components) {
    if (!c.metrics) continue;
    const figures = defaultMetrics(site, c.id);
    for (const showCalculations of [false, true]) {
      const request = { endpoint: 'metrics' as const, componentId: c.id, timeframe: {}, showCalculations };
      yield file(request, metricsBody(site, c, figures, showCalculations));
    }
    linked.push(metricsNoticesRequest(figures, c.id).filter);
  }
  yield* renderNoticeLists(site, linked);
}
