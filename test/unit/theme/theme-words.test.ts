// The built-in templates print their words (`{{t.nav.status}}`) as text written into them once per
// language, not looked up on every page: the pages must be the very bytes Handlebars' `{{ }}` gives
// for the same words, whatever they hold, and a template that prints `{{{ }}}` is left alone.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Handlebars from 'handlebars';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { readContent } from '../../../src/content/index.js';
import { deriveSite } from '../../../src/derive/index.js';
import type { DerivedSite } from '../../../src/derive/types.js';
import { renderHtml } from '../../../src/render/html.js';
import { loadTheme } from '../../../src/theme/theme.js';
import { templateModule, WORD_CLOSE, WORD_OPEN } from '../../../scripts/site-modules.js';
import { FIXTURES } from '../../helpers/build.js';
import { component, content, ms, planned, pu, unplanned, uu } from '../../helpers/content.js';


const BUILT_IN = path.resolve('templates');
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** The built-in templates' files, by their path under templates/. */
function builtInTemplates(): Map<string, string> {
  const files = new Map<string, string>();
  for (const name of readdirSync(BUILT_IN, { recursive: true }) as string[]) if (name.endsWith('.hbs')) files.set(name, readFileSync(path.join(BUILT_IN, name), 'utf8'));
  return files;
}

function folder(files: Record<string, string>): string {
  const dir = path.join(mkdtempSync(path.join(tmpdir(), 'statuspress-words-')), 'templates');
  dirs.push(path.dirname(dir));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

// Every word a built-in template prints, made of what `{{ }}` escapes, a JavaScript string's
// specials, a line separator and a replacement pattern.
const keys = [...new Set([...builtInTemplates().values()].flatMap((source) => [...source.matchAll(/\{\{(?:@root\.)?t\.([A-Za-z0-9_.]+)\}\}/g)].map((m) => m[1]!)))];
const hostile = (key: string): string => `${key} <b>&amp; "q" 'a' \`=\` \\ \u2028 $& $1 \uE000x\uE001`;
const words = keys.map((key) => `${key}: ${JSON.stringify(hostile(key))}\n`).join('');

const site = deriveSite(
  content({
    site: { name: 'Acme' },
    components: [component(1, { name: 'API' }), component(2, { name: 'Search', parentId: 1 })],
    notices: [
      unplanned(1, [uu('2026-11-19T10:00:00Z', 'investigating'), uu('2026-11-19T11:00:00Z', 'resolved')], { components: [2], postmortem: { at: '2026-11-19T15:00:00Z', content: 'What happened.' } }),
      planned(2, { beginsAt: '2026-11-21T02:00:00Z', endsAt: '2026-11-21T04:00:00Z' }, [pu('2026-11-18T09:00:00Z', 'scheduled')], { components: [1] }),
    ],
  }),
  ms('2026-11-20T12:00:00Z'),
);
const pages = (theme: Awaited<ReturnType<typeof loadTheme>>, of: DerivedSite = site): Map<string, string> =>
  new Map([...renderHtml(of, theme)].filter((f) => f.path.endsWith('.html')).map((f) => [f.path, String(f.contents)]));
/** The built-in templates as a site's own (a comment makes them differ): compiled from their source, each word looked up. */
const copies = (): Record<string, string> => Object.fromEntries([...builtInTemplates()].map(([file, source]) => [file, `${source}{{!-- a copy --}}\n`]));

describe('the built-in templates’ words', () => {
  it('makes each template once per language', async () => {
    const runtime = (await import('handlebars/runtime.js')).default as unknown as { create(): { template(spec: unknown): unknown } };
    const create = runtime.create.bind(runtime);
    const specs: unknown[] = [];
    const made = vi.spyOn(runtime, 'create').mockImplementation(() => {
      const env = create();
      const template = env.template.bind(env);
      env.template = (spec) => (specs.push(spec), template(spec));
      return env;
    });
    try {
      const html = pages(await loadTheme(folder({})));
      expect(html.has('404.html') && html.has('index.html')).toBe(true);
      expect(specs.length).toBeGreaterThan(5);
      // Each made from its own spec object: one made twice would show its spec's text twice.
      expect(specs.length).toBe(new Set(specs.map((spec) => JSON.stringify(spec, (_, v: unknown) => (typeof v === 'function' ? String(v) : v)))).size);
    } finally {
      made.mockRestore();
    }
  });

  it('are the bytes Handlebars prints for them, whatever they hold', async () => {
    expect(keys.length).toBeGreaterThan(40);
    const builtIn = pages(await loadTheme(folder({ 'locales/en.yaml': words })));
    const looked = pages(await loadTheme(folder({ ...copies(), 'locales/en.yaml': words })));
    expect([...builtIn.keys()].sort()).toEqual([...looked.keys()].sort());
    expect(builtIn.size).toBeGreaterThan(8);
    for (const [file, html] of builtIn) expect(html, file).toBe(looked.get(file));
    // The words are on the pages, escaped as `{{ }}` escapes them.
    expect(builtIn.get('index.html')).toContain('nav.status &lt;b&gt;&amp;amp; &quot;q&quot; &#x27;a&#x27; &#x60;&#x3D;&#x60; \\ \u2028 $&amp; $1 \uE000x\uE001');
  });
});

describe('the `lang` of a text in the default language', () => {
  it('is printed on a language’s copy as the templates print it, and the default language’s pages are the same bytes without it', async () => {
    // English and German, some texts not in German: the German pages show them in English, marked.
    const translated = deriveSite(await readContent(path.join(FIXTURES, 'translated-site', 'content')), ms('2026-11-22T00:00:00Z'));
    const builtIn = pages(await loadTheme(null), translated);
    const looked = pages(await loadTheme(folder(copies())), translated);
    expect([...builtIn.keys()].sort()).toEqual([...looked.keys()].sort());
    for (const [file, html] of builtIn) expect(html, file).toBe(looked.get(file));
    // A text's `lang`: not the page's, nor a link of the language switcher's (`hreflang` with its own `lang`).
    const marked = (html: string): boolean => /<(?!html)[a-z0-9]+ (?![^>]*hreflang)[^>]*\slang="en"/.test(html);
    const german = [...builtIn].filter(([file]) => file.startsWith('de/'));
    expect(german.length).toBeGreaterThan(3);
    expect(german.some(([, html]) => marked(html))).toBe(true);
    expect([...builtIn].filter(([file]) => !file.startsWith('de/')).some(([, html]) => marked(html))).toBe(false);
  });
});

describe('the built-in templates’ words in several languages', () => {
  it('are each language’s own, the bytes Handlebars prints for them, on every page of each', async () => {
    // What a word can hold that a JavaScript string, a script or a replacement reads as its own, and a
    // very long one (control characters and lone surrogates are refused in a site's words: overrides-encoded.test.ts).
    const worse = (key: string, lang: string): string => `${lang} ${key} </script><!-- \${1+1} \` */ \u2029 \n\t \\\\" {{t.nav.status}} ${'w'.repeat(key === 'nav.status' ? 50_000 : 1)}`;
    const file = (lang: string): string => keys.map((key) => `${key}: ${JSON.stringify(worse(key, lang))}\n`).join('');
    const two = deriveSite(content({ site: { name: 'Acme', locales: ['en', 'de'] }, components: [component(1, { name: 'API' })] }), ms('2026-11-20T12:00:00Z'));
    const render = async (files: Record<string, string>) =>
      new Map([...renderHtml(two, await loadTheme(folder({ ...files, 'locales/en.yaml': file('en'), 'locales/de.yaml': file('de') })))].filter((f) => f.path.endsWith('.html')).map((f) => [f.path, String(f.contents)]));
    const builtIn = await render({});
    const looked = await render(Object.fromEntries([...builtInTemplates()].map(([name, source]) => [name, `${source}{{!-- a copy --}}\n`])));
    expect([...builtIn.keys()].sort()).toEqual([...looked.keys()].sort());
    for (const [name, html] of builtIn) expect(html, name).toBe(looked.get(name));
    expect(builtIn.get('index.html')).toContain('en nav.status &lt;/script&gt;&lt;!-- ${1+1} &#x60; */ \u2029');
    expect(builtIn.get('de/index.html')).toContain('de nav.status &lt;/script&gt;');
    expect(builtIn.get('de/index.html')).not.toContain('en nav.status');
  });
});

describe('templateModule', () => {
  /** What a template's module exports. */
  const moduleOf = (source: string): { spec: string; hash: string } => new Function(`return ${templateModule(source).replace('export default', '')}`)();

  it('marks each word a template prints, not one printed with {{{ }}}', () => {
    const module = templateModule('<a>{{t.nav.status}}</a><b>{{@root.t.bar.today}}</b><c>{{{t.nav.api}}}</c><d>{{ t.nav.feed }}</d>');
    expect(module).toContain(`${WORD_OPEN}nav.status${WORD_CLOSE}`);
    expect(module).toContain(`${WORD_OPEN}bar.today${WORD_CLOSE}`);
    // Left to Handlebars: printed unescaped, or written with spaces.
    expect(module).not.toContain(`${WORD_OPEN}nav.api`);
    expect(module).not.toContain(`${WORD_OPEN}nav.feed`);
  });

  // What Handlebars prints of a template, and what the theme prints of its module with the words written in (theme.ts).
  const printed = (source: string, context: { t: object }): [string, string] => {
    const spec = moduleOf(source).spec.replace(/\uE000([A-Za-z0-9_.]+)\uE001/g, (_, key: string) =>
      JSON.stringify(Handlebars.escapeExpression(key.split('.').reduce<unknown>((at, name) => (at as Record<string, unknown>)[name], context.t) as string)).slice(1, -1),
    );
    const run = (render: (c: object) => string): string => {
      try {
        return render(context);
      } catch (error) {
        return `error: ${(error as Error).message}`;
      }
    };
    return [run(Handlebars.create().template(new Function(`return ${spec}`)() as never)), run(Handlebars.compile(source, { strict: true }))];
  };

  it('marks no word Handlebars would not print there as the page’s word', () => {
    const t = { nav: { status: 'S' } };
    for (const source of [
      'a\\{{t.nav.status}}b', // printed as written
      'a\\\\{{t.nav.status}}b', // a backslash, then the word
      'a{{! {{t.nav.status}} }}b', // the comment ends at the first }}
      '{{#each xs}}[{{t.nav.status}}]{{/each}}', // `t` of each item
      '{{#with xs}}[{{t.nav.status}}]{{/with}}',
      '{{#each none}}x{{else}}[{{t.nav.status}}]{{/each}}{{#if xs}}[{{t.nav.status}}]{{else if t}}{{/if}}', // the page's `t`
      '{{#each xs}}[{{@root.t.nav.status}}]{{/each}}',
      '{{t.nav.status}}{{~#if xs}} x{{/if}} {{~t.nav.status}}',
    ]) {
      const [made, handlebars] = printed(source, { t, xs: [{ t: { nav: { status: 'item' } } }], none: [] } as { t: object });
      expect(made, source).toBe(handlebars);
    }
    expect(templateModule('{{#each none}}{{else}}{{t.nav.status}}{{/each}}')).toContain(`${WORD_OPEN}nav.status${WORD_CLOSE}`);
    expect(templateModule('{{#each xs}}{{t.nav.status}}{{/each}}')).not.toContain(WORD_OPEN);
  });

  it('refuses a template holding the characters that mark words', () => {
    expect(() => templateModule(`<p>${WORD_OPEN}</p>`)).toThrow(/U\+E000/);
  });
});
