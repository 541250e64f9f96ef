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

/** A partial that renders itself whatever the data: the file and line of the call that closes the loop. */
export interface SelfCall {
  file: string;
  line: number;
  partial: string;
}

/**
 * The first partial among `templates` (name → parsed template: `partials/footer`, `layout` ...)
 * that renders itself, directly or through others, with no block around the call: such a partial
 * never ends. A call inside a block (`{{#each children}}{{> node}}{{/each}}`, as the component
 * tree does) stops where the data does, and is left to the stack's own limit; so are partials
 * named at run time, and built-in partials (which call none that way).
 */
export function selfCall(templates: Map<string, Program>, fileOf: (name: string) => string): SelfCall | null {
  // Nodes: a site's partial by the name templates call it by ('footer'), and each inline partial as `file#name`.
  const edges = new Map<string, { to: string; file: string; line: number }[]>();
  for (const [name, program] of templates) {
    const own = name.startsWith('partials/') ? name.slice('partials/'.length) : `${name}#`;
    const inline = new Set<string>();
    collectInline(program, inline);
    const target = (called: string): string => (inline.has(called) ? `${name}#${called}` : called);
    const visit = (body: Statement[], from: string, always: boolean): void => {
      for (const s of body) {
        const called = s.name?.type === 'PathExpression' && typeof s.name.original === 'string' && !s.name.original.startsWith('@') ? s.name.original : null;
        if ((s.type === 'PartialStatement' || s.type === 'PartialBlockStatement') && called !== null && always) {
          madeOnce(edges, from, () => []).push({ to: target(called), file: fileOf(name), line: s.loc?.start.line ?? 1 });
        }
        const inlineName = s.type === 'DecoratorBlock' && s.path?.original === 'inline' ? s.params?.[0]?.value : undefined;
        if (typeof inlineName === 'string' && s.program) visit(s.program.body, `${name}#${inlineName}`, true);
        else {
          if (s.program) visit(s.program.body, from, false);
          if (s.inverse) visit(s.inverse.body, from, false);
        }
      }
    };
    visit(program.body, own, true);
  }
  // Depth-first, marking the path: an edge back into it closes a loop.
  const state = new Map<string, 'open' | 'done'>();
  const search = (node: string): SelfCall | null => {
    state.set(node, 'open');
    for (const edge of edges.get(node) ?? []) {
      if (state.get(edge.to) === 'open') return { file: edge.file, line: edge.line, partial: edge.to.replace(/^.*#/, '') };
      const found = state.has(edge.to) ? null : search(edge.to);
      if (found) return found;
    }
    state.set(node, 'done');
    return null;
  };
  for (const node of edges.keys()) {
    const found = state.has(node) ? null : search(node);
    if (found) return found;
  }
  return null;
}

function collectInline(program: Program, into: Set<string>): void {
  for (const s of program.body) {
    const name = s.type === 'DecoratorBlock' && s.path?.original === 'inline' ? s.params?.[0]?.value : undefined;
    if (typeof name === 'string') into.add(name);
    if (s.program) collectInline(s.program, into);
    if (s.inverse) collectInline(s.inverse, into);
  }
}

/** A partial called by a name that nothing provides: where, and the name. */
export interface UnknownPartial {
  file: string;
  line: number;
  column: number;
  partial: string;
}

/**
 * Each call among `templates` of a partial by a name written in it (`{{> sidebar}}`, `{{> "side bar"}}`)
 * that is neither in `partials` (the partials there are: a site's templates replace them and add none)
 * nor an inline partial (`{{#*inline "sidebar"}}`) of any of the templates. A partial block
 * (`{{#> sidebar}}…{{/sidebar}}`) renders its own content when the partial is missing, and a name
 * computed at run time (`{{> (lookup …)}}`) is not known here: both are left alone.
 */
export function unknownPartials(templates: Map<string, Program>, partials: readonly string[], fileOf: (name: string) => string): UnknownPartial[] {
  const provided = new Set(partials);
  for (const program of templates.values()) collectInline(program, provided);
  const found: UnknownPartial[] = [];
  const visit = (name: string, body: Statement[]): void => {
    for (const s of body) {
      const called = s.name?.type === 'PathExpression' ? s.name.original : s.name?.type === 'StringLiteral' ? s.name.value : undefined;
      if (s.type === 'PartialStatement' && typeof called === 'string' && !called.startsWith('@') && !provided.has(called)) {
        found.push({ file: fileOf(name), line: s.loc?.start.line ?? 1, column: (s.loc?.start.column ?? 0) + 1, partial: called });
      }
      if (s.program) visit(name, s.program.body);
      if (s.inverse) visit(name, s.inverse.body);
    }
  };
  for (const [name, program] of templates) visit(name, program.body);
  return found;
}
