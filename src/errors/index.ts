// The error catalogue: every error a user can see, each one entry (see entry.ts for the shape and
// README.md for the codes). docs/errors.md is generated from this list (`npm run errors-doc`).
import { API } from './api.js';
import { COMMAND } from './command.js';
import { CONTENT } from './content.js';
import type { AnyEntry } from './entry.js';

export { API } from './api.js';
export { COMMAND } from './command.js';
export { CONTENT } from './content.js';
export { say, USAGE_HINT } from './entry.js';
export type { AnyEntry, ApiEntry, ApiStatus, CommandEntry, ContentEntry, ParamsOf } from './entry.js';

type CodeOf<T> = T[keyof T] extends { code: infer C } ? C : never;
export type CommandCode = CodeOf<typeof COMMAND>;
export type ContentCode = CodeOf<typeof CONTENT>;
export type ApiCode = CodeOf<typeof API>;

/** Every entry: command errors, then content problems, then API errors, each in the order of its file. */
export const CATALOGUE: readonly AnyEntry[] = [...Object.values(COMMAND), ...Object.values(CONTENT), ...Object.values(API)];
