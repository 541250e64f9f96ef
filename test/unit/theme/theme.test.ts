// A site's own templates/: any template or partial replaced by a file of the same name, the rest
// built in; overrides compiled at build time, checked strictly, and read only from inside the folder.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { build } from '../../../src/build.js';
import { deriveSite } from '../../../src/derive/index.js';
import { ContentError, StatuspressError, formatIssue } from '../../../src/errors/error.js';
import { COMMAND } from '../../../src/errors/command.js';
import { renderHtml } from '../../../src/render/html.js';
import type { RenderLimits } from '../../../src/util/limits.js';
import { processEnded, renderProcessFlags } from '../../../src/render/template-process.js';
import { deepestLine } from '../../../src/theme/template-checks.js';
import { loadTheme, MAX_STYLE_BYTES, MAX_TEMPLATE_DEPTH, MAX_TEMPLATES_BYTES, PAGE_BYTES } from '../../../src/theme/theme.js';
import { component, content, ms, unplanned, uu } from '../../helpers/content.js';

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
    expect(() => pages(theme)).toThrow(/^templates\/partials\/footer\.hbs could not be rendered: "buildTime" not defined in the fields this template is given$/);
  });

  it('gives the place Handlebars names as the error’s line and column, not at the end of its reason', async () => {
    const theme = await loadTheme(templates({ 'partials/footer.hbs': '<footer>\n  {{buildTime}}</footer>\n' }));
    const error = (() => {
      try {
        pages(theme);
      } catch (caught) {
        return caught as StatuspressError;
      }
      throw new Error('the page rendered');
    })();
    // Column 5: where the field’s name begins, inside its braces.
    expect(error.location).toEqual({ file: 'templates/partials/footer.hbs', line: 2, column: 5 });
    expect(error.message).not.toMatch(/- \d+:\d+/);
  });

  it('refuses a partial that no template provides at its call, before anything renders', async () => {
    const error = await loadTheme(templates({ 'partials/sidebar.hbs': '<aside></aside>\n', 'status.hbs': '<main>\n  {{#if active.length}}{{> sidebar}}{{/if}}{{> "side bar"}}</main>\n' })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContentError);
    expect((error as ContentError).issues.map((issue) => formatIssue(issue))).toEqual([
      expect.stringMatching(/^templates\/status\.hbs:2:24 {2}renders the partial "sidebar", which no template provides: a site’s templates replace the built-in partials \(header, footer, .*\) and add none$/),
      expect.stringMatching(/^templates\/status\.hbs:2:44 {2}renders the partial "side bar", /),
    ]);
  });

  it('lets a template render an inline partial, a partial block and the built-in partials', async () => {
    const status = '{{#*inline "side"}}<aside>x</aside>{{/inline}}<main>{{> side}}{{#> missing}}fallback{{/missing}}{{> footer}}</main>\n';
    const footer = '{{#> header}}{{> @partial-block}}{{/header}}<footer></footer>\n';
    const html = pages(await loadTheme(templates({ 'status.hbs': status, 'partials/footer.hbs': footer })));
    expect(html.get('index.html')).toContain('<main><aside>x</aside>fallback');
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
// render each other, multiply. The site's own templates render in a process of their own, which
// the build stops (render/worker.ts). Each theme below once ran for minutes or ran out of memory
// under the step-counting this replaced; each must still stop the build, soon and within memory,
// naming the page or the template, and leave no output.
const NOW = '2026-11-20T22:00:00Z';
const updates = (n: number, content: (i: number) => string) =>
  Array.from({ length: n }, (_, i) => `  - at: 2026-11-20T${String(i).padStart(2, '0')}:00:00Z\n    state: ${i === n - 1 ? 'resolved' : 'investigating'}\n    content: ${JSON.stringify(content(i))}\n`).join('');
function siteFolder(notice: string, quiet: number): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'statuspress-hostile-'));
  mkdirSync(path.join(dir, 'content/components'), { recursive: true });
  mkdirSync(path.join(dir, 'content/notices'));
  writeFileSync(path.join(dir, 'content/site.yaml'), 'name: Acme\nurl: https://status.acme.example\ncreated_at: 2025-06-01T00:00:00Z\n');
  writeFileSync(path.join(dir, 'content/components/1-api.yaml'), 'id: 1\nname: API\ncreated_at: 2025-06-01T00:00:00Z\n');
  writeFileSync(path.join(dir, 'content/notices/7-busy.yaml'), `id: 7\ntype: unplanned\nsubject: Notice 7\ncomponents: [1]\nupdates:\n${notice}`);
  // Quiet notices of last year: with 60, pages enough that a theme slow on every page meets the pace it must keep.
  for (let id = 100; id < 100 + quiet; id++) {
    writeFileSync(path.join(dir, `content/notices/${id}.yaml`), `id: ${id}\ntype: unplanned\nsubject: Quiet ${id}\nupdates:\n  - at: 2025-11-20T10:00:00Z\n    state: resolved\n    content: Fixed.\n`);
  }
  return dir;
}

/** The peak resident memory of this process and the processes it started, sampled every 20 ms while `run` runs. */
async function peakRss<T>(run: () => Promise<T>): Promise<{ value: T; peak: number }> {
  const page = 4096;
  const rss = (pid: number): number => {
    try {
      return Number(readFileSync(`/proc/${pid}/statm`, 'utf8').split(' ')[1]) * page;
    } catch {
      return 0;
    }
  };
  const children = (): number[] =>
    readdirSync(`/proc/${process.pid}/task`).flatMap((task) => {
      try {
        return readFileSync(`/proc/${process.pid}/task/${task}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
      } catch {
        return [];
      }
    });
  let peak = 0;
  const sample = (): void => void (peak = Math.max(peak, rss(process.pid) + children().reduce((sum, pid) => sum + rss(pid), 0)));
  const timer = setInterval(sample, 20);
  try {
    const value = await run();
    sample();
    return { value, peak };
  } finally {
    clearInterval(timer);
  }
}

describe('the process that renders a site\'s own templates', () => {
  // A notice of 20 updates among a few others, and among 60 others (for the pace of all pages).
  let busy: string;
  let many: string;
  // A notice of one update of 300 KB, an ampersand every 1,000 characters: the page escapes it anew
  // on every {{ }} and cheaply (markup on every few characters took the escaping a second).
  let long: string;
  beforeAll(() => {
    busy = siteFolder(updates(20, (i) => `Update ${i}`), 5);
    many = siteFolder(updates(20, (i) => `Update ${i}`), 60);
    long = siteFolder(updates(1, () => `${'x'.repeat(999)}&`.repeat(300)), 5);
  });
  afterAll(() => {
    for (const dir of [busy, many, long]) rmSync(dir, { recursive: true, force: true });
  });

  // Each theme is stopped by one limit, made certain by the limits it is given (the defaults are
  // seconds and 768 MB: here they are set so that the limit a case is about comes first by far):
  // - TIME: a page may take 250 ms, and each of these themes takes seconds on the page (25 billion
  //   turns, 3.8 million blocks, 50 million copied partials: fewer than the themes first found had,
  //   13 million and 200 million, whose templates took longer to compile than these take to pass it);
  // - PACE: after 300 ms a page may take 1 ms on average, one page 30 s: these themes take tens of
  //   milliseconds on every one of the 80-odd pages of the site of many notices, and no page long;
  // - MEMORY: a heap of 48 MB (the process takes more than 32 to start and render the site's other
  //   pages), which these themes fill with text they make anew on notice 7's page, long before the
  //   time they would take to reach V8's longest string;
  // - SIZE: no limit of time within the test's own, so that the page's bytes, V8's longest string
  //   or the stack, which each of these meets in the end, is what stops them. The 400 MB join is
  //   among them, at the default heap, where it fits and its page's bytes refuse it: in a smaller
  //   one V8 makes the one string all the same, and ends the process only if it collects garbage
  //   before the page is refused.
  const TIME: Partial<RenderLimits> = { pageMs: 250 };
  const PACE: Partial<RenderLimits> = { pageMs: 30_000, graceMs: 300, averagePageMs: 1 };
  const MEMORY: Partial<RenderLimits> = { pageMs: 30_000, graceMs: 30_000, heapMb: 48 };
  const SIZE: Partial<RenderLimits> = { pageMs: 30_000, graceMs: 30_000 };
  const chain = Array.from({ length: 400 }, (_, i) => `{{#*inline "p${i}"}}\nline ${i} ${'z'.repeat(40)}\n${i === 399 ? 'end' : `  {{> p${i + 1}}}`}\n{{/inline}}`).join('');
  let doubling = `{{#*inline "d0"}}\n${'x'.repeat(4_000)}\n{{/inline}}\n`;
  for (let i = 1; i <= 16; i++) doubling += `{{#*inline "d${i}"}}\n {{> d${i - 1}}}\n {{> d${i - 1}}}\n{{/inline}}\n`;
  const corpus: [string, () => string, Record<string, string>, string, Partial<RenderLimits>][] = [
    ['loops nested over the same list (20 updates, 8 deep: 25 billion turns)', () => busy, { 'notice.hbs': `<h1>{{notice.subject}}</h1>${'{{#each @root.notice.updates}}'.repeat(8)}x${'{{/each}}'.repeat(8)}\n` }, 'usage/template-too-slow', TIME],
    // A million characters a page, more than the page may have.
    ['partials that render each other (inline partials, ten calls a level, seven levels)', () => busy, { 'notice.hbs': `${[...'abcdefg'].map((name, i) => `{{#*inline "${name}"}}${i === 0 ? 'x' : `{{> ${'abcdefg'[i - 1]}}}`.repeat(10)}{{/inline}}`).join('')}<h1>{{notice.subject}}</h1>{{> g}}\n` }, 'usage/page-too-large', SIZE],
    ['a chain of 400 partials, each on a line of its own, which Handlebars indents line by line', () => busy, { 'notice.hbs': `${chain}\n<h1>{{notice.subject}}</h1>\n  {{> p0}}\n` }, 'usage/page-too-large', SIZE],
    ['a page that repeats a large text for every update', () => busy, { 'notice.hbs': `<h1>{{notice.subject}}</h1>{{#each notice.updates}}${'y'.repeat(64 * 1024)}{{/each}}\n` }, 'usage/page-too-large', SIZE],
    ['a partial of 2,000 empty {{#if}} blocks, called 1,900 times', () => busy, { 'notice.hbs': `{{#*inline "h"}}${'{{#if 1}}{{/if}}'.repeat(2_000)}{{/inline}}<h1>{{notice.subject}}</h1>${'{{> h}}'.repeat(1_900)}\n` }, 'usage/template-too-slow', TIME],
    ['500 inline partials, and a block declaring one run 2,000 times for each of 20 updates', () => busy, { 'notice.hbs': `${Array.from({ length: 500 }, (_, i) => `{{#*inline "p${i}"}}x{{/inline}}`).join('')}{{#*inline "q"}}{{#*inline "r"}}y{{/inline}}{{> r}}{{/inline}}<h1>{{notice.subject}}</h1>{{#each notice.updates}}${'{{> q}}'.repeat(2_000)}{{/each}}\n` }, 'usage/template-too-slow', TIME],
    ['a chain of partials doubling 4,000 characters 16 times', () => busy, { 'notice.hbs': `${doubling}<h1>{{notice.subject}}</h1>\n {{> d16}}\n` }, 'usage/template-out-of-memory', MEMORY],
    // Each {{ }} escapes the field anew: 4,000 new strings of 400 KB.
    ['a field of 300 KB printed 4,000 times with {{ }}', () => long, { 'notice.hbs': `<h1>{{notice.subject}}</h1>{{#each notice.updates}}${'{{html}}'.repeat(4_000)}{{/each}}\n` }, 'usage/template-out-of-memory', MEMORY],
    // The same string 4,000 times, joined past V8's longest string: little memory, and a RangeError.
    ['a field of 300 KB printed 4,000 times with {{{ }}}', () => long, { 'notice.hbs': `<h1>{{notice.subject}}</h1>{{#each notice.updates}}${'{{{html}}}'.repeat(4_000)}{{/each}}\n` }, 'usage/page-too-large', SIZE],
    ['4,000 lines indented under 100,000 spaces (400 MB)', () => busy, { 'layout.hbs': '<html>{{{body}}}\n{{> footer}}\n</html>\n', 'partials/uptime-bar.hbs': '\n'.repeat(4_000), 'partials/footer.hbs': `x\n${' '.repeat(100_000)}{{> uptime-bar}}\n` }, 'usage/page-too-large', SIZE],
    [
      'a page of 1,000 lines under 255 spaces made 288 times a page',
      () => many,
      {
        'layout.hbs': `<html>{{{body}}}{{#> footer}}\n${' '.repeat(255)}{{> uptime-bar}}\n{{/footer}}</html>\n`,
        'partials/uptime-bar.hbs': '\n'.repeat(1_000),
        'partials/footer.hbs': `{{#each @root.links}}{{#each @root.links}}${'{{#if @partial-block}}{{/if}}'.repeat(8)}{{/each}}{{/each}}`,
      },
      'usage/templates-too-slow',
      PACE,
    ],
    [
      'the text a block returns, copied whole by a helper 200 times a page',
      () => many,
      {
        'partials/uptime-bar.hbs': '{{#with @partial-block}}{{{this}}}{{{this}}}{{/with}}',
        'partials/footer.hbs': '{{#with @partial-block}}{{#> header}}{{{../this}}}.{{/header}}{{/with}}',
        'partials/header.hbs': '{{#with @partial-block}}{{lookup this 0}}{{/with}}'.repeat(200),
        'layout.hbs': `<html>{{{body}}}\n{{#> footer}}${'{{#> uptime-bar}}'.repeat(8)}${'x'.repeat(1_000)}${'{{/uptime-bar}}'.repeat(8)}{{/footer}}\n</html>\n`,
      },
      'usage/templates-too-slow',
      PACE,
    ],
    ['3,500 inline partials copied for 100 partial blocks', () => many, { 'layout.hbs': `<html>${Array.from({ length: 3_500 }, (_, i) => `{{#*inline "a${i}"}}{{/inline}}`).join('')}${'{{#> footer}}{{#*inline "q"}}{{/inline}}{{/footer}}'.repeat(100)}{{{body}}}</html>\n`, 'partials/footer.hbs': 'f' }, 'usage/templates-too-slow', PACE],
    ['a partial that renders itself inside a block that is always there', () => busy, { 'partials/footer.hbs': '{{#if siteName}}a{{> footer}}{{/if}}' }, 'usage/partials-too-deep', SIZE],
    ['a partial that renders itself (found before rendering)', () => busy, { 'partials/footer.hbs': 'a{{> footer}}' }, 'content/partial-calls-itself', SIZE],
    ['a partial block that renders itself (found before rendering)', () => busy, { 'layout.hbs': '<html>{{{body}}}{{#> footer}}x{{/footer}}</html>\n', 'partials/footer.hbs': '{{#> footer}}{{> @partial-block}}{{/footer}}' }, 'content/partial-calls-itself', SIZE],
  ];

  let builds = 0;
  const cases = corpus.map(([name, dir, files, code, renderLimits]) => ({ name, dir, files, code, renderLimits }));
  it.each(cases)('stops $name ($code), within 1.5 GB, naming the template', async ({ dir, files, code, renderLimits }) => {
    const root = dir();
    const out = path.join(root, `dist-${++builds}`);
    const { value: error, peak } = await peakRss(() =>
      build({ contentDir: path.join(root, 'content'), outDir: out, now: Date.parse(NOW), templatesDir: templates(files), renderLimits }).then(
        () => null,
        (e: unknown) => e as StatuspressError & { issues?: { code: string; file: string }[] },
      ),
    );
    expect(error, 'the build succeeded').not.toBeNull();
    const said = error!.issues?.[0] ?? { code: error!.code, file: error!.location?.file };
    // The message too: a process that ended by none of its limits says how (signal, exit code, V8's last words).
    expect({ code: said.code, message: error!.message }).toMatchObject({ code });
    expect(said.file).toMatch(/^templates\/[\w/-]+\.hbs$/);
    if (error!.issues === undefined) expect(error!.message).toMatch(/^(The built-in \w+\.hbs \(with |The site’s templates \()?templates\/[\w/-]+\.hbs/);
    // The pace said is the one enforced, not the defaults.
    if (code === 'usage/templates-too-slow') expect(error!.message).toMatch(new RegExp(`after the first ${renderLimits.graceMs! / 1000} s a page may take ${renderLimits.averagePageMs} ms on average$`));
    if (code === 'usage/template-out-of-memory') expect(error!.message).toContain(`ran out of the ${renderLimits.heapMb} MB of memory the site’s templates may use, rendering the page “Notice 7: Acme”`);
    expect(peak).toBeLessThan(1.5 * 2 ** 30);
    expect(existsSync(out)).toBe(false);
    rmSync(out + '.builds', { recursive: true, force: true });
  }, 60_000);

  it('reports a template that does not compile, checked in that process, at its file and line as a content problem', async () => {
    const out = path.join(busy, 'dist-syntax');
    const error = await build({ contentDir: path.join(busy, 'content'), outDir: out, now: Date.parse(NOW), templatesDir: templates({ 'notice.hbs': '<h1>{{notice.subject}}</h1>\n{{#each notice.updates}}\n{{/if}}\n' }) }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContentError);
    const [issue] = (error as ContentError).issues;
    expect(issue).toMatchObject({ file: 'templates/notice.hbs', line: 2, code: 'content/template-syntax' });
    expect(existsSync(out)).toBe(false);
  });

  it('reports the templates\' problems and the content\'s together, each file as the command names it', async () => {
    const contentDir = path.join(import.meta.dirname, '../../fixtures/invalid-many/content');
    const error = await build({ contentDir, outDir: path.join(busy, 'dist-both'), now: Date.parse(NOW), templatesDir: templates({ 'notice.hbs': '{{#each notice.updates}}\n{{/if}}\n' }) }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContentError);
    const { issues, folder } = error as ContentError;
    expect(folder).toBeUndefined();
    expect(issues[0]).toMatchObject({ file: 'templates/notice.hbs', code: 'content/template-syntax' });
    const contentFiles = issues.slice(1).map((issue) => issue.file);
    expect(contentFiles.length).toBeGreaterThan(1);
    for (const file of contentFiles) expect(file.startsWith(`${contentDir.split(path.sep).join('/')}/`)).toBe(true);
  });

  it('names the page that took longer than a page may, and the templates', async () => {
    // A second a page: the site's other pages, before notice 7's, take milliseconds even on a busy machine.
    const renderLimits = { pageMs: 1_000 };
    const error = await build({ contentDir: path.join(busy, 'content'), outDir: path.join(busy, 'slow'), now: Date.parse(NOW), templatesDir: templates(corpus[0]![2]), renderLimits }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'usage/template-too-slow', exitCode: 2, location: { file: 'templates/notice.hbs' } });
    expect((error as Error).message).toBe('templates/notice.hbs (with the templates it uses) took more than 1 s to render the page “Notice 7: Acme”: a loop inside a loop over the same list, partials that render each other, or a large block run for every item multiply the work');
  }, 60_000);

  it('says the heap it was given when the process dies of memory, from what V8 prints then', () => {
    // A process with the flags of the templates' process and a heap of 16 MB, filled: V8's own last words.
    const filled = spawnSync(process.execPath, [...renderProcessFlags(16), '-e', 'const kept = []; for (;;) kept.push(String(Math.random()).repeat(1000));'], { encoding: 'utf8', timeout: 30_000 });
    expect(filled.signal, filled.stderr).toBe('SIGABRT');
    const page = { renders: 'templates/notice.hbs (with the templates it uses)', title: 'Notice 7: Acme', file: 'templates/notice.hbs' };
    const error = processEnded(page, filled.status, filled.signal, filled.stderr, 16);
    expect(error).toMatchObject({ code: 'usage/template-out-of-memory', exitCode: 2, location: { file: 'templates/notice.hbs' } });
    expect(error.message).toBe('templates/notice.hbs (with the templates it uses) ran out of the 16 MB of memory the site’s templates may use, rendering the page “Notice 7: Acme”');
  });

  it('builds what a theme does once or per item: a loop over every list, a partial per item', async () => {
    const perUpdate = '{{#each notice.updates}}{{> footer @root}}{{> footer @root}}{{> footer @root}}{{/each}}';
    const fixed = `{{#each notice.updates}}{{#each @root.links}}{{/each}}{{/each}}`;
    const out = path.join(busy, 'fine');
    await build({
      contentDir: path.join(busy, 'content'),
      outDir: out,
      now: Date.parse(NOW),
      templatesDir: templates({
        'notice.hbs': `<h1>{{notice.subject}}</h1>${perUpdate}${fixed}{{#each notice.updates}}${'z'.repeat(PAGE_BYTES / 64)}{{/each}}\n`,
        'layout.hbs': `<html><title>{{title}}</title>{{#*inline "unused"}}<p>x</p>{{/inline}}{{{body}}}${'{{> header this compact=true}}'.repeat(5)}</html>\n`,
        'partials/header.hbs': '{{#if compact}}<p>{{title}}</p>{{/if}}',
      }),
    });
    const page = readFileSync(path.join(out, 'notices/7/index.html'), 'utf8');
    expect(page).toMatch(/^<html><title>Notice 7: Acme<\/title>/);
    expect(page).toContain('<h1>Notice 7</h1>');
    expect(page).toContain('<p>Notice 7: Acme</p>'.repeat(5));
  }, 60_000);

  it('builds a theme slow on every page that keeps the pace it is given: 100,000 empty lines indented and thrown away', async () => {
    // Step-counting stopped it; the clock lets it be. Held to the pace from its first page on, at a
    // second a page, which its pages keep by far on any machine.
    const out = path.join(busy, 'paced');
    await build({
      contentDir: path.join(busy, 'content'),
      outDir: out,
      now: Date.parse(NOW),
      renderLimits: { pageMs: 30_000, graceMs: 0, averagePageMs: 1_000 },
      templatesDir: templates({
        'notice.hbs': '{{> header}}'.repeat(5),
        'partials/header.hbs': '\n'.repeat(20_000),
        'partials/footer.hbs': '{{{body}}}',
        'layout.hbs': '<html>{{#> component-row}}\n {{> footer ../this}}\n{{/component-row}}</html>\n',
        'partials/component-row.hbs': '{{#if @partial-block}}{{/if}}',
      }),
    });
    expect(readFileSync(path.join(out, 'notices/7/index.html'), 'utf8')).toBe('<html></html>\n');
  }, 60_000);

  it('measures a page in the UTF-8 bytes it is written as: ASCII that fits, as CJK (3 bytes a character), does not', async () => {
    const layout = `<html>{{{body}}}${'{{> footer}}'.repeat(3)}</html>\n`;
    const out = path.join(busy, 'ascii');
    await build({ contentDir: path.join(busy, 'content'), outDir: out, now: Date.parse(NOW), templatesDir: templates({ 'layout.hbs': layout, 'partials/footer.hbs': 'a'.repeat(42_000) }) });
    expect(readFileSync(path.join(out, 'notices/7/index.html'), 'utf8')).toContain('a'.repeat(126_000));
    const error = await build({ contentDir: path.join(busy, 'content'), outDir: path.join(busy, 'cjk'), now: Date.parse(NOW), templatesDir: templates({ 'layout.hbs': layout, 'partials/footer.hbs': '\u72b6'.repeat(42_000) }) }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'usage/page-too-large', exitCode: 2 });
  }, 60_000);
});

describe('a page of the site\'s own templates, rendered here', () => {
  it('prints nothing for {{log}}: only the command prints', async () => {
    const spies = (['log', 'info', 'warn', 'error', 'debug'] as const).map((method) => vi.spyOn(console, method).mockImplementation(() => {}));
    try {
      const files = pages(await loadTheme(templates({ 'partials/footer.hbs': '<footer>{{log @root}}{{log "x" level="error"}}</footer>\n' })));
      expect(files.get('index.html')).toContain('<footer></footer>');
      for (const spy of spies) expect(spy).not.toHaveBeenCalled();
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
  });

  it('never refuses what the built-in templates make of a notice of 300 KB, copied into templates/', async () => {
    const long = deriveSite(
      content({ site: { name: 'Acme' }, notices: [unplanned(7, [uu('2026-11-20T10:00:00Z', 'resolved', { content: '<b>&amp;</b> "quoted" '.repeat(10_000) })])] }),
      ms('2026-11-20T22:00:00Z'),
    );
    const copied = await loadTheme(templates({ 'partials/footer.hbs': `${readFileSync(path.join(import.meta.dirname, '../../../templates/partials/footer.hbs'), 'utf8')}{{!-- a copy --}}` }));
    const built = new Map([...renderHtml(long, copied)].map((f) => [f.path, String(f.contents)]));
    expect(built.get('notices/7/index.html')!.length).toBeGreaterThan(300_000);
    expect(built.get('index.html')!.length).toBeGreaterThan(300_000);
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
    // Only the scan words it so, and nothing is parsed after it: were it parsed, the test's own timeout would end it first.
    const error = await loadTheme(templates({ 'notice.hbs': nested(5_000) })).catch((e: unknown) => e);
    expect((error as ContentError).issues.map((issue) => formatIssue(issue))).toEqual([`templates/notice.hbs:2:1  blocks and subexpressions nest more than ${MAX_TEMPLATE_DEPTH} levels deep here`]);
    const chain = `{{#if notice}}${'{{else if notice}}x'.repeat(MAX_TEMPLATE_DEPTH)}{{/if}}`;
    const subexpressions = `{{#each ${'(lookup '.repeat(MAX_TEMPLATE_DEPTH)}notice${' "x")'.repeat(MAX_TEMPLATE_DEPTH)}}}{{/each}}`;
    for (const source of [chain, subexpressions]) {
      const refused = await loadTheme(templates({ 'notice.hbs': source })).catch((e: unknown) => e);
      expect((refused as ContentError).issues.map((issue) => formatIssue(issue)), source.slice(0, 40)).toEqual([expect.stringMatching(new RegExp(`^templates/notice\\.hbs:1:1 {2}blocks and subexpressions nest more than ${MAX_TEMPLATE_DEPTH} levels`))]);
    }
    // Comments, escaped mustaches and raw blocks are text to Handlebars: no nesting.
    const opens = '{{#if siteName}}'.repeat(100);
    const text = `{{!-- ${opens} --}}${opens.replaceAll('{{#', '\\{{#')}{{{{raw}}}}${opens}{{{{/raw}}}}{{#if siteName}}ok{{/if}}`;
    expect(deepestLine(text, MAX_TEMPLATE_DEPTH)).toBeNull();
    expect(deepestLine(`{{! ${opens} }}${opens}`, MAX_TEMPLATE_DEPTH)).toBe(1);
    const theme = await loadTheme(templates({ 'partials/footer.hbs': `<footer>${text.replace(/\{\{\{\{raw.*\{\{\{\{\/raw\}\}\}\}/, '')}</footer>\n` }));
    expect(pages(theme).get('index.html')).toContain(`<footer>${opens}ok</footer>`);
    // (A raw block calls a helper of its name, which a site has none of: loaded, not rendered.)
    await expect(loadTheme(templates({ 'partials/footer.hbs': `<footer>${text}</footer>\n` }))).resolves.toBeDefined();
  });

  it('warns about, and never reads, a file named for an Object property (constructor.hbs)', async () => {
    const theme = await loadTheme(templates({ 'constructor.hbs': 'x', '__proto__.hbs': 'y', 'toString.css': 'z' }));
    expect(theme.warnings.map((w) => w.split(' ')[0])).toEqual(['templates/__proto__.hbs', 'templates/constructor.hbs', 'templates/toString.css']);
  });
});
