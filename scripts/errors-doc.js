#!/usr/bin/env node
/**
 * errors-doc.js: writes docs/errors.md from the error catalogue in src/errors/ (`npm run errors-doc`).
 * The catalogue is TypeScript, so it is bundled in memory with esbuild (as scripts/build-lib.js
 * bundles the CLI) and run from there. test/errors/catalogue.test.ts fails when the committed file
 * differs from what this writes.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT = path.join(ROOT, 'docs/errors.md');

const bundle = await esbuild.build({
  absWorkingDir: ROOT,
  entryPoints: ['src/errors/doc.ts'],
  bundle: true,
  write: false,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  logLevel: 'warning',
});
const { errorsDoc } = await import(`data:text/javascript;base64,${Buffer.from(bundle.outputFiles[0].text).toString('base64')}`);
writeFileSync(OUT, errorsDoc());
console.log(`Wrote ${path.relative(ROOT, OUT)}`);
