// Kept in the output for `statuspress serve` (src/serve/build-state.ts reads it), so answers computed
// on demand come from the same code as of the same moment. Only published content goes in: updates
// dated after `now` must not leak through the output.
import { publishedContent } from '../derive/updates.js';
import { NEXT_CHANGE_FILE, STATE_FILE } from '../routes/files.js';
import type { Content } from '../content/types.js';
import type { OutputFile } from '../write/types.js';

/** Bumped whenever the shape below changes: serve refuses a state it cannot read. */
export const STATE_FORMAT = 2; // 2: the site's maintenance spelling

export interface BuildState {
  format: number;
  /** The moment the build describes, ISO 8601. */
  now: string;
  content: Content;
}

export function renderState(content: Content, now: number): OutputFile {
  const state: BuildState = { format: STATE_FORMAT, now: new Date(now).toISOString(), content: publishedContent(content, now) };
  return { path: STATE_FILE, contents: JSON.stringify(state) };
}

/** `_statuspress/next-change`: that moment as an ISO instant, or `none`, on one line (for a scheduler outside). */
export function renderNextChange(next: number | null): OutputFile {
  return { path: NEXT_CHANGE_FILE, contents: `${next === null ? 'none' : new Date(next).toISOString()}\n` };
}
