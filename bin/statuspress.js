#!/usr/bin/env node
// The CLI is bundled from src/ into lib/ by `npm run build:lib` (scripts/build-lib.js, run by `prepare` on
// `npm ci` and `npm pack`). lib/statuspress.mjs is the same CLI as one file, which `statuspress init` copies.
import { main } from '../lib/cli.js';

process.exitCode = await main(process.argv.slice(2));
