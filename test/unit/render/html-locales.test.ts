// A site's own words (templates/locales/<locale>.yaml) for each of its languages, not only the
// default one: templates/locales/de.yaml changed the German pages of a German site, and nothing of
// the German copy of an English site, though docs/languages.md promises it for every language.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { deriveSite } from '../../../src/derive/index.js';
import { renderHtml } from '../../../src/render/html.js';
import { loadTheme } from '../../../src/theme/theme.js';
import { content, ms } from '../../helpers/content.js';


describe('a site\'s own words', () => {
  it('change the pages of each language they are given for', async () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), 'statuspress-own-words-')), 'templates');
    mkdirSync(path.join(dir, 'locales'), { recursive: true });
    writeFileSync(path.join(dir, 'locales/en.yaml'), 'nav.history: Past notices\n');
    writeFileSync(path.join(dir, 'locales/de.yaml'), 'nav.history: Frühere Meldungen\n');
    const site = deriveSite(content({ site: { name: 'Acme', locales: ['en', 'de'] } }), ms('2026-11-20T12:00:00Z'));
    const files = new Map([...renderHtml(site, await loadTheme(dir))].map((f) => [f.path, String(f.contents)]));
    expect(files.get('index.html')).toContain('>Past notices</a>');
    expect(files.get('de/index.html')).toContain('>Frühere Meldungen</a>');
  });

  // A de-AT site speaks German's words (docs/languages.md), yet its templates/locales/de.yaml was
  // read, checked and never used: the overrides were looked up by the site's exact tag only.
  it('of a language serve its regional tags too, the region\'s own file winning', async () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), 'statuspress-own-words-')), 'templates');
    mkdirSync(path.join(dir, 'locales'), { recursive: true });
    writeFileSync(path.join(dir, 'locales/de.yaml'), 'nav.history: Frühere Meldungen\nnav.status: Lage\n');
    writeFileSync(path.join(dir, 'locales/de-AT.yaml'), 'nav.status: Zustand\n');
    const site = deriveSite(content({ site: { name: 'Acme', locale: 'de-AT' } }), ms('2026-11-20T12:00:00Z'));
    const home = new Map([...renderHtml(site, await loadTheme(dir))].map((f) => [f.path, String(f.contents)])).get('index.html');
    expect(home).toContain('>Frühere Meldungen</a>');
    expect(home).toContain('>Zustand</a>');
  });

  // The widget's file was made from the catalogue alone: a site's `widget.view` changed nothing.
  it('reach the widget\'s files too, in each language', async () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), 'statuspress-own-words-')), 'templates');
    mkdirSync(path.join(dir, 'locales'), { recursive: true });
    writeFileSync(path.join(dir, 'locales/en.yaml'), 'widget.view: Our status\n');
    writeFileSync(path.join(dir, 'locales/de.yaml'), 'widget.view: Zum Zustand\nnoticeState.resolved: Erledigt\n');
    const site = deriveSite(content({ site: { name: 'Acme', locales: ['en', 'de'] } }), ms('2026-11-20T12:00:00Z'));
    const files = new Map([...renderHtml(site, await loadTheme(dir))].map((f) => [f.path, String(f.contents)]));
    const widget = (file: string): { w: string[]; s: Record<string, string> } => JSON.parse(files.get(file)!) as { w: string[]; s: Record<string, string> };
    expect(widget('widget/en.json').w[3]).toBe('Our status');
    expect(widget('widget/default.json').w[3]).toBe('Our status');
    expect(widget('widget/de.json').w[3]).toBe('Zum Zustand');
    expect(widget('widget/de.json').s.resolved).toBe('Erledigt');
  });
});
