// What the HTML site's renderers (worker.ts, as a thread or as a process of its own) and the build
// say to each other. Imports types only, and the two markers, so the single-file CLI's entry can read them cheaply.
import type { ContentIssue, SourceLocation } from '../errors.js';
import type { SiteRequest } from '../routes/site.js';
import type { Content } from '../types.js';
import type { Written } from '../write/files.js';
import type { OutputFile } from './types.js';

/** workerData.role of a thread that renders the HTML site (with the built-in templates). */
export const THREAD_ROLE = 'statuspress-html';
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

/**
 * To the process of a site's own templates, before its job: the texts to render ahead (site/ahead.ts),
 * `bytes` of JSON at the start of the file that is its descriptor TEXTS_FD. A file, written by the
 * build at once: the build's thread goes on validating the content without turning its event loop,
 * and a pipe (the IPC channel) takes 64 KB before it waits for that.
 */
export interface AheadMessage {
  ahead: number;
}

/** The descriptor of the file the build writes the texts to render ahead into. */
export const TEXTS_FD = 5;

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
 * says first, before any job, whether they passed their checks and compiled: `checked`, null if so.
 */
export type FromRenderer = RenderEnd | { checked: ThrownError | null };

/** How a job ends. */
export type RenderEnd = { done: Written } | { error: ThrownError };

/**
 * The process that renders a site's own templates writes a line to a file as it starts each page:
 * the page's template, a tab, its title. The file is its descriptor PAGES_FD, opened by the build,
 * which reads what was added each time it looks (render/worker.ts): one write(2) a page to a file,
 * which wakes nobody (a line a page on its stderr, a pipe, had cost 0.4 s on 2,000 notices, and a
 * message a page over the IPC channel 0.3 s of CPU), and written even while the process is then
 * kept busy: the build stops it when a page takes too long, and names that page.
 */
export const PAGES_FD = 4;

/** The line the process writes once every page is rendered, while the last files are written: no page's clock runs then. */
export const RENDERED_LINE = '\t\n';

/** The line the process writes for a page. */
export const pageLine = (name: string, title: string): string => `${name}\t${title.replace(/[\t\r\n]/g, ' ')}\n`;
