import { Worker } from 'node:worker_threads';
import type { Written } from '../write/files.js';
import { rebuilt } from './job.js';
import { rendererFile } from './worker.js';
import { THREAD_ROLE } from './worker-messages.js';
import type { RenderEnd, RenderJob } from './worker-messages.js';

export interface Renderer {
  /**
   * Renders and writes the job's site: `written` resolves with what was written, `sent` once the job
   * has left this thread (a process's channel writes a large message only as this thread's event
   * loop turns: the build waits for it before it works on synchronously).
   */
  render(job: RenderJob): { sent: Promise<void>; written: Promise<Written> };
  /** Stops it (after render() settled, or to give up); once this resolves, it writes nothing more. */
  stop(): Promise<void>;
  /**
   * The process of a site's own templates only: settles once it has checked and compiled them
   * (before the content comes), rejecting with their problems (a ContentError) or why it could not.
   */
  checked?: Promise<void>;
}

/** Starts a thread that renders with the built-in templates; it loads its code while the content is read. */
export function startHtmlThread(): Renderer {
  const worker = new Worker(rendererFile(), { workerData: { role: THREAD_ROLE } });
  return watched((failed) => {
    worker.on('error', failed);
    worker.on('exit', (code) => failed(new Error(`the HTML renderer stopped (exit code ${code})`)));
    return {
      send: (job) => (worker.postMessage(job), Promise.resolve()),
      listen: (on) => worker.on('message', on),
      stop: async () => void (await worker.terminate()),
    };
  });
}

export interface Channel {
  /** Resolves once the job has left this thread. */
  send(job: RenderJob): Promise<void>;
  listen(on: (message: RenderEnd) => void): void;
  stop(): Promise<void>;
}

/**
 * A renderer over `open`'s channel. Watched from the start: a failure while the content is still
 * read (the thread or process could not start) rejects render() whenever it is called.
 */
export function watched(open: (failed: (error: Error) => void) => Channel): Renderer {
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
