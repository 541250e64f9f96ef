// The build's state, kept in the output for `statuspress serve`: the build's `now` and the published
// content, so on-demand answers are computed by the same code as of the same moment (DESIGN 4).
// Only published content goes in: updates dated after `now` must not leak through the output.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { deriveSite } from './derive/index.js';
import { isPublished } from './derive/updates.js';
import type { DerivedSite } from './derive/index.js';
import { StatuspressError } from './errors.js';
import type { OutputFile } from './render/types.js';
import { STATE_FILE } from './routes/files.js';
import type { Content } from './types.js';

const FORMAT = 1;

interface BuildState {
  format: number;
  now: string;
  content: Content;
}

export function renderState(content: Content, now: number): OutputFile {
  const notices = content.notices
    .map((n) => ({ ...n, updates: n.updates.filter((u) => isPublished(u, now)) }))
    .filter((n) => n.updates.length > 0);
  const state: BuildState = { format: FORMAT, now: new Date(now).toISOString(), content: { ...content, notices } };
  return { path: STATE_FILE, contents: JSON.stringify(state) };
}

/** Reads the state a build left in `dir` and derives the site as of the build's `now`. */
export async function readState(dir: string): Promise<DerivedSite> {
  const file = path.join(dir, STATE_FILE);
  let state: BuildState;
  try {
    state = JSON.parse(await readFile(file, 'utf8')) as BuildState;
  } catch (error) {
    throw new StatuspressError('build_state_missing', `${dir} is not a statuspress build (cannot read ${STATE_FILE})`, {
      hint: 'Run `statuspress build` first, or point --dir at the output folder.',
      cause: error,
    });
  }
  if (state.format !== FORMAT) {
    throw new StatuspressError('build_state_missing', `${dir} was built by another version of statuspress`, {
      hint: 'Run `statuspress build` again.',
    });
  }
  return deriveSite(state.content, Date.parse(state.now));
}
