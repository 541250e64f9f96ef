// The HTML site rendered beside the main thread, by this one module in either of two places:
//
// - a thread (worker_threads), with the built-in templates, on machines with cores to spare (more
//   than two: build.ts, defaultThreads), sharing the notice pages with the main thread;
// - a process of its own, whenever the site has its own templates: they render nowhere else. It
//   renders only the pages of the templates (the build renders the styles, feeds and badges), and
//   writes them on a write thread of its own. The build watches it and stops it (a kill, which no
//   template can outlast) when a page takes longer than PAGE_SECONDS, when pages come slower than
//   PAGE_AVERAGE_MS each after RENDER_GRACE_SECONDS, or when it dies of memory (its heap is
//   RENDER_HEAP_MB), and says which page and which of the site's templates: RENDER_LIMITS, unless
//   the build was given others (BuildOptions.renderLimits, which the tests set in milliseconds).
//   A process, not a thread: V8 ends the whole process when a thread's heap limit
//   is passed by one large allocation (a 400 MB string a template makes in one join), where a
//   process of its own dies alone.
//
// Either way the renderer derives the site from the validated content, renders with the same
// renderers and writes the files into the build's folder with a writer of its own (bounded, for a
// site's own templates, to SITE_BYTES plus SITE_BYTES_PER_PAGE a file), and answers what it wrote:
// same code, so the same bytes as rendering in the main thread. Messages: worker-messages.ts.
// `statuspress dev` renders the pages of a site's own templates in such a process too, one page as
// asked at a time (src/dev/pages.ts, PAGES_FLAG below).
// How it is started from src/ under the tests and from lib/: README.md in this folder.
import { fork } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { closeSync, existsSync, fstatSync, ftruncateSync, openSync, readdirSync, readSync, renameSync, statSync, unlinkSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import { fileURLToPath } from 'node:url';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { deriveSite } from '../derive/index.js';
import { ContentError, fail, StatuspressError } from '../errors.js';
import { COMMAND } from '../errors/command.js';
import { bounded, FileWriter } from '../write/files.js';
import type { Written } from '../write/files.js';
import { startWriter, writeFailed } from '../write/index.js';
import { loadPagesOf, noticePages, renderHtml, siteRenderer, templatedPages } from './html.js';
import type { SiteRenderer } from './html.js';
import type { PageTemplate } from './site/builtin.js';
import { RENDER_LIMITS, RENDER_YOUNG_MB, SITE_BYTES, SITE_BYTES_PER_PAGE } from '../limits.js';
import type { RenderLimits } from '../limits.js';
import { TIERING_FLAG } from '../tiering.js';
import type { LoadedContent } from '../content/index.js';
import { renderAhead, textsAhead } from './site/ahead.js';
import type { TextsAhead } from './site/ahead.js';
import { loadTheme } from './site/theme.js';
import type { Theme } from './site/theme.js';
import { pageLine, PAGES_FD, PAGES_FLAG, PARENT_ENV, PROCESS_FLAG, RENDERED_LINE, TEXTS_FD, THREAD_ROLE } from './worker-messages.js';
import type { AheadMessage, FromPageProcess, FromRenderer, RenderEnd, RenderJob, ThrownError, ToPageProcess } from './worker-messages.js';
// This module bundled as one script, under the tests (which run TypeScript, which Node cannot load
// in a thread or process); null in lib/, where the module starts from its own bundled file.
import SOURCE_BUNDLE from './worker.ts?source-worker';

/** How often the build looks at the process's progress. */
const WATCH_MS = 100;

/**
 * Renders and writes `job` here: the renderer's work, apart from its messages. `onPage` hears of
 * each page of the site's own templates before it renders, and `rendered` once all are, before the
 * last files are written; `loaded` is the job's theme when it was loaded before the job came.
 */
export async function renderJob(job: RenderJob, onPage?: (name: PageTemplate, title: string) => void, loaded?: Promise<Theme>, rendered?: () => void): Promise<Written> {
  const theme = await (loaded ?? loadTheme(job.templatesDir, { required: job.required, ...(onPage ? { onPage, checked: true } : {}) }));
  // The pages of a site's own templates are written and compressed on a write thread while they
  // render, as the build's own files are; a thread sharing notice pages writes its own, with cores to spare.
  const unbound = job.part === 'pages' ? startWriter(job.folder) : new FileWriter(job.folder);
  const writer = theme.own.length === 0 ? unbound : bounded(unbound, siteBound(theme));
  const site = deriveSite(job.content, job.now);
  await loadPagesOf(site.site);
  const files = job.part === 'site' ? renderHtml(site, theme, job.claims) : job.part === 'pages' ? templatedPages(site, siteRenderer(site, theme)) : noticePages(site, siteRenderer(site, theme), job.claims);
  try {
    for (const file of files) writer.put(file);
    rendered?.();
    return await writer.settle();
  } catch (error) {
    await writer.stop();
    throw (error as NodeJS.ErrnoException).code === undefined ? error : writeFailed(job.outDir, error);
  }
}

/**
 * What the site's own templates may write in all: SITE_BYTES, plus SITE_BYTES_PER_PAGE per file,
 * plus what the pages' own text accounts for (Theme.granted): never less than the content's size.
 */
const siteBound = (theme: Theme) => (files: number, bytes: number) => {
  const most = SITE_BYTES + SITE_BYTES_PER_PAGE * files + (theme.granted?.() ?? 0);
  if (bytes > most) throw fail(COMMAND.siteTooLarge, { templates: theme.own.join(', '), bytes: most, files }, { location: { file: theme.own[0]! } });
};

/** A renderer beside the main thread. */
export interface Renderer {
  /**
   * Renders and writes the job's site: `written` resolves with what was written, `sent` once the job
   * has left this thread. A process's channel writes only as this thread's event loop turns: the
   * build waits for `sent` before it renders on (synchronously) itself, or the process would wait
   * for the content until this thread were done.
   */
  render(job: RenderJob): { sent: Promise<void>; written: Promise<Written> };
  /** Stops it (after render() settled, or to give up); once this resolves, it writes nothing more. */
  stop(): Promise<void>;
  /**
   * The process of a site's own templates only: settles once it has checked and compiled them
   * (before the content comes), rejecting with their problems (a ContentError) or why it could not.
   */
  checked?: Promise<void>;
  /**
   * The process of a site's own templates only: hands it what its pages will render of the content
   * as read, to render while the build validates it (site/ahead.ts). Never fails: what it saves is time.
   */
  ahead?(loaded: LoadedContent): void;
}

/** Starts a thread that renders with the built-in templates; it loads its code while the content is read. */
export function startHtmlThread(): Renderer {
  const worker = SOURCE_BUNDLE === null ? new Worker(new URL(import.meta.url), { workerData: { role: THREAD_ROLE } }) : new Worker(SOURCE_BUNDLE, { eval: true, workerData: { role: THREAD_ROLE } });
  return watched((fail) => {
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the HTML renderer stopped (exit code ${code})`)));
    return {
      send: (job) => (worker.postMessage(job), Promise.resolve()),
      listen: (on) => worker.on('message', on),
      stop: async () => void (await worker.terminate()),
    };
  });
}

/**
 * Starts the process that renders with the site's own templates (`theme`, as the main thread loaded
 * it, names them in messages), and watches it once render() is called, held to `limits`.
 */
export function startTemplateProcess(theme: Theme, dir: string, required: boolean, limits: RenderLimits = RENDER_LIMITS): Renderer {
  // It opens no connection: without NODE_EXTRA_CA_CERTS, Node does not read that file at its start (70 ms here).
  const env = { ...process.env, NODE_EXTRA_CA_CERTS: undefined, [PARENT_ENV]: String(process.pid) };
  // The file it tells of each page in, and the file of the texts it renders ahead
  // (worker-messages.ts): given to it as descriptors PAGES_FD and TEXTS_FD, and unlinked as soon as
  // opened, so nothing is left of them once both have closed them. Not after the fork: a build
  // killed while it forked (a few milliseconds) left both in the temporary folder.
  // A system that refuses any of it fails the build, with a catalogue error: the site's own templates
  // are never rendered in the build's thread.
  const notStarted = (error: unknown): Error =>
    fail(COMMAND.templateProcessNotStarted, { templates: theme.own.join(', '), detail: (error as Error).message }, { cause: error });
  let pagesFd: number;
  let textsFd: number;
  try {
    pagesFd = openTemporary('pages');
  } catch (error) {
    throw notStarted(error);
  }
  try {
    textsFd = openTemporary('texts');
  } catch (error) {
    closeSync(pagesFd);
    throw notStarted(error);
  }
  // Told the templates' folder at once, it loads them while the build reads the content.
  const stdio: ('ignore' | 'pipe' | 'ipc' | number)[] = ['ignore', 'ignore', 'pipe', 'ipc', pagesFd, textsFd];
  let child: ChildProcess;
  try {
    child = fork(processFile(), [PROCESS_FLAG, dir, String(required)], { env, execArgv: renderProcessFlags(limits.heapMb), serialization: 'json', stdio });
  } catch (error) {
    closeSync(pagesFd);
    closeSync(textsFd);
    throw notStarted(error);
  }
  let current: [name: string, title: string] | null = null;
  let heard = Date.now();
  let pages = 0;
  // When its first page was heard of: the pace of all pages is measured from then, not from when
  // the job was sent (it reads the content and derives the site first, taking turns with this
  // thread's rendering of the API on a busy machine). No template runs before that page.
  let firstPage: number | null = null;
  let closed = false;
  // Every page rendered: the last files are being written.
  let rendered = false;
  // What the file holds past what was read, and the end of a line not yet whole.
  let read = 0;
  let partial = '';
  const decoder = new StringDecoder('utf8');
  const readPages = (): void => {
    if (closed) return;
    const size = fstatSync(pagesFd).size;
    if (size <= read) return;
    const buffer = Buffer.allocUnsafe(size - read);
    const got = readSync(pagesFd, buffer, 0, buffer.length, read);
    read += got;
    const lines = (partial + decoder.write(buffer.subarray(0, got))).split('\n');
    partial = lines.pop()!;
    if (lines.length === 0) return;
    if (lines.at(-1) === RENDERED_LINE.slice(0, -1)) {
      rendered = true;
      lines.pop();
    }
    const last = lines.at(-1);
    if (last === undefined) return;
    const tab = last.indexOf('\t');
    current = [last.slice(0, tab), last.slice(tab + 1)];
    heard = Date.now();
    if (pages === 0) firstPage = heard;
    pages += lines.length;
  };
  const closeFiles = (): void => {
    if (!closed) [pagesFd, textsFd].forEach((fd) => closeSync(fd));
    closed = true;
  };
  // Its stderr (V8's last words when the heap runs out, say): the end is kept.
  let stderr = '';
  child.stderr!.setEncoding('utf8');
  child.stderr!.on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-4096);
  });
  let timer: NodeJS.Timeout | undefined;
  const named = (): { renders: string; title: string; file: string } => {
    if (current === null) return { renders: `The site’s templates (${theme.own.join(', ')})`, title: 'none yet: before its first page', file: theme.own[0]! };
    const { file, text } = theme.renders(current[0] as PageTemplate);
    return { renders: text, title: current[1], file };
  };
  let checkedNow: { resolve: () => void; reject: (error: Error) => void } | null = null;
  const checked = new Promise<void>((resolve, reject) => (checkedNow = { resolve, reject }));
  checked.catch(() => undefined); // awaited by the build, unless it failed before
  child.on('message', (message: FromRenderer) => {
    if ('checked' in message) void (message.checked === null ? checkedNow!.resolve() : checkedNow!.reject(rebuilt(message.checked)));
  });
  const renderer = watched((failed) => {
    const kill = (error: Error): void => {
      clearInterval(timer);
      child.kill('SIGKILL');
      failed(error);
    };
    child.on('error', (error) => {
      checkedNow!.reject(error);
      failed(error);
    });
    // 'close', not 'exit': after the last message has been read.
    child.on('close', (code, signal) => {
      clearInterval(timer);
      readPages();
      closeFiles();
      const error = processEnded(named(), code, signal, stderr, limits.heapMb);
      checkedNow!.reject(error);
      failed(error);
    });
    return {
      send(job) {
        let ticked = Date.now();
        heard = ticked;
        timer = setInterval(() => {
          const now = Date.now();
          // After a long stretch of work in this thread, messages that came meanwhile are read first.
          const deaf = now - ticked > 5 * WATCH_MS;
          ticked = now;
          if (deaf) return;
          readPages();
          // Before its first page it takes the content over and derives the site: no template runs.
          if (current !== null && !rendered && now - heard > limits.pageMs) {
            const { renders, title, file } = named();
            kill(fail(COMMAND.templateTooSlow, { renders, title, seconds: limits.pageMs / 1000 }, { location: { file } }));
          } else if (firstPage !== null && now - firstPage > limits.graceMs + pages * limits.averagePageMs) {
            const enforced = { grace: limits.graceMs / 1000, pace: limits.averagePageMs };
            kill(fail(COMMAND.templatesTooSlow, { templates: theme.own.join(', '), pages, seconds: Math.round((now - firstPage) / 100) / 10, ...enforced }, { location: { file: theme.own[0]! } }));
          }
        }, WATCH_MS);
        return new Promise<void>((resolve, reject) => child.send(job, (error) => (error ? reject(error) : resolve())));
      },
      listen: (on) => child.on('message', (message: FromRenderer) => void ('checked' in message || on(message))),
      async stop() {
        clearInterval(timer);
        if (child.exitCode !== null || child.signalCode !== null) return closeFiles();
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGKILL');
        await exited;
        closeFiles();
      },
    };
  });
  const ahead = (loaded: LoadedContent): void => {
    if (closed) return;
    try {
      // Every update's Markdown and each window's range, but one moment only: it has ICU load its date
      // data here while the build validates, and the pages make each moment's view when they first
      // ask for it. Views made ahead for all 10,000 moments of 2,000 notices, in this process, made
      // its pages 0.1–0.17 s slower, not sooner (alternated builds; docs/performance.md).
      const bytes = Buffer.from(JSON.stringify(textsAhead(loaded, { allMoments: false })));
      writeSync(textsFd, bytes, 0, bytes.length, 0);
      // With a callback: a channel closed meanwhile is not the process's 'error', which fails the build.
      child.send({ ahead: bytes.length } satisfies AheadMessage, undefined, {}, () => undefined);
    } catch {
      // a full disk, a process already gone: its pages make the texts themselves, as ever
    }
  };
  return { ...renderer, checked, ahead };
}

/**
 * A new file `statuspress-<name>-<uuid>` in the temporary folder, open for reading and writing and
 * already removed; a system that keeps an open file from being removed leaves it there (a few hundred KB).
 */
function openTemporary(name: string): number {
  const file = path.join(tmpdir(), `statuspress-${name}-${randomUUID()}`);
  const fd = openSync(file, 'w+', 0o600);
  try {
    unlinkSync(file);
  } catch {
    // left behind, as said
  }
  return fd;
}

/**
 * Renders ahead the texts in the first `bytes` of the file open as `fd` (TEXTS_FD), and empties it
 * once read; what cannot be read is left to the pages.
 */
export function readAhead(bytes: number, fd = TEXTS_FD): void {
  let texts: TextsAhead;
  try {
    const buffer = Buffer.allocUnsafe(bytes);
    let read = 0;
    while (read < bytes) {
      const got = readSync(fd, buffer, read, bytes - read, read);
      if (got === 0) return;
      read += got;
    }
    texts = JSON.parse(buffer.toString('utf8')) as TextsAhead;
  } catch {
    return; // the pages make them as they come
  } finally {
    // Its space in the temporary folder is the pages file's too, and was held until the build
    // ended: 60 KB of texts on a 64 KB tmpfs failed the build when that file grew (ENOSPC).
    try {
      ftruncateSync(fd, 0);
    } catch {
      // a descriptor that cannot be truncated keeps its bytes until the build ends, as before
    }
  }
  try {
    renderAhead(texts);
  } catch {
    // the pages make them as they come
  }
}

interface Channel {
  /** Resolves once the job has left this thread. */
  send(job: RenderJob): Promise<void>;
  listen(on: (message: RenderEnd) => void): void;
  stop(): Promise<void>;
}

/**
 * A renderer over `open`'s channel. Watched from the start: a failure while the content is still
 * read (the thread or process could not start) rejects render() whenever it is called.
 */
function watched(open: (failed: (error: Error) => void) => Channel): Renderer {
  let failure: Error | null = null;
  let onFailure: ((error: Error) => void) | null = null;
  let settled = false;
  const channel = open((error) => {
    if (settled) return;
    failure ??= error;
    onFailure?.(failure);
  });
  return {
    render(job) {
      let sent: Promise<void> = Promise.resolve();
      const written = new Promise<Written>((resolve, reject) => {
        if (failure) return reject(failure);
        onFailure = reject;
        channel.listen((message) => {
          settled = true;
          if ('done' in message) resolve(message.done);
          else reject(rebuilt(message.error));
        });
        // A job that could not be sent fails as written's rejection (the process stopped: its 'close').
        sent = channel.send(job).catch(() => undefined);
      });
      return { sent, written };
    },
    stop: () => {
      settled = true;
      return channel.stop();
    },
  };
}

/** Node's flags for a process that renders with a site's own templates: its heap's limit, its young generation's size, how soon V8 optimizes (tiering.ts). */
export const renderProcessFlags = (heapMb = RENDER_LIMITS.heapMb): string[] => [`--max-old-space-size=${heapMb}`, `--max-semi-space-size=${RENDER_YOUNG_MB}`, TIERING_FLAG];

/** The file the process runs: this module's own bundled file, or under the tests its bundle written out once. */
export function processFile(): string {
  if (SOURCE_BUNDLE === null) return fileURLToPath(import.meta.url);
  const folder = tmpdir();
  const file = path.join(folder, `${BUNDLE_PREFIX}${createHash('sha1').update(SOURCE_BUNDLE).digest('hex').slice(0, 12)}.cjs`);
  // Named by its contents, so one already there is this one. Test files run side by side: written
  // whole under a name of its own and then renamed, so a process another one starts never reads
  // half of it (written in place each time, it was emptied under them).
  if (existsSync(file)) return file;
  const part = `${file}.${process.pid}.${randomUUID()}.part`;
  writeFileSync(part, SOURCE_BUNDLE);
  renameSync(part, file);
  removeOldBundles(folder, file);
  return file;
}

const BUNDLE_PREFIX = 'statuspress-renderer-';
/** A bundle of another version of the source untouched this long is no test's that still runs. */
const OLD_BUNDLE_MS = 24 * 3600_000;

/**
 * One bundle is written per version of the source: those of versions long gone are removed. Aged
 * against the file just written, not the process's clock: file times are the kernel's, and the two
 * clocks need not agree (a test under faketime).
 */
function removeOldBundles(folder: string, kept: string): void {
  const before = statSync(kept).mtimeMs - OLD_BUNDLE_MS;
  for (const name of readdirSync(folder)) {
    const file = path.join(folder, name);
    if (!name.startsWith(BUNDLE_PREFIX) || file === kept) continue;
    try {
      if (statSync(file).mtimeMs < before) unlinkSync(file);
    } catch {
      // Gone already (another test file removed it), or not ours to remove: left.
    }
  }
}

/**
 * V8's last words when memory ran out: of its heap (`Allocation failed - JavaScript heap out of
 * memory`, `Reached heap limit`) or of what the process could get besides (`Allocation failed -
 * process out of memory`, `Fatal process out of memory: …`), as a page's huge text can make it.
 */
const V8_OUT_OF_MEMORY = /out of memory|Reached heap limit/i;

/**
 * Why the process of a site's own templates ended before it answered, named by the page it was
 * rendering: past its heap (V8 aborts it, saying so on stderr), else killed from outside (the
 * system's OOM killer) or crashed. The build's and dev's alike.
 */
export function processEnded(page: { renders: string; title: string; file: string }, code: number | null, signal: NodeJS.Signals | null, stderr: string, heapMb = RENDER_LIMITS.heapMb): Error {
  const { renders, title, file } = page;
  if (V8_OUT_OF_MEMORY.test(stderr)) return fail(COMMAND.templateOutOfMemory, { renders, title, mb: heapMb }, { location: { file } });
  const how = `${signal ?? `exit code ${code}`}${stderr ? `: ${stderr.trim().split('\n').slice(-3).join(' ')}` : ''}`;
  return fail(COMMAND.templateProcessEnded, { renders, title, how }, { location: { file } });
}

/** The renderer's error as the main thread would have thrown it: the same catalogue entry and words. */
export function rebuilt(error: ThrownError): Error {
  if (error.issues) return new ContentError(error.issues);
  const entry = Object.values(COMMAND).find((e) => e.code === error.code && e.exit !== 0);
  if (entry && entry.exit !== 0) return new StatuspressError(entry, { message: error.message, hint: error.hint }, error.location ? { location: error.location } : {});
  return Object.assign(new Error(error.message), { stack: error.stack });
}

function thrown(caught: unknown): ThrownError {
  const { message, stack, code, hint, location } = caught as Error & Partial<Pick<StatuspressError, 'code' | 'hint' | 'location'>>;
  const issues = caught instanceof ContentError ? { issues: caught.issues } : {};
  return { message, ...(stack ? { stack } : {}), ...(code ? { code } : {}), ...(hint ? { hint } : {}), ...(location ? { location } : {}), ...issues };
}

/** The process tells of each page in the build's file as it starts it. */
const toldOfPage = (name: string, title: string): void => told(pageLine(name, title));

const toldRendered = (): void => told(RENDERED_LINE);

/**
 * Writes `line` to the file of the pages (PAGES_FD). That file is in the temporary folder, not the
 * output: a failure (ENOSPC) is said to be there, not reported as the output's.
 */
export function told(line: string, fd = PAGES_FD): void {
  try {
    writeSync(fd, line);
  } catch (error) {
    throw fail(COMMAND.temporaryFileFailed, { detail: (error as Error).message }, { cause: error });
  }
}

/** Runs one job; `loaded`, the theme the process loaded before it came. */
async function serve(job: RenderJob, loaded?: Promise<Theme>): Promise<RenderEnd> {
  try {
    return { done: await renderJob(job, loaded ? toldOfPage : undefined, loaded, loaded ? toldRendered : undefined) };
  } catch (caught) {
    return { error: thrown(caught) };
  }
}

if (!isMainThread && (workerData as { role?: unknown } | null)?.role === THREAD_ROLE) {
  const port = parentPort!;
  port.once('message', (job: RenderJob) => void serve(job).then((last) => port.postMessage(last)));
} else if (isMainThread && process.argv[2] === PROCESS_FLAG && process.send) {
  endWithParent();
  const send = process.send.bind(process);
  // Checked and compiled here, once, while the build reads the content: the build waits for the answer.
  const loaded = loadTheme(process.argv[3]!, { required: process.argv[4] === 'true', onPage: toldOfPage });
  loaded.then(
    () => send({ checked: null } satisfies FromRenderer),
    (error: unknown) => send({ checked: thrown(error) } satisfies FromRenderer),
  );
  // The texts to render ahead come before the job, if at all (site/ahead.ts). Then the channel
  // closes, and with it the process, once the last message is out.
  // Rendered once the templates are checked, so that answer never waits behind them; the job after them.
  const onMessage = (message: RenderJob | AheadMessage): void => {
    if ('ahead' in message) return void loaded.then(() => readAhead(message.ahead), () => undefined);
    process.off('message', onMessage);
    void serve(message, loaded).then((last) => send(last, undefined, {}, () => process.disconnect()));
  };
  process.on('message', onMessage);
} else if (isMainThread && process.argv[2] === PAGES_FLAG && process.send) {
  // The pages of `statuspress dev`, one at a time as asked (src/dev/pages.ts).
  endWithParent();
  const send = process.send.bind(process);
  // Checked already, by dev's own loading of them.
  const loaded = loadTheme(process.argv[3]!, { checked: true });
  loaded.catch(() => undefined); // reported with the first page
  let renderer: Promise<SiteRenderer> | null = null;
  process.on('message', (message: ToPageProcess) => {
    if ('site' in message) {
      renderer = loaded.then(async (theme) => {
        const site = deriveSite(message.site.content, message.site.now);
        await loadPagesOf(site.site);
        return siteRenderer(site, theme);
      });
    }
    else void answerPage(renderer!, message, send).then((answer) => send(answer));
  });
}

/**
 * A build or dev killed outright (SIGKILL, out of memory) cannot stop this process: a thread of its
 * own ends it once its parent (PARENT_ENV) is gone, even while a template keeps this thread busy,
 * and at once if it was gone before the thread started.
 */
function endWithParent(): void {
  const parent = Number(process.env[PARENT_ENV]) || process.ppid;
  new Worker(`const gone = () => { if (process.ppid !== ${parent}) process.kill(${process.pid}, 'SIGKILL'); }; gone(); setInterval(gone, 500);`, { eval: true }).unref();
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
