// Where each answer lives in the output folder, read from the routing table. The same segments
// double as path-style addresses for hosts without rewrites (`/api/v1/notices/q/type_eq=planned/page=2.json`),
// so `parse.ts` reads them back with the query parser.
import { formatBasicTimestamp, formatTimestamp, parseBasicTimestamp } from '../util/time.js';
import { pathOf, shownValue, valueText } from './fields.js';
import type { ApiRequest } from './request.js';
import { endpointOf, ENDPOINTS, PAGE } from './table.js';
import type { Endpoint, Param } from './table.js';

/** Output folder for statuspress's own state (the build's `now` and content snapshot); never served. */
export const STATE_DIR = '_statuspress';
export const STATE_FILE = `${STATE_DIR}/build.json`;
/** The site's own templates and message overrides, kept for a later build of the same content (`build --again`). */
export const KEPT_TEMPLATES_DIR = `${STATE_DIR}/templates`;
/** When the output next changes by time alone, from published facts only: an ISO instant, or `none`. */
export const NEXT_CHANGE_FILE = `${STATE_DIR}/next-change`;

/** Folder of a paged endpoint's files, below its path: `notices/q/…`, clear of `notices/<id>`. */
export const LIST_DIR = 'q';
/** The file answering every page after a list's last. */
export const PAST_END = 'past-the-end';

/** `type_eq=planned`, or null for a value only answered on demand. */
function fileSegment(param: Param, value: unknown): string | null {
  if (param.prebuilt === 'none') return null;
  // Timestamps in their basic form: `:` is not safe in file names on every host.
  const text = param.kind.type === 'timestamps' ? (value as number[]).map(formatBasicTimestamp).join(',') : valueText(param, value);
  return `${param.segment}=${text}`;
}

/** Relative path of the prebuilt file for a request, or null when it is only answered on demand. */
export function apiFilePath(request: ApiRequest, endpoints: readonly Endpoint[] = ENDPOINTS): string | null {
  const endpoint = endpointOf(request, endpoints);
  const segments: string[] = [];
  for (const param of endpoint.params) {
    const value = shownValue(request, param);
    if (value === undefined) continue;
    const segment = fileSegment(param, value);
    if (segment === null) return null;
    segments.push(segment);
  }
  const base = [endpoint.api.root, ...pathOf(endpoint, request)];
  if (!endpoint.paged) return `${[...base, ...segments].join('/')}.json`;
  const { page } = request as { page: number };
  return [...base, LIST_DIR, ...segments, `${PAGE}=${page}.json`].join('/');
}

/**
 * The answer to every page after a list's last: its empty page with the list's total_count. Static
 * hosts serve it when `page=<n>.json` does not exist, as `statuspress serve` computes it.
 */
export function pastEndFilePath(request: Extract<ApiRequest, { page: number }>, endpoints: readonly Endpoint[] = ENDPOINTS): string {
  return apiFilePath(request, endpoints)!.replace(/[^/]*$/, `${PAST_END}.json`);
}

/** A basic-form timestamp in the extended form; anything else as it is. */
function extendedForm(text: string): string {
  const ms = parseBasicTimestamp(text);
  return ms === null ? text : formatTimestamp(ms);
}

/**
 * Query pairs for path-style segments (`type_eq=planned` → `filter[type_eq]=planned`); null for a
 * segment no prebuilt file name holds. Timestamps there are in the basic form the file names use;
 * they become the extended form the query parser reads (any other text is left for it to judge).
 */
export function pathStylePairs(segments: string[], endpoints: readonly Endpoint[] = ENDPOINTS): [string, string][] | null {
  const inFiles = endpoints.flatMap((e) => e.params).filter((p) => p.prebuilt !== 'none');
  const pairs: [string, string][] = [];
  for (const segment of segments) {
    const eq = segment.indexOf('=');
    if (eq <= 0) return null;
    const name = segment.slice(0, eq);
    const value = segment.slice(eq + 1);
    if (name === PAGE) {
      pairs.push([PAGE, value]);
      continue;
    }
    const param = inFiles.find((p) => p.segment === name);
    if (param === undefined) return null;
    if (param.kind.type !== 'timestamps') pairs.push([param.key, value]);
    else for (const part of value.split(',')) pairs.push([param.key, extendedForm(part)]);
  }
  return pairs;
}
