// Caching rules shared by `statuspress serve` and the generated host configurations.

/** API answers change with every build: a short max-age, and a CDN may serve stale while it refetches. */
export const API_CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=300';
/** Errors are cached briefly too, so a CDN shields the origin from floods of bad addresses. */
export const ERROR_CACHE_CONTROL = 'public, max-age=10';
/** HTML pages and feeds. */
export const SITE_CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=300';
/** Files whose name carries a content hash never change. */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** Asset names with a content hash (`app.3f9a1c2b.css`): the same pattern for serve and nginx. */
export const HASHED_ASSET = '[.-][0-9a-f]{8,}[.](?:css|js|svg|png|woff2?)$';

/** Cache-Control for a file of the HTML site. */
export const siteCacheControl = (file: string): string =>
  new RegExp(HASHED_ASSET).test(file) ? IMMUTABLE_CACHE_CONTROL : SITE_CACHE_CONTROL;
