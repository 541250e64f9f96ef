// Numbers that a stage applies and the error catalogue (src/errors) words: kept here, in a module
// that imports nothing, so the catalogue interpolates them without importing a stage, and a message
// can never state a limit other than the one enforced.

/**
 * API requests a second per client address (and the burst) when --rate-limit does not say: the
 * default of `statuspress serve`, of `statuspress host-config nginx` and of the nginx block in every build.
 */
export const DEFAULT_RATE_LIMIT = 10;

/** The languages a site may list (`locales`): each is a whole copy of the HTML site, and every page links every language. */
export const MAX_LOCALES = 20;

/** Metrics: the window an answer covers when none is asked for, and how far back a window may start. */
export const DEFAULT_WINDOW_DAYS = 30;
export const TIMEFRAME_MONTHS = 12;

/**
 * The most threads `statuspress build --threads` takes. Each holds its own copy of the content and
 * the site, and renders only notice pages beyond the first.
 */
export const MAX_THREADS = 4;

// The limits a site's own templates work within (docs/themes.md says them in words). The built-in
// templates are never held to the limits of rendering: they render in the build's own thread.
/** A page may take this long to render with the site's own templates (wall clock, in the process that renders them). */
export const PAGE_SECONDS = 2;
/**
 * After this long, the site's pages must have rendered at this pace on average: pages that each
 * take just under PAGE_SECONDS would otherwise keep a build of thousands of notices going for hours.
 */
export const RENDER_GRACE_SECONDS = 10;
export const PAGE_AVERAGE_MS = 20;
/** The JavaScript heap of the process that renders with the site's own templates (--max-old-space-size). */
export const RENDER_HEAP_MB = 768;

/**
 * The limits above that a build or `statuspress dev` holds the process of the site's own templates
 * to, in one value: BuildOptions.renderLimits and dev's options take others, so that the tests stop
 * a hostile theme in milliseconds rather than wait out seconds.
 */
export interface RenderLimits {
  /** PAGE_SECONDS, in milliseconds. */
  pageMs: number;
  /** RENDER_GRACE_SECONDS, in milliseconds. */
  graceMs: number;
  /** PAGE_AVERAGE_MS. */
  averagePageMs: number;
  /** RENDER_HEAP_MB. */
  heapMb: number;
}
export const RENDER_LIMITS: Readonly<RenderLimits> = { pageMs: PAGE_SECONDS * 1000, graceMs: RENDER_GRACE_SECONDS * 1000, averagePageMs: PAGE_AVERAGE_MS, heapMb: RENDER_HEAP_MB };

/**
 * The bytes of HTML (UTF-8, as written) a page of the site's own templates may have, plus
 * PAGE_BYTES_PER_ITEM per item of the lists it is given and per TEXT_PER_ITEM characters of its
 * text. The built-in templates, copied into templates/, stay far within it, on a notice of 1 MiB too.
 */
export const PAGE_BYTES = 128 * 1024;
export const PAGE_BYTES_PER_ITEM = 4 * 1024;
export const TEXT_PER_ITEM = 512;
/**
 * What the site's own templates may write in one build: SITE_BYTES, plus SITE_BYTES_PER_PAGE for
 * every file written so far: a hostile theme's pages once filled gigabytes. Built-in pages stay far
 * under SITE_BYTES_PER_PAGE.
 */
export const SITE_BYTES = 256 * 2 ** 20;
export const SITE_BYTES_PER_PAGE = 64 * 1024;

/**
 * A site's templates may be this long together, many times the built-in ones: Handlebars compiles
 * some syntax (subexpressions) slowly, and this bound keeps the worst case to seconds.
 */
export const MAX_TEMPLATES_BYTES = 128 * 1024;
/** A stylesheet may be 1 MiB, as a content file. */
export const MAX_STYLE_BYTES = 2 ** 20;
/** A file of the site's own words (templates/locales/<locale>.yaml) may be 256 KiB: many times a whole catalogue. */
export const MAX_MESSAGES_BYTES = 256 * 1024;
/**
 * Blocks (counting each `{{else if}}` of a chain) and subexpressions may nest this deep: Handlebars'
 * parser takes time growing with the cube of the depth.
 */
export const MAX_TEMPLATE_DEPTH = 64;
