// A site's own templates/: any template or partial replaced by a file of the same name, the rest
// built in; overrides compiled at build time, checked strictly, and read only from inside the folder.
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { deriveSite } from '../../../../src/derive/index.js';
import { ContentError, StatuspressError, formatIssue } from '../../../../src/errors.js';
import { COMMAND } from '../../../../src/errors/command.js';
import { renderHtml } from '../../../../src/render/html.js';
import { loadTheme, MAX_STYLE_BYTES, MAX_TEMPLATE_DEPTH, MAX_TEMPLATES_BYTES, PAGE_BYTES } from '../../../../src/render/site/theme.js';
import { component, content, ms, unplanned, uu } from '../../../helpers/content.js';

function templates(files: Record<string, string>): string {
  // Named templates/, as beside a site's content: messages name files by the folder's own name.
  const dir = path.join(mkdtempSync(path.join(tmpdir(), 'statuspress-theme-')), 'templates');
  mkdirSync(dir);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

const site = deriveSite(content({ site: { name: 'Acme' }, components: [component(1, { name: 'API' })] }), ms('2026-11-20T12:00:00Z'));
const pages = (theme: Awaited<ReturnType<typeof loadTheme>>): Map<string, string> =>
  new Map([...renderHtml(site, theme)].map((f) => [f.path, String(f.contents)]));

describe('loadTheme', () => {
  it('replaces a partial on every page and keeps the other templates built in', async () => {
    const theme = await loadTheme(templates({ 'partials/header.hbs': '<header class="mine"><a href="{{links.status}}">{{siteName}} home</a></header>\n' }));
    const files = pages(theme);
    for (const page of ['index.html', 'components/1/index.html', 'history/index.html']) {
      expect(files.get(page), page).toContain('<header class="mine"><a href="');
      expect(files.get(page), page).toContain('Acme home</a>');
      expect(files.get(page), page).toContain('<footer class="site-footer">');
    }
    expect(theme.warnings).toEqual([]);
  });

  it('appends theme.css to the built-in styles, under a new fingerprint', async () => {
    const plain = pages(await loadTheme(null));
    const themed = pages(await loadTheme(templates({ 'theme.css': ':root { --accent: #6f42c1; }\n' })));
    const css = (files: Map<string, string>): [string, string] => [...files].find(([f]) => /^assets\/style\.[0-9a-f]+\.css$/.test(f))!;
    expect(css(themed)[1]).toContain(':root { --accent: #6f42c1; }');
    expect(css(themed)[0]).not.toBe(css(plain)[0]);
    expect(themed.get('index.html')).toContain(`href="${css(themed)[0]}"`);
  });

  it('reports a template that does not compile at its file and line, before anything renders', async () => {
    const error = await loadTheme(templates({ 'status.hbs': '<h1>{{stateText}}</h1>\n{{#if active.length}}\n<p>unclosed\n' })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContentError);
    expect((error as ContentError).issues.map((issue) => formatIssue(issue))).toEqual([expect.stringMatching(/^templates\/status\.hbs:\d+:1 {2}the template does not compile: /)]);
  });

  it('names the file when an override asks for a field pages do not have', async () => {
    const theme = await loadTheme(templates({ 'partials/footer.hbs': '<footer>{{buildTime}}</footer>\n' }));
    expect(() => pages(theme)).toThrow(StatuspressError);
    expect(() => pages(theme)).toThrow(/^templates\/partials\/footer\.hbs could not be rendered: "buildTime" not defined/);
  });

  it('warns about files that are no template it uses, and refuses links out of the folder', async () => {
    expect((await loadTheme(templates({ 'partials/headr.hbs': 'x' }))).warnings).toEqual([expect.stringMatching(/^templates\/partials\/headr\.hbs is not a template or style statuspress uses/)]);
    const dir = templates({});
    const outside = templates({ 'secret.hbs': 'secret' });
    symlinkSync(path.join(outside, 'secret.hbs'), path.join(dir, 'status.hbs'));
    const error = await loadTheme(dir).catch((e: unknown) => e);
    expect((error as ContentError).issues.map((issue) => formatIssue(issue))).toEqual(['templates/status.hbs:1:1  is a symbolic link that leads outside the templates folder (or nowhere); it was not followed']);
  });

  it('prints the example docs/errors.md shows for an unknown file, with the real list of templates', async () => {
    const example = COMMAND.unknownTemplate.example!;
    expect((await loadTheme(templates({ 'sidebar.hbs': 'x' }))).warnings).toEqual([COMMAND.unknownTemplate.message(example)]);
  });

  it('names files by the folder they are in when --templates names another folder', async () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), 'statuspress-theme-')), 'acme-theme');
    mkdirSync(dir);
    writeFileSync(path.join(dir, 'status.hbs'), '{{#if x}}');
    const error = await loadTheme(dir, { required: true }).catch((e: unknown) => e);
    expect((error as ContentError).issues.map((issue) => formatIssue(issue))).toEqual([expect.stringMatching(/^acme-theme\/status\.hbs:\d+:1 {2}the template does not compile: /)]);
  });

  it('uses the built-in theme when the folder is missing, unless the folder was asked for', async () => {
    const missing = path.join(tmpdir(), 'statuspress-no-such-templates');
    expect((await loadTheme(missing)).warnings).toEqual([]);
    await expect(loadTheme(missing, { required: true })).rejects.toMatchObject({ code: 'usage/no-templates-folder', message: `No templates folder at ${missing}` });
  });

  it('escapes what an override prints with {{ }}', async () => {
    const hostile = deriveSite(content({ site: { name: '<script>alert(1)</script>' } }), ms('2026-11-20T12:00:00Z'));
    const theme = await loadTheme(templates({ 'partials/header.hbs': '<header>{{siteName}}</header>\n' }));
    const html = String([...renderHtml(hostile, theme)].find((f) => f.path === 'index.html')!.contents);
    expect(html).toContain('<header>&lt;script&gt;alert(1)&lt;/script&gt;</header>');
  });

  it('passes Handlebars\' options to a partial: @root, and the block of a partial block', async () => {
    const theme = await loadTheme(
      templates({
        'layout.hbs': '<!doctype html><title>{{title}}</title>{{#> footer}}<p>from the layout</p>{{/footer}}\n',
        'partials/footer.hbs': '<footer>{{> @partial-block}} {{@root.siteName}}</footer>\n',
      }),
    );
    expect(pages(theme).get('index.html')).toContain('<footer><p>from the layout</p> Acme</footer>');
  });
});

// Handlebars has no limit of its own: a theme's loops nested over the same list, or partials that
// render each other, multiply. Each must fail fast with the page and template named, not run for hours.
describe('the budget of a page of the site\'s own templates', () => {
  const busy = deriveSite(
    content({
      site: { name: 'Acme' },
      components: [component(1, { name: 'API' })],
      notices: [unplanned(7, Array.from({ length: 20 }, (_, i) => uu(`2026-11-20T${String(i).padStart(2, '0')}:00:00Z`, i === 19 ? 'resolved' : 'investigating')), { components: [1] })],
    }),
    ms('2026-11-20T22:00:00Z'),
  );
  const render = async (files: Record<string, string>) => {
    const theme = await loadTheme(templates(files));
    return () => [...renderHtml(busy, theme)];
  };
  const tooLarge = /^templates\/notice\.hbs \(with the templates it uses\) rendered the page “Notice 7: Acme” as more than the \d+ bytes of HTML it may have$/;
  const tooSlow = /^templates\/notice\.hbs \(with the templates it uses\) took more than \d+ steps to render the page “Notice 7: Acme”/;

  it('stops loops nested over the same list (20 updates, 5 deep: 3.2 million turns)', async () => {
    const loop = '{{#each @root.notice.updates}}';
    const run = await render({ 'notice.hbs': `<h1>{{notice.subject}}</h1>${loop.repeat(5)}x${'{{/each}}'.repeat(5)}\n` });
    const started = Date.now();
    expect(run).toThrow(tooSlow);
    expect(Date.now() - started).toBeLessThan(2_000);
    try {
      run();
    } catch (error) {
      expect(error).toMatchObject({ code: 'usage/template-too-slow', exitCode: 2, location: { file: 'templates/notice.hbs' } });
    }
  });

  it('stops partials that render each other (inline partials, ten calls a level, seven levels)', async () => {
    const levels = 'abcdefg';
    const inline = [...levels].map((name, i) => `{{#*inline "${name}"}}${i === 0 ? 'x' : `{{> ${levels[i - 1]}}}`.repeat(10)}{{/inline}}`).join('');
    const run = await render({ 'notice.hbs': `${inline}<h1>{{notice.subject}}</h1>{{> g}}\n` });
    expect(run).toThrow(tooSlow);
  });

  it('stops a chain of 400 partials each on a line of its own (which Handlebars indents line by line) at 100 levels', async () => {
    const chain = Array.from({ length: 400 }, (_, i) => `{{#*inline "p${i}"}}\nline ${i} ${'z'.repeat(40)}\n${i === 399 ? 'end' : `  {{> p${i + 1}}}`}\n{{/inline}}`).join('');
    const run = await render({ 'notice.hbs': `${chain}\n<h1>{{notice.subject}}</h1>\n  {{> p0}}\n` });
    expect(run).toThrow(/^templates\/notice\.hbs \(with the templates it uses\) rendered partials inside each other more than 100 levels deep/);
  });

  it('stops a page that repeats a large text within its steps', async () => {
    const run = await render({ 'notice.hbs': `<h1>{{notice.subject}}</h1>{{#each notice.updates}}${'y'.repeat(64 * 1024)}{{/each}}\n` });
    expect(run).toThrow(tooLarge);
    try {
      run();
    } catch (error) {
      expect(error).toMatchObject({ code: 'usage/page-too-large', exitCode: 2 });
    }
  });

  // Found by review: each of these themes is under 128 KiB, and each ran for minutes or ran out of memory.
  it('counts a block by the code it compiles to: a partial of 7,000 empty {{#if}} blocks, called 1,900 times', async () => {
    const run = await render({ 'notice.hbs': `{{#*inline "h"}}${'{{#if 1}}{{/if}}'.repeat(7_000)}{{/inline}}<h1>{{notice.subject}}</h1>${'{{> h}}'.repeat(1_900)}\n` });
    const started = Date.now();
    expect(run).toThrow(tooSlow);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('counts the table of partials Handlebars copies for every block that declares inline partials', async () => {
    const table = Array.from({ length: 2_000 }, (_, i) => `{{#*inline "p${i}"}}x{{/inline}}`).join('');
    const run = await render({ 'notice.hbs': `${table}{{#*inline "q"}}{{#*inline "r"}}y{{/inline}}{{> r}}{{/inline}}<h1>{{notice.subject}}</h1>${'{{> q}}'.repeat(5_000)}\n` });
    const started = Date.now();
    expect(run).toThrow(tooSlow);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('refuses a partial longer than the page before Handlebars indents it (a chain doubling 4,000 characters 16 times)', async () => {
    let chain = `{{#*inline "d0"}}\n${'x'.repeat(4_000)}\n{{/inline}}\n`;
    for (let i = 1; i <= 16; i++) chain += `{{#*inline "d${i}"}}\n {{> d${i - 1}}}\n {{> d${i - 1}}}\n{{/inline}}\n`;
    const run = await render({ 'notice.hbs': `${chain}<h1>{{notice.subject}}</h1>\n {{> d16}}\n` });
    const started = Date.now();
    expect(run).toThrow(tooLarge);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('counts what {{ }} prints as it is printed, and stops a long field printed thousands of times at the limit', async () => {
    const long = deriveSite(
      content({ site: { name: 'Acme' }, notices: [unplanned(7, [uu('2026-11-20T10:00:00Z', 'resolved', { content: '<b>&amp;</b> "quoted" '.repeat(10_000) })])] }),
      ms('2026-11-20T22:00:00Z'),
    );
    for (const print of ['{{html}}', '{{{html}}}']) {
      const theme = await loadTheme(templates({ 'notice.hbs': `<h1>{{notice.subject}}</h1>{{#each notice.updates}}${print.repeat(4_000)}{{/each}}\n` }));
      const started = Date.now();
      // 4,000 copies of 300 KB: 1.2 GB, past the longest string V8 makes, if it were not stopped.
      expect(() => [...renderHtml(long, theme)], print).toThrow(tooLarge);
      expect(Date.now() - started, print).toBeLessThan(2_000);
    }
    // The text counts in the page's budget: the built-in templates, counted, print it where they should.
    const counted = await loadTheme(templates({ 'partials/footer.hbs': '<footer>Acme</footer>\n' }));
    const built = new Map([...renderHtml(long, counted)].map((f) => [f.path, String(f.contents)]));
    expect(built.get('notices/7/index.html')!.length).toBeGreaterThan(300_000);
    expect(built.get('index.html')!.length).toBeGreaterThan(300_000);
  });

  it('prints nothing for {{log}}: a worker thread would keep all of it in memory, and only the command prints', async () => {
    const spies = (['log', 'info', 'warn', 'error', 'debug'] as const).map((method) => vi.spyOn(console, method).mockImplementation(() => {}));
    try {
      const files = (await render({ 'notice.hbs': `<h1>{{notice.subject}}</h1>{{log @root}}{{log "x" level="error"}}\n` }))();
      expect(String(files.find((f) => f.path === 'notices/7/index.html')!.contents)).toContain('<h1>Notice 7</h1>');
      for (const spy of spies) expect(spy).not.toHaveBeenCalled();
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
  });

  // Found by a second review: Handlebars indents a standalone partial after the budget saw it, copies
  // the partials table for partial blocks too, and recursion ran out of stack.
  const over = (code: string) => (run: () => unknown) => {
    const started = Date.now();
    let error: unknown;
    try {
      run();
    } catch (caught) {
      error = caught;
    }
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(error).toMatchObject({ code, exitCode: 2 });
    return (error as Error).message;
  };

  it('counts a partial with the indentation Handlebars gives it (4,000 lines under 100,000 spaces: 400 MB)', async () => {
    over('usage/page-too-large')(
      await render({
        'layout.hbs': '<html>{{{body}}}\n{{> footer}}\n</html>\n',
        'partials/uptime-bar.hbs': '\n'.repeat(4_000),
        'partials/footer.hbs': `x\n${' '.repeat(100_000)}{{> uptime-bar}}\n`,
      }),
    );
    // Within the page's length, but made again and again: 288 blocks a page of 1,000 lines under 100 spaces.
    over('usage/template-too-slow')(
      await render({
        'layout.hbs': `<html>{{{body}}}{{#> footer}}\n${' '.repeat(100)}{{> uptime-bar}}\n{{/footer}}</html>\n`,
        'partials/uptime-bar.hbs': '\n'.repeat(1_000),
        'partials/footer.hbs': `{{#each @root.links}}{{#each @root.links}}${'{{#if @partial-block}}{{/if}}'.repeat(8)}{{/each}}{{/each}}`,
      }),
    );
  });

  it('counts the lines Handlebars indents, not only their length: a body of 100,000 empty lines indented and thrown away', async () => {
    over('usage/template-too-slow')(
      await render({
        'notice.hbs': '{{> header}}'.repeat(5),
        'partials/header.hbs': '\n'.repeat(20_000),
        'partials/footer.hbs': '{{{body}}}',
        'layout.hbs': '<html>{{#> component-row}}\n {{> footer ../this}}\n{{/component-row}}</html>\n',
        'partials/component-row.hbs': '{{#if @partial-block}}{{/if}}',
      }),
    );
  });

  it('counts the text a block returns, which a helper given it as a value copies when it reads a character', async () => {
    // Seven doublings make 128,000 characters; each header block returns it again, one longer, and
    // `lookup this 0` makes V8 copy it whole (200 copies a page had taken 68 s for 2,000 notices).
    over('usage/template-too-slow')(
      await render({
        'partials/uptime-bar.hbs': '{{#with @partial-block}}{{{this}}}{{{this}}}{{/with}}',
        'partials/footer.hbs': '{{#with @partial-block}}{{#> header}}{{{../this}}}.{{/header}}{{/with}}',
        'partials/header.hbs': '{{#with @partial-block}}{{lookup this 0}}{{/with}}'.repeat(200),
        'layout.hbs': `<html>{{{body}}}\n{{#> footer}}${'{{#> uptime-bar}}'.repeat(7)}${'x'.repeat(1_000)}${'{{/uptime-bar}}'.repeat(7)}{{/footer}}\n</html>\n`,
      }),
    );
  });

  it('measures a page in the UTF-8 bytes it is written as: CJK text is 3 bytes a character', async () => {
    const layout = `<html>{{{body}}}${'{{> footer}}'.repeat(3)}</html>\n`;
    // 126,000 characters of ASCII fit every page; the same number of CJK characters is 378,000 bytes.
    const ascii = (await render({ 'layout.hbs': layout, 'partials/footer.hbs': 'a'.repeat(42_000) }))();
    expect(String(ascii.find((f) => f.path === 'notices/7/index.html')!.contents)).toContain('a'.repeat(126_000));
    over('usage/page-too-large')(await render({ 'layout.hbs': layout, 'partials/footer.hbs': '\u72b6'.repeat(42_000) }));
  });

  it('counts the table of partials Handlebars copies for a partial block that declares inline partials', async () => {
    const table = Array.from({ length: 3_500 }, (_, i) => `{{#*inline "a${i}"}}{{/inline}}`).join('');
    over('usage/template-too-slow')(
      await render({ 'layout.hbs': `<html>${table}${'{{#> footer}}{{#*inline "q"}}{{/inline}}{{/footer}}'.repeat(100)}{{{body}}}</html>\n`, 'partials/footer.hbs': 'f' }),
    );
  });

  it('stops a partial that renders itself at 100 levels, before the stack runs out', async () => {
    const message = over('usage/partials-too-deep')(await render({ 'partials/footer.hbs': 'a{{> footer}}' }));
    // The page's own template is built in: the message names it, and the site's templates it uses.
    expect(message).toMatch(/^The built-in \w+\.hbs \(with templates\/partials\/footer\.hbs\) rendered partials inside each other more than 100 levels deep for the page “.+”: a partial that renders itself/);
    over('usage/partials-too-deep')(await render({ 'layout.hbs': '<html>{{{body}}}{{#> footer}}x{{/footer}}</html>\n', 'partials/footer.hbs': '{{#> footer}}{{> @partial-block}}{{/footer}}' }));
  });

  it('counts the copy Handlebars makes of a partial\'s context when the partial is called with a hash', async () => {
    // A string context is copied a key per character: the page's body, 200 times.
    over('usage/template-too-slow')(await render({ 'layout.hbs': `<html>{{{body}}}${'{{> footer body x=1}}'.repeat(200)}</html>\n`, 'partials/footer.hbs': 'f' }));
    // As a theme would use it: the page's fields and a flag, a few times.
    const files = (await render({ 'layout.hbs': `<html>{{{body}}}${'{{> footer this compact=true}}'.repeat(5)}</html>\n`, 'partials/footer.hbs': '{{#if compact}}<p>{{title}}</p>{{/if}}' }))();
    expect(String(files.find((f) => f.path === 'notices/7/index.html')!.contents)).toContain('<p>Notice 7: Acme</p>'.repeat(5));
  });

  it('renders a template that declares inline partials and calls no partial at all', async () => {
    const files = (await render({ 'layout.hbs': '<html><title>{{title}}</title>{{#*inline "unused"}}<p>x</p>{{/inline}}{{{body}}}</html>\n' }))();
    expect(String(files.find((f) => f.path === 'notices/7/index.html')!.contents)).toMatch(/^<html><title>Notice 7: Acme<\/title>/);
  });

  it('leaves room for what a theme does once or per item: a loop over every list, a partial per item', async () => {
    const perUpdate = '{{#each notice.updates}}{{> footer @root}}{{> footer @root}}{{> footer @root}}{{/each}}';
    const fixed = `{{#each notice.updates}}{{#each @root.links}}{{/each}}{{/each}}`;
    const files = (await render({ 'notice.hbs': `<h1>{{notice.subject}}</h1>${perUpdate}${fixed}{{#each notice.updates}}${'z'.repeat(PAGE_BYTES / 64)}{{/each}}\n` }))();
    expect(String(files.find((f) => f.path === 'notices/7/index.html')!.contents)).toContain('<h1>Notice 7</h1>');
  });

  it('refuses templates over 128 KiB together, and a stylesheet over 1 MiB, without reading them', async () => {
    const half = 'x'.repeat(MAX_TEMPLATES_BYTES / 2);
    const error = await loadTheme(
      templates({ 'layout.hbs': half, 'notice.hbs': half, 'status.hbs': 'y', 'theme.css': 'z'.repeat(MAX_STYLE_BYTES + 1), 'unused.hbs': 'u'.repeat(MAX_STYLE_BYTES + 1) }),
    ).catch((e: unknown) => e);
    expect((error as ContentError).issues.map((issue) => formatIssue(issue))).toEqual([
      `templates/status.hbs:1:1  template is 1 bytes, more than is left of the 128 KiB (${MAX_TEMPLATES_BYTES} bytes) the templates may have together`,
      `templates/theme.css:1:1  stylesheet is ${MAX_STYLE_BYTES + 1} bytes; a stylesheet may be at most 1 MiB (${MAX_STYLE_BYTES} bytes)`,
    ]);
  });

  it('refuses blocks nested too deep before Handlebars parses them (5,000 levels took it 14 s), at the line', async () => {
    const nested = (depth: number) => `<h1>{{notice.subject}}</h1>\n${'{{#if notice}}'.repeat(depth)}x${'{{/if}}'.repeat(depth)}\n`;
    await expect(loadTheme(templates({ 'notice.hbs': nested(MAX_TEMPLATE_DEPTH) }))).resolves.toBeDefined();
    const started = Date.now();
    const error = await loadTheme(templates({ 'notice.hbs': nested(5_000) })).catch((e: unknown) => e);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect((error as ContentError).issues.map((issue) => formatIssue(issue))).toEqual([`templates/notice.hbs:2:1  blocks and subexpressions nest more than ${MAX_TEMPLATE_DEPTH} levels deep here`]);
    const chain = `{{#if notice}}${'{{else if notice}}x'.repeat(MAX_TEMPLATE_DEPTH)}{{/if}}`;
    const subexpressions = `{{#each ${'(lookup '.repeat(MAX_TEMPLATE_DEPTH)}notice${' "x")'.repeat(MAX_TEMPLATE_DEPTH)}}}{{/each}}`;
    for (const source of [chain, subexpressions]) {
      const refused = await loadTheme(templates({ 'notice.hbs': source })).catch((e: unknown) => e);
      expect((refused as ContentError).issues.map((issue) => formatIssue(issue)), source.slice(0, 40)).toEqual([expect.stringMatching(/^templates\/notice\.hbs:1:1 {2}blocks and subexpressions nest more than 64 levels/)]);
    }
    // Comments, escaped mustaches and raw blocks are text to Handlebars: no nesting.
    const opens = '{{#if siteName}}'.repeat(100);
    const text = `{{!-- ${opens} --}}${opens.replaceAll('{{#', '\\{{#')}{{{{raw}}}}${opens}{{{{/raw}}}}{{#if siteName}}ok{{/if}}`;
    // (A raw block calls a helper of its name, which a site has none of: loaded, not rendered.)
    await expect(loadTheme(templates({ 'partials/footer.hbs': `<footer>${text}</footer>\n` }))).resolves.toBeDefined();
    const theme = await loadTheme(templates({ 'partials/footer.hbs': `<footer>${text.replace(/\{\{\{\{raw.*\{\{\{\{\/raw\}\}\}\}/, '')}</footer>\n` }));
    expect(pages(theme).get('index.html')).toContain(`<footer>${opens}ok</footer>`);
  });

  it('warns about, and never reads, a file named for an Object property (constructor.hbs)', async () => {
    const theme = await loadTheme(templates({ 'constructor.hbs': 'x', '__proto__.hbs': 'y', 'toString.css': 'z' }));
    expect(theme.warnings.map((w) => w.split(' ')[0])).toEqual(['templates/__proto__.hbs', 'templates/constructor.hbs', 'templates/toString.css']);
  });
});
