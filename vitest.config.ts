import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Whole builds and real servers: generous per-test time, but never unbounded.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
