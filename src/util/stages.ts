// Stage timings for `statuspress build --timings` and the benchmark: each stage named once, where the
// recipe runs it, instead of stopwatches around each call.

/** Runs `task` as stage `name` and records how long it took (until its promise settles, if it returns one). */
export interface StageRunner<S extends string> {
  <T>(name: S, task: () => T): T;
  /** Milliseconds per stage run so far. */
  readonly timings: Partial<Record<S, number>>;
}

/** A new runner with no timings yet: one per build. */
export function stageRunner<S extends string>(): StageRunner<S> {
  const timings: Partial<Record<S, number>> = {};
  const run = <T>(name: S, task: () => T): T => {
    const started = performance.now();
    const done = (): void => {
      timings[name] = Math.round(performance.now() - started);
    };
    const result = task();
    if (result instanceof Promise) return result.finally(done) as T;
    done();
    return result;
  };
  return Object.assign(run, { timings });
}
