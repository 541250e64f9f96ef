// `npm run test:quick`: the loop while editing. The unit and whole-build tests, in this process's
// workers: none drives a browser, starts nginx, kills a process, installs packages, runs the
// workflows, floods a server or makes up sites at random (a few run the bundled CLI once). Those are in `npm test`,
// which CI runs. docs/testing.md lists what each part covers.
import { defineConfig } from 'vitest/config';
import base, { HEAVY, ISOLATED, QUICK, SHARED } from './vitest.config.js';

const quick = (file: string): boolean => QUICK.some((folder) => file.startsWith(folder)) && !HEAVY.includes(file);

export default defineConfig({
  ...base,
  test: {
    ...base.test,
    projects: [
      { extends: true, test: { name: 'quick', include: SHARED.filter(quick), isolate: false } },
      { extends: true, test: { name: 'quick-isolated', include: ISOLATED.filter(quick) } },
    ],
  },
});
