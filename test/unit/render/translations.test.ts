// A language's copy as `statuspress dev` renders it on demand: the renderer answers `de/…` requests
// from the German copy, escapes translated text like any other, and has a 404 page per language.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readContent } from '../../../src/content/index.js';
import { deriveSite, localizeSite } from '../../../src/derive/index.js';
import { siteRenderer } from '../../../src/render/html.js';
import { loadTheme } from '../../../src/theme/theme.js';
import { parseSitePath } from '../../../src/routes/site.js';
import { FIXTURES } from '../../helpers/build.js';


const NOW = Date.parse('2026-11-22T00:00:00Z');

describe('a language copy on demand', () => {
  it('renders de/ requests from the German copy, and nothing for a language the site does not list', async () => {
    const site = deriveSite(await readContent(path.join(FIXTURES, 'translated-site', 'content')), NOW);
    const renderer = siteRenderer(site, await loadTheme(null));
    const german = renderer.render(parseSitePath('de/notices/1/')!)!;
    expect(german.path).toBe('de/notices/1/index.html');
    expect(String(german.contents)).toContain('<h1>Langsame Seiten</h1>');
    expect(renderer.render({ kind: 'notice', id: 1, locale: 'fr' })).toBeNull();
    // The default language has no folder of its own.
    expect(renderer.render({ kind: 'notice', id: 1, locale: 'en' })).toBeNull();
    expect(String(renderer.notFound('/', 'de')!.contents)).toContain('<html lang="de"');
    expect(renderer.notFound('/', 'fr')).toBeNull();
  });

  it('escapes a translated text as any other', async () => {
    const site = deriveSite(await readContent(path.join(FIXTURES, 'translated-site', 'content')), NOW);
    const notice = site.noticesById.get(1)!;
    const hostile = { ...site, notices: site.notices.map((n) => (n.id === 1 ? { ...n, source: { ...n.source, translations: { de: { subject: '<img src=x onerror=alert(1)>' } } } } : n)) };
    hostile.noticesById = new Map(hostile.notices.map((n) => [n.id, n]));
    const copy = localizeSite(hostile, 'de');
    expect(copy.noticesById.get(1)!.source.subject).toBe('<img src=x onerror=alert(1)>');
    const html = String(siteRenderer(hostile, await loadTheme(null)).render({ kind: 'notice', id: notice.id, locale: 'de' })!.contents);
    expect(html).toContain('&lt;img src&#x3D;x onerror&#x3D;alert(1)&gt;');
    expect(html).not.toContain('<img');
  });
});
