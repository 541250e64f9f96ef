// Built-in templates come precompiled; a site's own are checked (template-checks.ts) and compiled
// here, and only then is Handlebars' compiler loaded. Templates run in strict mode (a misspelt field
// is an error), with the helpers Handlebars knows only, and every value they print with {{ }} is
// escaped; only the page body and rendered Markdown are placed with {{{ }}}. Time and memory are the
// limits of the process a site's own templates render in: here a page of theirs is only held to its
// length (PAGE_BYTES), and a stack overflow or a string longer than V8 makes is named as what it is.
import { createHash } from 'node:crypto';
import path from 'node:path';
import { ContentError, fail, StatuspressError } from '../errors/error.js';
import type { ContentIssue } from '../errors/error.js';
import { COMMAND } from '../errors/command.js';
import { CONTENT } from '../errors/content.js';
import { say } from '../errors/entry.js';
import { STYLES, TEMPLATES } from './builtin.js';
import type { PageTemplate, StyleName, TemplateName } from './builtin.js';
import { MAX_TEMPLATE_DEPTH, PAGE_BYTES, PAGE_BYTES_PER_ITEM, TEXT_PER_ITEM } from '../util/limits.js';
import { madeOnce } from '../util/made-once.js';
import { deepestLine, partialProblems } from './template-checks.js';
import { known, readOverrides } from './template-files.js';
import { readMessageOverrides } from './overrides.js';
import type { Catalogue } from '../i18n/types.js';
import type { Program } from './template-checks.js';

export { MAX_STYLE_BYTES, MAX_TEMPLATE_DEPTH, MAX_TEMPLATES_BYTES, PAGE_BYTES } from '../util/limits.js';

export { NOTICE_TEMPLATES_FOLDER } from './template-files.js';

export interface Theme {
  /** The whole HTML document of a page: its template rendered into the layout. */
  page(name: PageTemplate, context: object): string;
  /** The stylesheet's text. */
  styles: string;
  /** Files in templates/ that are no template statuspress knows (the build goes on). */
  warnings: string[];
  /** The site's own templates ('templates/partials/header.hbs' ...): none for the built-in theme. */
  own: string[];
  /** What renders a page of `name`, for messages: its own template, or the built-in one with the site's that it uses. */
  renders(name: PageTemplate): { file: string; text: string };
  /** The site's own words (templates/locales/<locale>.yaml), by locale, over the catalogue's. */
  messages: Record<string, Catalogue>;
  /**
   * A site's own templates only: the bytes of the pages rendered so far that their long texts account
   * for (PAGE_BYTES_PER_ITEM for every TEXT_PER_ITEM characters of the texts of TEXT_PER_ITEM or more
   * that a long page is given, at most the page's length). The bound on the whole site
   * (render/worker.ts) does not count them: a legal update of 1 MiB printed on many pages is the
   * content's size, not the templates' doing; a theme's labels and links are no such text.
   */
  granted?(): number;
}

export interface ThemeOptions {
  /** A folder that must exist (--templates): missing, it is a usage error. */
  required?: boolean;
  /** Told of each page before the site's own templates render it (the process that renders them reports its progress so). */
  onPage?: (name: PageTemplate, title: string) => void;
  /** The templates passed the checks in another thread or process already (dev's): compiled only (the process that renders them for dev). */
  checked?: boolean;
  /**
   * False: a site's own templates are neither checked nor compiled here, and `page` renders none of
   * them: the build's thread, where the process that renders them checks and compiles them
   * (render/worker.ts), so Handlebars' compiler runs on a site's templates there only, and once.
   * `'check'`: checked as they are before compiling (`validate`, the pull-request check), never
   * compiled, and `page` renders nothing.
   */
  compile?: boolean | 'check';
}

type Render = (context: object, options?: object) => string;
interface Env {
  template(spec: unknown): Render;
  precompile(source: string | Program, options: object): string;
  parseWithoutProcessing(source: string): Program;
  registerPartial(name: string, partial: Render): void;
  registerHelper(name: string, helper: () => string): void;
  /** What `{{ }}` prints of a value. */
  escapeExpression(value: unknown): string;
}

/** Handlebars' own options for a site's templates: a misspelt field is an error, and so is a helper it does not know. */
const OPTIONS = { strict: true, knownHelpersOnly: true };
const hash = (text: string): string => createHash('sha1').update(text).digest('hex');

/**
 * The theme of a site whose own templates are in `dir` (null, or a missing folder that was not
 * `required`: the built-in theme). A `required` folder that is missing is a usage error; templates
 * that fail the checks or do not compile are a ContentError.
 */
export async function loadTheme(dir: string | null, { required = false, onPage, checked = false, compile = true }: ThemeOptions = {}): Promise<Theme> {
  // Files are named as the site's folder holds them: templates/notice.hbs, or theme/notice.hbs with --templates theme.
  const folder = dir === null ? 'templates' : path.basename(path.resolve(dir));
  const overrides = dir === null ? new Map<string, string>() : readOverrides(dir, folder, required);
  const messages = readMessageOverrides(dir, folder);
  const warnings = [...overrides.keys()]
    .filter((file) => !known(file))
    .map((file) => COMMAND.unknownTemplate.message({ file: `${folder}/${file}`, known: [...Object.keys(TEMPLATES).map((t) => `${t}.hbs`), ...Object.keys(STYLES)] }));
  const changed = (name: TemplateName): string | null => {
    const source = overrides.get(`${name}.hbs`);
    return source === undefined || hash(source) === TEMPLATES[name].hash ? null : source;
  };
  const names = Object.keys(TEMPLATES) as TemplateName[];
  const mine = names.filter((name) => changed(name) !== null);
  const fileOf = (name: string): string => `${folder}/${name}.hbs`;
  const own = mine.map(fileOf);
  const styles = (Object.keys(STYLES) as StyleName[]).map((name) => overrides.get(name) ?? STYLES[name]).join('\n');
  const renders = (name: PageTemplate): { file: string; text: string } =>
    mine.includes(name)
      ? { file: fileOf(name), text: `${fileOf(name)} (with the templates it uses)` }
      : { file: own[0] ?? fileOf(name), text: `The built-in ${name}.hbs (with ${own.join(', ')})` };
  const elsewhere = (): never => {
    throw new Error('internal: a site’s own templates render in the process of their own only');
  };
  const theme = { styles, warnings, own, renders, messages };
  // Nothing of the site's own to check (`check`), or to compile here (false).
  if ((compile === 'check' && own.length === 0) || (!compile && own.length > 0)) return { ...theme, page: elsewhere };
  const handlebars = (mine.length > 0 ? await import('handlebars') : await import('handlebars/runtime.js')) as unknown as { default: { create(): Env } };
  const env = handlebars.default.create();
  // Its output would go to the console of another process, and only the command prints.
  env.registerHelper('log', () => '');
  const issues: ContentIssue[] = [];
  const parsed = new Map<TemplateName, Program>();
  // Each template's precompiled form, made by the checks: the template is made of it, not compiled again.
  const specs = new Map<TemplateName, string>();
  // Parsed and compiled now, not on first use, so a broken override is reported before anything renders.
  const attempt = (name: string, step: () => void): void => {
    try {
      step();
    } catch (error) {
      const message = (error as Error).message;
      const line = Number(/on line (\d+)/.exec(message)?.[1] ?? /- (\d+):\d+$/.exec(message)?.[1] ?? 1);
      issues.push({ file: fileOf(name), line, column: 1, path: '', ...say(CONTENT.templateSyntax, { reason: shortened(message.split('\n').at(-1)!) }) });
    }
  };
  for (const name of checked ? [] : mine) {
    const source = changed(name)!;
    const tooDeep = deepestLine(source, MAX_TEMPLATE_DEPTH);
    if (tooDeep !== null) issues.push({ file: fileOf(name), line: tooDeep, column: 1, path: '', ...say(CONTENT.templateTooDeep, { max: MAX_TEMPLATE_DEPTH }) });
    else attempt(name, () => parsed.set(name, env.parseWithoutProcessing(source)));
  }
  // Among the templates that parsed, whatever the others' problems: every problem is reported at once.
  const partials = names.filter((name) => name.startsWith('partials/')).map((name) => name.slice('partials/'.length));
  const { loop, unknown } = partialProblems(parsed, partials, fileOf);
  for (const { partial, ...place } of loop ? [loop] : []) issues.push({ ...place, path: '', ...say(CONTENT.partialCallsItself, { partial }) });
  for (const { partial, ...place } of unknown) issues.push({ ...place, path: '', ...say(CONTENT.unknownPartial, { partial, partials }) });
  if (compile === 'check') {
    if (issues.length > 0) throw new ContentError(issues);
    return { ...theme, page: elsewhere };
  }
  // Compiled from the tree the checks read (precompile takes it as it takes the text, and does the
  // rest of what `parse` does): Handlebars' parser, the slowest part, runs once per template.
  for (const [name, tree] of parsed) attempt(name, () => specs.set(name, env.precompile(tree, OPTIONS)));
  if (issues.length > 0) throw new ContentError(issues);
  // The site's own templates, compiled once; the built-in ones once per language (builtInWith).
  const ownRenders = new Map<TemplateName, Render>();
  for (const name of mine) ownRenders.set(name, named(fileOf(name), fromSpec(env, specs.get(name) ?? env.precompile(changed(name)!, OPTIONS))));
  const builtIn = builtInWith(env);
  // Each language's templates, by the words its pages are given (`t`: one object per language).
  const languages = new WeakMap<object, Rendering>();
  let noWords: Rendering | null = null;
  const renderingOf = (words: unknown): Rendering => {
    if (typeof words !== 'object' || words === null) return (noWords ??= wordless(names, ownRenders, builtIn));
    return madeOnce(languages, words, () => renderingWith(names, ownRenders, (name) => builtIn(name, words)));
  };
  const whole = (name: PageTemplate, context: object): string => {
    const { render, options } = renderingOf((context as { t?: unknown }).t);
    return render.get('layout')!({ ...context, body: render.get(name)!(context, options) }, options);
  };
  if (own.length === 0) return { ...theme, page: whole };
  let granted = 0;
  return {
    ...theme,
    granted: () => granted,
    page(name, context) {
      const title = (context as { title?: string }).title ?? name;
      onPage?.(name, title);
      const { file, text } = renders(name);
      let html: string | null;
      try {
        html = whole(name, context);
      } catch (error) {
        if (tooDeep(error)) throw fail(COMMAND.partialsTooDeep, { renders: text, title }, { location: { file } });
        if (!tooLong(error)) throw error;
        html = null;
      }
      // A character is at most 3 bytes in UTF-8: most pages are measured by their length only, and
      // the items of the page counted only when it is long. The length first: until something reads
      // the text V8 keeps a long concatenation as a tree of pieces.
      if (html !== null && html.length * 3 <= PAGE_BYTES) return html;
      const { items, texts, long } = pageItems(context);
      const bytes = PAGE_BYTES + PAGE_BYTES_PER_ITEM * (items + texts);
      if (html === null || html.length > bytes || Buffer.byteLength(html) > bytes) throw fail(COMMAND.pageTooLarge, { renders: text, title, bytes }, { location: { file } });
      granted += Math.min(html.length, PAGE_BYTES_PER_ITEM * long);
      return html;
    },
  };
}

/**
 * How many items a page's context holds: the items of its lists, at every depth, and `texts`, one
 * for every TEXT_PER_ITEM characters of its text (a notice's updates can be a megabyte, which a page
 * prints once or twice, escaped); `long`, the same of its texts of TEXT_PER_ITEM characters or more
 * only. Contexts are trees of plain data.
 */
function pageItems(context: object): { items: number; texts: number; long: number } {
  let items = 0;
  let text = 0;
  let long = 0;
  const walk = (value: unknown): void => {
    if (typeof value === 'string') {
      text += value.length;
      if (value.length >= TEXT_PER_ITEM) long += value.length;
    } else if (value !== null && typeof value === 'object') {
      if (Array.isArray(value)) items += value.length;
      for (const child of Array.isArray(value) ? value : Object.values(value)) walk(child);
    }
  };
  walk(context);
  return { items, texts: Math.ceil(text / TEXT_PER_ITEM), long: Math.ceil(long / TEXT_PER_ITEM) };
}

/** A site's templates in one language: each by name, and the options a page is rendered with (its partials). */
interface Rendering {
  render: Map<TemplateName, Render>;
  options: { partials: Record<string, Render> };
}

function renderingWith(names: TemplateName[], own: Map<TemplateName, Render>, builtIn: (name: TemplateName) => Render): Rendering {
  const render = new Map(names.map((name) => [name, own.get(name) ?? builtIn(name)]));
  const partials = Object.fromEntries(names.filter((name) => name.startsWith('partials/')).map((name) => [name.slice('partials/'.length), render.get(name)!]));
  return { render, options: { partials } };
}

/**
 * A page given no words (`t`): the built-in templates that print one fail as Handlebars' strict mode
 * fails when a name is missing, when they render, not before. Every page the build makes has its
 * words, so only a context made by hand gets here.
 */
function wordless(names: TemplateName[], own: Map<TemplateName, Render>, builtIn: (name: TemplateName, words: object) => Render): Rendering {
  return renderingWith(names, own, (name) => {
    try {
      return builtIn(name, {});
    } catch (error) {
      return () => {
        throw error;
      };
    }
  });
}

/** A word's marker in a built-in template's spec (scripts/site-modules.js): `\uE000nav.status\uE001`. */
const WORD_MARK = /\uE000([A-Za-z0-9_.]+)\uE001/g;

/**
 * The built-in templates, each made for the words of a language (a page's `t`): where the
 * template prints the page's `{{t.nav.status}}` (not one in `#each` or `#with`:
 * scripts/site-modules.js) its spec holds a marker, replaced by that word as `{{ }}` prints it, so
 * each page prints text instead of looking the word up three names deep. A template that prints
 * no word is made once for all. The words are a language's messages (i18n): the same object for
 * every page of that language; a built-in partial a site's own template calls prints the page's
 * words, whatever `t` it is handed.
 */
function builtInWith(env: Env): (name: TemplateName, words: object) => Render {
  const same = new Map<TemplateName, Render>();
  const byWords = new WeakMap<object, Map<TemplateName, Render>>();
  return (name, words) => {
    const { spec } = TEMPLATES[name];
    if (!spec.includes('\uE000')) return madeOnce(same, name, () => fromSpec(env, spec));
    return madeOnce(madeOnce(byWords, words, () => new Map()), name, () =>
      fromSpec(env, spec.replace(WORD_MARK, (_, key: string) => JSON.stringify(env.escapeExpression(wordAt(words, key))).slice(1, -1))),
    );
  };
}

/** The word at `key` (`nav.status`) of a page's `t`, as Handlebars' strict mode finds it, or its error. */
function wordAt(words: object, key: string): unknown {
  let value: unknown = words;
  for (const name of key.split('.')) {
    if (typeof value !== 'object' || value === null || !Object.hasOwn(value, name)) throw new Error(`"${name}" not defined in the words (t.${key}) the page is given`);
    value = (value as Record<string, unknown>)[name];
  }
  return typeof value === 'function' ? undefined : value;
}

/**
 * A template from Handlebars' precompiled form of it (`precompile`, which the checks run anyway), as
 * its precompiled templates are made (`template`): compiled now, once, not on first render as
 * `compile` would, so a site's own templates compile while the build is still reading the content.
 */
function fromSpec(env: Env, spec: string): Render {
  return env.template(new Function(`return ${spec};`)());
}

/**
 * Handlebars' reason, at most 160 characters: its end kept, where a parse error says what it found
 * (`Expecting 'COMMENT', 'CONTENT', … got 'EOF'`: a block left open).
 */
const shortened = (reason: string): string => (reason.length <= 160 ? reason : `${reason.slice(0, 100)} … ${reason.slice(-57)}`);

/** V8's longest string is about 512 MiB: text joined past it fails with this RangeError. */
const tooLong = (error: unknown): boolean => error instanceof RangeError && /Invalid string length/.test(error.message);
/** Partials rendering each other, or blocks within blocks, deeper than the stack goes. */
const tooDeep = (error: unknown): boolean => error instanceof RangeError && /Maximum call stack size exceeded/.test(error.message);

/** A template that says which file failed, when it fails while rendering. */
function named(file: string, render: Render): Render {
  // A partial is called with Handlebars' options (@root, @partial-block, inline partials): passed on.
  return (context, options) => {
    try {
      return render(context, options);
    } catch (error) {
      if (error instanceof StatuspressError || tooLong(error) || tooDeep(error)) throw error;
      // Handlebars names the context it searched as "[object Object]", which tells a reader nothing.
      const reason = (error as Error).message.split('\n')[0]!.replace(' in [object Object]', ' in the fields this template is given');
      // Handlebars ends its reason with the place (`- 3:8`, its column counted from 0): given as file:line:column.
      const at = /\s+- (\d+):(\d+)$/.exec(reason);
      const location = at ? { file, line: Number(at[1]), column: Number(at[2]) + 1 } : { file };
      throw fail(COMMAND.templateFailed, { file, detail: at ? reason.slice(0, at.index) : reason }, { location, cause: error });
    }
  };
}
