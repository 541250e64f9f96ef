// The templates and styles a build renders with: the built-in ones, each replaced by a file of the
// same name in the site's templates/ folder if it has one. Built-in templates come precompiled;
// overrides are compiled here, and only then is Handlebars' compiler loaded. Templates run in strict
// mode (a misspelt field is an error) in an environment of their own, and every value they print
// with {{ }} is escaped; only the page body and rendered Markdown are placed with {{{ }}}.
// A site's own templates also render within a budget of steps per page (PAGE_STEPS): Handlebars has
// no limit of its own, and loops nested over the same lists, or partials calling each other, multiply
// (five loops over 20 items: 3.2 million turns on every page).
import { createHash } from 'node:crypto';
import { lstatSync, readdirSync, readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { ContentError, fail, StatuspressError } from '../../errors.js';
import type { ContentIssue } from '../../errors.js';
import { COMMAND } from '../../errors/command.js';
import { CONTENT } from '../../errors/content.js';
import { say } from '../../errors/entry.js';
import { STYLES, TEMPLATES } from './builtin.js';
import type { PageTemplate, StyleName, TemplateName } from './builtin.js';

export interface Theme {
  /** The whole HTML document of a page: its template rendered into the layout. */
  page(name: PageTemplate, context: object): string;
  /** The stylesheet's text. */
  styles: string;
  /** Files in templates/ that are no template statuspress knows (the build goes on). */
  warnings: string[];
}

type Render = (context: object, options?: object) => string;
type Helper = (this: unknown, value: unknown, options: { fn: Render }) => string;
type Decorator = (this: unknown, run: Render, props: { partials?: Record<string, unknown> }, container: Container, options: unknown) => Render;
interface Env {
  template(spec: unknown): Render;
  compile(source: string, options: object): Render;
  registerPartial(name: string, partial: Render): void;
  registerHelper(name: string, helper: Helper): void;
  helpers: Record<string, Helper>;
  registerDecorator(name: string, decorator: Decorator): void;
  decorators: Record<string, Decorator>;
  /** Handlebars' parser (loaded with the compiler only). */
  Parser?: { lexer: Lexer; terminals_: Record<number, string> };
  /** Handlebars' runtime, which it calls through this property so that an environment may replace parts of it. */
  VM: { invokePartial(this: unknown, ...args: unknown[]): string | undefined };
}

interface Lexer {
  setInput(source: string): void;
  lex(): string | number;
  EOF: number;
  yylineno: number;
}

/**
 * The steps a page of the site's own templates may take, plus STEPS_PER_ITEM for every item of every
 * list in what the page is given (and for every TEXT_PER_ITEM characters of its text). A step is a
 * turn of an `{{#each}}` loop, a partial rendered, or a block or template run (plus one per KiB of
 * the code Handlebars compiles it to). The built-in templates take at most 6 steps per item (a
 * component's 90 days of uptime cells); a theme that needs more than 20 nests loops over the same
 * lists, which grows with the square (or a higher power) of them.
 */
export const PAGE_STEPS = 2_000;
export const STEPS_PER_ITEM = 20;
/**
 * The bytes of HTML (UTF-8, as written) a page of the site's own templates may have, plus
 * PAGE_BYTES_PER_ITEM per item: within its steps a template could still repeat a large piece of
 * text until the page runs to gigabytes, or write the limit on every page (2,150 pages of 256 KiB of
 * CJK text made 3 GB of output). Built-in pages have at most 20 KB plus 160 bytes per item. While a
 * page renders, its characters are held to the same number (a character is at least a byte).
 */
export const PAGE_BYTES = 128 * 1024;
export const PAGE_BYTES_PER_ITEM = 4 * 1024;
/** Characters of a page's text that count as one item: the page may print each 8 times over, escaped. */
export const TEXT_PER_ITEM = 512;
/**
 * Partials may render inside each other this deep (the built-in ones: the component tree, at most 16
 * levels, and a few around it); deeper is a partial rendering itself, which would end only when the
 * stack runs out.
 */
export const MAX_PARTIAL_DEPTH = 100;
/**
 * A site's templates may be this long together (the built-in ones are 10 KB): Handlebars compiles
 * some syntax (subexpressions) at about 17 µs a byte, so 128 KiB compile in 2 s at worst.
 */
export const MAX_TEMPLATES_BYTES = 128 * 1024;
/** A stylesheet may be 1 MiB, as a content file. */
export const MAX_STYLE_BYTES = 2 ** 20;
/**
 * Blocks (counting each `{{else if}}` of a chain) and subexpressions may nest this deep: Handlebars'
 * parser takes time growing with the cube of the depth (5,000 levels: 14 s, 8,000: a minute).
 */
export const MAX_TEMPLATE_DEPTH = 64;

const OPTIONS = { strict: true };
const hash = (text: string): string => createHash('sha1').update(text).digest('hex');

/**
 * The theme of a site whose own templates are in `dir` (null, or a missing folder that was not
 * `required`: the built-in theme). A `required` folder that is missing is a usage error.
 */
export async function loadTheme(dir: string | null, { required = false } = {}): Promise<Theme> {
  // Files are named as the site's folder holds them: templates/notice.hbs, or theme/notice.hbs with --templates theme.
  const folder = dir === null ? 'templates' : path.basename(path.resolve(dir));
  const overrides = dir === null ? new Map<string, string>() : readOverrides(dir, folder, required);
  const warnings = [...overrides.keys()]
    .filter((file) => !known(file))
    .map((file) => COMMAND.unknownTemplate.message({ file: `${folder}/${file}`, known: [...Object.keys(TEMPLATES).map((t) => `${t}.hbs`), ...Object.keys(STYLES)] }));
  const changed = (name: TemplateName): string | null => {
    const source = overrides.get(`${name}.hbs`);
    return source === undefined || hash(source) === TEMPLATES[name].hash ? null : source;
  };
  const names = Object.keys(TEMPLATES) as TemplateName[];
  const own = names.filter((name) => changed(name) !== null);
  const compiling = own.length > 0;
  const handlebars = (compiling ? await import('handlebars') : await import('handlebars/runtime.js')) as unknown as { default: { create(): Env } };
  const env = handlebars.default.create();
  // Only overrides are counted: the built-in templates take steps in proportion to the content.
  const budget = compiling ? countSteps(env) : null;
  const templates = new Map<TemplateName, Render>();
  const issues: ContentIssue[] = [];
  for (const name of names) {
    const source = changed(name);
    let render: Render;
    if (source === null) render = env.template(TEMPLATES[name].spec);
    else {
      const tooDeep = deepestLine(env.Parser!, source);
      if (tooDeep !== null) {
        issues.push({ file: `${folder}/${name}.hbs`, line: tooDeep, column: 1, path: '', ...say(CONTENT.templateTooDeep, { max: MAX_TEMPLATE_DEPTH }) });
        continue;
      }
      render = env.compile(source, OPTIONS);
      try {
        // Compiled now, not on first use, so a broken override is reported before anything renders.
        render({});
      } catch (error) {
        const problem = templateProblem(`${folder}/${name}.hbs`, error);
        if (problem) {
          issues.push(problem);
          continue;
        }
      }
    }
    const wrapped = named(`${folder}/${name}.hbs`, render);
    templates.set(name, wrapped);
    if (name.startsWith('partials/')) env.registerPartial(name.slice('partials/'.length), wrapped);
  }
  if (issues.length > 0) throw new ContentError(issues);
  const styles = (Object.keys(STYLES) as StyleName[]).map((name) => overrides.get(name) ?? STYLES[name]).join('\n');
  return {
    styles,
    warnings,
    page(name, context) {
      if (!budget) return templates.get('layout')!({ ...context, body: templates.get(name)!(context) });
      const items = pageItems(context);
      const steps = PAGE_STEPS + STEPS_PER_ITEM * items;
      const bytes = PAGE_BYTES + PAGE_BYTES_PER_ITEM * items;
      // What renders the page: its own template, or the built-in one with the site's that it uses.
      const file = `${folder}/${own.includes(name) ? name : own[0]}.hbs`;
      const renders = own.includes(name) ? `${file} (with the templates it uses)` : `The built-in ${name}.hbs (with ${own.map((n) => `${folder}/${n}.hbs`).join(', ')})`;
      const title = (context as { title?: string }).title ?? name;
      budget.start(steps, bytes);
      let html: string;
      try {
        html = templates.get('layout')!({ ...context, body: templates.get(name)!(context) });
        // The length first: until something reads the text V8 keeps a long concatenation as a tree of pieces.
        if (html.length > bytes || Buffer.byteLength(html) > bytes) throw new OverBudget('size');
      } catch (error) {
        const kind = error instanceof OverBudget ? error.kind : tooLong(error) ? 'size' : tooDeep(error) ? 'depth' : null;
        if (kind === null) throw error;
        if (kind === 'steps') throw fail(COMMAND.templateTooSlow, { renders, title, steps }, { location: { file } });
        if (kind === 'depth') throw fail(COMMAND.partialsTooDeep, { renders, title, max: MAX_PARTIAL_DEPTH }, { location: { file } });
        throw fail(COMMAND.pageTooLarge, { renders, title, bytes }, { location: { file } });
      }
      return html;
    },
  };
}

/** What a page ran out of: steps, size (characters, then bytes, of HTML), or depth of partials. */
class OverBudget extends Error {
  constructor(readonly kind: 'steps' | 'size' | 'depth') {
    super(`over the page's ${kind}`);
  }
}

type Program = (this: unknown, container: Container, ...rest: unknown[]) => string;
interface Container {
  escapeExpression(value: unknown): string;
  invokePartial(this: unknown, partial: unknown, context: unknown, options?: { hash?: object }): string;
  partials: Record<string, unknown>;
}

/**
 * Counts what `env` does for the page being rendered against its budget:
 * - every block, partial and template body run, at 1 step plus 1 per KiB of the code Handlebars
 *   compiled it to, so a body of thousands of `{{#if}}` costs as much as it takes, and 1 per 4 KiB
 *   of the text it returns;
 * - every turn of an `{{#each}}` loop (an empty body compiles to no code at all);
 * - every copy Handlebars makes of the table of partials (for a frame of inline partials, and for a
 *   partial block that declares one), a step per 64 partials, and of a partial's context when the
 *   partial is called with a hash, a step per 64 keys;
 * - every character printed with {{ }}, as it is escaped, against the characters the page may have;
 * - every partial's text with the indentation Handlebars gives it, before it is indented (per 4 KiB
 *   and per 16 lines), and any body or partial longer than the page may be;
 * - the list of parent contexts a template that uses `../` copies on every run, per 64;
 * - how deep partials render inside each other.
 */
function countSteps(env: Env): { start(steps: number, size: number): void } {
  let left = 0;
  let limit = 0;
  let printable = 0;
  const step = (steps = 1): void => {
    left -= steps;
    if (left < 0) throw new OverBudget('steps');
  };
  const returned = (text: string): string => {
    if (text.length > limit) throw new OverBudget('size');
    return text;
  };
  let escape: Container['escapeExpression'] | null = null;
  const escapeCounted = (value: unknown): string => {
    const text = escape!(value);
    printable -= text.length;
    if (printable < 0) throw new OverBudget('size');
    return text;
  };
  // A partial called with a hash (`{{> p this x=1}}`) renders a copy of its context with the hash
  // added, which Handlebars makes before the partial is invoked: a step per 64 keys copied (a string
  // is copied a key per character).
  const copied = (context: unknown): void => {
    if (typeof context === 'string') return step(1 + (context.length >>> 6));
    step();
    if (context === null || typeof context !== 'object') return;
    // Counted as they are enumerated, so a huge context stops at the budget, not after a whole copy.
    let keys = 0;
    // eslint-disable-next-line @typescript-eslint/no-unused-vars -- only counted
    for (const _ in context) if ((++keys & 63) === 0) step();
  };
  // Each compiled template has a container of its own, which its programs call for these.
  const counting = (container: Container): void => {
    escape ??= container.escapeExpression;
    container.escapeExpression = escapeCounted;
    const invoke = container.invokePartial;
    container.invokePartial = function (this: unknown, partial, context, options) {
      if (options?.hash) copied(context);
      return invoke.call(this, partial, context, options);
    };
  };
  const program = (run: Program): Program => {
    const cost = 1 + (run.toString().length >>> 10);
    return function (this: unknown, container, ...rest) {
      // A template that reaches into parent contexts (`../`) copies the list of them on every run.
      const depths = rest[5];
      step(cost + (Array.isArray(depths) ? depths.length >>> 6 : 0));
      if (container.escapeExpression !== escapeCounted) counting(container);
      // What a block returns may be read again (a helper given it as a value, as `{{#with @partial-block}}`
      // is, copies it on first reading a character): a step per 4 KiB of it.
      const text = returned(run.call(this, container, ...rest));
      step(text.length >>> 12);
      return text;
    };
  };
  // Compiled templates (the site's and the built-in ones) are objects of programs: `main`, `1`, `2` ...
  // and decorators `main_d`, `1_d` ... that run before them (and declare inline partials).
  const template = env.template.bind(env);
  env.template = (spec) => {
    const counted: Record<string, unknown> = { ...(spec as Record<string, unknown>) };
    for (const [key, value] of Object.entries(counted)) {
      if (typeof value !== 'function') continue;
      if (/^(?:main|\d+)$/.test(key)) counted[key] = program(value as Program);
      else if (/^(?:main|\d+)_d$/.test(key)) {
        const cost = 1 + (value.toString().length >>> 10);
        counted[key] = function (this: unknown, ...args: unknown[]) {
          step(cost);
          return (value as (...args: unknown[]) => unknown).apply(this, args);
        };
      }
    }
    return template(counted);
  };
  const each = env.helpers.each!;
  env.registerHelper('each', function (this: unknown, list, options) {
    const turn = options.fn;
    return each.call(this, list, { ...options, fn: (context: object, inner?: object) => (step(), turn(context, inner)) });
  });
  // Its output would go to the console of a worker thread, which keeps it all in memory until the
  // build ends; and only the command prints.
  env.registerHelper('log', () => '');
  // Handlebars copies the whole table of partials for every frame of inline partials, and again for
  // every partial block whose body declares one: a step per 64 partials copied.
  const copying = (...tables: (Record<string, unknown> | undefined)[]): number => tables.reduce((n, table) => n + (table ? Object.keys(table).length : 0), 0) >>> 6;
  const inline = env.decorators.inline!;
  env.registerDecorator('inline', function (this: unknown, run, props, container, options) {
    const framed = inline.call(this, run, props, container, options);
    if (framed === run) return framed;
    return (context: object, inner?: object) => {
      step(1 + copying(container.partials, props.partials));
      return framed(context, inner);
    };
  });
  // Every partial goes through here (the site's, the built-in ones, inline partials, partial blocks).
  // A partial on a line of its own is then indented line by line, which makes a new text of it: its
  // length with the indentation counts, a step per 4 KiB and per 16 lines (or a chain of such
  // partials would copy the page again at every level), and none longer than the page may be is
  // indented at all. Partials rendering each other stop at MAX_PARTIAL_DEPTH, before the stack runs out.
  let depth = 0;
  const { invokePartial } = env.VM;
  env.VM = {
    ...env.VM,
    invokePartial(this: unknown, ...args) {
      const options = args[2] as { fn?: { partials?: Record<string, unknown> }; partials?: Record<string, unknown>; indent?: string } | undefined;
      step(1 + (options?.fn?.partials ? copying(options.partials, options.fn.partials) : 0));
      let text: string | undefined;
      depth++;
      try {
        if (depth > MAX_PARTIAL_DEPTH) throw new OverBudget('depth');
        text = invokePartial.apply(this, args);
      } finally {
        depth--;
      }
      const indented = text && options?.indent ? lines(text) : 0;
      const length = (text?.length ?? 0) + (indented > 0 ? options!.indent!.length * indented : 0);
      if (length > limit) throw new OverBudget('size');
      step((length >>> 12) + (indented >>> 4));
      return text;
    },
  };
  return {
    start(steps, size) {
      depth = 0;
      left = steps;
      limit = size;
      printable = size;
    },
  };
}

/**
 * The line where `source` nests blocks and subexpressions deeper than MAX_TEMPLATE_DEPTH, found
 * with Handlebars' own lexer (linear, and it knows comments, escapes and raw blocks); null if it
 * does not. A source the lexer cannot read is left to the compiler, which says where.
 */
function deepestLine({ lexer, terminals_: names }: { lexer: Lexer; terminals_: Record<number, string> }, source: string): number | null {
  const blocks: number[] = []; // per open block: 1, plus 1 per {{else if}} chained to it
  let depth = 0;
  let subexpressions = 0;
  lexer.setInput(source);
  try {
    for (let next = lexer.lex(); next !== lexer.EOF; next = lexer.lex()) {
      const token = typeof next === 'number' ? names[next] : next;
      if (token === 'OPEN_BLOCK' || token === 'OPEN_INVERSE' || token === 'OPEN_PARTIAL_BLOCK') {
        blocks.push(1);
        depth++;
      } else if (token === 'OPEN_INVERSE_CHAIN' && blocks.length > 0) {
        blocks[blocks.length - 1]!++;
        depth++;
      } else if (token === 'OPEN_ENDBLOCK') depth -= blocks.pop() ?? 0;
      else if (token === 'OPEN_SEXPR') subexpressions++;
      else if (token === 'CLOSE_SEXPR') subexpressions--;
      if (depth + subexpressions > MAX_TEMPLATE_DEPTH) return lexer.yylineno + 1;
    }
  } catch {
    // Not a token Handlebars knows: the compiler reports it at its line.
  }
  return null;
}

/**
 * How many items a page's context holds: the items of its lists, at every depth, and one for every
 * TEXT_PER_ITEM characters of its text (a notice's updates can be a megabyte, which a page prints
 * once or twice, escaped). Contexts are trees of plain data.
 */
function pageItems(context: object): number {
  let items = 0;
  let text = 0;
  const walk = (value: unknown): void => {
    if (typeof value === 'string') text += value.length;
    else if (value !== null && typeof value === 'object') {
      if (Array.isArray(value)) items += value.length;
      for (const child of Array.isArray(value) ? value : Object.values(value)) walk(child);
    }
  };
  walk(context);
  return items + Math.ceil(text / TEXT_PER_ITEM);
}

/** The lines Handlebars indents in `text`: one per line break, and the last unless empty. */
function lines(text: string): number {
  let count = text.endsWith('\n') ? 0 : 1;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) count++;
  return count;
}

/** V8's longest string is about 512 MiB: text joined past it fails with this RangeError. */
const tooLong = (error: unknown): boolean => error instanceof RangeError && /Invalid string length/.test(error.message);
/** Blocks within partials within partials, each within its limit, can still run out of stack. */
const tooDeep = (error: unknown): boolean => error instanceof RangeError && /Maximum call stack size exceeded/.test(error.message);

/** A template that says which file failed, when it fails while rendering. */
function named(file: string, render: Render): Render {
  // A partial is called with Handlebars' options (@root, @partial-block, inline partials): passed on.
  return (context, options) => {
    try {
      return render(context, options);
    } catch (error) {
      if (error instanceof StatuspressError || error instanceof OverBudget || tooLong(error) || tooDeep(error)) throw error;
      // Handlebars names the context it searched as "[object Object]", which tells a reader nothing.
      const detail = (error as Error).message.split('\n')[0]!.replace(' in [object Object]', ' in the fields this template is given');
      throw fail(COMMAND.templateFailed, { file, detail }, { location: { file }, cause: error });
    }
  };
}

/**
 * A compile error as an issue at its line; null for a runtime error of the test render with an empty
 * context (a strict template asks for fields the empty context lacks: that only shows it compiled).
 */
function templateProblem(file: string, error: unknown): ContentIssue | null {
  const message = (error as Error).message;
  if (!/Parse error|Expecting|Invalid path|doesn't match|unclosed/i.test(message)) return null;
  const line = Number(/on line (\d+)/.exec(message)?.[1] ?? 1);
  const reason = message.split('\n').at(-1)!.slice(0, 160);
  return { file, line, column: 1, path: '', ...say(CONTENT.templateSyntax, { reason }) };
}

/** `name` → text of every file under `dir` that could be an override; links leaving the folder are refused. */
function readOverrides(dir: string, folder: string, required: boolean): Map<string, string> {
  const found = new Map<string, string>();
  let root: string;
  try {
    root = realpathSync(dir);
  } catch {
    if (!required) return found; // no templates/ folder: the built-in theme
    throw fail(COMMAND.noTemplatesFolder, { dir });
  }
  const issues: ContentIssue[] = [];
  const walk = (relative: string, depth: number): void => {
    for (const name of readdirSync(path.join(root, relative)).sort()) {
      if (name.startsWith('.')) continue;
      const file = relative ? `${relative}/${name}` : name;
      const full = path.join(root, file);
      const info = lstatSync(full);
      if (info.isDirectory() && depth < 2) walk(file, depth + 1);
      if (!/\.(?:hbs|css)$/.test(name)) continue;
      const real = info.isSymbolicLink() ? realpathQuiet(full) : full;
      if (real === null || !real.startsWith(root + path.sep)) {
        issues.push({ file: `${folder}/${file}`, line: 1, column: 1, path: '', ...say(CONTENT.templateLinkOutside) });
        continue;
      }
      const target = info.isFile() ? info : lstatSync(real);
      if (!target.isFile()) continue;
      // A file that is no template is only named in a warning: never read.
      if (!known(file)) {
        found.set(file, '');
        continue;
      }
      const max = file.endsWith('.css') ? MAX_STYLE_BYTES : MAX_TEMPLATES_BYTES - templateBytes;
      if (target.size > max) {
        issues.push({ file: `${folder}/${file}`, line: 1, column: 1, path: '', ...say(CONTENT.templateTooLarge, { bytes: target.size, max: file.endsWith('.css') ? MAX_STYLE_BYTES : MAX_TEMPLATES_BYTES, css: file.endsWith('.css') }) });
        continue;
      }
      if (!file.endsWith('.css')) templateBytes += target.size;
      found.set(file, readFileSync(real, 'utf8'));
    }
  };
  let templateBytes = 0;
  walk('', 0);
  if (issues.length > 0) throw new ContentError(issues);
  return found;
}

/** Whether `file` (a path under templates/) is one of the templates or stylesheets statuspress uses. */
function known(file: string): boolean {
  return (file.endsWith('.hbs') && Object.hasOwn(TEMPLATES, file.slice(0, -'.hbs'.length))) || Object.hasOwn(STYLES, file);
}

function realpathQuiet(file: string): string | null {
  try {
    return realpathSync(file);
  } catch {
    return null;
  }
}
