// Every renderer starts from this file, told its role by workerData or its first argument: a build's
// HTML thread, the process of a site's own templates, dev's page process (src/dev/pages.ts), and the
// thread in such a process that ends it once its parent is gone.
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { deriveSite } from '../derive/index.js';
import { workerFile } from '../write/bundle-file.js';
// Imported for its role too: in the single-file CLI, the write thread starts this file.
import '../write/thread.js';
import { siteRenderer } from './html.js';
import type { SiteRenderer } from './html.js';
import { renderJob, thrown } from './job.js';
import { loadTheme } from '../theme/theme.js';
import type { Theme } from '../theme/theme.js';
import { PAGES_FLAG, PARENT_ENV, PROCESS_FLAG, THREAD_ROLE, WATCH_ROLE } from './worker-messages.js';
import type { FromPageProcess, FromRenderer, RenderEnd, RenderJob, ToPageProcess } from './worker-messages.js';
// This module bundled as one script, under the tests; null in lib/, where the module is a file already.
import SOURCE_BUNDLE from './worker.ts?source-worker';

/** The file a renderer starts from: this module's own bundled file, or under the tests its bundle written out once. */
export const rendererFile = (): string => workerFile(import.meta.url, SOURCE_BUNDLE);

/** Runs one job; `loaded`, the theme the process loaded before it came; `rendered` hears when every page is. */
async function serve(job: RenderJob, loaded?: Promise<Theme>, rendered?: () => void): Promise<RenderEnd> {
  try {
    return { done: await renderJob(job, loaded, rendered, loaded !== undefined) };
  } catch (caught) {
    return { error: thrown(caught) };
  }
}

const role = (workerData as { role?: unknown } | null)?.role;
if (!isMainThread && role === THREAD_ROLE) {
  const port = parentPort!;
  port.once('message', (job: RenderJob) => void serve(job).then((last) => port.postMessage(last)));
} else if (!isMainThread && role === WATCH_ROLE) {
  const { parent, child } = workerData as { parent: number; child: number };
  const gone = (): void => {
    if (process.ppid !== parent) process.kill(child, 'SIGKILL');
  };
  gone();
  setInterval(gone, 500);
} else if (isMainThread && process.argv[2] === PROCESS_FLAG && process.send) {
  endWithParent();
  const send = process.send.bind(process);
  // Checked and compiled here, once, while the build reads the content: the build waits for the answer.
  // Each page told of as it starts: the build names it if it takes too long.
  const onPage = (name: string, title: string): void => void send({ page: [name, title] } satisfies FromRenderer);
  const loaded = loadTheme(process.argv[3]!, { required: process.argv[4] === 'true', onPage });
  loaded.then(
    () => send({ checked: null } satisfies FromRenderer),
    (error: unknown) => send({ checked: thrown(error) } satisfies FromRenderer),
  );
  // Then the channel closes, and with it the process, once the last message is out.
  process.once('message', (job: RenderJob) => void serve(job, loaded, () => send({ rendered: true } satisfies FromRenderer)).then((last) => send(last, undefined, {}, () => process.disconnect())));
} else if (isMainThread && process.argv[2] === PAGES_FLAG && process.send) {
  endWithParent();
  const send = process.send.bind(process);
  // Checked already, by dev's own loading of them.
  const loaded = loadTheme(process.argv[3]!, { checked: true });
  loaded.catch(() => undefined); // reported with the first page
  let renderer: Promise<SiteRenderer> | null = null;
  process.on('message', (message: ToPageProcess) => {
    if ('site' in message) renderer = loaded.then((theme) => siteRenderer(deriveSite(message.site.content, message.site.now), theme));
    else void answerPage(renderer!, message, send).then((answer) => send(answer));
  });
}

/**
 * A build or dev killed outright (SIGKILL, out of memory) cannot stop this process: a thread of its
 * own ends it once its parent (PARENT_ENV) is gone, even while a template keeps this thread busy,
 * and at once if it was gone before the thread started. The thread runs this same file.
 */
function endWithParent(): void {
  const parent = Number(process.env[PARENT_ENV]) || process.ppid;
  new Worker(process.argv[1]!, { workerData: { role: WATCH_ROLE, parent, child: process.pid } }).unref();
}

/**
 * One page for dev, or the error that stopped it. Dev times the page from `begun`, sent (and gone
 * out, before a template can keep this thread busy) once the process has started, compiled the
 * templates and derived the site: on a busy machine that alone can take longer than a page may.
 */
async function answerPage(renderer: Promise<SiteRenderer>, { page, locale }: Extract<ToPageProcess, { page: unknown }>, send: NonNullable<typeof process.send>): Promise<FromPageProcess> {
  try {
    const pages = await renderer;
    await new Promise<void>((resolve) => send({ begun: true } satisfies FromPageProcess, undefined, {}, () => resolve()));
    return { file: page === null ? (pages.notFound('/', locale) ?? pages.notFound('/')) : pages.render(page) };
  } catch (caught) {
    return { error: thrown(caught) };
  }
}
