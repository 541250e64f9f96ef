// build(): the recipe. load → validate → derive → render → write.
import { readContent } from './content/index.js';
import { deriveSite } from './derive/index.js';
import { renderHostFiles } from './hosting/index.js';
import { renderApi } from './render/api.js';
import { compressFiles } from './render/compress.js';
import { renderHtml } from './render/html.js';
import { renderState } from './state.js';
import { loadTemplates } from './templates.js';
import { writeOutput } from './write.js';

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
  /** Milliseconds per stage, for `statuspress build --timings` and the benchmark. */
  timings: Record<'load' | 'derive' | 'render' | 'write', number>;
}

/** Builds the site; throws ContentError with every problem, or StatuspressError, leaving outDir untouched. */
export async function build({ contentDir, outDir, now = Date.now() }: BuildOptions): Promise<BuildResult> {
  const clock = stopwatch();
  const content = await readContent(contentDir);
  const load = clock();
  const site = deriveSite(content, now);
  const derive = clock();
  const pages = [...renderApi(site), ...renderHtml(site, await loadTemplates())];
  const render = clock();
  // Compressed copies are made in worker threads while the writer puts everything else on disk.
  const compressed = compressFiles(pages);
  const files = [...pages, ...renderHostFiles(), renderState(content, now)];
  const bytes = await writeOutput(outDir, files, compressed);
  const write = clock();
  return { now, files: files.length + (await compressed).length, bytes, timings: { load, derive, render, write } };
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
