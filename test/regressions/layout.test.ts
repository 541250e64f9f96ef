// The shape of src/: stages import only earlier stages, no module imports itself round a cycle (type
// imports count: they tie the modules' designs together all the same), no module passes 400 lines,
// and src/'s top level holds only entry points. Every import is parsed with TypeScript's own parser.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = path.join(import.meta.dirname, '../..');

/** Every .ts module under src/ (declarations aside), as a repository path. */
const MODULES = readdirSync(path.join(ROOT, 'src'), { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts'))
  .map((file) => `src/${file.split(path.sep).join('/')}`)
  .sort();

/** The modules of src/ that `file` imports or re-exports from, statically, by `import()` or in a type. */
function importsOf(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(path.join(ROOT, file), 'utf8'), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const add = (specifier: string): void => {
    // A query asks the bundler for something made of the module (`?browser`: its browser bundle;
    // `?source-worker`: a worker's own bundle, to start it from a file), not for the module itself.
    if (!specifier.startsWith('.') || specifier.includes('?')) return;
    const to = path.posix.join(path.posix.dirname(file), specifier).replace(/\.js$/, '.ts');
    if (MODULES.includes(to)) found.push(to);
    else if (MODULES.includes(`${to}/index.ts`)) found.push(`${to}/index.ts`);
  };
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) add(node.moduleSpecifier.text);
    else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteral(node.arguments[0])) add(node.arguments[0].text);
    else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) add(node.argument.literal.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return [...new Set(found)];
}

const GRAPH = new Map(MODULES.map((file) => [file, importsOf(file)]));
const folderOf = (file: string): string => file.split('/')[1]!;

/** Folders of src/ and the folders they must not import: no stage imports a later one. */
const LATER: Record<string, readonly string[]> = {
  content: ['theme', 'render', 'derive', 'routes', 'serve', 'hosting', 'write', 'notify', 'dev', 'cli', 'scaffold'],
  i18n: ['theme', 'render', 'routes', 'serve', 'hosting', 'write', 'notify', 'dev', 'cli', 'scaffold'],
  derive: ['theme', 'render', 'routes', 'serve', 'hosting', 'write', 'notify', 'dev', 'cli', 'scaffold'],
  theme: ['render', 'derive', 'routes', 'serve', 'hosting', 'write', 'notify', 'dev', 'cli', 'scaffold'],
  write: ['render', 'serve', 'notify', 'dev', 'cli', 'scaffold'],
};

describe('the layout of src/', () => {
  it('has at its top level only entry points', () => {
    expect(MODULES.filter((file) => file.split('/').length === 2)).toEqual(['src/build.ts', 'src/cli-main.ts']);
  });

  it('imports no later stage from an earlier one', () => {
    const wrong = [...GRAPH].flatMap(([file, imports]) => imports.filter((to) => LATER[folderOf(file)]?.includes(folderOf(to))).map((to) => `${file} -> ${to}`));
    expect(wrong).toEqual([]);
  });

  it('has no import cycle, type imports included', () => {
    const cycles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const walk = (file: string, trail: string[]): void => {
      if (state.get(file) === 'done') return;
      if (state.get(file) === 'open') {
        cycles.push([...trail.slice(trail.indexOf(file)), file].join(' -> '));
        return;
      }
      state.set(file, 'open');
      for (const to of GRAPH.get(file) ?? []) walk(to, [...trail, file]);
      state.set(file, 'done');
    };
    for (const file of MODULES) walk(file, []);
    expect(cycles).toEqual([]);
  });

  it('has no module over 400 lines, the error catalogue\'s entries aside', () => {
    const CATALOGUE = ['src/errors/command.ts', 'src/errors/content.ts'];
    const long = MODULES.filter((file) => !CATALOGUE.includes(file)).filter((file) => readFileSync(path.join(ROOT, file), 'utf8').split('\n').length > 401);
    expect(long).toEqual([]);
  });

  it('finds a cycle and a later stage when there is one', () => {
    // The checks above must be able to fail: the graph has edges, and a made-up import is caught.
    expect([...GRAPH.values()].flat().length).toBeGreaterThan(MODULES.length);
    expect(LATER.derive!.includes(folderOf('src/render/html.ts'))).toBe(true);
  });
});
