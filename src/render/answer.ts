// answer(): the JSON body for any API request. The build calls it for every prebuilt file and
// `statuspress serve` for everything else, so both give the same bytes for the same request.
import type { DerivedSite } from '../derive/index.js';
import { API } from '../errors/api.js';
import { apiError } from '../routes/request.js';
import type { ApiRequest } from '../routes/request.js';
import { paginate, selectComponents, selectNotices } from './collections.js';
import { metricsResult } from './metrics.js';
import { listComponent, listNotice, noticeDetail, pageResource } from './resources.js';
import { statuspageAnswer } from './statuspage/answers.js';

/** The answer to a request, as the object to serialise; throws ApiError (404, 400). */
export function answer(site: DerivedSite, request: ApiRequest): unknown {
  switch (request.endpoint) {
    case 'status':
      return { page: pageResource(site) };
    case 'components': {
      const { items, meta } = paginate(selectComponents(site, request.filter), request);
      return { components: items.map((c) => listComponent(site, c)), meta };
    }
    case 'notices': {
      const { items, meta } = paginate(selectNotices(site, request.filter), request);
      return { notices: items.map((n) => listNotice(site, n)), meta };
    }
    case 'notice': {
      const notice = site.noticesById.get(request.id);
      if (!notice) throw apiError(API.noRecord, { noun: 'notice', id: request.id });
      return { notice: noticeDetail(site, notice) };
    }
    case 'metrics':
      return metricsResult(site, request.componentId, request.timeframe, request.showCalculations);
    case 'v2Summary':
    case 'v2Status':
    case 'v2Components':
    case 'v2Incidents':
    case 'v2UnresolvedIncidents':
    case 'v2Maintenances':
    case 'v2UpcomingMaintenances':
    case 'v2ActiveMaintenances':
      return statuspageAnswer(site, request.endpoint);
  }
}

/** The bytes of an answer: compact JSON, as the hosted API sends. */
export const serialize = (body: unknown): string => JSON.stringify(body);
