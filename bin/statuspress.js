#!/usr/bin/env node
// The CLI is compiled from src/ into lib/ by `npm run build:lib` (run by `prepare` on `npm ci`).
import { main } from '../lib/cli.js';

process.exitCode = await main(process.argv.slice(2));
