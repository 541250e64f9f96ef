// `npm run test:quick`: the loop while editing. The unit and whole-build tests, in this process's
// workers: none drives a browser, starts nginx, kills a process, installs packages, runs the
// workflows, floods a server or makes up sites at random (a few run the bundled CLI once). Those are in `npm test`,
// which CI runs. docs/testing.md lists what each part covers.
import { defineConfig } from 'vitest/config';
import base from './vitest.config.js';

/** The folders of the quick loop. */
export const QUICK = ['test/unit/**/*.test.ts', 'test/build/**/*.test.ts', 'test/errors/**/*.test.ts', 'test/schemas/**/*.test.ts', 'test/regressions/**/*.test.ts'];

/** What those folders hold that the quick loop leaves to `npm test`: processes started and killed, threads, nginx. */
export const HEAVY = [
  'test/build/kill.test.ts',
  'test/build/orphan.test.ts',
  'test/build/renderer-ended.test.ts',
  'test/build/themed.test.ts',
  'test/build/html-thread.test.ts',
  'test/build/bad-content.test.ts',
  'test/unit/theme/theme.test.ts',
  'test/unit/routes/table.test.ts',
  'test/unit/scaffold/workflows.test.ts',
];

/**
 * Files that replace a module, a global or a prototype's method while they run, or keep state in a
 * module another file reads (the copies of the templates, the write thread's bounds): each runs in a
 * fresh module graph of its own. The others share their worker's modules, file after file, which
 * saves loading src/ again for every file (half the quick loop's time).
 */
export const ISOLATED = [
  'test/build/ahead.test.ts',
  'test/regressions/hostile-content.test.ts',
  'test/unit/content/files.test.ts',
  'test/unit/i18n/catalogue.test.ts',
  'test/unit/render/copies.test.ts',
  'test/unit/render/site/ahead.test.ts',
  'test/unit/render/site/markdown.test.ts',
  'test/unit/theme/theme-words.test.ts',
  'test/unit/render/worker-bound.test.ts',
  'test/unit/render/worker-process-file.test.ts',
  'test/unit/render/worker-temporary.test.ts',
  'test/unit/scaffold/guards.test.ts',
  'test/unit/scaffold/init-paths.test.ts',
  'test/unit/scaffold/new.test.ts',
  'test/unit/serve/current-build.test.ts',
  'test/unit/serve/rate-limit.test.ts',
  'test/unit/write/bounded.test.ts',
  'test/unit/write/cleanup-fails.test.ts',
  'test/unit/write/cleanup.test.ts',
  'test/unit/write/dates-ahead.test.ts',
];

// The projects extend this config, and extending concatenates lists: it holds no `include` of its
// own (the base config's takes every test), and each project says what it takes.
const shared = { ...base.test };
delete shared.include;
export default defineConfig({
  ...base,
  test: {
    ...shared,
    projects: [
      { extends: true, test: { name: 'quick', include: QUICK, exclude: [...HEAVY, ...ISOLATED], isolate: false } },
      { extends: true, test: { name: 'quick-isolated', include: ISOLATED, exclude: HEAVY } },
    ],
  },
});
