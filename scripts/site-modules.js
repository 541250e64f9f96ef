/**
 * site-modules.js: what the HTML site is made of, turned into ES modules when statuspress is built,
 * for the bundler (scripts/build-lib.js) and the tests (vitest.config.ts) alike, so lib/ and the
 * single-file CLI carry them and never read them from disk:
 * - `templates/*.hbs`: the precompiled template as text, each word it prints from the catalogue
 *   (`{{t.nav.status}}`) left as a marker for the build to write that language's word into (Handlebars'
 *   compiler stays out of every build that uses the built-in templates), and a hash of its source,
 *   so an identical "override" is skipped; `templates/*.hbs?copy`: its form for a language's copy of
 *   the site, a module of its own;
 * - `file.css?raw`: the text; `file.json?raw` (the catalogues of languages other than English,
 *   parsed when a site asks for them): the JSON without its indentation;
 * - `file.ts?browser`: a minified browser bundle of that file and what it imports (the component
 *   page's picker runs the build's own metrics code this way);
 * - `file.ts?worker`: a worker's module bundled with what it imports into one CommonJS script, as
 *   text, which `new Worker(code, { eval: true })` runs (the write thread: src/write/README.md);
 * - `file.ts?source-worker`: the same under the tests only, where a worker cannot load TypeScript;
 *   in lib/ it is null, and the module starts its worker from its own bundled file
 *   (src/render/README.md).
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
 * writes each language's word there, escaped as `{{ }}` escapes it (render/site/theme.ts).
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

/**
 * The `lang` of a text shown in the site's default language because the content does not translate
 * it (`{{#if lang}} lang="{{lang}}"{{/if}}`): only a language's copy of the site has such texts, so
 * the pages of the default language (and of a site of one language) never print one, and are
 * rendered from the template without them (about 10,000 helper calls on 2,000 notices). Found, as
 * the words are, in Handlebars' parse: [start, end] of each such block, by offset.
 */
function fallbackLangsOf(source) {
  const offset = offsetsOf(source);
  const blocks = [];
  const walk = (program) => {
    for (const node of program?.body ?? []) {
      if (node.type !== 'BlockStatement' && node.type !== 'PartialBlockStatement' && node.type !== 'DecoratorBlock') continue;
      const body = node.program?.body ?? [];
      const [open, value, close] = body;
      const field = node.params?.[0];
      const fallback =
        node.type === 'BlockStatement' && node.path.original === 'if' && node.params.length === 1 && !node.hash && !node.inverse && field.type === 'PathExpression' &&
        body.length === 3 && open.type === 'ContentStatement' && open.value === ' lang="' && close.type === 'ContentStatement' && close.value === '"' &&
        value.type === 'MustacheStatement' && value.escaped && value.params.length === 0 && !value.hash && value.path.type === 'PathExpression' && value.path.original === field.original;
      if (fallback) blocks.push([offset(node.loc.start), offset(node.loc.end)]);
      else {
        walk(node.program);
        walk(node.inverse);
      }
    }
  };
  walk(Handlebars.parseWithoutProcessing(source));
  return blocks;
}

/** A function from a parse's { line, column } (1-based lines) to the offset in `source`. */
function offsetsOf(source) {
  const lines = [0];
  for (const m of source.matchAll(/\r\n?|\n/g)) lines.push(m.index + m[0].length);
  return ({ line, column }) => lines[line - 1] + column;
}

/** `source` without the ranges [start, end] (in order, apart). */
const without = (source, ranges) => ranges.reduceRight((text, [start, end]) => `${text.slice(0, start)}${text.slice(end)}`, source);

/**
 * What a page of a site of one language, with an address, is known to have in its context: no
 * languages to link (`languages`, the switcher and `hreflang` alternates of a site of several) and
 * an address of its own (`url`, which only the 404 page lacks). A page template's
 * `{{#if languages}}…{{/if}}` prints nothing on such a page and its `{{#if url}}…{{/if}}` prints what
 * it holds: its `plain` form has them so resolved, four helper calls fewer on every page of the
 * layout (render/site/theme.ts picks it by the same fields).
 */
export const PLAIN_PAGE = { languages: false, url: true };

/**
 * `source` with its `{{#if field}}` blocks on the page's own fields in `known` resolved: removed when
 * the field is known false, replaced by what they hold when known true; or `source` itself when
 * that would print anything else. Handlebars' whitespace control decides what prints around a block
 * (a tag on a line of its own takes the line with it, `~` strips its side), and whether a tag stands
 * on a line of its own can change once a block beside it is gone. So the blocks are resolved in
 * Handlebars' own processed parse of `source`, as the whole template renders them for such a page,
 * and the text made by the same edits is kept only if its processed parse is that, node for node.
 */
function resolvedFor(source, known) {
  const offset = offsetsOf(source);
  const edits = [];
  const walk = (program, own) => {
    if (!program) return;
    program.body = program.body.flatMap((node) => {
      if (node.type === 'BlockStatement') {
        const name = node.path.type === 'PathExpression' ? node.path.original : null;
        const field = node.params?.[0];
        const resolvable =
          own && name === 'if' && node.params.length === 1 && !node.hash && !node.inverse && field.type === 'PathExpression' && !field.data && field.depth === 0 &&
          field.parts.length === 1 && field.original === field.parts[0] && Object.hasOwn(known, field.original);
        if (resolvable) {
          const body = node.program.body;
          const [start, end] = [offset(node.loc.start), offset(node.loc.end)];
          const shown = known[field.original] && body.length > 0;
          edits.push([start, end, shown ? source.slice(offset(body[0].loc.start), offset(body.at(-1).loc.end)) : '']);
          // Its body as it is, blocks and all (none of them resolved): the edits never overlap.
          return shown ? node.program.body : [];
        }
        walk(node.program, own && SAME_CONTEXT.has(name));
        walk(node.inverse, own && SAME_CONTEXT_ELSE.has(name));
      } else if (node.type === 'PartialBlockStatement' || node.type === 'DecoratorBlock') {
        walk(node.program, false);
      }
      return [node];
    });
  };
  const printed = Handlebars.parse(source);
  walk(printed, true);
  if (edits.length === 0) return source;
  const resolved = edits.reduceRight((text, [start, end, by]) => `${text.slice(0, start)}${by}${text.slice(end)}`, source);
  try {
    return sameParse(printed, Handlebars.parse(resolved)) ? resolved : source;
  } catch {
    return source; // not a template once edited: kept whole
  }
}

/**
 * Whether two processed parses print the same: node for node, with what Handlebars compiles from
 * them (a text as printed, not as written; runs of text as one; nothing of where each was written).
 */
function sameParse(a, b) {
  const shape = (node) => {
    if (Array.isArray(node)) {
      const merged = [];
      for (const item of node) {
        if (item?.type === 'ContentStatement') {
          if (item.value === '') continue;
          if (merged.at(-1)?.type === 'ContentStatement') merged.at(-1).value += item.value;
          else merged.push({ type: 'ContentStatement', value: item.value });
        } else merged.push(shape(item));
      }
      return merged;
    }
    if (node === null || typeof node !== 'object') return node;
    const out = {};
    for (const [key, value] of Object.entries(node)) {
      if (['loc', 'strip', 'openStrip', 'closeStrip', 'inverseStrip'].includes(key) || (node.type === 'ContentStatement' && key === 'original')) continue;
      out[key] = shape(value);
    }
    return out;
  };
  return JSON.stringify(shape(a)) === JSON.stringify(shape(b));
}

/**
 * The forms of a template, each the text of its precompiled form with its words marked (wordsOf):
 * `copy`, the whole template; `untranslated`, without its `lang` of untranslated texts
 * (fallbackLangsOf); `plain`, that resolved for a page of PLAIN_PAGE (a page template only, `page`:
 * a partial's context is its caller's). `copy` is null when the same as `untranslated`, and `plain`
 * when the same as `untranslated`.
 */
function formsOf(source, page) {
  const key = `${page}\n${source}`;
  if (!formsMade.has(key)) formsMade.set(key, makeForms(source, page));
  return formsMade.get(key);
}

/** Each template's forms, made once for its module and its `?copy` module (three precompiles and two parses each). */
const formsMade = new Map();

function makeForms(source, page) {
  if (source.includes(WORD_OPEN) || source.includes(WORD_CLOSE)) throw new Error('a built-in template may not hold U+E000 or U+E001: they mark its words');
  const words = wordsOf(source);
  let marked = source;
  for (const [start, end, key] of [...words].reverse()) marked = `${marked.slice(0, start)}${WORD_OPEN}${key}${WORD_CLOSE}${marked.slice(end)}`;
  const precompiled = Handlebars.precompile(marked, TEMPLATE_OPTIONS);
  // Each word marked is text the spec prints (Handlebars writes a block it has seen once, so by key).
  const inSpec = new Set([...precompiled.matchAll(/\uE000([A-Za-z0-9_.]+)\uE001/g)].map((m) => m[1]));
  const lost = words.find(([, , key]) => !inSpec.has(key));
  if (lost || inSpec.size !== new Set(words.map(([, , key]) => key)).size) throw new Error(`internal: the word ${lost?.[2] ?? ''} marked is not what the precompiled template prints`);
  const untranslated = without(marked, fallbackLangsOf(marked));
  const plain = page ? resolvedFor(untranslated, PLAIN_PAGE) : untranslated;
  return {
    copy: untranslated === marked ? null : precompiled,
    untranslated: untranslated === marked ? precompiled : Handlebars.precompile(untranslated, TEMPLATE_OPTIONS),
    plain: plain === untranslated ? null : Handlebars.precompile(plain, TEMPLATE_OPTIONS),
  };
}

/**
 * The source of an ES module exporting `{ untranslated, plain, copied, plainPage, hash }` of a
 * template (formsOf): `untranslated` its form for a site's default language, `plain` that for a page
 * of PLAIN_PAGE (null when no different), `copied` whether a language's copy of the site takes a form
 * of its own (`?copy`, copyModule), `plainPage` PLAIN_PAGE, `hash` its source's.
 */
export function templateModule(source, { page = true } = {}) {
  const { copy, untranslated, plain } = formsOf(source, page);
  const fields = [
    `untranslated: ${JSON.stringify(untranslated)}`,
    `plain: ${JSON.stringify(plain)}`,
    `copied: ${copy !== null}`,
    `plainPage: ${JSON.stringify(PLAIN_PAGE)}`,
    `hash: ${JSON.stringify(sourceHash(source))}`,
  ];
  return `export default { ${fields.join(', ')} };\n`;
}

/**
 * The source of an ES module exporting the form of a template for a language's copy of the site
 * (`file.hbs?copy`), or null when that is its untranslated form: loaded only for a site of several
 * languages (render/site/copies.ts), so in lib/ a build of a site of one never loads it (0.09 MB of
 * the build's modules; the single-file CLI holds it all the same, unrun).
 */
export const copyModule = (source, { page = true } = {}) => `export default ${JSON.stringify(formsOf(source, page).copy)};\n`;

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
    build.onResolve({ filter: /\?(?:raw|browser|worker|source-worker|copy)$/ }, (args) => {
      const [file, kind] = args.path.split('?');
      return { path: path.resolve(args.resolveDir, file), namespace: 'statuspress-site', pluginData: kind };
    });
    build.onLoad({ filter: /.*/, namespace: 'statuspress-site' }, async (args) => ({
      contents: await loadKind(args.pluginData, args.path, build.initialOptions.define),
      loader: 'js',
      watchFiles: [args.path],
    }));
    build.onLoad({ filter: /\.hbs$/ }, (args) => ({ contents: templateModule(readFileSync(args.path, 'utf8'), { page: isPage(args.path) }), loader: 'js' }));
    build.onLoad({ filter: /[\\/]i18n[\\/]locales[\\/][^\\/]+\.json$/ }, (args) => ({ contents: catalogueModule(readFileSync(args.path, 'utf8')), loader: 'js' }));
  },
};

/** A page template (or the layout), rendered with the page's context; not a partial (templates/partials/). */
const isPage = (file) => !/[\\/]partials[\\/][^\\/]*$/.test(file);

async function loadKind(kind, file, define) {
  if (kind === 'browser') return browserModule(file);
  if (kind === 'worker') return workerModule(file, define);
  // In lib/, a module loaded with ?source-worker starts its worker from its own bundled file.
  if (kind === 'source-worker') return 'export default null;\n';
  if (kind === 'copy') return copyModule(readFileSync(file, 'utf8'), { page: isPage(file) });
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
    const worker = /\?(?:source-)?worker$/.exec(id);
    if (worker) return { code: await workerModule(id.slice(0, worker.index), define), map: null };
    if (id.endsWith('.hbs')) return { code: templateModule(readFileSync(id, 'utf8'), { page: isPage(id) }), map: null };
    if (id.endsWith('.hbs?copy')) {
      const file = id.slice(0, -'?copy'.length);
      return { code: copyModule(readFileSync(file, 'utf8'), { page: isPage(file) }), map: null };
    }
    return undefined;
  },
});
