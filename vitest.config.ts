import { defineConfig } from 'vitest/config';
import { vitePlugin } from './scripts/site-modules.js';

export default defineConfig({
  // Templates, styles and browser scripts compiled as the lib/ bundle compiles them.
  plugins: [vitePlugin],
  test: {
    include: ['test/**/*.test.ts'],
    // The stylesheet is imported as text (`templates/style.css?raw`); vitest empties every CSS import
    // it is not told to process, which gave the tests' builds an empty stylesheet.
    css: { include: [/\.css\?raw$/] },
    // Whole builds and real servers: generous per-test time, but never unbounded.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
