// Checked before Handlebars compiles a site's own templates: how deep blocks nest (its parser's time
// grows with the cube of it), a partial that renders itself whatever the data (it would only end
// when the stack runs out), and a partial called that no template provides (it would fail the first
// page that reaches it, and `validate` would not see it). What a template does with the data is left
// to its process's limits.
import { madeOnce } from '../util/made-once.js';

/** A parsed template, as `Handlebars.parse` gives it (its documented AST). */
export interface Program {
  body: Statement[];
}
interface Statement {
  type: string;
  name?: { type: string; original?: unknown; value?: unknown };
  path?: { original?: unknown };
  params?: { type: string; value?: unknown }[];
  program?: Program;
  inverse?: Program;
  loc?: { start: { line: number; column: number } };
}

/**
 * The line where `source` nests blocks and subexpressions deeper than `max` (each `{{else if}}` of a
 * chain counting as one more level, as Handlebars nests them); null if it does not. Comments, escaped
 * mustaches (`\{{`) and raw blocks (`{{{{raw}}}}`) are text. Linear in the source.
 */
export function deepestLine(source: string, max: number): number | null {
  const lineOf = (at: number): number => source.slice(0, at).split('\n').length;
  const blocks: number[] = []; // per open block: 1, plus 1 per {{else if}} chained to it
  let depth = 0;
  let pos = 0;
  for (;;) {
    const open = source.indexOf('{{', pos);
    if (open === -1) return null;
    // `\{{`: the mustache and the text after it, up to the next `{{`, are text (`\\{{` is a backslash, then a mustache).
    if (source[open - 1] === '\\' && source[open - 2] !== '\\') {
      pos = open + 2;
      continue;
    }
    if (source.startsWith('{{{{', open)) {
      const name = /^\{\{\{\{\s*([^\s}]*)/.exec(source.slice(open, open + 256))?.[1] ?? '';
      const end = name.startsWith('/') ? -1 : source.indexOf(`{{{{/${name}`, open + 4);
      pos = end === -1 ? open + 4 : end + 5;
      continue;
    }
    let at = open + 2;
    if (source[at] === '~') at++;
    if (source[at] === '!') {
      const end = source.startsWith('!--', at) ? /--~?\}\}/g : /\}\}/g;
      end.lastIndex = at;
      pos = end.exec(source) ? end.lastIndex : source.length;
      continue;
    }
    const head = source.slice(at, at + 16);
    if (head[0] === '#' || (head[0] === '^' && !/^\^\s*~?\}\}/.test(head))) {
      blocks.push(1);
      depth++;
    } else if (head[0] === '/') depth -= blocks.pop() ?? 0;
    else if (/^else\s+[^\s~}]/.test(head) && blocks.length > 0) {
      blocks[blocks.length - 1]!++;
      depth++;
    }
    if (depth > max) return lineOf(open);
    // The tag itself, to its `}}`: its subexpressions, outside string literals.
    let subexpressions = 0;
    let quote: string | null = null;
    let end = at;
    for (; end < source.length; end++) {
      const char = source[end]!;
      if (quote !== null) {
        if (char === quote) quote = null;
      } else if (char === '"' || char === "'") quote = char;
      else if (char === '(' && depth + ++subexpressions > max) return lineOf(end);
      else if (char === ')') subexpressions--;
      else if (char === '}' && source[end + 1] === '}') break;
    }
    pos = end + 2;
  }
}

/** A call of a partial by a name written in the template (`{{> footer}}`, `{{#> "side bar"}}`). */
interface Call {
  template: string;
  /** The caller: the site's partial by the name templates call it by ('footer'), or an inline partial as `template#name`. */
  from: string;
  partial: string;
  line: number;
  column: number;
  /** No block around it: the call happens whatever the data. */
  always: boolean;
  /** A partial block renders its own content when the partial is missing. */
  block: boolean;
}

/** Each template's calls of partials by name, and the inline partials (`{{#*inline "row"}}`) each defines. */
function partialCalls(templates: Map<string, Program>): { calls: Call[]; inline: Map<string, Set<string>> } {
  const calls: Call[] = [];
  const inline = new Map<string, Set<string>>();
  for (const [template, program] of templates) {
    const own = madeOnce(inline, template, () => new Set<string>());
    const visit = (body: Statement[], from: string, always: boolean): void => {
      for (const s of body) {
        const partial = s.name?.type === 'PathExpression' ? s.name.original : s.name?.type === 'StringLiteral' ? s.name.value : undefined;
        if ((s.type === 'PartialStatement' || s.type === 'PartialBlockStatement') && typeof partial === 'string' && !partial.startsWith('@')) {
          const start = s.loc?.start ?? { line: 1, column: 0 };
          calls.push({ template, from, partial, line: start.line, column: start.column + 1, always, block: s.type === 'PartialBlockStatement' });
        }
        const inlineName = s.type === 'DecoratorBlock' && s.path?.original === 'inline' ? s.params?.[0]?.value : undefined;
        if (typeof inlineName === 'string' && s.program) {
          own.add(inlineName);
          visit(s.program.body, `${template}#${inlineName}`, true);
        } else {
          if (s.program) visit(s.program.body, from, false);
          if (s.inverse) visit(s.inverse.body, from, false);
        }
      }
    };
    visit(program.body, template.startsWith('partials/') ? template.slice('partials/'.length) : `${template}#`, true);
  }
  return { calls, inline };
}

/** A partial call found wrong: where, and the partial's name. */
export interface PartialProblem {
  file: string;
  line: number;
  column: number;
  partial: string;
}

/**
 * What is wrong with the partial calls among `templates` (name → parsed template: `partials/footer`,
 * `layout` ...), given the built-in `partials` (a site's templates replace them and add none):
 * - `loop`: the first partial that renders itself, directly or through others, with no block around
 *   the call: such a partial never ends. A call inside a block (`{{#each children}}{{> node}}{{/each}}`,
 *   as the component tree does) stops where the data does, and is left to the stack's own limit; so
 *   are partials named at run time, and built-in partials (which call none that way).
 * - `unknown`: each call of a name that is neither a partial nor an inline partial of any template.
 *   A partial block (`{{#> sidebar}}…{{/sidebar}}`) renders its own content when the partial is
 *   missing, and a name computed at run time (`{{> (lookup …)}}`) is not known here: both are left alone.
 */
export function partialProblems(templates: Map<string, Program>, partials: readonly string[], fileOf: (name: string) => string): { loop: PartialProblem | null; unknown: PartialProblem[] } {
  const { calls, inline } = partialCalls(templates);
  const problem = (call: Call, partial = call.partial): PartialProblem => ({ file: fileOf(call.template), line: call.line, column: call.column, partial });
  const edges = new Map<string, { to: string; call: Call }[]>();
  for (const call of calls.filter((c) => c.always)) {
    const to = inline.get(call.template)!.has(call.partial) ? `${call.template}#${call.partial}` : call.partial;
    madeOnce(edges, call.from, () => []).push({ to, call });
  }
  // Depth-first, marking the path: an edge back into it closes a loop.
  const state = new Map<string, 'open' | 'done'>();
  const search = (node: string): PartialProblem | null => {
    state.set(node, 'open');
    for (const { to, call } of edges.get(node) ?? []) {
      if (state.get(to) === 'open') return problem(call, to.replace(/^.*#/, ''));
      const found = state.has(to) ? null : search(to);
      if (found) return found;
    }
    state.set(node, 'done');
    return null;
  };
  let loop: PartialProblem | null = null;
  for (const node of edges.keys()) loop ??= state.has(node) ? null : search(node);
  const provided = new Set([...partials, ...[...inline.values()].flatMap((names) => [...names])]);
  const unknown = calls.filter((c) => !c.block && !provided.has(c.partial)).map((c) => problem(c));
  return { loop, unknown };
}
