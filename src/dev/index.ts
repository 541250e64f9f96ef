// `statuspress dev`: the site from the content in memory, rebuilt when a file of content/ or
// templates/ changes (only what changed is read again), pages reloaded in the browser, and the
// content's problems shown in the page and the terminal without stopping. The clock moves the site
// on as well: at the next moment it changes by itself (src/derive/next-change.ts: an update's time,
// a maintenance's window, an expiry, a midnight), the site is derived again and the pages reloaded.
import { watch } from 'chokidar';
import { MAX_TIMER_MS } from '../util/time.js';
import { DevState } from './state.js';
import type { DevOptions, Refreshed, Retimed } from './state.js';
import { devServer } from './server.js';

export interface StartDevOptions extends DevOptions {
  host?: string;
  /** 0 picks a free one. */
  port?: number;
  /** Told of every rebuild (the CLI prints it). */
  onRefresh?: (result: Refreshed, changed: readonly string[]) => void;
  /** Told each time the clock moved the site on (the CLI prints what fell due). */
  onClock?: (result: Retimed) => void;
}

export interface RunningDev {
  url: string;
  state: DevState;
  /** Stops watching and serving. */
  close(): Promise<void>;
}

/** Files changed within this long are rebuilt together: an editor's save is often several events. */
const SETTLE_MS = 40;

/** Builds the content, serves it and watches it; resolves once listening. */
export async function startDev(options: StartDevOptions): Promise<RunningDev> {
  const state = new DevState(options);
  // Not inside the optional call: its arguments are not evaluated when there is no onRefresh.
  const first = await state.refresh();
  options.onRefresh?.(first, []);
  const dev = devServer(state);

  let pending = new Set<string>();
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> = Promise.resolve();
  let closed = false;
  const rebuild = (): void => {
    const changed = [...pending];
    pending = new Set();
    timer = null;
    running = running.then(async () => {
      const result = await state.refresh(changed);
      options.onRefresh?.(result, changed);
      dev.broadcast(result.problems.length > 0 ? 'problems' : 'reload', result.problems);
      dev.broadcastWithheld();
      arm();
    });
  };

  // One timer on the clock, for the next moment the clock alone changes the site; set again after
  // every derivation, so it always waits for the site shown. A wait longer than a timer can hold is
  // waited in steps, checking the clock at each.
  let clockTimer: unknown = null;
  const arm = (): void => {
    if (clockTimer !== null) state.clock.clear(clockTimer);
    clockTimer = null;
    const next = state.nextChange();
    if (closed || next === null) return;
    clockTimer = state.clock.setTimer(() => {
      clockTimer = null;
      if (closed) return;
      if (state.clock.now() < next) return arm();
      running = running.then(() => {
        const result = state.retime();
        if (result !== null) {
          options.onClock?.(result);
          dev.broadcast('reload');
          dev.broadcastWithheld();
        }
        arm();
      });
    }, Math.min(Math.max(next - state.clock.now(), 0), MAX_TIMER_MS));
  };
  arm();
  const changed = (file: string): void => {
    pending.add(file);
    if (timer) clearTimeout(timer);
    timer = setTimeout(rebuild, SETTLE_MS);
  };
  // Two watchers: given a path that does not exist yet (templates/ often does not), chokidar says
  // it is ready at once, before it has read the other paths, and changes made meanwhile are lost.
  const content = watch(options.contentDir, { ignoreInitial: true });
  const templates = watch(options.templatesDir, { ignoreInitial: true });
  for (const watcher of [content, templates]) watcher.on('all', (_event, file) => changed(file));
  await new Promise<void>((resolve, reject) => content.once('ready', resolve).once('error', reject));

  await new Promise<void>((resolve, reject) => {
    dev.server.once('error', reject);
    dev.server.listen(options.port ?? 8080, options.host ?? '127.0.0.1', resolve);
  }).catch(async (error: unknown) => {
    // Not listening (the port is taken): nothing may go on watching or waiting on the clock.
    closed = true;
    if (clockTimer !== null) state.clock.clear(clockTimer);
    if (timer) clearTimeout(timer);
    await Promise.all([content.close(), templates.close()]);
    state.close();
    throw error;
  });
  const address = dev.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const host = options.host ?? '127.0.0.1';
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    state,
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      await Promise.all([content.close(), templates.close()]);
      await running;
      if (clockTimer !== null) state.clock.clear(clockTimer);
      dev.server.closeAllConnections();
      await new Promise<void>((resolve) => dev.server.close(() => resolve()));
      state.close();
    },
  };
}
