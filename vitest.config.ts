import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { sep } from 'node:path';
import { defineConfig } from 'vitest/config';
import { vitePluginWith } from './scripts/site-modules.js';

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

// What scripts/build-lib.js compiles in (src/version.d.ts).
const define = { __STATUSPRESS_VERSION__: JSON.stringify(version), __STATUSPRESS_SINGLE_FILE__: 'false' };

/** The folders of the quick loop (`npm run test:quick`): modules, whole builds, the error catalogue. */
export const QUICK = ['test/unit/', 'test/build/', 'test/errors/', 'test/schemas/', 'test/regressions/'];

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
  'test/regressions/hostile-content.test.ts',
  'test/unit/content/files.test.ts',
  'test/unit/i18n/catalogue.test.ts',
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
  // Outside the quick loop's folders: the environment, a module's transport or the timers replaced.
  'test/cli/notify.test.ts',
  'test/dev/clock.test.ts',
  'test/dev/slow-start.test.ts',
  'test/unit/theme/theme.test.ts',
];

/** Every test file; `.test.ts` under test/ (fixtures hold content, never tests). */
const ALL = readdirSync(new URL('./test', import.meta.url), { recursive: true, encoding: 'utf8' })
  .map((file) => `test/${file.split(sep).join('/')}`)
  .filter((file) => file.endsWith('.test.ts') && !file.startsWith('test/fixtures/'))
  .sort();
/** The files that share their worker's modules, file after file. */
export const SHARED = ALL.filter((file) => !ISOLATED.includes(file));

export default defineConfig({
  // Templates, styles, browser scripts and workers compiled as the lib/ bundle compiles them.
  plugins: [vitePluginWith(define)],
  define,
  test: {
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
    // The projects extend this config, and extending concatenates lists: it holds no `include` of its
    // own, and each project names its files.
    projects: [
      { extends: true, test: { name: 'shared', include: SHARED, isolate: false } },
      { extends: true, test: { name: 'isolated', include: ALL.filter((file) => !SHARED.includes(file)) } },
    ],
  },
});
