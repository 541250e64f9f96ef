// `npm run test:quick`: the loop while editing. The unit and whole-build tests, without what drives a
// browser, starts nginx, kills processes, installs packages, runs the workflows or floods a server:
// those are in `npm test`, which CI runs. docs/testing.md lists what each part covers.
import { defineConfig, mergeConfig } from 'vitest/config';
import base from './vitest.config.js';

/** The tests `npm test` runs and the quick loop leaves out. */
export const HEAVY = [
  'test/site/**',
  'test/hosting/nginx.test.ts',
  'test/unit/routes/table.test.ts',
  'test/build/kill.test.ts',
  'test/build/orphan.test.ts',
  'test/build/renderer-ended.test.ts',
  'test/serve/flood.test.ts',
  'test/cli/pack.test.ts',
  'test/unit/scaffold/workflows.test.ts',
];

export default mergeConfig(base, defineConfig({ test: { exclude: HEAVY } }));
