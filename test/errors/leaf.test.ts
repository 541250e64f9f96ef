// The error catalogue is a leaf: the stages import it, it imports no stage. Every import of every
// file in src/errors/ is parsed (with TypeScript's own parser, so `export … from`, `import type` and
// `import()` all count) and checked against the set src/errors/README.md allows.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = path.join(import.meta.dirname, '../..');
const ERRORS = 'src/errors';

/**
 * Modules outside src/errors/ the catalogue may import, each a leaf itself (it imports nothing):
 * pure text helpers and shared numbers. Keep in step with src/errors/README.md ("What it imports").
 */
const LEAVES = ['src/content/quote.ts', 'src/util/limits.ts'];

/** The error types module: its types only (it imports the catalogue, to make its errors). */
const TYPES_ONLY = ['src/errors/error.ts'];

interface Import {
  specifier: string;
  typeOnly: boolean;
}

/** Every module `text` imports or re-exports from, statically or with `import()`. */
function importsOf(file: string, text: string): Import[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: Import[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push({ specifier: node.moduleSpecifier.text, typeOnly: node.importClause?.isTypeOnly ?? false });
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push({ specifier: node.moduleSpecifier.text, typeOnly: node.isTypeOnly });
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [arg] = node.arguments;
      found.push({ specifier: arg && ts.isStringLiteral(arg) ? arg.text : '<computed>', typeOnly: false });
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      found.push({ specifier: node.argument.literal.text, typeOnly: true });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The repository path an import of `file` names (`src/util/limits.ts`), or the bare specifier (`node:fs`). */
function target(file: string, specifier: string): string {
  if (!specifier.startsWith('.')) return specifier;
  return path.posix.join(path.posix.dirname(file), specifier).replace(/\.js$/, '.ts');
}

/** What is wrong with the imports of `file` (a path under src/errors/), as `file: specifier` lines. */
function violations(file: string, text: string): string[] {
  return importsOf(file, text)
    .filter(({ specifier, typeOnly }) => {
      const to = target(file, specifier);
      if (TYPES_ONLY.includes(to)) return !typeOnly;
      if (to.startsWith(`${ERRORS}/`)) return false;
      return !LEAVES.includes(to);
    })
    .map(({ specifier }) => `${file}: ${specifier}`);
}

const catalogueFiles = (): string[] =>
  readdirSync(path.join(ROOT, ERRORS))
    .filter((name) => name.endsWith('.ts'))
    .map((name) => `${ERRORS}/${name}`)
    .filter((file) => !TYPES_ONLY.includes(file));

const read = (file: string): string => readFileSync(path.join(ROOT, file), 'utf8');

describe('the error catalogue is a leaf', () => {
  it('imports only itself, the leaves and the error types', () => {
    const files = catalogueFiles();
    expect(files).toContain('src/errors/command.ts');
    expect(files.flatMap((file) => violations(file, read(file)))).toEqual([]);
  });

  it('imports leaves that import nothing themselves', () => {
    for (const leaf of LEAVES) expect(importsOf(leaf, read(leaf)), leaf).toEqual([]);
  });

  it('catches an import of a stage, whichever way it is written', () => {
    const file = 'src/errors/api.ts';
    const written = [
      "import { DEFAULT_RATE_LIMIT } from '../serve/rate-limit.js';",
      "import type { ParamKind } from '../routes/table.js';",
      "export { errorAnswer } from '../routes/request.js';",
      "const m = await import('../render/api.js');",
      "type K = import('../derive/types.js').DerivedSite;",
      "import { ContentError } from './error.js';",
      "import { readFileSync } from 'node:fs';",
    ];
    for (const line of written) expect(violations(file, line), line).toHaveLength(1);
    const allowed = ["import { api } from './entry.js';", "import { quote } from '../content/quote.js';", "import type { ContentIssue } from './error.js';"];
    for (const line of allowed) expect(violations(file, line), line).toEqual([]);
  });
});
