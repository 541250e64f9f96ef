#!/usr/bin/env node
/**
 * bundle-share.js: what each bundled package weighs in lib/statuspress.mjs, the single-file CLI a
 * status repository carries. Builds it as scripts/build-lib.js does (minified, no chunks) with a
 * metafile, in memory, and prints the file's bytes and each package's bytes and share, largest first.
 *
 *   node scripts/bundle-share.js            # the ten largest
 *   node scripts/bundle-share.js --all
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { esbuildPlugin } from './site-modules.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const result = await esbuild.build({
  absWorkingDir: ROOT,
  entryPoints: ['src/cli-main.ts'],
  outfile: path.join(ROOT, 'lib/statuspress.mjs'),
  bundle: true,
  write: false,
  metafile: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  minifySyntax: true,
  minifyWhitespace: true,
  minifyIdentifiers: true,
  legalComments: 'none',
  logLevel: 'warning',
  plugins: [esbuildPlugin],
  define: { __STATUSPRESS_VERSION__: '"0.0.0"', __STATUSPRESS_SINGLE_FILE__: 'true' },
});
const output = Object.values(result.metafile.outputs)[0];
const byPackage = new Map();
for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
  const match = /(?:^|\/)node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(input);
  const name = match ? match[1] : '(statuspress)';
  byPackage.set(name, (byPackage.get(name) ?? 0) + bytesInOutput);
}
const rows = [...byPackage].sort((a, b) => b[1] - a[1]);
console.log(`lib/statuspress.mjs: ${output.bytes} bytes (licences not counted)`);
for (const [name, bytes] of process.argv.includes('--all') ? rows : rows.slice(0, 10)) {
  console.log(`${String(bytes).padStart(9)}  ${((100 * bytes) / output.bytes).toFixed(1).padStart(5)}%  ${name}`);
}
