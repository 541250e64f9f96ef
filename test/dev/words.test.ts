// `statuspress dev` rebuilding after a site's own words change (templates/locales/<locale>.yaml): the
// built-in templates have each language's words written into them once (theme/theme.ts), and
// state labels are kept per language (render/site/format.ts), so a page after the change must show
// the new words in every language, and none of the old ones, with or without a template of its own.
import { appendFile, cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { DevState } from '../../src/dev/state.js';

const FIXTURE = path.join(import.meta.dirname, '../fixtures/translated-site/content');
const works: string[] = [];
afterAll(async () => {
  for (const work of works) await rm(work, { recursive: true, force: true });
});

it('shows the words as they are now, in each language, after they change', async () => {
  const work = await mkdtemp(path.join(tmpdir(), 'statuspress-dev-words-'));
  works.push(work);
  await cp(FIXTURE, path.join(work, 'content'), { recursive: true });
  // With the uptime bars, whose words are kept per bar.
  await appendFile(path.join(work, 'content', 'site.yaml'), 'metrics: true\n');
  const templates = path.join(work, 'templates');
  await mkdir(path.join(templates, 'locales'), { recursive: true });
  const en = path.join(templates, 'locales', 'en.yaml');
  const de = path.join(templates, 'locales', 'de.yaml');
  const state = new DevState({ contentDir: path.join(work, 'content'), templatesDir: templates, now: Date.parse('2026-11-22T00:00:00Z') });
  const words = async (english: string, german: string, changed: string[]): Promise<void> => {
    await writeFile(en, english);
    await writeFile(de, german);
    expect((await state.refresh(changed)).problems).toEqual([]);
  };
  const page = (locale?: string): string => String(state.good!.renderer.render({ kind: 'status', ...(locale ? { locale } : {}) } as never)!.contents);
  try {
    await words('nav.status: Now-1\nstate.operational: Fine-1\nbar.label: "{name} calm-1 {days} {happened}"\n', 'nav.status: Jetzt-1\nstate.operational: Gut-1\n', []);
    expect(page()).toContain('>Now-1<');
    expect(page()).toContain('Fine-1');
    expect(page()).toContain('calm-1');
    expect(page('de')).toContain('>Jetzt-1<');
    expect(page('de')).toContain('Gut-1');
    await words('nav.status: Now-2\nstate.operational: Fine-2\nbar.label: "{name} calm-2 {days} {happened}"\n', 'nav.status: Jetzt-2\n', [en, de]);
    // The uptime bars' words too (each bar's label), kept per bar and language.
    expect([page().includes('>Now-2<'), page().includes('Fine-2'), page().includes('calm-2'), page('de').includes('>Jetzt-2<')]).toEqual([true, true, true, true]);
    expect(`${page()}${page('de')}`).not.toMatch(/Now-1|Fine-1|calm-1|Jetzt-1|Gut-1/);
    // A template of the site's own, beside the built-in header that prints the words.
    const own = path.join(templates, 'not-found.hbs');
    await writeFile(own, '<h1>{{t.notFound.heading}}</h1>\n');
    await words('nav.status: Now-3\n', '', [en, de, own]);
    expect(page()).toContain('>Now-3<');
    expect(`${page()}${page('de')}`).not.toMatch(/Now-2|Fine-2|Jetzt-2/);
  } finally {
    state.close();
  }
});
