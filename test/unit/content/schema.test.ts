import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadContent, validateContent } from '../../../src/content/index.js';
import { errorMessage } from '../../../src/content/messages.js';
import { noticeSchema, noticeSchemaFor } from '../../../src/content/schema.js';
import { FIXTURES, SITE, problems, writeContent } from './helpers.js';

const NOTICE = 'id: 1\ntype: unplanned\nsubject: Slow pages\nupdates:\n  - at: 2026-11-20T10:05:00Z\n    state: investigating\n    content: Looking.\n';

/** What zod makes of `data` with `schema`: the model, or the issues as messages with their paths. */
const outcome = (schema: typeof noticeSchema, data: unknown) => {
  const parsed = schema.safeParse(data, { error: errorMessage, reportInput: true });
  return parsed.success ? { data: parsed.data } : { issues: parsed.error.issues.map((i) => ({ path: i.path, message: i.message, code: i.code })) };
};

describe('noticeSchemaFor: a notice without translations is read without the key', () => {
  it('gives what noticeSchema gives, for every notice of the fixtures, valid or not', async () => {
    let read = 0;
    for (const name of readdirSync(FIXTURES)) {
      const loaded = await loadContent(path.join(FIXTURES, name, 'content')).catch(() => null);
      for (const source of loaded?.notices ?? []) {
        if (!source.usable) continue;
        expect(outcome(noticeSchemaFor(source.data) as typeof noticeSchema, source.data), source.file).toEqual(outcome(noticeSchema, source.data));
        read++;
      }
    }
    expect(read).toBeGreaterThan(80);
  });

  it('gives what noticeSchema gives for notices whose updates are odd or whose translations are', async () => {
    const head = 'id: 1\ntype: unplanned\nsubject: Slow pages\n';
    const cases = [
      `${head}updates:\n  - at: 2026-11-20T10:05:00Z\n    state: investigating\n    content: Looking.\n    translations: null\n`,
      `${head}updates:\n  - at: 2026-11-20T10:05:00Z\n    state: investigating\n    content: Looking.\n    translations: [de]\n`,
      `${head}updates: [text, 3, null, [1]]\n`,
      `${head}updates: { at: 2026-11-20T10:05:00Z }\n`,
      `${head}base: &u { at: 2026-11-20T10:05:00Z, state: investigating, content: Looking. }\nupdates:\n  - <<: *u\n    state: resolved\n`,
      `${head}updates:\n  - &u { at: 2026-11-20T10:05:00Z, state: investigating, content: Looking. }\n  - *u\npostmortem: { at: 2026-11-21T10:00:00Z, content: Why., translations: { de: Warum. } }\n`,
      `${head}Translations: { de: { subject: Langsam } }\nupdates:\n  - { at: 2026-11-20T10:05:00Z, state: investigating, content: Looking., __proto__: { translations: { de: Hm. } } }\n`,
    ];
    for (const [i, notice] of cases.entries()) {
      const dir = await writeContent({ 'site.yaml': `${SITE}locales: [en, de]\n`, 'notices/1.yaml': notice });
      const source = (await loadContent(dir)).notices[0]!;
      expect(source.usable, `case ${i}`).toBe(true);
      expect(outcome(noticeSchemaFor(source.data) as typeof noticeSchema, source.data), `case ${i}`).toEqual(outcome(noticeSchema, source.data));
    }
  });

  it('reads a notice with the key anywhere, even on its last update only, with noticeSchema', () => {
    const update = { at: '2026-11-20T10:05:00Z', state: 'investigating', content: 'Looking.' };
    expect(noticeSchemaFor({ id: 1, updates: [update, { ...update, translations: { de: 'Wir sehen.' } }] })).toBe(noticeSchema);
    expect(noticeSchemaFor({ id: 1, updates: [update], translations: null })).toBe(noticeSchema);
    expect(noticeSchemaFor({ id: 1, updates: [update] })).not.toBe(noticeSchema);
    // Not a notice's shape: the full schema says what is wrong.
    for (const data of [null, 'text', [update], { updates: 'none' }]) expect(outcome(noticeSchemaFor(data) as typeof noticeSchema, data)).toEqual(outcome(noticeSchema, data));
  });

  it('a translation on one update of a site of two languages reaches the model', async () => {
    const notice = `${NOTICE}  - at: 2026-11-20T11:05:00Z\n    state: resolved\n    content: Fixed.\n    translations: { de: Behoben. }\n`;
    const dir = await writeContent({ 'site.yaml': `${SITE}locales: [en, de]\n`, 'notices/1.yaml': notice });
    const { value, issues } = validateContent(await loadContent(dir));
    expect(issues).toEqual([]);
    expect(value!.notices[0]!.updates[1]!.translations).toEqual({ de: 'Behoben.' });
    expect(value!.notices[0]!.updates[0]).not.toHaveProperty('translations');
    expect(value!.notices[0]).not.toHaveProperty('translations');
  });

  it('a misspelt translations key still gets translations as its suggestion', async () => {
    const dir = await writeContent({
      'site.yaml': `${SITE}locales: [en, de]\n`,
      'notices/1.yaml': `${NOTICE}    translatoins: { de: Wir sehen. }\ntranslatons: { de: { subject: Langsam } }\n`,
    });
    expect(await problems(dir)).toEqual([
      expect.stringMatching(/^notices\/1\.yaml:8:5 +updates\.0\.translatoins: unknown key "translatoins"; did you mean "translations"\?$/),
      expect.stringMatching(/^notices\/1\.yaml:9:1 +translatons: unknown key "translatons"; did you mean "translations"\?$/),
    ]);
  });
});
