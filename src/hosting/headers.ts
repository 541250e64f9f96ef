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

export const siteCacheControl = (file: string): string =>
  new RegExp(HASHED_ASSET).test(file) ? IMMUTABLE_CACHE_CONTROL : SITE_CACHE_CONTROL;

/**
 * Sent with every answer by serve, nginx and Netlify: CORS for the read-only API (with the rate
 * limit's headers readable by browser clients, so they can honour it), no content sniffing, and no
 * full address in the Referer of links leaving the site.
 */
export const COMMON_HEADERS: readonly (readonly [string, string])[] = [
  ['Access-Control-Allow-Origin', '*'],
  ['Access-Control-Expose-Headers', 'Retry-After, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset'],
  ['X-Content-Type-Options', 'nosniff'],
  ['Referrer-Policy', 'strict-origin-when-cross-origin'],
];

/**
 * Sent instead by a private audience's site: no CORS (with `Access-Control-Allow-Origin: *` any site
 * a staff member visits could read its API), no Referer at all (its addresses may name what it is
 * about), and not indexed should a crawler ever get in.
 */
export const PRIVATE_HEADERS: readonly (readonly [string, string])[] = [
  ['X-Content-Type-Options', 'nosniff'],
  ['Referrer-Policy', 'no-referrer'],
  ['X-Robots-Tag', 'noindex'],
];

/** The headers of every answer of a public or a private site. */
export const headersOf = (isPrivate: boolean): readonly (readonly [string, string])[] => (isPrivate ? PRIVATE_HEADERS : COMMON_HEADERS);

/**
 * A private site's Cache-Control: the browser's cache only. `public` lets a shared cache (a CDN, a
 * company proxy) keep an answer given for credentials and hand it to anyone.
 */
export const cacheControlOf = (cacheControl: string, isPrivate: boolean): string => (isPrivate ? cacheControl.replace(/^public\b/, 'private') : cacheControl);

/**
 * The pages' Content-Security-Policy: their own scripts, styles, images and API, nothing inline and
 * nothing from elsewhere (the site makes no request that leaves it). Markdown in content can neither
 * add a script nor, with images turned off, load anything.
 */
export const PAGE_CSP = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'self'";
/** Everything else (JSON, feeds, badges): nothing runs or loads, even when opened directly. */
export const DATA_CSP = "default-src 'none'; sandbox";

/** The Content-Security-Policy of a file by its name. */
export const contentSecurityPolicy = (file: string): string => (file.endsWith('.html') ? PAGE_CSP : DATA_CSP);
