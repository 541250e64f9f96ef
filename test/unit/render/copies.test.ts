// The built-in templates' form for a language's copy of the site is a module of its own, loaded
// only for a site of several languages: a build of a site of one never loads it, a site of several
// cannot render before it is loaded, and the build loads it when the site lists languages.
// (A file of its own: each test file has its own modules, so nothing here was loaded before.)
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { build } from '../../../src/build.js';
import { readContent } from '../../../src/content/index.js';
import { deriveSite } from '../../../src/derive/index.js';
import { siteRenderer } from '../../../src/render/html.js';
import { copiesLoaded, loadTheme } from '../../../src/render/site/theme.js';
import { FIXTURES } from '../../helpers/build.js';

const NOW = Date.parse('2026-11-22T00:00:00Z');
const out = mkdtempSync(path.join(tmpdir(), 'statuspress-copies-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

it('is not loaded by the build of a site of one language', async () => {
  await build({ contentDir: path.join(FIXTURES, 'plain-site', 'content'), outDir: path.join(out, 'plain'), now: NOW, threads: 0 });
  expect(readFileSync(path.join(out, 'plain', 'index.html'), 'utf8')).toContain('<html lang="en"');
  expect(copiesLoaded()).toBe(false);
});

it('must be loaded before a site of several languages renders, and the build loads it', async () => {
  const content = path.join(FIXTURES, 'translated-site', 'content');
  const site = deriveSite(await readContent(content), NOW);
  const theme = await loadTheme(null);
  // The default language's pages need nothing more; a page of the German copy is refused.
  expect(String(siteRenderer(site, theme).render({ kind: 'status' })!.contents)).toContain('<html lang="en"');
  expect(() => siteRenderer(site, theme).render({ kind: 'status', locale: 'de' })).toThrow(/^internal: a language’s copy of the site is rendered before the templates’ copy form is loaded \(loadPagesOf\)$/);
  expect(copiesLoaded()).toBe(false);
  await build({ contentDir: content, outDir: path.join(out, 'translated'), now: NOW, threads: 0 });
  expect(copiesLoaded()).toBe(true);
  // A text the German copy shows in English carries its language: the copy form's `lang` (not the
  // switcher's link to the English pages, which every form has).
  const german = readFileSync(path.join(out, 'translated', 'de', 'index.html'), 'utf8');
  expect(german).toContain('<a class="name" href="components/1/" lang="en">');
  expect(german).toContain('<div lang="en">');
  expect(String(siteRenderer(site, theme).render({ kind: 'status', locale: 'de' })!.contents)).toBe(german);
});
