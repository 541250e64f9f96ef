// build(): the recipe. load → validate → derive → render → write.
import { readContent } from './content/index.js';
import { deriveSite } from './derive/index.js';
import { renderHostFiles } from './hosting/index.js';
import { renderApi } from './render/api.js';
import { renderHtml } from './render/html.js';
import { renderState } from './state.js';
import { openOutput } from './write/index.js';

export interface BuildOptions {
  contentDir: string;
  outDir: string;
  /** The moment the output describes, epoch ms; default: the clock. */
  now?: number;
}

export interface BuildResult {
  now: number;
  files: number;
  bytes: number;
  /** Problems that did not stop the build: the new output is in place (e.g. an old output left behind). */
  warnings: string[];
  /**
   * Milliseconds per stage, for `statuspress build --timings` and the benchmark. Writing overlaps
   * rendering: `write` is only the wait for the writers after the last file was rendered.
   */
  timings: Record<'load' | 'derive' | 'render' | 'write', number>;
}

/** Builds the site; throws ContentError with every problem, or StatuspressError, leaving outDir untouched. */
export async function build({ contentDir, outDir, now = Date.now() }: BuildOptions): Promise<BuildResult> {
  const clock = stopwatch();
  // Opened first: its write workers start up while the content is read.
  const output = await openOutput(outDir);
  try {
    const content = await readContent(contentDir);
    const load = clock();
    const site = deriveSite(content, now);
    const derive = clock();
    // The workers write (and compress) each batch of files while the next is rendered.
    output.write(renderApi(site));
    output.write(renderHtml(site));
    output.write(renderHostFiles());
    output.write([renderState(content, now)]);
    const render = clock();
    const { files, bytes, warnings } = await output.commit();
    const write = clock();
    return { now, files, bytes, warnings, timings: { load, derive, render, write } };
  } catch (error) {
    await output.discard();
    throw error;
  }
}

/** Each call returns the milliseconds since the previous one. */
function stopwatch(): () => number {
  let last = performance.now();
  return () => {
    const now = performance.now();
    const elapsed = Math.round(now - last);
    last = now;
    return elapsed;
  };
}
