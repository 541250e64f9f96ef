import { defineConfig } from 'vitest/config';
import { vitePlugin } from './scripts/site-modules.js';

export default defineConfig({
  // Templates, styles and browser scripts compiled as the lib/ bundle compiles them.
  plugins: [vitePlugin],
  test: {
    include: ['test/**/*.test.ts'],
    // Whole builds and real servers: generous per-test time, but never unbounded.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
