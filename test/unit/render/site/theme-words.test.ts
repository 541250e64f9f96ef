// The built-in templates print their words (`{{t.nav.status}}`) as text written into them once per
// language, not looked up on every page: the pages must be the very bytes Handlebars' `{{ }}` gives
// for the same words, whatever they hold, and a template that prints `{{{ }}}` is left alone.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Handlebars from 'handlebars';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readContent } from '../../../../src/content/index.js';
import { deriveSite } from '../../../../src/derive/index.js';
import type { DerivedSite } from '../../../../src/derive/types.js';
import { renderHtml } from '../../../../src/render/html.js';
import { formOf, loadCopies, loadTheme } from '../../../../src/render/site/theme.js';
import { copyModule, templateModule, WORD_CLOSE, WORD_OPEN } from '../../../../scripts/site-modules.js';
import { FIXTURES } from '../../../helpers/build.js';
import { component, content, ms, planned, pu, unplanned, uu } from '../../../helpers/content.js';

// Sites of several languages: their copies' form of the built-in templates, as the build loads it (render/html.ts, loadPagesOf).
beforeAll(loadCopies);

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
  it('makes each template once per language, however many forms its pages take', async () => {
    // A site of one language renders most pages in the plain form and the 404 page in the untranslated
    // one: a partial is the same in both, and was once made (and run cold) twice.
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
  /** What a template's module (and its `?copy` module) exports. */
  const moduleOf = (source: string): { untranslated: string; plain: string | null; copied: boolean } => new Function(`return ${templateModule(source).replace('export default', '')}`)();
  const copyOf = (source: string): string | null => new Function(`return ${copyModule(source).replace('export default', '')}`)();

  it('marks each word a template prints, not one printed with {{{ }}}', () => {
    const module = templateModule('<a>{{t.nav.status}}</a><b>{{@root.t.bar.today}}</b><c>{{{t.nav.api}}}</c><d>{{ t.nav.feed }}</d>');
    expect(module).toContain(`${WORD_OPEN}nav.status${WORD_CLOSE}`);
    expect(module).toContain(`${WORD_OPEN}bar.today${WORD_CLOSE}`);
    // Left to Handlebars: printed unescaped, or written with spaces.
    expect(module).not.toContain(`${WORD_OPEN}nav.api`);
    expect(module).not.toContain(`${WORD_OPEN}nav.feed`);
  });

  it('makes the template without the `lang` of texts in the default language too, and the whole one a module of its own', () => {
    const source = '<a href="{{href}}"{{#if lang}} lang="{{lang}}"{{/if}}>{{name}}</a>';
    const exported = moduleOf(source);
    expect(exported.untranslated).not.toContain('lang');
    expect(exported.copied).toBe(true);
    expect(copyOf(source)).toContain('lang');
    expect([moduleOf('<p>{{name}}</p>').copied, copyOf('<p>{{name}}</p>')]).toEqual([false, null]);
    // Only that block, as Handlebars parses it: not another field's `lang`, nor one with an `{{else}}`.
    for (const kept of ['<a{{#if lang}} lang="{{name}}"{{/if}}>x</a>', '<a{{#if lang}} lang="{{lang}}"{{else}} class="x"{{/if}}>x</a>', '<a{{#if lang}} lang="{{lang}}" title="{{lang}}"{{/if}}>x</a>']) {
      expect([moduleOf(kept).copied, copyOf(kept)]).toEqual([false, null]);
      expect(moduleOf(kept).untranslated).toContain('lang');
    }
  });

  // What Handlebars prints of a template, and what the theme prints of its module with the words written in (theme.ts).
  const printed = (source: string, context: { t: object }): [string, string] => {
    const spec = (copyOf(source) ?? moduleOf(source).untranslated).replace(/\uE000([A-Za-z0-9_.]+)\uE001/g, (_, key: string) =>
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

  it('resolves a page’s own `languages` and `url` for a page of a site of one language, where Handlebars would print the same', () => {
    const plainOf = (source: string, page = true): string | null => (new Function(`return ${templateModule(source, { page }).replace('export default', '')}`)() as { plain: string | null }).plain;
    // What the plain form prints for a page of a site of one language, and what the whole template does.
    const context = { url: 'https://x.example/<a>', languages: null, name: 'N', x: true, xs: [1] };
    const printed = (source: string): [string, string] | null => {
      const plain = plainOf(source);
      if (plain === null) return null;
      const env = Handlebars.create();
      env.registerPartial('p', 'P');
      return [env.template(new Function(`return ${plain}`)() as never)(context), env.compile(source, { strict: true })(context)];
    };
    const source = '<head>{{#if url}}<link href="{{url}}">\n{{/if}}{{#if languages}}<nav>{{#each languages.links}}{{name}}{{/each}}</nav>{{/if}}<p>{{name}}</p></head>';
    const [plain, whole] = printed(source)!;
    expect(plain).toBe(whole);
    expect(plainOf(source)!.match(/"if"/g)).toBeNull();
    // Where Handlebars' whitespace control would print otherwise once the block is gone (a tag on a
    // line of its own, a neighbour that comes to stand on one, blanks other than spaces, `~`): the
    // same bytes, or no plain form.
    for (const tricky of [
      '<a>\n{{#if url}}\nx\n{{/if}}\n</a>',
      'a\n\u00a0{{#if url}}\nx{{/if}}b',
      '\ufeff{{#if url}}\nx{{/if}}',
      'a\n{{#if url}}{{> p}}\nb{{/if}}',
      'a\n{{#if url}}{{! c }}\nb{{/if}}',
      'a\n{{#if url}}{{#if x}}\nb\n{{/if}}{{/if}}',
      'a\n{{#if languages}}b{{/if}}{{#if x}}\nc{{/if}}',
      '{{#if url}}  {{/if}}{{#each xs}}\nq{{/each}}',
      '{{#if url}}x{{/if}} {{~name}}',
      'a\r\n{{#if url}}\r\nx\r\n{{/if}}\r\nb',
      '{{#if url}}{{/if}}{{#if languages}}\n{{/if}}',
    ]) {
      const both = printed(tricky);
      if (both) expect(both[0], JSON.stringify(tricky)).toBe(both[1]);
    }
    // Not the page's `url` or `languages`: another field, an item's (in a loop), one with an {{else}},
    // another context's, or a partial's (its caller's context).
    for (const kept of ['{{#if name}}x{{/if}}', '{{#each xs}}{{#if url}}x{{/if}}{{/each}}', '{{#if url}}x{{else}}y{{/if}}', '{{#if ../url}}x{{/if}}', '{{#if @root.url}}x{{/if}}', '{{#if this.url}}x{{/if}}']) expect(plainOf(kept), kept).toBeNull();
    expect(plainOf(source, false)).toBeNull();
    // The layout's: its canonical link and og:url kept, no language links.
    const layout = plainOf(readFileSync(path.join(BUILT_IN, 'layout.hbs'), 'utf8'))!;
    expect(layout).toContain('rel=\\"canonical\\"');
    expect(layout).not.toContain('hreflang');
  });

  it('picks the form by what the page’s context has', () => {
    const page = { translated: false, languages: null, url: 'https://x.example/' };
    expect(formOf(page)).toBe('plain');
    expect(formOf({ ...page, languages: [] })).toBe('plain');
    expect(formOf({ ...page, url: null })).toBe('untranslated'); // the 404 page
    expect(formOf({ ...page, languages: { links: [] } })).toBe('untranslated'); // the default language's page of a site of several
    expect(formOf({ ...page, translated: true })).toBe('copy');
    expect(formOf({ languages: null, url: 'u' })).toBe('copy');
  });

  it('refuses a template holding the characters that mark words', () => {
    expect(() => templateModule(`<p>${WORD_OPEN}</p>`)).toThrow(/U\+E000/);
  });
});
