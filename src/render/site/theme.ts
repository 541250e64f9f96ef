// The templates and styles a build renders with: the built-in ones, each replaced by a file of the
// same name in the site's templates/ folder if it has one. Built-in templates come precompiled;
// overrides are compiled here, and only then is Handlebars' compiler loaded. Templates run in strict
// mode (a misspelt field is an error) in an environment of their own, and every value they print
// with {{ }} is escaped; only the page body and rendered Markdown are placed with {{{ }}}.
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

type Render = (context: object) => string;
interface Env {
  template(spec: unknown): Render;
  compile(source: string, options: object): Render;
  registerPartial(name: string, partial: Render): void;
}

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
    .filter((file) => !(file.replace(/\.hbs$/, '') in TEMPLATES) && !(file in STYLES))
    .map((file) => COMMAND.unknownTemplate.message({ file: `${folder}/${file}`, known: [...Object.keys(TEMPLATES).map((t) => `${t}.hbs`), ...Object.keys(STYLES)] }));
  const changed = (name: TemplateName): string | null => {
    const source = overrides.get(`${name}.hbs`);
    return source === undefined || hash(source) === TEMPLATES[name].hash ? null : source;
  };
  const names = Object.keys(TEMPLATES) as TemplateName[];
  const compiling = names.some((name) => changed(name) !== null);
  const handlebars = (compiling ? await import('handlebars') : await import('handlebars/runtime.js')) as unknown as { default: { create(): Env } };
  const env = handlebars.default.create();
  const templates = new Map<TemplateName, Render>();
  const issues: ContentIssue[] = [];
  for (const name of names) {
    const source = changed(name);
    let render: Render;
    if (source === null) render = env.template(TEMPLATES[name].spec);
    else {
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
      const body = templates.get(name)!(context);
      return templates.get('layout')!({ ...context, body });
    },
  };
}

/** A template that says which file failed, when it fails while rendering. */
function named(file: string, render: Render): Render {
  return (context) => {
    try {
      return render(context);
    } catch (error) {
      if (error instanceof StatuspressError) throw error;
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
      if (info.isFile() || lstatSync(real).isFile()) found.set(file, readFileSync(real, 'utf8'));
    }
  };
  walk('', 0);
  if (issues.length > 0) throw new ContentError(issues);
  return found;
}

function realpathQuiet(file: string): string | null {
  try {
    return realpathSync(file);
  } catch {
    return null;
  }
}
