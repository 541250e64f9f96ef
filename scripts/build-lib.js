#!/usr/bin/env node
/**
 * build-lib.js: compiles src/ into lib/, the code bin/statuspress.js runs (`npm run build:lib`, run by
 * `prepare` on `npm ci`).
 *
 * One bundle with its dependencies instead of tsc's file-for-file output: loading ~300 small modules
 * (zod alone is dozens) took 0.27 s of every CLI run, the bundle 0.09 s. Splitting keeps the CLI's
 * lazy imports lazy: `statuspress validate` never loads the server, the renderer or Handlebars.
 * Entry points: lib/cli.js (the bin), and lib/build.js and lib/server.js for scripts that call the
 * core directly (scripts/flood.js). Types are checked by `npm run typecheck`, not here. The HTML
 * site's templates, styles and browser scripts are compiled in by scripts/site-modules.js.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { esbuildPlugin } from './site-modules.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const LIB = path.join(ROOT, 'lib');

rmSync(LIB, { recursive: true, force: true });
await esbuild.build({
  absWorkingDir: ROOT,
  entryPoints: { cli: 'src/cli.ts', build: 'src/build.ts', server: 'src/serve/server.ts' },
  outdir: LIB,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  chunkNames: 'chunks/[name]-[hash]',
  sourcemap: true,
  minifySyntax: true,
  logLevel: 'warning',
  plugins: [esbuildPlugin],
  // Bundled CommonJS dependencies (handlebars, serve-handler) call require() for Node's
  // built-ins, which ES modules do not have.
  banner: { js: "import { createRequire as __statuspressRequire } from 'node:module'; const require = __statuspressRequire(import.meta.url);" },
});
