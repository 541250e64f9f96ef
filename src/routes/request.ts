// The API requests statuspress answers, as data. The router parses URLs into these; the renderer
// answers them; the writer and the host configurations turn them into file paths. One shape for all
// three is what keeps prebuilt files, served URLs and printed links from drifting apart.
import type { NoticeType, TimelineState } from '../types.js';

/** `past` is the filter alias for past_recent + past_distant (DESIGN 3.3). */
export type TimelineFilter = TimelineState | 'past';

export interface ComponentFilter {
  parentIdNull?: boolean;
  parentIdEq?: number;
}

export interface NoticeFilter {
  type?: NoticeType;
  timelineState?: TimelineFilter;
  metricsComponentId?: number;
  /** [start, end] in epoch ms: notices whose impact window overlaps it. */
  impactOverlaps?: [number, number];
}

export interface Timeframe {
  /** yyyy-mm-dd as requested; range rules need `now` and are checked by the metrics renderer. */
  start?: string;
  end?: string;
}

export type ApiRequest =
  | { endpoint: 'status' }
  | { endpoint: 'components'; filter: ComponentFilter; page: number }
  | { endpoint: 'metrics'; componentId: number; timeframe: Timeframe; showCalculations: boolean }
  | { endpoint: 'notices'; filter: NoticeFilter; page: number }
  | { endpoint: 'notice'; id: number };

export type ApiErrorCode = 'not_found' | 'bad_request' | 'method_not_allowed' | 'rate_limited';

/** An API error answer, in the shape DESIGN 4 gives. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: 400 | 404 | 405 | 429,
    readonly code: ApiErrorCode,
    message: string,
  ) {
    super(message);
  }

  toJSON(): { error: { status: number; code: string; message: string } } {
    return { error: { status: this.status, code: this.code, message: this.message } };
  }
}

export const notFound = (message: string): ApiError => new ApiError(404, 'not_found', message);
export const badRequest = (message: string): ApiError => new ApiError(400, 'bad_request', message);
