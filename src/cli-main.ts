// The entry point of the single-file CLI (lib/statuspress.mjs, scripts/build-lib.js): runs the CLI
// with the process's arguments, as bin/statuspress.js does for the split bundle.
import { main } from './cli.js';

process.exitCode = await main(process.argv.slice(2));
