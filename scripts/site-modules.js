/**
 * site-modules.js: what the HTML site is made of, turned into ES modules when statuspress is built,
 * for the bundler (scripts/build-lib.js) and the tests (vitest.config.ts) alike, so lib/ and the
 * single-file CLI carry them and never read them from disk:
 * - `templates/*.hbs`: the precompiled template as text, each word it prints from the catalogue
 *   (`{{t.nav.status}}`) left as a marker for the build to write that language's word into (Handlebars'
 *   compiler stays out of every build that uses the built-in templates), and a hash of its source,
 *   so an identical "override" is skipped;
 * - `file.css?raw`: the text; `file.json?raw` (the catalogues of languages other than English,
 *   parsed when a site asks for them): the JSON without its indentation;
 * - `file.ts?browser`: a minified browser bundle of that file and what it imports (the component
 *   page's picker runs the build's own metrics code this way);
 * - `file.ts?source-worker`: under the tests only, where a worker cannot load TypeScript, a worker's
 *   module bundled with what it imports into one CommonJS script, as text, which the module writes
 *   to a file to start its worker from (src/write/bundle-file.ts); in lib/ it is null, and the module
 *   starts its worker from its own bundled file.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as esbuild from 'esbuild';
import Handlebars from 'handlebars';

/** Same options as the build gives an override: strict, so a misspelt field is an error, not an empty string. */
export const TEMPLATE_OPTIONS = { strict: true };

export const sourceHash = (source) => createHash('sha1').update(source).digest('hex');

/**
 * A word of the catalogue a template prints, `{{t.nav.status}}` or `{{@root.t.nav.status}}`: the same
 * text on every page of a language, which Handlebars would look up three names deep and escape each
 * time (45,000 times on 2,000 notices). The module's spec has `\uE000nav.status\uE001` in its place
 * (two characters of Unicode's private use, which no template of statuspress writes), and the build
 * writes each language's word there, escaped as `{{ }}` escapes it (theme/theme.ts).
 */
const WORD = /^\{\{(@root\.)?t\.([A-Za-z0-9_]+(?:\.[A-Za-z0-9_]+)*)\}\}$/;
export const WORD_OPEN = '\uE000';
export const WORD_CLOSE = '\uE001';

/** Blocks whose body (`fn`) is rendered in the template's own context; in every other block `t` may be something else. */
const SAME_CONTEXT = new Set(['if', 'unless']);
/** Blocks whose `{{else}}` (`inverse`) is rendered in the template's own context. */
const SAME_CONTEXT_ELSE = new Set(['if', 'unless', 'each', 'with']);

/**
 * The words of `source` that can be written in as text, as [start, end, key] by offset: found in
 * Handlebars' own parse, not by a pattern on the text, so what it does not print as `{{t.a.b}}`
 * stays as it is (`\{{t.a.b}}` printed as written, a mustache in a `{{! }}` comment, one with `~`),
 * and so does `{{t.a.b}}` where `t` is not the page's (in `#each` or `#with`: Handlebars looks it up
 * there); `{{@root.t.a.b}}` is the page's anywhere.
 */
function wordsOf(source) {
  const offset = offsetsOf(source);
  const words = [];
  const walk = (program, own) => {
    for (const node of program?.body ?? []) {
      if (node.type === 'MustacheStatement') {
        const [start, end] = [offset(node.loc.start), offset(node.loc.end)];
        const word = WORD.exec(source.slice(start, end));
        // The exact text, with nothing else (no params, `~`, `{{{ }}}`): what Handlebars prints with `{{ }}`;
        // not after a backslash, which would stay in the text (`\\{{` prints one, and then the word).
        if (word && node.escaped && node.params.length === 0 && !node.hash && source[start - 1] !== '\\' && (own || word[1] !== undefined)) words.push([start, end, word[2]]);
      } else if (node.type === 'BlockStatement') {
        const name = node.path.type === 'PathExpression' ? node.path.original : null;
        walk(node.program, own && SAME_CONTEXT.has(name));
        walk(node.inverse, own && SAME_CONTEXT_ELSE.has(name));
      } else if (node.type === 'PartialBlockStatement' || node.type === 'DecoratorBlock') {
        walk(node.program, false);
      }
    }
  };
  walk(Handlebars.parseWithoutProcessing(source), true);
  return words;
}

/** A function from a parse's { line, column } (1-based lines) to the offset in `source`. */
function offsetsOf(source) {
  const lines = [0];
  for (const m of source.matchAll(/\r\n?|\n/g)) lines.push(m.index + m[0].length);
  return ({ line, column }) => lines[line - 1] + column;
}

/** The text of a template's precompiled form, its words marked (wordsOf). */
function specOf(source) {
  if (source.includes(WORD_OPEN) || source.includes(WORD_CLOSE)) throw new Error('a built-in template may not hold U+E000 or U+E001: they mark its words');
  const words = wordsOf(source);
  let marked = source;
  for (const [start, end, key] of [...words].reverse()) marked = `${marked.slice(0, start)}${WORD_OPEN}${key}${WORD_CLOSE}${marked.slice(end)}`;
  const precompiled = Handlebars.precompile(marked, TEMPLATE_OPTIONS);
  // Each word marked is text the spec prints (Handlebars writes a block it has seen once, so by key).
  const inSpec = new Set([...precompiled.matchAll(/\uE000([A-Za-z0-9_.]+)\uE001/g)].map((m) => m[1]));
  const lost = words.find(([, , key]) => !inSpec.has(key));
  if (lost || inSpec.size !== new Set(words.map(([, , key]) => key)).size) throw new Error(`internal: the word ${lost?.[2] ?? ''} marked is not what the precompiled template prints`);
  return precompiled;
}

/** The source of an ES module exporting `{ spec, hash }` of a template: its precompiled form (specOf), and its source's hash. */
export const templateModule = (source) => `export default { spec: ${JSON.stringify(specOf(source))}, hash: ${JSON.stringify(sourceHash(source))} };\n`;

/** The source of an ES module exporting the browser bundle of `file` as text. */
export function browserModule(file) {
  const result = esbuild.buildSync({
    entryPoints: [file],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: ['es2020'],
    minify: true,
    legalComments: 'none',
    logLevel: 'warning',
  });
  return `export default ${JSON.stringify(result.outputFiles[0].text)};\n`;
}

/**
 * The source of an ES module exporting `file` bundled as one CommonJS script (text), for a worker
 * thread or process: Node's built-ins stay require()s, everything else is inside.
 */
export async function workerModule(file, define = {}) {
  const result = await esbuild.build({
    entryPoints: [file],
    bundle: true,
    write: false,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    minifySyntax: true,
    legalComments: 'none',
    logLevel: 'error',
    define,
    plugins: [esbuildPlugin],
  });
  return `export default ${JSON.stringify(result.outputFiles[0].text)};\n`;
}

export const textModule = (text) => `export default ${JSON.stringify(text)};\n`;

/**
 * A message catalogue (src/i18n/locales/*.json) as an ES module that parses its JSON text when
 * loaded: V8 reads a string and JSON.parse much sooner than an object literal of the same messages
 * (seven catalogues of about 300 each cost the build's start 8 ms as literals). English only: the
 * others are imported as text (`?raw`) and parsed when a site asks for them (i18n/catalogue.ts).
 */
export const catalogueModule = (json) => `export default JSON.parse(${JSON.stringify(JSON.stringify(JSON.parse(json)))});\n`;

/** The same transforms as an esbuild plugin (scripts/build-lib.js). */
export const esbuildPlugin = {
  name: 'statuspress-site',
  setup(build) {
    build.onResolve({ filter: /\?(?:raw|browser|source-worker)$/ }, (args) => {
      const [file, kind] = args.path.split('?');
      return { path: path.resolve(args.resolveDir, file), namespace: 'statuspress-site', pluginData: kind };
    });
    build.onLoad({ filter: /.*/, namespace: 'statuspress-site' }, async (args) => ({
      contents: await loadKind(args.pluginData, args.path),
      loader: 'js',
      watchFiles: [args.path],
    }));
    build.onLoad({ filter: /\.hbs$/ }, (args) => ({ contents: templateModule(readFileSync(args.path, 'utf8')), loader: 'js' }));
    build.onLoad({ filter: /[\\/]i18n[\\/]locales[\\/][^\\/]+\.json$/ }, (args) => ({ contents: catalogueModule(readFileSync(args.path, 'utf8')), loader: 'js' }));
  },
};

async function loadKind(kind, file) {
  if (kind === 'browser') return browserModule(file);
  // In lib/, a module loaded with ?source-worker starts its worker from its own bundled file.
  if (kind === 'source-worker') return 'export default null;\n';
  // JSON without its indentation (the catalogues): the same text to JSON.parse, a fifth fewer bytes to load.
  if (file.endsWith('.json')) return textModule(JSON.stringify(JSON.parse(readFileSync(file, 'utf8'))));
  return textModule(readFileSync(file, 'utf8'));
}

/**
 * The same transforms as a Vite plugin (vitest.config.ts). Vite reads `?raw` itself. `define` is
 * what the tests define (vitest.config.ts), for the bundled workers.
 */
export const vitePluginWith = (define) => ({
  name: 'statuspress-site',
  enforce: 'pre',
  async load(id) {
    if (id.endsWith('?browser')) return { code: browserModule(id.slice(0, -'?browser'.length)), map: null };
    const worker = /\?source-worker$/.exec(id);
    if (worker) return { code: await workerModule(id.slice(0, worker.index), define), map: null };
    if (id.endsWith('.hbs')) return { code: templateModule(readFileSync(id, 'utf8')), map: null };
    return undefined;
  },
});
