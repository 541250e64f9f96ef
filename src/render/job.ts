import { deriveSite } from '../derive/index.js';
import { ContentError, fail, StatuspressError } from '../errors/error.js';
import { COMMAND } from '../errors/command.js';
import { SITE_BYTES, SITE_BYTES_PER_PAGE } from '../util/limits.js';
import type { Written } from '../write/files.js';
import { writeFailed } from '../write/index.js';
import { openWriter } from '../write/thread.js';
import { noticePages, renderHtml, siteRenderer, templatedPages } from './html.js';
import { loadTheme } from '../theme/theme.js';
import type { Theme } from '../theme/theme.js';
import type { RenderJob, ThrownError } from './worker-messages.js';

/**
 * Renders and writes `job` here. `loaded` is the job's theme when it was loaded before the job came;
 * `rendered` hears once every page is rendered, before the last files are written; with
 * `thread`, a write thread writes the files (the process of a site's own templates has one: a
 * thread sharing notice pages writes its own, with cores to spare).
 */
export async function renderJob(job: RenderJob, loaded?: Promise<Theme>, rendered?: () => void, thread = false): Promise<Written> {
  const theme = await (loaded ?? loadTheme(job.templatesDir, { required: job.required }));
  const writer = openWriter(job.folder, { thread, bound: theme.own.length === 0 ? undefined : siteBound(theme) });
  const site = deriveSite(job.content, job.now);
  const files = job.part === 'site' ? renderHtml(site, theme, job.claims) : job.part === 'pages' ? templatedPages(site, siteRenderer(site, theme)) : noticePages(site, siteRenderer(site, theme), job.claims);
  try {
    if (!thread) await writer.write(files);
    // The process of a site's own templates lets its event loop turn between batches: its messages
    // of the pages it starts wait there once the pipe to a busy build is full, and the build times
    // each page by them.
    else for (const batch of batches(files, 64)) await writer.write(batch).then(() => new Promise(setImmediate));
    rendered?.();
    return await writer.settle();
  } catch (error) {
    await writer.stop();
    throw (error as NodeJS.ErrnoException).code === undefined ? error : writeFailed(job.outDir, error);
  }
}

function* batches<T>(items: Iterable<T>, size: number): Generator<T[]> {
  const batch: T[] = [];
  for (const item of items) {
    batch.push(item);
    if (batch.length === size) yield batch.splice(0);
  }
  if (batch.length > 0) yield batch;
}

/**
 * What the site's own templates may write in all: SITE_BYTES, plus SITE_BYTES_PER_PAGE per file,
 * plus what the pages' own text accounts for (Theme.granted): never less than the content's size.
 */
const siteBound = (theme: Theme) => (files: number, bytes: number) => {
  const most = SITE_BYTES + SITE_BYTES_PER_PAGE * files + (theme.granted?.() ?? 0);
  if (bytes > most) throw fail(COMMAND.siteTooLarge, { templates: theme.own.join(', '), bytes: most, files }, { location: { file: theme.own[0]! } });
};

/** The renderer's error as the main thread would have thrown it: the same catalogue entry and words. */
export function rebuilt(error: ThrownError): Error {
  if (error.issues) return new ContentError(error.issues);
  const entry = Object.values(COMMAND).find((e) => e.code === error.code && e.exit !== 0);
  if (entry && entry.exit !== 0) return new StatuspressError(entry, { message: error.message, hint: error.hint }, error.location ? { location: error.location } : {});
  return Object.assign(new Error(error.message), { stack: error.stack });
}

/** An error as a message can carry it (rebuilt() makes it again). */
export function thrown(caught: unknown): ThrownError {
  const { message, stack, code, hint, location } = caught as Error & Partial<Pick<StatuspressError, 'code' | 'hint' | 'location'>>;
  const issues = caught instanceof ContentError ? { issues: caught.issues } : {};
  return { message, ...(stack ? { stack } : {}), ...(code ? { code } : {}), ...(hint ? { hint } : {}), ...(location ? { location } : {}), ...issues };
}
