// build(): the recipe. load → validate → derive → render → write.
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { loadContent, requireValid, validateContent } from './content/index.js';
import { deriveSite } from './derive/index.js';
import { ContentError, formatIssue, shownPath } from './errors.js';
import type { ContentIssue } from './errors.js';
import type { LoadedContent } from './content/index.js';
import { rememberDates } from './i18n/dates.js';
import { MAX_THREADS, RENDER_LIMITS } from './limits.js';
import type { RenderLimits } from './limits.js';
import { renderHostFiles } from './hosting/index.js';
import { renderApi } from './render/api.js';
import { loadPagesOf, noticeClaims, noticePages, renderHtml, siteRenderer, untemplatedFiles } from './render/html.js';
import { textsAhead } from './render/site/ahead.js';
import { loadTheme } from './render/site/theme.js';
import type { Theme } from './render/site/theme.js';
import { startHtmlThread, startTemplateProcess } from './render/worker.js';
import type { Renderer } from './render/worker.js';
import { keptTemplates } from './render/kept.js';
import { nextPublishedChange, renderNextChange, renderState } from './render/state.js';
import { audienceView } from './audience.js';
import { stageRunner } from './stages.js';
import type { Content } from './types.js';
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
   * Instead of contentDir and templatesDir: what a build of outDir kept (`build --again`, serve/kept.ts),
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
  const theme = kept ? { dir: kept.templatesDir, required: false } : { dir: templatesDir ?? defaultTemplates(contentDir), required: templatesDir !== undefined };
  // Its write thread starts now too, and writes and compresses what this thread renders.
  const output = await openOutput(outDir, kept ? { thread: true, replacing: kept.folder } : { outside: [contentDir], thread: true });
  // The HTML site's renderers start up while the content is read, as soon as the theme is known: with
  // the site's own templates, one process of their own renders the pages of the templates (they
  // render nowhere else: render/worker.ts); with the built-in ones, threads on cores to spare (the first renders the
  // site, any others only notice pages), or none: this thread renders it.
  // A site's own templates are checked and compiled in their process, not here: this thread reads them only.
  const themeRead = loadTheme(theme.dir, { required: theme.required, compile: false });
  // Known here once started: they are handed texts to render ahead between the content's reading and its validation, without a turn of the event loop.
  let starting: Renderer[] = [];
  const renderers = themeRead.then(
    (themed) => (starting = startRenderers(themed, theme, threads, { ...RENDER_LIMITS, ...renderLimits })),
    () => [] as Renderer[],
  );
  // The theme is ready once read, and, with templates of the site's own, once their process has checked them.
  const themeLoaded = themeRead.then(async (themed) => {
    for (const renderer of await renderers) await renderer.checked;
    return themed;
  });
  const stopRenderers = (): Promise<unknown> => renderers.then((list) => Promise.all(list.map((r) => r.stop())), () => undefined);
  // The templates are read before the content: read alongside, their dozen files waited behind the
  // content's thousands in Node's I/O queue, and their process started 0.3 s later (2,000 notices).
  // With no templates/ folder there is nothing to read: the built-in theme loads Handlebars' runtime
  // (10-15 ms) while the content is read.
  if (theme.required || existsSync(theme.dir)) await themeRead.catch(() => undefined);
  try {
    // The theme is made ready with the content, so a broken template is reported with the content's problems.
    // Texts ahead (render/site/ahead.ts): to the process of the site's own templates, which renders
    // them all; else the write thread writes the dates of the pages this thread will render.
    const [{ content, notes }, themed] = kept ? [{ content: kept.content, notes: [] }, await themeLoaded] : await readContent(contentDir, { now, audience }, stage, themeLoaded, (loaded) => {
      const ahead = starting.filter((renderer) => renderer.ahead !== undefined);
      if (ahead.length > 0) ahead.forEach((renderer) => renderer.ahead!(loaded));
      else output.ahead(textsAhead(loaded, { withMarkdown: false }));
    });
    // The HTML site renders (and writes) on its renderers, or here when there are none. Their jobs go
    // out first, before this thread derives the site: what follows keeps this thread busy, and a
    // process's channel writes only as its event loop turns.
    const started = await renderers;
    const claims = noticeClaims();
    const own = themed.own.length > 0;
    const job = { content, now, templatesDir: theme.dir, required: theme.required, folder: output.folder, outDir };
    const jobs = started.map((renderer, i) => renderer.render(own ? { ...job, part: 'pages' } : { ...job, claims, part: i === 0 ? 'site' : 'notices' }));
    const html = Promise.all(jobs.map((j) => j.written));
    // Awaited below; until then a failure here (deriving, rendering the API) must not leave it unwatched.
    html.catch(() => undefined);
    await Promise.all(jobs.map((j) => j.sent));
    const site = stage('derive', () => deriveSite(content, now));
    const next = nextPublishedChange(content, now);
    output.datesWritten().forEach(rememberDates);
    await stage('render', async () => {
      output.write(renderApi(site));
      output.write(renderHostFiles(content.site.private));
      output.write([renderState(content, now), renderNextChange(next), ...keptTemplates(theme.dir, content.site.locales ?? [content.site.locale])]);
      // Then, with the site's own templates, what none of them renders (the styles, feeds, badges:
      // their process renders only their pages); else the notice pages no thread has claimed yet
      // (all of the site, with no thread).
      await loadPagesOf(site.site);
      if (own) output.write(untemplatedFiles(site, siteRenderer(site, themed)));
      else output.write(started.length > 0 ? noticePages(site, siteRenderer(site, themed), claims) : renderHtml(site, themed));
      for (const written of await html) output.adopt(written);
    });
    const { files, bytes, warnings } = await stage('write', () => output.commit());
    // Updates withheld until after `now`: worth a look (a typo in a year shows as one), not an error.
    return { now, nextChange: next, files, bytes, warnings: [...notes, ...themed.warnings, ...warnings], timings: stage.timings };
  } catch (error) {
    // The renderers first: they may still be writing into the folder discard() removes.
    await stopRenderers();
    // The build's error is the one to report, even when removing its folder fails too (the next build removes it).
    await output.discard().catch(() => undefined);
    throw error;
  } finally {
    await stopRenderers();
  }
}

/**
 * The content read and validated, with the notes to report, and the theme loaded meanwhile. A
 * function of its own so that the files as read (their text and the positions of every value, for
 * problems' file:line) are let go once validated, not held by build()'s closures through the whole
 * rendering: on 40,000 notices they were a third of the build's live memory. `read` hears of the
 * files as read, before they are validated (the process of a site's own templates renders texts
 * ahead meanwhile: render/site/ahead.ts).
 */
async function readContent(
  contentDir: string,
  { now, audience }: { now: number; audience: string | undefined },
  stage: ReturnType<typeof stageRunner<BuildStage>>,
  themeLoaded: Promise<Theme>,
  read: (loaded: LoadedContent) => void,
): Promise<[{ content: Content; notes: string[] }, Theme]> {
  // The theme is made ready meanwhile (a site's own templates checked and compiled in their
  // process), and awaited once the content is validated: `templates` is the time waited for it.
  themeLoaded.catch(() => undefined);
  const loaded = await stage('load', () => loadContent(contentDir));
  read(loaded);
  // Its notes, as its output, of what the audience sees only.
  const validated = stage('validate', () => validateContent(loaded, { now, audience: audience ?? null }));
  const themed = await stage('templates', () => themeLoaded).catch((error: unknown) => {
    // Every problem at once: the templates' and the content's, each file named as the command shows it.
    if (!(error instanceof ContentError) || validated.value !== null) throw error;
    const shown = (issues: ContentIssue[], folder: string | undefined): ContentIssue[] => issues.map((issue) => ({ ...issue, file: shownPath(folder, issue.file) }));
    throw new ContentError([...shown(error.issues, error.folder), ...shown(validated.issues, loaded.dir)]);
  });
  // What follows sees only what the audience sees (src/audience.ts).
  const content = audienceView(requireValid(validated, loaded.dir), audience ?? null);
  return [{ content, notes: validated.notes.map((note) => formatIssue(note, loaded.dir)) }, themed];
}

/**
 * A thread for the HTML site per core beyond two, at most three: the main thread and its write thread
 * take two. On two cores an HTML thread only takes turns with them (it costs 0.3 s of CPU to start,
 * load its code and take the content over): the main thread renders all, 0.1 s sooner. Node counts
 * the machine's cores, not a container's CPU quota: `statuspress build --threads` says otherwise.
 */
export const defaultThreads = (): number => Math.min(MAX_DEFAULT_THREADS, Math.max(0, availableParallelism() - 2));
const MAX_DEFAULT_THREADS = 3;

/**
 * The renderers of the HTML site: for the site's own templates, the process that renders them, held
 * to `limits` (a system that refuses it fails the build: they are never rendered in this thread); else up to
 * `count` threads (0 to MAX_THREADS), fewer when the system refuses one (a limit on processes or
 * threads, as in a container): the build goes on with those it has, down to none.
 */
function startRenderers(themed: Theme, theme: { dir: string; required: boolean }, count: number, limits: RenderLimits): Renderer[] {
  if (themed.own.length > 0) return [startTemplateProcess(themed, theme.dir, theme.required, limits)];
  const threads: Renderer[] = [];
  const wanted = Number.isFinite(count) ? Math.max(0, Math.min(MAX_THREADS, Math.floor(count))) : 0;
  for (let i = 0; i < wanted; i++) {
    try {
      threads.push(startHtmlThread());
    } catch {
      break; // EAGAIN and the like, thrown by new Worker()
    }
  }
  return threads;
}

/** `templates/` next to the content folder: where `statuspress init` puts a site's own templates. */
export const defaultTemplates = (contentDir: string): string => path.join(path.dirname(path.resolve(contentDir)), 'templates');
