// The entry point of the single-file CLI (lib/statuspress.mjs, scripts/build-lib.js): runs the CLI
// with the process's arguments, as bin/statuspress.js does for the split bundle. A build starts this
// same file again as its HTML renderer, a thread or a process (render/worker.ts), and `dev` as the
// process that renders the pages of a site's own templates, and each such process as the thread that
// watches its parent: there it only loads that renderer (in
// one bundled file a module imported lazily runs only when imported, so it must be imported here).
import { isMainThread } from 'node:worker_threads';
import { main } from './cli/run.js';
import { PAGES_FLAG, PROCESS_FLAG } from './render/worker-messages.js';

if (isMainThread && process.argv[2] !== PROCESS_FLAG && process.argv[2] !== PAGES_FLAG) {
  process.exitCode = await main(process.argv.slice(2));
} else await import('./render/worker.js');
