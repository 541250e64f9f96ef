// The pages of a site's own templates in `statuspress dev`: rendered in a process of their own, as
// the build renders them (render/worker.ts), and held to the same limits: a page that takes longer
// than PAGE_SECONDS (from when the process begins it, its start and compiling not counted, as in a
// build) stops the process (a kill, which no template outlasts), and so does a heap past
// RENDER_HEAP_MB (RENDER_LIMITS, unless dev's options give others); the page answers with the error
// that names the template, and the next page asked starts a new process. A page of the built-in
// templates never comes here.
import { fork } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { fail } from '../errors/error.js';
import { COMMAND } from '../errors/command.js';
import type { RenderLimits } from '../util/limits.js';
import type { SiteRequest } from '../routes/site.js';
import { pageTemplate } from '../render/html.js';
import type { Theme } from '../theme/theme.js';
import type { OutputFile } from '../write/types.js';
import { rebuilt } from '../render/job.js';
import { processEnded, processEnv, renderProcessFlags, tail } from '../render/template-process.js';
import { rendererFile } from '../render/worker.js';
import { PAGES_FLAG } from '../render/worker-messages.js';
import type { FromPageProcess, ToPageProcess } from '../render/worker-messages.js';
import type { Content } from '../content/types.js';

export class IsolatedPages {
  private child: ChildProcess | null = null;
  private stderr: () => string = () => '';
  private site: { content: Content; now: number } | null = null;
  /** One page at a time: each is timed from when it is asked of the process. */
  private queue: Promise<unknown> = Promise.resolve();

  /** `theme`, as dev loaded (and checked) it from `dir`, names the templates in messages; `limits`, those its pages are held to. */
  constructor(
    private readonly theme: Theme,
    private readonly dir: string,
    private readonly limits: RenderLimits,
  ) {}

  /** The site the next pages are rendered from. */
  show(content: Content, now: number): void {
    this.site = { content, now };
    this.child?.send({ site: this.site } satisfies ToPageProcess);
  }

  /**
   * The file of the page (null: the 404 page, of `locale` when the site has that language; resolves
   * null when there is no such page), or the error that stopped it.
   */
  render(request: SiteRequest | null, address: string, locale?: string): Promise<OutputFile | null> {
    const page = this.queue.then(() => this.once(request, address, locale));
    this.queue = page.catch(() => undefined);
    return page;
  }

  /** Stops the process; the next page starts another. */
  stop(): void {
    this.child?.kill('SIGKILL');
    this.child = null;
  }

  private once(request: SiteRequest | null, address: string, locale: string | undefined): Promise<OutputFile | null> {
    const child = this.started();
    const { file, text } = this.theme.renders(pageTemplate(request) ?? 'status');
    return new Promise((resolve, reject) => {
      let timer: NodeJS.Timeout | undefined;
      const done = (): void => {
        clearTimeout(timer);
        child.off('message', answered);
        child.off('close', closed);
      };
      const answered = (message: FromPageProcess): void => {
        if ('begun' in message) {
          timer = setTimeout(tooSlow, this.limits.pageMs);
          return;
        }
        done();
        if ('file' in message) resolve(message.file);
        else reject(rebuilt(message.error));
      };
      const closed = (code: number | null, signal: NodeJS.Signals | null): void => {
        done();
        if (this.child === child) this.child = null;
        reject(processEnded({ renders: text, title: address, file }, code, signal, this.stderr(), this.limits.heapMb));
      };
      const tooSlow = (): void => {
        done();
        this.stop();
        reject(fail(COMMAND.templateTooSlow, { renders: text, title: address, seconds: this.limits.pageMs / 1000 }, { location: { file } }));
      };
      child.on('message', answered);
      child.once('close', closed);
      child.send((locale === undefined ? { page: request } : { page: request, locale }) satisfies ToPageProcess);
    });
  }

  private started(): ChildProcess {
    // One that has ended (a kill, the system's OOM killer, between two pages) is replaced.
    if (this.child !== null && this.child.exitCode === null && this.child.signalCode === null) return this.child;
    const child = fork(rendererFile(), [PAGES_FLAG, this.dir], { env: processEnv(), execArgv: renderProcessFlags(this.limits.heapMb), serialization: 'json', stdio: ['ignore', 'ignore', 'pipe', 'ipc'] });
    this.stderr = tail(child);
    // An error sending (the process just died) shows as its 'close'.
    child.on('error', () => undefined);
    if (this.site) child.send({ site: this.site } satisfies ToPageProcess);
    this.child = child;
    return child;
  }
}
