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
}

/** Builds the site; throws ContentError with every problem, or StatuspressError, leaving outDir untouched. */
export async function build({ contentDir, outDir, now = Date.now() }: BuildOptions): Promise<BuildResult> {
  const content = await readContent(contentDir);
  const site = deriveSite(content, now);
  const pages = [...renderApi(site), ...renderHtml(site, await loadTemplates())];
  const files = [...pages, ...(await compressFiles(pages)), ...renderHostFiles(), renderState(content, now)];
  const bytes = await writeOutput(outDir, files);
  return { now, files: files.length, bytes };
}
