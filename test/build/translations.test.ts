// A site in two languages (test/fixtures/translated-site: `locales: [en, de]`): the German copy is
// written whole under de/, every page links its other language by hreflang, texts without a
// translation keep the default language with their own `lang`, and the APIs stay in English.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { parseSitePath } from '../../src/routes/site.js';
import { buildContent, FIXTURES } from '../helpers/build.js';

const NOW = Date.parse('2026-11-22T00:00:00Z');
const CONTENT = path.join(FIXTURES, 'translated-site', 'content');

let built: Awaited<ReturnType<typeof buildContent>>;
beforeAll(async () => {
  built = await buildContent(CONTENT, NOW, 'translated-site');
});
afterAll(() => built?.cleanup());

const page = (file: string): string => {
  const html = built.files.get(file);
  if (html === undefined) throw new Error(`no ${file}`);
  return html;
};
const alternates = (html: string): Record<string, string> =>
  Object.fromEntries([...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)">/g)].map((m) => [m[1]!, m[2]!]));

describe('a site with locales: [en, de]', () => {
  it('writes every page of the German copy under de/, beside the English ones where they were', () => {
    const html = [...built.files.keys()].filter((f) => f.endsWith('.html') || f.endsWith('.atom') || f.endsWith('.ics'));
    const english = html.filter((f) => !f.startsWith('de/'));
    expect(english).toContain('index.html');
    expect(english).toContain('notices/1/index.html');
    expect(html.filter((f) => f.startsWith('de/')).sort()).toEqual(english.map((f) => `de/${f}`).sort());
    // Assets, the widget and the APIs only once, at the root.
    expect([...built.files.keys()].some((f) => /^de\/(assets|api|widget)/.test(f))).toBe(false);
  });

  it('links each page to its other language by hreflang, with x-default, both ways', () => {
    for (const file of ['index.html', 'notices/1/index.html', 'components/2/index.html', 'history/index.html']) {
      const en = alternates(page(file));
      const de = alternates(page(`de/${file}`));
      const url = `https://status.acme.com/${file.replace(/index\.html$/, '')}`;
      const deUrl = `https://status.acme.com/de/${file.replace(/index\.html$/, '')}`;
      expect(en).toEqual({ en: url, de: deUrl, 'x-default': url });
      expect(de).toEqual(en);
      expect(page(`de/${file}`)).toContain(`<link rel="canonical" href="${deUrl}">`);
    }
  });

  it('has a language switcher of plain links, the current language marked', () => {
    const html = page('de/notices/1/index.html');
    expect(html).toContain('<a href="../../../notices/1/" hreflang="en" lang="en">English</a>');
    expect(html).toContain('<a href="../../../de/notices/1/" hreflang="de" lang="de" aria-current="true">Deutsch</a>');
    expect(page('index.html')).toContain('<a href="de/" hreflang="de" lang="de">Deutsch</a>');
  });

  it('shows translated texts, and the rest in English with lang="en"', () => {
    const notice = page('de/notices/1/index.html');
    expect(notice).toMatch(/^<html lang="de" dir="ltr" data-root="\.\.\/\.\.\/\.\.\/"/m);
    expect(notice).toContain('<h1>Langsame Seiten</h1>');
    expect(notice).toContain('<p>Wir sehen uns das an.</p>');
    expect(notice).toContain('<div lang="en"><p>Pages are fast again.</p>');
    expect(notice).toContain('>Webseiten</a>');
    expect(page('de/notices/2/index.html')).toContain('<h1 lang="en">A new region</h1>');
    const component = page('de/components/1/index.html');
    expect(component).toContain('<h1 lang="en">API</h1>');
    expect(component).toContain('<p class="lead">Alles hinter api.acme.com</p>');
    expect(page('de/index.html')).toContain('Alles funktioniert</h1>');
    // The English pages are as a one-language site's: no lang marks on their own texts.
    expect(page('notices/2/index.html')).toContain('<h1>A new region</h1>');
    expect(page('notices/1/index.html')).toContain('<h1>Slow pages</h1>');
  });

  it('links the assets and the API at the root from the German pages', () => {
    const html = page('de/components/2/index.html');
    for (const href of html.matchAll(/(?:href|src)="(\.\.\/[^"]*(?:assets|api)\/[^"]+)"/g)) {
      const target = path.posix.normalize(path.posix.join('de/components/2/', href[1]!));
      expect(built.files.has(target), target).toBe(true);
    }
  });

  it('gives the German copy its own feed, whose entries link the German pages', () => {
    const feed = page('de/feed.atom');
    expect(feed).toContain('Langsame Seiten');
    expect(feed).toContain('https://status.acme.com/de/notices/1/');
  });

  it('keeps both APIs in the default language', () => {
    expect(built.json('api/v1/notices/1.json').notice.subject).toBe('Slow pages');
    expect(JSON.stringify(built.json('api/v1/notices/1.json'))).not.toContain('Langsame');
    expect(JSON.stringify(built.json('api/v2/incidents.json'))).not.toContain('Langsame');
  });

  it('writes a 404 per language: its ways back lead into its folder, its assets at the root', () => {
    const html = page('de/404.html');
    expect(html).toContain('<a href="/de/history/">');
    expect(html).toContain('href="/assets/style.');
    expect(html).toContain('data-root="/"');
    // The root's offers every language.
    const root = page('404.html');
    expect(root).toContain('<a href="/de/" hreflang="de" lang="de">Deutsch</a>');
    expect(root).toContain('<a href="/" hreflang="en" lang="en" aria-current="true">English</a>');
  });

  // The root 404 said its canonical address was the home page: a page that is no address has none.
  it('gives no 404 page, in any language, a canonical address', () => {
    for (const file of ['404.html', 'de/404.html']) {
      expect(page(file), file).not.toContain('rel="canonical"');
      expect(page(file), file).not.toContain('og:url');
    }
    expect(page('de/index.html')).toContain('<link rel="canonical" href="https://status.acme.com/de/">');
  });

  it('routes the German pages as the writer names them', () => {
    expect(parseSitePath('de/notices/1/')).toEqual({ kind: 'notice', id: 1, locale: 'de' });
    expect(parseSitePath('de/')).toEqual({ kind: 'status', locale: 'de' });
    expect(parseSitePath('de/assets/style.21d43bb7f3.css')).toBeNull();
    expect(parseSitePath('de/de/')).toBeNull();
    expect(parseSitePath('notices/1/')).toEqual({ kind: 'notice', id: 1 });
  });
});
