// The API requests statuspress answers, as data, and the error answer. The router parses URLs into
// requests; the renderer answers them; the writer and the host configurations turn them into file
// paths. One shape for all three is what keeps prebuilt files, served URLs and printed links from
// drifting apart. Every error answer is made from an entry of the error catalogue (src/errors/api.ts).
import { errorAnswer, say, STATUS_NAME } from '../errors/entry.js';
import type { AnyApiEntry, ApiErrorCode, ApiStatus, ErrorAnswer, ParamsOf } from '../errors/entry.js';

// Defined with the table their filters are made from, which must not import this module.
export type { ApiRequest, ComponentFilter, NoticeFilter, StatuspageEndpoint, Timeframe } from './table.js';

// The error answer's shape is the catalogue's (src/errors/entry.ts): docs/errors.md shows it too.
export { errorAnswer } from '../errors/entry.js';
export type { ApiErrorCode, ErrorAnswer } from '../errors/entry.js';

/** An API error answer: `{"error": {"status", "code", "message"}}`, for one entry of the catalogue. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: ApiStatus;
  readonly code: ApiErrorCode;

  /** Use apiError(): it takes the words from the entry. */
  constructor(
    /** The catalogue entry (`entry.code` is its stable code, `api/no-record`); not part of the answer. */
    readonly entry: AnyApiEntry,
    message: string,
  ) {
    super(message);
    this.status = entry.status;
    this.code = STATUS_NAME[entry.status];
  }

  toJSON(): ErrorAnswer {
    return errorAnswer(this.status, this.message);
  }
}

/** The error answer of an API entry for one occurrence, its message from `params`. */
export function apiError<E extends AnyApiEntry>(entry: E, ...params: ParamsOf<E>): ApiError {
  return new ApiError(entry, say(entry, ...params).message);
}
