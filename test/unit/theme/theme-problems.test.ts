// Every problem of a site's own templates at once, each said so that it can be fixed: a partial that
// renders itself is reported beside another template that does not compile, and a parse error keeps
// what Handlebars found (`got 'EOF'`: a block left open) however long its list of what it expected.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ContentError, formatIssue } from '../../../src/errors/error.js';
import { loadTheme } from '../../../src/theme/theme.js';

function templates(files: Record<string, string>): string {
  const dir = path.join(mkdtempSync(path.join(tmpdir(), 'statuspress-theme-problems-')), 'templates');
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

const problems = (dir: string): Promise<string[]> =>
  loadTheme(dir).then(
    () => [],
    (error: unknown) => {
      expect(error).toBeInstanceOf(ContentError);
      return (error as ContentError).issues.map((issue) => formatIssue(issue));
    },
  );

describe('the problems of a site\'s own templates', () => {
  it('reports a partial that renders itself beside a template that does not compile', async () => {
    const said = await problems(templates({ 'partials/footer.hbs': '<footer>{{#if siteName}}\n', 'partials/header.hbs': '<header>{{> header}}</header>\n' }));
    expect(said).toEqual([
      expect.stringMatching(/^templates\/partials\/footer\.hbs:\d+:1 {2}the template does not compile: /),
      expect.stringMatching(/^templates\/partials\/header\.hbs:1:9 {2}the partial "header" is rendered here inside itself/),
    ]);
  });

  it('finds a partial that renders itself by its name in quotes, or through an inline partial, at the call', async () => {
    expect(await problems(templates({ 'partials/footer.hbs': 'a{{> "footer"}}' }))).toEqual([expect.stringMatching(/^templates\/partials\/footer\.hbs:1:2 {2}the partial "footer" is rendered here inside itself/)]);
    const inline = '{{#*inline "row"}}\n  {{> row}}{{/inline}}{{#each x}}{{> row}}{{/each}}';
    expect(await problems(templates({ 'partials/footer.hbs': inline }))).toEqual([expect.stringMatching(/^templates\/partials\/footer\.hbs:2:3 {2}the partial "row" is rendered here inside itself/)]);
  });

  it('keeps what Handlebars found where it expected something else: a block left open', async () => {
    const [said] = await problems(templates({ 'partials/footer.hbs': '{{#if x}}' }));
    expect(said).toMatch(/got 'EOF'/);
  });
});
