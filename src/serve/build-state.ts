// Reading the state a build left in its output (src/render/state.ts writes it).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { deriveSite } from '../derive/index.js';
import type { DerivedSite } from '../derive/index.js';
import { fail } from '../errors.js';
import { COMMAND } from '../errors/command.js';
import { STATE_FORMAT } from '../render/state.js';
import type { BuildState } from '../render/state.js';
import { STATE_FILE } from '../routes/files.js';

/** Derives the site of the build in `dir` as of the build's `now`; throws `serve/not-a-build` or `serve/other-version` when it cannot. */
export async function readState(dir: string): Promise<DerivedSite> {
  const file = path.join(dir, STATE_FILE);
  let state: BuildState;
  try {
    state = JSON.parse(await readFile(file, 'utf8')) as BuildState;
  } catch (error) {
    throw fail(COMMAND.notABuild, { dir, file: STATE_FILE }, { cause: error });
  }
  if (state.format !== STATE_FORMAT) {
    throw fail(COMMAND.otherVersion, { dir });
  }
  return deriveSite(state.content, Date.parse(state.now));
}
