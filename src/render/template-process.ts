// The process of a site's own templates tells the build each page it starts (a small message leaves at
// once, even when a template then keeps the process busy). The build kills it (SIGKILL, which no
// template can outlast) when it is slower than RENDER_LIMITS (or the build's own) allow, and reports
// it when it dies past their heap. A process, not a thread: V8 ends the whole process when a
// thread's heap limit is passed by one large allocation, where a process of its own dies alone.
import { fork } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { fail } from '../errors/error.js';
import { COMMAND } from '../errors/command.js';
import { RENDER_LIMITS } from '../util/limits.js';
import type { RenderLimits } from '../util/limits.js';
import { rebuilt } from './job.js';
import { watched } from './renderer.js';
import type { Renderer } from './renderer.js';
import type { PageTemplate } from '../theme/builtin.js';
import type { Theme } from '../theme/theme.js';
import { rendererFile } from './worker.js';
import { PARENT_ENV, PROCESS_FLAG } from './worker-messages.js';
import type { FromRenderer } from './worker-messages.js';

/** How often the build looks at the process's progress. */
const WATCH_MS = 100;

/**
 * Starts the process that renders with the site's own templates (`theme`, as the main thread loaded
 * it, names them in messages), and watches it once render() is called, held to `limits`. A system
 * that refuses it fails the build: the site's own templates are never rendered in the build's thread.
 */
export function startTemplateProcess(theme: Theme, dir: string, required: boolean, limits: RenderLimits = RENDER_LIMITS): Renderer {
  let child: ChildProcess;
  try {
    // Told the templates' folder at once, it loads them while the build reads the content.
    child = fork(rendererFile(), [PROCESS_FLAG, dir, String(required)], { env: processEnv(), execArgv: renderProcessFlags(limits.heapMb), serialization: 'json', stdio: ['ignore', 'ignore', 'pipe', 'ipc'] });
  } catch (error) {
    throw fail(COMMAND.templateProcessNotStarted, { templates: theme.own.join(', '), detail: (error as Error).message }, { cause: error });
  }
  let current: [name: string, title: string] | null = null;
  let heard = Date.now();
  let pages = 0;
  // When its first page was heard of: the pace of all pages is measured from then, not from when
  // the job was sent (it derives the site first). No template runs before that page.
  let firstPage: number | null = null;
  // Every page rendered: the last files are being written.
  let rendered = false;
  const stderr = tail(child);
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
    else if ('page' in message) {
      current = message.page;
      heard = Date.now();
      firstPage ??= heard;
      pages++;
    } else if ('rendered' in message) rendered = true;
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
      const error = processEnded(named(), code, signal, stderr(), limits.heapMb);
      checkedNow!.reject(error);
      failed(error);
    });
    return {
      send(job) {
        let ticked = Date.now();
        heard = ticked;
        // Looked at after the event loop's poll, which reads the messages that came meanwhile.
        const look = (): void => {
          const now = Date.now();
          // After a long stretch of work in this thread, messages that came meanwhile are read first.
          const deaf = now - ticked > 5 * WATCH_MS;
          ticked = now;
          if (deaf) return;
          if (current !== null && !rendered && now - heard > limits.pageMs) {
            const { renders, title, file } = named();
            kill(fail(COMMAND.templateTooSlow, { renders, title, seconds: limits.pageMs / 1000 }, { location: { file } }));
          } else if (firstPage !== null && now - firstPage > limits.graceMs + pages * limits.averagePageMs) {
            const enforced = { grace: limits.graceMs / 1000, pace: limits.averagePageMs };
            kill(fail(COMMAND.templatesTooSlow, { templates: theme.own.join(', '), pages, seconds: Math.round((now - firstPage) / 100) / 10, ...enforced }, { location: { file: theme.own[0]! } }));
          }
        };
        timer = setInterval(() => setImmediate(look), WATCH_MS);
        return new Promise<void>((resolve, reject) => child.send(job, (error) => (error ? reject(error) : resolve())));
      },
      listen: (on) => child.on('message', (message: FromRenderer) => void ('done' in message || 'error' in message ? on(message) : undefined)),
      async stop() {
        clearInterval(timer);
        if (child.exitCode !== null || child.signalCode !== null) return;
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGKILL');
        await exited;
      },
    };
  });
  return { ...renderer, checked };
}

/**
 * The environment of a process that renders a site's own templates: the pid of the build (or dev)
 * that started it, which it ends itself without (PARENT_ENV); and no NODE_EXTRA_CA_CERTS, a file
 * Node reads at every start, as it opens no connection.
 */
export const processEnv = (): NodeJS.ProcessEnv => ({ ...process.env, NODE_EXTRA_CA_CERTS: undefined, [PARENT_ENV]: String(process.pid) });

/** Node's flags for a process that renders with a site's own templates: its heap's limit. */
export const renderProcessFlags = (heapMb = RENDER_LIMITS.heapMb): string[] => [`--max-old-space-size=${heapMb}`];

/** The end of `child`'s stderr (V8's last words when the heap runs out, say), as it is so far. */
export function tail(child: ChildProcess): () => string {
  let stderr = '';
  child.stderr!.setEncoding('utf8');
  child.stderr!.on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-4096);
  });
  return () => stderr;
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
