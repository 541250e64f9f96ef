// How soon V8 optimizes a function. A command is a short batch job: a build of 2,000 notices runs
// its code for two or three seconds, and at V8's default budget (a function is optimized once it
// has run about 66 KB of bytecode) its optimizing compiler took on hundreds of functions that run
// only briefly, for a quarter of the build's CPU on its background threads. At eight times the
// budget only what stays hot is optimized: a build of 2,000 notices took 20–25% less CPU and 4–13%
// less time, one of 10,000 the same (docs/performance.md). In the long-running commands (serve,
// dev) what stays hot passes the budget soon after they start, only later than at the default.
// Output is the same: when code is optimized never changes what it computes. Node documents
// v8.setFlagsFromString for use while a program runs (its own example turns GC tracing on and off);
// should a later V8 ignore the flag once started, builds take the default's CPU again and nothing
// else changes.
import { setFlagsFromString } from 'node:v8';

export const INTERRUPT_BUDGET = 8 * 67_584;

/** The flag, for a process statuspress starts (the templates' process). */
export const TIERING_FLAG = `--interrupt-budget=${INTERRUPT_BUDGET}`;

/**
 * Sets it in this process, before its work begins: called by the CLI's entry points only, never by
 * the library (a program that embeds the build keeps its own settings).
 */
export function tierUpLater(): void {
  setFlagsFromString(TIERING_FLAG);
}
