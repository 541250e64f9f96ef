import { defineConfig } from 'vitest/config';
import { templateModule } from './scripts/handlebars-template.js';

export default defineConfig({
  // Templates compiled as the lib/ bundle compiles them.
  plugins: [
    {
      name: 'handlebars',
      transform(code: string, id: string) {
        return id.endsWith('.hbs') ? { code: templateModule(code), map: null } : undefined;
      },
    },
  ],
  test: {
    include: ['test/**/*.test.ts'],
    // Whole builds and real servers: generous per-test time, but never unbounded.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
