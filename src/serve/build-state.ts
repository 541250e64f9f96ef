// Reading the state a build left in its output (src/render/state.ts writes it).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { deriveSite } from '../derive/index.js';
import type { DerivedSite } from '../derive/index.js';
import { StatuspressError } from '../errors.js';
import { STATE_FORMAT } from '../render/state.js';
import type { BuildState } from '../render/state.js';
import { STATE_FILE } from '../routes/files.js';

/** Derives the site of the build in `dir` as of the build's `now`; throws build_state_missing when `dir` is not a build. */
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
  if (state.format !== STATE_FORMAT) {
    throw new StatuspressError('build_state_missing', `${dir} was built by another version of statuspress`, {
      hint: 'Run `statuspress build` again.',
    });
  }
  return deriveSite(state.content, Date.parse(state.now));
}
