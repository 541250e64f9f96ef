import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { vitePluginWith } from './scripts/site-modules.js';

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

// What scripts/build-lib.js compiles in (src/version.d.ts).
const define = { __STATUSPRESS_VERSION__: JSON.stringify(version), __STATUSPRESS_SINGLE_FILE__: 'false' };

export default defineConfig({
  // Templates, styles, browser scripts and workers compiled as the lib/ bundle compiles them.
  plugins: [vitePluginWith(define)],
  define,
  test: {
    include: ['test/**/*.test.ts'],
    // What builds and `npm start` write is never a test, whatever it holds.
    exclude: ['**/node_modules/**', 'dist/**', 'dist.*/**', 'lib/**', 'lib.*/**'],
    // The stylesheet is imported as text (`templates/style.css?raw`); vitest empties every CSS import
    // it is not told to process, which gave the tests' builds an empty stylesheet.
    css: { include: [/\.css\?raw$/] },
    // Whole builds and real servers: generous per-test time, but never unbounded.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Set, not vitest's default (one less than the cores: one worker on CI's two cores, every file in
    // turn). Many tests wait on a child process, a browser or a server, whose work is not the worker's:
    // one worker more than the cores keeps them busy (docs/testing.md has the figures). The tests
    // inject their limits, so they hold under that load.
    maxWorkers: availableParallelism() + 1,
  },
});
