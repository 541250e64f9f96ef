// Imports types only, and the markers of roles, so the single-file CLI's entry can read them cheaply.
import type { ContentIssue, SourceLocation } from '../errors/error.js';
import type { SiteRequest } from '../routes/site.js';
import type { Content } from '../content/types.js';
import type { Written } from '../write/files.js';
import type { OutputFile } from '../write/types.js';

/** workerData.role of a thread that renders the HTML site (with the built-in templates). */
export const THREAD_ROLE = 'statuspress-html';
/** workerData.role of the thread in such a process that ends it once its parent is gone. */
export const WATCH_ROLE = 'statuspress-watch-parent';
/** The first argument of the process that renders with a site's own templates. */
export const PROCESS_FLAG = '--statuspress-render-process';

/**
 * The environment variable that gives such a process the pid of the build (or dev) that started it:
 * it ends itself once that process is gone. Read from its parent when it has started, the pid could
 * already be init's, had the build been killed while the process loaded its code.
 */
export const PARENT_ENV = 'STATUSPRESS_RENDER_PARENT';

/** The first argument of the process `statuspress dev` renders a site's own templates in (src/dev/pages.ts). */
export const PAGES_FLAG = '--statuspress-page-process';

/** To that process: the site to render from now on (after each change), or one page of it (null: the 404 page, of `locale` if the site has it). */
export type ToPageProcess = { site: { content: Content; now: number } } | { page: SiteRequest | null; locale?: string };

/**
 * From it, for each page asked, in order: `begun` once the page starts to render (its templates
 * compiled and the site derived: the page's clock runs from then, as in a build), then its file
 * (null: no such page) or the error; or the error alone, when it could not begin.
 */
export type FromPageProcess = { begun: true } | { file: OutputFile | null } | { error: ThrownError };

/** To a renderer, once: what to render and where to write it. */
export interface RenderJob {
  /** The validated content, and the moment: the renderer derives the site itself. */
  content: Content;
  now: number;
  templatesDir: string;
  required: boolean;
  /** The build's folder (Output.folder), which the renderer writes its files into, and the output as the user named it, for messages. */
  folder: string;
  outDir: string;
  /**
   * The whole site; only notice pages (a further thread, on a machine with cores to spare); or only
   * the pages of the theme's templates (the process of a site's own templates: the build renders the rest).
   */
  part: 'site' | 'notices' | 'pages';
  /** Threads only: the counter the notice pages are claimed from, shared with the main thread (see renderHtml). */
  claims?: Int32Array;
}

/** An error as the renderer had it: the main thread throws the same catalogue entry and words. */
export interface ThrownError {
  message: string;
  stack?: string;
  code?: string;
  hint?: string;
  location?: SourceLocation;
  /** A ContentError's problems (a site's templates that fail their checks). */
  issues?: ContentIssue[];
}

/**
 * From a renderer, once: `done` with what it wrote, or `error`. The process of a site's own templates
 * says first, before any job, whether they passed their checks and compiled (`checked`, null if so),
 * then the template and title of each page as it starts it, and `rendered` once every page is (no
 * page's clock runs while the last files are written).
 */
export type FromRenderer = RenderEnd | { checked: ThrownError | null } | { page: [template: string, title: string] } | { rendered: true };

export type RenderEnd = { done: Written } | { error: ThrownError };
