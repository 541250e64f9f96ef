// Numbers that a stage applies and the error catalogue (src/errors) words: kept here, in a module
// that imports nothing, so the catalogue interpolates them without importing a stage, and a message
// can never state a limit other than the one enforced.

/**
 * API requests a second per client address (and the burst) when --rate-limit does not say: the
 * default of `statuspress serve`, of `statuspress host-config nginx` and of the nginx block in every build.
 */
export const DEFAULT_RATE_LIMIT = 10;

/**
 * The most threads `statuspress build --threads` takes. Each holds its own copy of the content and
 * the site (about 80 MB on 10,000 notices) and renders only notice pages beyond the first.
 */
export const MAX_THREADS = 4;
