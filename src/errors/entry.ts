// The shape of an entry of the error catalogue, and how an entry becomes words. Every error a user can
// see is one entry: a stable code, a title, when it happens, the message as a function of typed
// parameters, and a hint. Three kinds, by where the user meets them:
// - `command`: printed by the CLI, which then exits with the entry's code (2 usage, 1 other failures;
//   0 for a warning, printed while the command succeeds);
// - `content`: one problem in the content, printed as `file:line:column  path: message`;
// - `api`: an error answer of the API, `{"error": {"status", "code", "message"}}`.

/** HTTP status of an API error answer. */
export type ApiStatus = 400 | 404 | 405 | 429 | 500 | 503;

/** The `code` of an API error answer: the name of its status. */
export type ApiErrorCode = 'not_found' | 'bad_request' | 'method_not_allowed' | 'rate_limited' | 'internal_error' | 'unavailable';

/** Each status's name, the answer's `code`. */
export const STATUS_NAME: Readonly<Record<ApiStatus, ApiErrorCode>> = {
  400: 'bad_request',
  404: 'not_found',
  405: 'method_not_allowed',
  429: 'rate_limited',
  500: 'internal_error',
  503: 'unavailable',
};

export type ErrorAnswer = { error: { status: ApiStatus; code: ApiErrorCode; message: string } };

/** The body of an error answer: ApiError.toJSON() (src/routes/request.ts), the host configurations' answers, docs/errors.md. */
export function errorAnswer(status: ApiStatus, message: string): ErrorAnswer {
  return { error: { status, code: STATUS_NAME[status], message } };
}

/**
 * The hint of an error in the command line itself (an unknown flag, a bad value): the CLI prints the
 * command's options after the message (every command's, for an unknown command).
 */
export const USAGE_HINT = 'the command’s usage' as const;

interface Common<C extends string, P> {
  /** Stable: never renamed or given to another error once published. `<prefix>/<name>`. */
  readonly code: C;
  /** A few words naming the problem: its heading in docs/errors.md. */
  readonly title: string;
  /** When it happens (for docs/errors.md). */
  readonly when: string;
  /** The message of one occurrence: the only place its wording lives. */
  readonly message: (params: P) => string;
  /** Parameters of the example message in docs/errors.md (none for a message without parameters). */
  readonly example?: NoInfer<P>;
}

interface CommandFields<P, X extends 0 | 1 | 2> {
  /** Exit code of the command: 2 usage error, 1 any other failure, 0 a warning (the command succeeded). */
  readonly exit: X;
  /**
   * What to do, printed on the line under the message; none when the message already says it.
   * USAGE_HINT: the command's usage is printed instead.
   */
  readonly hint?: string | ((params: P) => string | undefined) | typeof USAGE_HINT;
}

export interface CommandEntry<C extends string = string, P = never, X extends 0 | 1 | 2 = 0 | 1 | 2> extends Common<C, P>, CommandFields<P, X> {
  readonly kind: 'command';
}

interface ContentFields {
  /**
   * What to do, at more length than the message: the printed line already ends in the short
   * instruction (`…; remove it`), since one problem is always one line. Shown in docs/errors.md.
   */
  readonly hint: string;
  /**
   * A note, not a problem: printed (by `validate`, and as a warning by `build`), but the content is
   * valid and the command succeeds. An update dated after `now` is one.
   */
  readonly note?: true;
}

export interface ContentEntry<C extends string = string, P = never> extends Common<C, P>, ContentFields {
  readonly kind: 'content';
}

interface ApiFields {
  readonly status: ApiStatus;
  /** What a client (or the status page's owner) can do about it; shown in docs/errors.md. */
  readonly hint: string;
}

export interface ApiEntry<C extends string = string, P = never> extends Common<C, P>, ApiFields {
  readonly kind: 'api';
}

/* eslint-disable @typescript-eslint/no-explicit-any -- an entry, whatever its parameters */
export type AnyCommandEntry = CommandEntry<string, any>;
export type AnyContentEntry = ContentEntry<string, any>;
export type AnyApiEntry = ApiEntry<string, any>;
/* eslint-enable @typescript-eslint/no-explicit-any */
export type AnyEntry = AnyCommandEntry | AnyContentEntry | AnyApiEntry;

/** The parameters an entry's message takes: a tuple, empty for a message without parameters. */
export type ParamsOf<E extends AnyEntry> = Parameters<E['message']>;

/** An entry for the command-line part of the catalogue; its parameters are those of `message`. */
export const command = <const C extends string, const X extends 0 | 1 | 2, P = void>(
  entry: Common<C, P> & CommandFields<P, X>,
): CommandEntry<C, P, X> => ({
  kind: 'command',
  ...entry,
});

/** An entry for the content part of the catalogue. */
export const content = <const C extends string, P = void>(entry: Common<C, P> & ContentFields): ContentEntry<C, P> => ({
  kind: 'content',
  ...entry,
});

/** An entry for the API part of the catalogue. */
export const api = <const C extends string, P = void>(entry: Common<C, P> & ApiFields): ApiEntry<C, P> => ({ kind: 'api', ...entry });

/** The code and message of one occurrence of `entry`: what a content issue carries. */
export function say<E extends AnyEntry>(entry: E, ...params: ParamsOf<E>): { code: E['code']; message: string } {
  return { code: entry.code, message: (entry.message as (...p: unknown[]) => string)(...params) };
}
