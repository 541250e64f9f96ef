// With the built-in templates, threads on cores to spare: the first renders the site, any others only
// notice pages, all claiming those from one counter with the build's thread.
import { existsSync } from 'node:fs';
import type { DerivedSite } from '../derive/types.js';
import { MAX_THREADS } from '../util/limits.js';
import type { RenderLimits } from '../util/limits.js';
import type { Written } from '../write/files.js';
import type { OutputFile } from '../write/types.js';
import { noticeClaims, noticePages, renderHtml, siteRenderer, untemplatedFiles } from './html.js';
import { startHtmlThread } from './renderer.js';
import type { Renderer } from './renderer.js';
import { loadTheme } from '../theme/theme.js';
import type { Theme } from '../theme/theme.js';
import { startTemplateProcess } from './template-process.js';
import type { RenderJob } from './worker-messages.js';

export interface HtmlRenderers {
  /** The theme, once read, and with templates of the site's own once their process has checked them. */
  theme: Promise<Theme>;
  /** Hands the job to the renderers; resolves once it has left this thread. */
  render(job: Omit<RenderJob, 'part' | 'claims'>): Promise<HtmlParts>;
  /** Stops them all; once this resolves, none writes anything more. */
  stop(): Promise<void>;
}

export interface HtmlParts {
  /** What each renderer wrote into the build's folder. */
  written: Promise<Written[]>;
  /** What the build's thread renders itself: with a site's own templates what none of them renders, else the notice pages no thread claimed (all of the site, with no thread). */
  here(site: DerivedSite, theme: Theme): Iterable<OutputFile>;
}

/**
 * Reads the theme in `dir` and starts the renderers it takes, held to `limits`. Read before the
 * content, so the templates' process starts at once: read alongside, their dozen files waited behind
 * the content's thousands in Node's I/O queue. A site's own templates are checked and compiled in
 * their process, not here.
 */
export async function startRenderers(dir: string, required: boolean, threads: number, limits: RenderLimits): Promise<HtmlRenderers> {
  const read = loadTheme(dir, { required, compile: false });
  if (required || existsSync(dir)) await read.catch(() => undefined);
  const renderers = read.then((theme) => started(theme, dir, required, threads, limits));
  renderers.catch(() => undefined); // a theme that cannot be read is reported by `theme`
  const theme = read.then(async (read) => {
    for (const renderer of await renderers) await renderer.checked;
    return read;
  });
  return {
    theme,
    async render(job) {
      const [list, read] = await Promise.all([renderers, theme]);
      const own = read.own.length > 0;
      const claims = noticeClaims();
      const jobs = list.map((renderer, i) => renderer.render(own ? { ...job, part: 'pages' } : { ...job, claims, part: i === 0 ? 'site' : 'notices' }));
      const written = Promise.all(jobs.map((j) => j.written));
      // Awaited by the build; until then a failure of its own must not leave this unwatched.
      written.catch(() => undefined);
      // Their jobs go out before the build's thread works on: a process's channel writes only as its event loop turns.
      await Promise.all(jobs.map((j) => j.sent));
      const here = (site: DerivedSite, themed: Theme): Iterable<OutputFile> =>
        own ? untemplatedFiles(site, siteRenderer(site, themed)) : list.length > 0 ? noticePages(site, siteRenderer(site, themed), claims) : renderHtml(site, themed);
      return { written, here };
    },
    stop: () => renderers.then((list) => Promise.all(list.map((renderer) => renderer.stop())), () => []).then(() => undefined),
  };
}

/**
 * For a site's own templates, the process that renders them (a system that refuses it fails the
 * build); else up to `count` threads (0 to MAX_THREADS), fewer when the system refuses one (a limit
 * on processes or threads, as in a container): the build goes on with those it has, down to none.
 */
function started(theme: Theme, dir: string, required: boolean, count: number, limits: RenderLimits): Renderer[] {
  if (theme.own.length > 0) return [startTemplateProcess(theme, dir, required, limits)];
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
