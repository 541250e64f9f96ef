#!/usr/bin/env node
/**
 * build-lib.js: compiles src/ into lib/, the code bin/statuspress.js runs (`npm run build:lib`, run by
 * `prepare` on `npm ci`). Two builds of the same source:
 *
 * - lib/cli.js, lib/build.js, lib/server.js and lib/chunks/: one bundle with its dependencies, split,
 *   for the bin. Loading ~300 small modules (zod alone is dozens) took 0.27 s of every CLI run, the
 *   bundle 0.09 s, and splitting keeps the CLI's lazy imports lazy: `statuspress validate` never
 *   loads the server, the renderer or Handlebars. lib/build.js and lib/server.js are for scripts that
 *   call the core directly (scripts/flood.js).
 * - lib/statuspress.mjs: the whole CLI in one file, no chunks, every dependency inlined, no source
 *   map. `statuspress init` copies it into a new status repository as .statuspress/statuspress.mjs,
 *   and `statuspress upgrade` replaces that copy: it runs with plain `node` in a folder with no
 *   node_modules, so a status repository publishes even while a package registry is down. Its first
 *   line names the version (`upgrade` reads it); the licences of the bundled packages close the file.
 *
 * The version in package.json is compiled in (`__STATUSPRESS_VERSION__`; vitest.config.ts defines it
 * for the tests), since a copy of the single file knows no package.json. Types are checked by
 * `npm run typecheck`, not here. The HTML site's templates, styles and browser scripts are compiled
 * in by scripts/site-modules.js, so nothing is read from disk at run time. The HTML renderer
 * (src/render/worker.ts) and the write thread (src/write/thread.ts) start from the bundled file that
 * holds them: their chunk in lib/chunks/, or lib/statuspress.mjs itself (src/render/README.md).
 *
 * Bundled once per source: lib/.inputs holds a hash of everything the bundles are made from (src/,
 * templates/, these scripts, package.json and the lockfile), and a run that finds the same hash
 * leaves lib/ as it is (`--force` bundles anyway). So `npm ci` bundles, and the `npm test` after it
 * does not bundle again. The bundles are written into a folder beside lib/ and swapped in whole: a
 * test running the bin meanwhile never finds lib/ half-written.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { esbuildPlugin } from './site-modules.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const FINAL = path.join(ROOT, 'lib');
const STAMP = '.inputs';
const { version } = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8'));

const inputs = inputsHash();
if (!process.argv.includes('--force') && readOrNull(path.join(FINAL, STAMP)) === inputs) {
  console.log('lib/ is up to date with src/ and templates/');
  process.exit(0);
}
const LIB = path.join(ROOT, `lib.tmp-${process.pid}`);

/** The first line of lib/statuspress.mjs; src/scaffold/bundle.ts reads the version back from it. */
const singleFileMarker = (v) => `// statuspress ${v}: the whole statuspress CLI in one file (node statuspress.mjs --help).`;

// Bundled CommonJS dependencies (handlebars, serve-handler) call require() for Node's built-ins,
// which ES modules do not have.
const REQUIRE = "import { createRequire as __statuspressRequire } from 'node:module'; const require = __statuspressRequire(import.meta.url);";

const common = {
  absWorkingDir: ROOT,
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  minifySyntax: true,
  logLevel: 'warning',
  plugins: [esbuildPlugin],
};

rmSync(LIB, { recursive: true, force: true });
try {
  await bundle();
} catch (error) {
  rmSync(LIB, { recursive: true, force: true });
  throw error;
}
writeFileSync(path.join(LIB, STAMP), inputs);
// Swapped in: the old lib/ moved aside, the new one renamed into its place, the old removed.
const old = path.join(ROOT, `lib.old-${process.pid}`);
if (existsSync(FINAL)) renameSync(FINAL, old);
renameSync(LIB, FINAL);
rmSync(old, { recursive: true, force: true });

/** The two builds of the source, into LIB. */
async function bundle() {
  await esbuild.build({
    ...common,
    // The HTML renderer an entry of its own, so its thread or process loads only what it uses (not the
    // content's parser and schema: 0.15 s of module loading in every process of a site's own templates).
    entryPoints: { cli: 'src/cli/run.ts', build: 'src/build.ts', server: 'src/serve/server.ts', renderer: 'src/render/worker.ts' },
    outdir: LIB,
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    sourcemap: true,
    define: { __STATUSPRESS_VERSION__: JSON.stringify(version), __STATUSPRESS_SINGLE_FILE__: 'false' },
    banner: { js: REQUIRE },
  });

  const single = await esbuild.build({
    ...common,
    entryPoints: ['src/cli-main.ts'],
    outfile: path.join(LIB, 'statuspress.mjs'),
    splitting: false,
    minifyWhitespace: true,
    minifyIdentifiers: true,
    legalComments: 'none',
    metafile: true,
    define: { __STATUSPRESS_VERSION__: JSON.stringify(version), __STATUSPRESS_SINGLE_FILE__: 'true' },
    banner: { js: `#!/usr/bin/env node\n${singleFileMarker(version)}\n${REQUIRE}` },
  });
  const file = path.join(LIB, 'statuspress.mjs');
  writeFileSync(file, `${readFileSync(file, 'utf8')}${licences(single.metafile)}`);
}

/** A hash of every file the bundles are made from, by path and bytes. */
function inputsHash() {
  const hash = createHash('sha256');
  const files = ['package.json', 'package-lock.json', 'scripts/build-lib.js', 'scripts/site-modules.js'];
  for (const dir of ['src', 'templates']) {
    for (const entry of readdirSync(path.join(ROOT, dir), { recursive: true, withFileTypes: true })) {
      if (entry.isFile()) files.push(path.relative(ROOT, path.join(entry.parentPath, entry.name)));
    }
  }
  for (const file of files.sort()) hash.update(file).update('\0').update(readFileSync(path.join(ROOT, file))).update('\0');
  return hash.digest('hex');
}

function readOrNull(file) {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

/**
 * The licence of every package bundled into the single file, as one closing comment: the file is
 * copied into other people's repositories, and the MIT and ISC licences ask that their notice travel
 * with the code.
 */
function licences(metafile) {
  const packages = new Map();
  for (const input of Object.keys(metafile.inputs)) {
    const match = /(?:^|\/)node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(input);
    if (match && !packages.has(match[1])) packages.set(match[1], path.join(ROOT, input.slice(0, match.index + match[0].length)));
  }
  const blocks = [...packages].sort(([a], [b]) => a.localeCompare(b)).map(([name, dir]) => {
    const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
    const text = ['LICENSE', 'LICENSE.md', 'LICENSE.txt', 'license', 'LICENCE']
      .map((f) => {
        try {
          return readFileSync(path.join(dir, f), 'utf8');
        } catch {
          return null;
        }
      })
      .find((t) => t !== null);
    return `${name}@${pkg.version} (${pkg.license ?? 'see its package'})\n\n${(text ?? '').trim()}`;
  });
  const statuspress = `statuspress@${version} (MIT)`;
  const body = [statuspress, ...blocks].join('\n\n---\n\n').replaceAll('*/', '* /');
  return `/*\nThis file bundles the following packages, under these licences:\n\n${body}\n*/\n`;
}
