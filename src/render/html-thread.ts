// The HTML site rendered in a worker thread while the main thread renders the API, on machines with
// cores to spare (more than two: the main thread and its write thread take two; build.ts,
// defaultThreads). The thread runs this same module (a worker started from its own file), derives
// the site from the validated content, renders with the same renderers and writes the files into
// the build's folder with a writer of its own, telling the main thread what it wrote. Same code, so
// the same bytes as rendering in-thread. The notice pages come last and are claimed one at a time
// from a counter all threads share: the main thread, done with the API, takes those no thread has
// reached. A second and third thread render only notice pages.
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { deriveSite } from '../derive/index.js';
import { StatuspressError } from '../errors.js';
import type { SourceLocation } from '../errors.js';
import { COMMAND } from '../errors/command.js';
import type { Content } from '../types.js';
import { FileWriter } from '../write/files.js';
import { writeFailed } from '../write/index.js';
import type { Written } from '../write/files.js';
import { noticePages, renderHtml, siteRenderer } from './html.js';
import type { NoticeClaims } from './html.js';
import { loadTheme } from './site/theme.js';

const ROLE = 'statuspress-html';

/** What the thread renders: the site of `content` as of `now`, with the theme in `templatesDir`. */
export interface HtmlJob {
  content: Content;
  now: number;
  templatesDir: string;
  required: boolean;
  /** The notice pages are claimed from this counter, shared with the main thread (see renderHtml). */
  claims: NoticeClaims;
  /** The build's folder (Output.folder), which the thread writes its files into, and the output as the user named it, for messages. */
  folder: string;
  outDir: string;
  /** The whole site (its notice pages claimed from `claims`), or only notice pages: a further thread, on a machine with cores to spare. */
  part: 'site' | 'notices';
}

type FromThread =
  | { done: Written }
  | { error: { message: string; stack?: string; code?: string; hint?: string; location?: SourceLocation } };

export interface HtmlThread {
  /** Renders and writes the job's site; resolves with what was written. */
  render(job: HtmlJob): Promise<Written>;
  /** Stops the thread (after render() settled, or to give up); once this resolves, it writes nothing more. */
  stop(): Promise<void>;
}

/**
 * Starts the thread, which loads its code while the content is read. Null when this module runs from
 * source (the tests run TypeScript, which a worker cannot load): the caller renders in its own thread.
 */
export function startHtmlThread(): HtmlThread | null {
  const self = new URL(import.meta.url);
  if (!/\.m?js$/.test(self.pathname)) return null;
  const worker = new Worker(self, { workerData: { role: ROLE } });
  // Watched from the start: an 'error' with no listener, while the content is still read, would be
  // thrown as uncaught. The first failure rejects render(), whenever it is called.
  let failure: Error | null = null;
  let onFailure: ((error: Error) => void) | null = null;
  const failed = (error: Error): void => {
    failure ??= error;
    onFailure?.(failure);
  };
  worker.on('error', failed);
  worker.on('exit', (code) => failed(new Error(`the HTML renderer stopped (exit code ${code})`)));
  return {
    render(job) {
      return new Promise<Written>((resolve, reject) => {
        if (failure) return reject(failure);
        onFailure = reject;
        worker.on('message', (message: FromThread) => {
          if ('done' in message) resolve(message.done);
          else reject(rebuilt(message.error));
        });
        worker.postMessage(job);
      });
    },
    async stop() {
      await worker.terminate();
    },
  };
}

/** The thread's error as the main thread would have thrown it: the same catalogue entry and words. */
function rebuilt(error: Extract<FromThread, { error: unknown }>['error']): Error {
  const entry = Object.values(COMMAND).find((e) => e.code === error.code && e.exit !== 0);
  if (entry && entry.exit !== 0) return new StatuspressError(entry, { message: error.message, hint: error.hint }, error.location ? { location: error.location } : {});
  return Object.assign(new Error(error.message), { stack: error.stack });
}

async function renderHere(job: HtmlJob): Promise<void> {
  try {
    const theme = await loadTheme(job.templatesDir, { required: job.required });
    const writer = new FileWriter(job.folder);
    const site = deriveSite(job.content, job.now);
    const files = job.part === 'site' ? renderHtml(site, theme, job.claims) : noticePages(site, siteRenderer(site, theme), job.claims);
    for (const file of files) {
      try {
        writer.put(file);
      } catch (error) {
        throw (error as NodeJS.ErrnoException).code === undefined ? error : writeFailed(job.outDir, error);
      }
    }
    parentPort!.postMessage({ done: writer.report() } satisfies FromThread);
  } catch (caught) {
    const error = caught as Error & Partial<Pick<StatuspressError, 'code' | 'hint' | 'location'>>;
    const { message, stack, code, hint, location } = error;
    parentPort!.postMessage({ error: { message, ...(stack ? { stack } : {}), ...(code ? { code } : {}), ...(hint ? { hint } : {}), ...(location ? { location } : {}) } } satisfies FromThread);
  }
}

if (!isMainThread && (workerData as { role?: unknown } | null)?.role === ROLE) {
  parentPort!.once('message', (job: HtmlJob) => void renderHere(job));
}
