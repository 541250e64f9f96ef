// build(): the recipe. load → validate → derive → render → write.
import path from 'node:path';
import { loadContent, requireValid, validateContent } from './content/index.js';
import { deriveSite } from './derive/index.js';
import { formatIssue } from './errors.js';
import { renderHostFiles } from './hosting/index.js';
import { renderApi } from './render/api.js';
import { noticeClaims, noticePages, renderHtml, siteRenderer } from './render/html.js';
import { startHtmlThread } from './render/html-thread.js';
import { loadTheme } from './render/site/theme.js';
import { renderState } from './render/state.js';
import { stageRunner } from './stages.js';
import { openOutput } from './write/index.js';

export interface BuildOptions {
  contentDir: string;
  outDir: string;
  /** The moment the output describes, epoch ms; default: the clock. */
  now?: number;
  /** The site's own templates (must exist); default: `templates/` beside the content folder, when there is one. */
  templatesDir?: string;
}

export type BuildStage = 'load' | 'validate' | 'derive' | 'render' | 'write';

export interface BuildResult {
  now: number;
  files: number;
  bytes: number;
  /** Problems that did not stop the build: the new output is in place (e.g. an old output left behind). */
  warnings: string[];
  /**
   * Milliseconds per stage, for `statuspress build --timings` and the benchmark. Files are written
   * as they are rendered (in `render`); `write` is publishing the new output and removing the old.
   */
  timings: Partial<Record<BuildStage, number>>;
}

/** Builds the site; throws ContentError with every problem, or StatuspressError, leaving outDir untouched. */
export async function build({ contentDir, outDir, now = Date.now(), templatesDir }: BuildOptions): Promise<BuildResult> {
  const stage = stageRunner<BuildStage>();
  const theme = { dir: templatesDir ?? defaultTemplates(contentDir), required: templatesDir !== undefined };
  // The HTML site's own thread starts up while the content is read.
  const output = await openOutput(outDir, { outside: [contentDir] });
  const htmlThread = startHtmlThread();
  try {
    // The theme is loaded here too, so a broken template is reported with the content's problems.
    const [loaded, themed] = await stage('load', () => Promise.all([loadContent(contentDir), loadTheme(theme.dir, { required: theme.required })]));
    const validated = stage('validate', () => validateContent(loaded, { now }));
    const content = requireValid(validated);
    const site = stage('derive', () => deriveSite(content, now));
    await stage('render', async () => {
      // The HTML site renders (and writes) on its own thread meanwhile, or here when there is none.
      const claims = noticeClaims();
      const html = htmlThread?.render({ content, now, templatesDir: theme.dir, required: theme.required, claims, folder: output.folder, outDir });
      // Awaited below; until then a failure of the API's rendering must not leave it unwatched.
      html?.catch(() => undefined);
      output.write(renderApi(site));
      output.write(renderHostFiles());
      output.write([renderState(content, now)]);
      // Then the notice pages the thread has not claimed yet (all of the site, with no thread).
      output.write(html ? noticePages(site, siteRenderer(site, themed), claims) : renderHtml(site, themed));
      if (html) output.adopt(await html);
    });
    const { files, bytes, warnings } = await stage('write', () => output.commit());
    // Updates withheld until after `now`: worth a look (a typo in a year shows as one), not an error.
    return { now, files, bytes, warnings: [...validated.notes.map(formatIssue), ...themed.warnings, ...warnings], timings: stage.timings };
  } catch (error) {
    // The thread first: it may still be writing into the folder discard() removes.
    await htmlThread?.stop();
    await output.discard();
    throw error;
  } finally {
    await htmlThread?.stop();
  }
}

/** `templates/` next to the content folder: where `statuspress init` puts a site's own templates. */
export const defaultTemplates = (contentDir: string): string => path.join(path.dirname(path.resolve(contentDir)), 'templates');
