// Compiled in by scripts/build-lib.js (esbuild `define`) and vitest.config.ts.
/** package.json's version of the statuspress that is running. */
declare const __STATUSPRESS_VERSION__: string;
/** True in lib/statuspress.mjs, the single-file CLI; false in lib/'s split bundle and in the tests. */
declare const __STATUSPRESS_SINGLE_FILE__: boolean;
