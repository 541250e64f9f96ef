// build(): the recipe. load → validate → derive → render → write.
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { audienceView } from './content/audience.js';
import { loadContent, requireValid, validateContent } from './content/index.js';
import { deriveSite, nextPublishedChange } from './derive/index.js';
import { ContentError, formatIssue, shownPath } from './errors/error.js';
import type { ContentIssue } from './errors/error.js';
import { RENDER_LIMITS } from './util/limits.js';
import type { RenderLimits } from './util/limits.js';
import { renderHostFiles } from './hosting/index.js';
import { renderApi } from './render/api.js';
import { keptTemplates } from './render/kept.js';
import { startRenderers } from './render/renderers.js';
import type { Theme } from './theme/theme.js';
import { renderNextChange, renderState } from './render/state.js';
import { stageRunner } from './util/stages.js';
import type { Content } from './content/types.js';
import { openOutput } from './write/index.js';

export interface BuildOptions {
  contentDir: string;
  outDir: string;
  /** The moment the output describes, epoch ms; default: the clock. */
  now?: number;
  /** The site's own templates (must exist); default: `templates/` beside the content folder, when there is one. */
  templatesDir?: string;
  /** Threads that render the HTML site beside this one (0: all here); default: defaultThreads(). */
  threads?: number;
  /** The limits the site's own templates render within; default: RENDER_LIMITS (the tests set them in milliseconds). */
  renderLimits?: Partial<RenderLimits>;
  /**
   * Instead of contentDir and templatesDir: what a build of outDir kept (`build --again`, render/kept.ts),
   * built as of `now`. It replaces only that build: should another take its place meanwhile, this one
   * is dropped (`output/superseded`).
   */
  kept?: KeptBuild;
  /** The audience whose site to build (site.yaml `audiences`); default: the public's. */
  audience?: string;
}

/** The published content and the site's own templates a build kept beside its output, and its folder. */
export interface KeptBuild {
  content: Content;
  /** `_statuspress/templates` of that build: missing when the site has none of its own. */
  templatesDir: string;
  folder: string;
}

export type BuildStage = 'load' | 'validate' | 'templates' | 'derive' | 'render' | 'write';

export interface BuildResult {
  now: number;
  /** When the output next changes by time alone (published facts only), epoch ms; null: never. */
  nextChange: number | null;
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
export async function build({ contentDir, outDir, now = Date.now(), templatesDir, threads = defaultThreads(), renderLimits, kept, audience }: BuildOptions): Promise<BuildResult> {
  const stage = stageRunner<BuildStage>();
  const templates = kept ? { dir: kept.templatesDir, required: false } : { dir: templatesDir ?? defaultTemplates(contentDir), required: templatesDir !== undefined };
  // Its write thread starts now too, and writes and compresses what this thread renders.
  const output = await openOutput(outDir, kept ? { thread: true, replacing: kept.folder } : { outside: [contentDir], thread: true });
  // The HTML site's renderers start up while the content is read (render/renderers.ts).
  const renderers = await startRenderers(templates.dir, templates.required, threads, { ...RENDER_LIMITS, ...renderLimits });
  try {
    // The theme is made ready with the content, so a broken template is reported with the content's problems.
    const [{ content, notes }, theme] = kept ? [{ content: kept.content, notes: [] }, await renderers.theme] : await readContent(contentDir, { now, audience }, stage, renderers.theme);
    const html = await renderers.render({ content, now, templatesDir: templates.dir, required: templates.required, folder: output.folder, outDir });
    const site = stage('derive', () => deriveSite(content, now));
    const next = nextPublishedChange(content, now);
    await stage('render', async () => {
      await output.write(renderApi(site));
      await output.write(renderHostFiles(content.site.private));
      await output.write([renderState(content, now), renderNextChange(next), ...keptTemplates(templates.dir, content.site.locales ?? [content.site.locale])]);
      await output.write(html.here(site, theme));
      for (const written of await html.written) output.adopt(written);
    });
    const { files, bytes, warnings } = await stage('write', () => output.commit());
    // Updates withheld until after `now`: worth a look (a typo in a year shows as one), not an error.
    return { now, nextChange: next, files, bytes, warnings: [...notes, ...theme.warnings, ...warnings], timings: stage.timings };
  } catch (error) {
    // The renderers first: they may still be writing into the folder discard() removes.
    await renderers.stop();
    // The build's error is the one to report, even when removing its folder fails too (the next build removes it).
    await output.discard().catch(() => undefined);
    throw error;
  } finally {
    await renderers.stop();
  }
}

/**
 * The content read and validated, with the notes to report, and the theme loaded meanwhile. A
 * function of its own so that the files as read (their text and the positions of every value, for
 * problems' file:line) are let go once validated, not held by build()'s closures through the whole
 * rendering.
 */
async function readContent(
  contentDir: string,
  { now, audience }: { now: number; audience: string | undefined },
  stage: ReturnType<typeof stageRunner<BuildStage>>,
  themeLoaded: Promise<Theme>,
): Promise<[{ content: Content; notes: string[] }, Theme]> {
  // The theme is made ready meanwhile (a site's own templates checked and compiled in their
  // process), and awaited once the content is validated: `templates` is the time waited for it.
  themeLoaded.catch(() => undefined);
  const loaded = await stage('load', () => loadContent(contentDir));
  // Its notes, as its output, of what the audience sees only.
  const validated = stage('validate', () => validateContent(loaded, { now, audience: audience ?? null }));
  const themed = await stage('templates', () => themeLoaded).catch((error: unknown) => {
    // Every problem at once: the templates' and the content's, each file named as the command shows it.
    if (!(error instanceof ContentError) || validated.value !== null) throw error;
    const shown = (issues: ContentIssue[], folder: string | undefined): ContentIssue[] => issues.map((issue) => ({ ...issue, file: shownPath(folder, issue.file) }));
    throw new ContentError([...shown(error.issues, error.folder), ...shown(validated.issues, loaded.dir)]);
  });
  // What follows sees only what the audience sees (src/content/audience.ts).
  const content = audienceView(requireValid(validated, loaded.dir), audience ?? null);
  return [{ content, notes: validated.notes.map((note) => formatIssue(note, loaded.dir)) }, themed];
}

/**
 * A thread for the HTML site per core beyond two, at most three: the main thread and its write thread
 * take two. On two cores an HTML thread would only take turns with them. Node counts the machine's
 * cores, not a container's CPU quota: `statuspress build --threads` says otherwise.
 */
export const defaultThreads = (): number => Math.min(MAX_DEFAULT_THREADS, Math.max(0, availableParallelism() - 2));
const MAX_DEFAULT_THREADS = 3;

/** `templates/` next to the content folder: where `statuspress init` puts a site's own templates. */
export const defaultTemplates = (contentDir: string): string => path.join(path.dirname(path.resolve(contentDir)), 'templates');
