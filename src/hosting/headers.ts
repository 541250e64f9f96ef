// Caching rules shared by `statuspress serve` and the generated host configurations.

/** API answers change with every build: a short max-age, and a CDN may serve stale while it refetches. */
export const API_CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=300';
/** Errors are cached briefly too, so a CDN shields the origin from floods of bad addresses. */
export const ERROR_CACHE_CONTROL = 'public, max-age=10';
/** HTML pages and feeds. */
export const SITE_CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=300';
/** Files whose name carries a content hash never change. */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';
