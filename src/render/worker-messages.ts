// What the HTML site's renderers (worker.ts, as a thread or as a process of its own) and the build
// say to each other. Imports types only, and the two markers, so the single-file CLI's entry can read them cheaply.
import type { SourceLocation } from '../errors.js';
import type { Content } from '../types.js';
import type { Written } from '../write/files.js';

/** workerData.role of a thread that renders the HTML site (with the built-in templates). */
export const THREAD_ROLE = 'statuspress-html';
/** The first argument of the process that renders with a site's own templates. */
export const PROCESS_FLAG = '--statuspress-render-process';

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
  /** The whole site, or only notice pages (a further thread, on a machine with cores to spare). */
  part: 'site' | 'notices';
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
}

/** From a renderer, once: `done` with what it wrote, or `error`. */
export type FromRenderer = { done: Written } | { error: ThrownError };

/**
 * The process that renders a site's own templates writes a line to its stderr as it starts each
 * page: PAGE_MARK, the page's template, a tab, its title. One write(2) a page, in order with
 * anything else on stderr (V8's last words when the heap runs out), and heard while the process is
 * busy: the build stops it when a page takes too long, and names that page.
 */
export const PAGE_MARK = '\u001epage\t';

/** The line the process writes for a page. */
export const pageLine = (name: string, title: string): string => `${PAGE_MARK}${name}\t${title.replace(/[\t\r\n]/g, ' ')}\n`;
