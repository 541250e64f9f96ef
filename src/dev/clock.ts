// The clock `statuspress dev` shows the site by, and the one timer it sets on it. Injected so a test
// can move time on and fire the timer itself instead of waiting for real minutes.
import { MAX_TIMER_MS } from '../util/time.js';

/** A clock with a timer: what `dev` reads the time from and waits on. */
export interface Clock {
  /** The moment to show, epoch ms. */
  now(): number;
  /** Calls `fire` once after about `ms` milliseconds (of this clock); returns what `clear` takes. */
  setTimer(fire: () => void, ms: number): unknown;
  clear(timer: unknown): void;
}

/**
 * The machine's clock, or, given `start`, one that starts there and runs at the machine's pace
 * (`dev --now`): the site moves on from that moment as it would from the real one.
 */
export function systemClock(start?: number): Clock {
  const offset = start === undefined ? 0 : start - Date.now();
  return {
    now: () => Date.now() + offset,
    setTimer(fire, ms) {
      const timer = setTimeout(fire, Math.min(Math.max(ms, 0), MAX_TIMER_MS));
      // The server keeps the process alive; the timer alone must not.
      timer.unref();
      return timer;
    },
    clear: (timer) => clearTimeout(timer as NodeJS.Timeout),
  };
}
