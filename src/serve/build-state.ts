// Reading the state a build left in its output (src/render/state.ts writes it).
import { readFile, realpath } from 'node:fs/promises';
import path from 'node:path';
import type { KeptBuild } from '../build.js';
import { deriveSite } from '../derive/index.js';
import type { DerivedSite } from '../derive/index.js';
import { fail } from '../errors/error.js';
import { COMMAND } from '../errors/command.js';
import { STATE_FORMAT } from '../render/state.js';
import type { BuildState } from '../render/state.js';
import { KEPT_TEMPLATES_DIR, STATE_FILE } from '../routes/files.js';

/** The state of the build in `dir`; throws `serve/not-a-build` or `serve/other-version` when it cannot be read. */
export async function readBuildState(dir: string): Promise<BuildState> {
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
  return state;
}

/** Derives the site of the build in `dir` as of the build's `now`; throws as readBuildState does. */
export async function readState(dir: string): Promise<DerivedSite> {
  const state = await readBuildState(dir);
  return deriveSite(state.content, Date.parse(state.now));
}

/** What the build the output `dir` holds kept for a build of the same content (`build --again`). */
export async function readKept(dir: string): Promise<KeptBuild> {
  const folder = await realpath(dir).catch(() => path.resolve(dir));
  const { content } = await readBuildState(folder);
  return { content, templatesDir: path.join(folder, KEPT_TEMPLATES_DIR), folder };
}
