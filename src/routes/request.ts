// The API requests statuspress answers, as data. The router parses URLs into these; the renderer
// answers them; the writer and the host configurations turn them into file paths. One shape for all
// three is what keeps prebuilt files, served URLs and printed links from drifting apart.
import type { TimelineState } from '../types.js';
import type { ComponentFilter, NoticeFilter, Timeframe } from './table.js';

export type { ComponentFilter, NoticeFilter, Timeframe } from './table.js';

/** `past` is the filter alias for past_recent + past_distant: real clients of this API send it. */
export type TimelineFilter = TimelineState | 'past';

export type ApiRequest =
  | { endpoint: 'status' }
  | { endpoint: 'components'; filter: ComponentFilter; page: number }
  | { endpoint: 'metrics'; componentId: number; timeframe: Timeframe; showCalculations: boolean }
  | { endpoint: 'notices'; filter: NoticeFilter; page: number }
  | { endpoint: 'notice'; id: number };

export type ApiErrorCode = 'not_found' | 'bad_request' | 'method_not_allowed' | 'rate_limited';

/** An API error answer: `{"error": {"status", "code", "message"}}`. */
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

/** A 404 with the message as given. */
export const notFound = (message: string): ApiError => new ApiError(404, 'not_found', message);
/** A 400 with the message as given; it names the parameter at fault. */
export const badRequest = (message: string): ApiError => new ApiError(400, 'bad_request', message);
