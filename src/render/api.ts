import type { DerivedSite } from '../derive/index.js';
import { defaultMetrics } from '../derive/metrics.js';
import { apiFilePath, pastEndFilePath } from '../routes/files.js';
import type { ApiRequest } from '../routes/request.js';
import { ENDPOINTS } from '../routes/table.js';
import type { Endpoint } from '../routes/table.js';
import { answer, serialize } from './answer.js';
import { pageCount, paginate, selectComponents, selectNotices } from './collections.js';
import { metricsBody, metricsNoticesRequest } from './metrics.js';
import { prebuiltRequests } from './prebuilt.js';
import { listComponent, listNotice } from './resources.js';
import type { OutputFile } from '../write/types.js';

type ListRequest = Extract<ApiRequest, { page: number }>;
type Renderer = (site: DerivedSite, endpoint: Endpoint, endpoints: readonly Endpoint[], items: ListItems) => Iterable<OutputFile>;

/**
 * List items are the same on every page and filter that shows them: each is serialised once per
 * renderApi() call, and let go with it, as the HTML site, rendered after the API, needs none of them.
 */
class ListItems {
  private components: Map<number, string> | null = null;
  private notices: Map<number, string> | null = null;

  constructor(private readonly site: DerivedSite) {}

  of(endpoint: 'components' | 'notices'): Map<number, string> {
    const site = this.site;
    if (endpoint === 'components') return (this.components ??= new Map(site.components.map((c) => [c.id, serialize(listComponent(site, c))])));
    return (this.notices ??= new Map(site.notices.map((n) => [n.id, serialize(listNotice(site, n))])));
  }
}

/**
 * A generator, so each file is written as soon as it is rendered and the whole API is never held at
 * once. Endpoints come in the table's order.
 */
export function* renderApi(site: DerivedSite, endpoints: readonly Endpoint[] = ENDPOINTS): Generator<OutputFile> {
  const items = new ListItems(site);
  for (const endpoint of endpoints) {
    const render = RENDERERS[endpoint.name] as Renderer | undefined;
    if (!render) throw new Error(`No renderer for the endpoint ${endpoint.name}: add one to RENDERERS in render/api.ts`);
    yield* render(site, endpoint, endpoints, items);
  }
}

/** Endpoints answered one request at a time; `answer()` gives each body. */
function* eachAnswer(site: DerivedSite, endpoint: Endpoint, endpoints: readonly Endpoint[]): Generator<OutputFile> {
  for (const request of prebuiltRequests(site, endpoint)) yield file(request, serialize(answer(site, request)), endpoints);
}

function* lists(site: DerivedSite, endpoint: Endpoint, endpoints: readonly Endpoint[], items: ListItems): Generator<OutputFile> {
  for (const request of prebuiltRequests(site, endpoint)) yield* pages(site, request as ListRequest, endpoints, items);
}

/** The default window's metrics, with and without calculations, and the notice lists they link to. */
function* metrics(site: DerivedSite, endpoint: Endpoint, endpoints: readonly Endpoint[], items: ListItems): Generator<OutputFile> {
  if (!site.site.metrics) return;
  const linked: ListRequest[] = [];
  for (const request of prebuiltRequests(site, endpoint)) {
    if (request.endpoint !== 'metrics') continue;
    const component = site.componentsById.get(request.componentId)!;
    if (!component.metrics) continue;
    const figures = defaultMetrics(site, component.id);
    yield file(request, serialize(metricsBody(site, component, figures, request.showCalculations)), endpoints);
    // Each component's link once: its answers with and without calculations print the same one.
    if (!request.showCalculations) linked.push(metricsNoticesRequest(figures, component.id));
  }
  for (const request of linked) yield* pages(site, request, endpoints, items);
}

const RENDERERS: Record<ApiRequest['endpoint'], Renderer> = {
  status: eachAnswer,
  components: lists,
  metrics,
  notices: lists,
  notice: eachAnswer,
  v2Summary: eachAnswer,
  v2Status: eachAnswer,
  v2Components: eachAnswer,
  v2Incidents: eachAnswer,
  v2UnresolvedIncidents: eachAnswer,
  v2Maintenances: eachAnswer,
  v2UpcomingMaintenances: eachAnswer,
  v2ActiveMaintenances: eachAnswer,
};

function file(request: ApiRequest, contents: string, endpoints: readonly Endpoint[], path = apiFilePath(request, endpoints)!): OutputFile {
  return { path, contents };
}

/**
 * Every page of one filtered list, from items serialised once, and the empty page that answers any
 * page after the last (for static hosts; `statuspress serve` computes the same).
 */
function* pages(site: DerivedSite, request: ListRequest, endpoints: readonly Endpoint[], listItems: ListItems): Generator<OutputFile> {
  const [selected, items]: [{ id: number }[], Map<number, string>] =
    request.endpoint === 'components'
      ? [selectComponents(site, request.filter), listItems.of('components')]
      : [selectNotices(site, request.filter), listItems.of('notices')];
  const last = pageCount(selected.length);
  for (let page = 1; page <= last + 1; page++) {
    const pageRequest = { ...request, page };
    const { items: onPage, meta } = paginate(selected, pageRequest);
    // The same bytes as serialize() of the whole answer, without stringifying each item again.
    const body = `{"${request.endpoint}":[${onPage.map((item) => items.get(item.id)!).join(',')}],"meta":${serialize(meta)}}`;
    yield file(pageRequest, body, endpoints, page > last ? pastEndFilePath(pageRequest, endpoints) : undefined);
  }
}
