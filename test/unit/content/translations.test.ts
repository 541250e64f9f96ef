import { describe, expect, it } from 'vitest';
import { loadContent, validateContent } from '../../../src/content/index.js';
import { formatIssue } from '../../../src/errors/error.js';
import { SITE, fixture, problems, writeContent } from './helpers.js';

const SITE_EN_DE = `${SITE}locales: [en, de]\n`;
const NOTICE = 'id: 1\ntype: unplanned\nsubject: Slow pages\nupdates:\n  - at: 2026-11-20T10:05:00Z\n    state: investigating\n    content: Looking.\n';

describe('translations: valid content', () => {
  it('reads the languages and every translated text into the model', async () => {
    const { value, issues } = validateContent(await loadContent(fixture('translated-site')));
    expect(issues).toEqual([]);
    expect(value!.site.locales).toEqual(['en', 'de']);
    expect(value!.site.translations).toEqual({ de: { stateText: { operational: 'Alles funktioniert' } } });
    expect(value!.components[0]!.translations).toEqual({ de: { description: 'Alles hinter api.acme.com' } });
    const slow = value!.notices.find((n) => n.id === 1)!;
    expect(slow.translations).toEqual({ de: { subject: 'Langsame Seiten' } });
    expect(slow.updates[0]!.translations).toEqual({ de: 'Wir sehen uns das an.' });
    expect(slow.updates[1]!).not.toHaveProperty('translations');
  });

  it('counts the texts without a translation in one note per language, never an error', async () => {
    const { issues, notes } = validateContent(await loadContent(fixture('translated-site')));
    expect(issues).toEqual([]);
    expect(notes.map((n) => formatIssue(n))).toEqual([
      'site.yaml:4:15  locales.1: 4 texts in 3 files have no de translation (components/1-api.yaml: name; …); the de pages show them in the default language',
    ]);
    expect(notes[0]!.code).toBe('content/untranslated');
  });

  it('a site without locales is as it was: no notes, no new fields', async () => {
    const dir = await writeContent({ 'site.yaml': SITE, 'notices/1.yaml': NOTICE });
    const { value, issues, notes } = validateContent(await loadContent(dir));
    expect(issues).toEqual([]);
    expect(notes).toEqual([]);
    expect(value!.site).not.toHaveProperty('locales');
    expect(value!.notices[0]).not.toHaveProperty('translations');
  });

  it('the first of locales is the site\'s language when locale is left out', async () => {
    const dir = await writeContent({ 'site.yaml': `${SITE}locales: [de, en]\n` });
    const { value } = validateContent(await loadContent(dir));
    expect(value!.site.locale).toBe('de');
    expect(value!.site.stateText.operational).toBe('Alle Systeme betriebsbereit');
  });
});

describe('translations: problems at file:line:column', () => {
  it('an unknown language in locales, with a guess', async () => {
    const dir = await writeContent({ 'site.yaml': `${SITE}locales: [en, dee, xx, pt-br]\n` });
    expect(await problems(dir)).toEqual([
      expect.stringMatching(/^site\.yaml:4:15 +locales\.1: "dee" is not a language statuspress ships; did you mean de\?/),
      expect.stringMatching(/^site\.yaml:4:20 +locales\.2: "xx" is not a language statuspress ships; write one of en, de/),
      expect.stringMatching(/^site\.yaml:4:24 +locales\.3: "pt-br" is not a language statuspress ships; did you mean pt-BR\?/),
    ]);
  });

  it('an unknown language first in locales is a problem, never a crash', async () => {
    const dir = await writeContent({ 'site.yaml': `${SITE}locales: [../../etc, en]\n` });
    expect(await problems(dir)).toEqual([expect.stringMatching(/^site\.yaml:4:11 +locales\.0: "\.\.\/\.\.\/etc" is not a language statuspress ships/)]);
  });

  it('a language listed twice', async () => {
    const dir = await writeContent({ 'site.yaml': `${SITE}locales: [en, de, de]\n` });
    expect(await problems(dir)).toEqual([expect.stringMatching(/^site\.yaml:4:19 +locales\.2: "de" is listed already/)]);
  });

  it('a translation to a language the site does not list, with a guess', async () => {
    const dir = await writeContent({
      'site.yaml': SITE_EN_DE,
      'notices/1.yaml': `${NOTICE}    translations: { dee: Schauen. }\ntranslations:\n  fr: { subject: Pages lentes }\n`,
    });
    expect(await problems(dir)).toEqual([
      expect.stringMatching(/^notices\/1\.yaml:8:21 +updates\.0\.translations\.dee: "dee" is not one of the site's languages \(en, de\); did you mean "de"\?/),
      expect.stringMatching(/^notices\/1\.yaml:10:3 +translations\.fr: "fr" is not one of the site's languages \(en, de\); add it to locales in site\.yaml/),
    ]);
  });

  it('a translation on a site that lists no languages, and one to the default language', async () => {
    const none = await writeContent({ 'site.yaml': SITE, 'notices/1.yaml': `${NOTICE}translations:\n  de: { subject: Langsam }\n` });
    expect(await problems(none)).toEqual([expect.stringMatching(/translations\.de: "de" is not one of the site's languages: site\.yaml lists none; add locales: \[<default>, de\]/)]);
    const own = await writeContent({ 'site.yaml': SITE_EN_DE, 'notices/1.yaml': `${NOTICE}translations:\n  en: { subject: Slow }\n` });
    expect(await problems(own)).toEqual([expect.stringMatching(/translations\.en: "en" is the default language: write its text outside translations/)]);
  });

  it('a translation of a key that is the same in every language, and a misspelt one', async () => {
    const dir = await writeContent({
      'site.yaml': SITE_EN_DE,
      'notices/1.yaml': `${NOTICE}translations:\n  de: { state: resolved, subjet: Langsam }\n`,
      'components/1.yaml': 'id: 1\nname: API\ncreated_at: 2024-01-01T00:00:00Z\ntranslations:\n  de: { id: 2 }\n',
    });
    expect(await problems(dir)).toEqual([
      expect.stringMatching(/^components\/1\.yaml:5:9 +translations\.de\.id: "id" is the same in every language and cannot be translated; remove it \(translatable here: name, description\)/),
      expect.stringMatching(/^notices\/1\.yaml:9:9 +translations\.de\.state: "state" is the same in every language and cannot be translated; remove it \(translatable here: subject\)/),
      expect.stringMatching(/^notices\/1\.yaml:9:26 +translations\.de\.subjet: unknown key "subjet"; did you mean "subject"\?/),
    ]);
  });

  // Once `empty; write record here` (zod's name for a mapping) and `Too small: expected array to
  // have >=1 items`: words a person writing YAML has no use for.
  it('an empty translations or locales says what to write, in the words of the others', async () => {
    const dir = await writeContent({
      'site.yaml': `${SITE}locales: []\n`,
      'notices/1.yaml': `${NOTICE}    translations:\ntranslations: [de]\n`,
    });
    expect(await problems(dir)).toEqual([
      'notices/1.yaml:8:5  updates.0.translations: empty; write a mapping (key: value lines) here',
      'notices/1.yaml:9:15  translations: expected a mapping (key: value lines), got a list',
      expect.stringMatching(/^site\.yaml:4:10 {2}locales: list at least one language, the default first \(locales: \[en, de\]\)/),
    ]);
  });

  // A notice's translation is a mapping (`de: { subject: … }`) and an update's is its text itself:
  // `de: { content: … }`, written by analogy, once got only `expected text, got a mapping`.
  it('an update translated as a mapping is told its translation is the text itself', async () => {
    const dir = await writeContent({ 'site.yaml': SITE_EN_DE, 'notices/1.yaml': `${NOTICE}    translations: { de: { content: Schauen. } }\n` });
    expect(await problems(dir)).toEqual([
      'notices/1.yaml:8:25  updates.0.translations.de: an update\'s translation is its content itself, as text (de: Wir sehen uns das an.), not a mapping',
    ]);
  });

  it('locale must be the first of locales', async () => {
    const dir = await writeContent({ 'site.yaml': `${SITE}locales: [en, de]\nlocale: de\n` });
    const found = await problems(dir);
    expect(found).toContainEqual(expect.stringMatching(/^site\.yaml:5:9 +locale: locale is "de" but locales starts with "en"/));
  });
});
