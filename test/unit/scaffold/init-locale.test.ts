// initSite's `locale` and `timeZone` (issue 23): English stays byte for byte what init wrote before
// the option existed (test/fixtures/init-en, written by that version with the same `now`); every
// shipped language, and the pseudo-locale, writes content that validates, in its own words.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readContent } from '../../../src/content/index.js';
import { ENGLISH, LOCALES, PSEUDO_CLOSE, PSEUDO_LOCALE, PSEUDO_OPEN } from '../../../src/i18n/index.js';
import { initSite } from '../../../src/scaffold/init.js';
import { refusal, snapshot, tempDir } from './helpers.js';

const NOW = Date.parse('2026-11-20T10:05:00Z');
const FIXTURE = path.join(import.meta.dirname, '../../fixtures/init-en');

/** The starter files: the content, the notice templates and the README. */
const starter = (files: Record<string, string>): Record<string, string> =>
  Object.fromEntries(Object.entries(files).filter(([file]) => /^(content|templates)\//.test(file) || file === 'README.md'));

describe('initSite in a language and zone', () => {
  it('without a locale or zone: the same bytes as before both options existed', async () => {
    const dir = await tempDir();
    await initSite(dir, { now: NOW, from: { kind: 'npm', spec: '^0.2.0' } });
    expect(starter(await snapshot(dir))).toEqual(await snapshot(FIXTURE));
  });

  it('en and UTC given: the same files with `locale: en` and `time_zone: UTC` added to site.yaml', async () => {
    const dir = await tempDir();
    await initSite(dir, { now: NOW, from: { kind: 'npm', spec: '^0.2.0' }, locale: 'en', timeZone: 'UTC' });
    const expected = await snapshot(FIXTURE);
    expected['content/site.yaml'] += 'locale: en\ntime_zone: UTC\n';
    expect(starter(await snapshot(dir))).toEqual(expected);
  });

  it.each([...LOCALES.filter((l) => l !== 'en'), PSEUDO_LOCALE])('%s: content that validates, every starter text in its language', async (locale) => {
    const dir = await tempDir();
    await initSite(dir, { now: NOW, from: { kind: 'npm', spec: '^0.2.0' }, locale, timeZone: 'Asia/Tokyo' });
    // readContent throws unless the content validates.
    const content = await readContent(path.join(dir, 'content'));
    expect(content.site).toMatchObject({ locale, timeZone: 'Asia/Tokyo' });
    const written = await snapshot(dir);
    // Every text init writes differs from English; the pseudo-locale's are English wrapped in ⟦…⟧.
    const texts = [
      content.site.name,
      ...content.components.flatMap((c) => [c.name, c.description]),
      ...content.notices.flatMap((n) => [n.subject, ...n.updates.map((u) => u.content.trim())]),
    ];
    if (locale === PSEUDO_LOCALE) for (const text of texts) expect(text).toMatch(new RegExp(`^${PSEUDO_OPEN}.*${PSEUDO_CLOSE}$`));
    // Names some languages write as English does (Website, Webhooks, REST API) are 8 letters at most.
    const englishTexts = Object.entries(ENGLISH).flatMap(([key, text]) => (key.startsWith('init.') && typeof text === 'string' && text.length > 8 ? [text] : []));
    expect(englishTexts.length).toBeGreaterThan(8);
    expect(texts.filter((text) => englishTexts.includes(text))).toEqual([]);
    expect(written['templates/notices/api-outage.yaml']).toContain('Asia/Tokyo');
  });

  it('refuses a locale or zone site.yaml would refuse, before writing anything', async () => {
    const dir = path.join(await tempDir(), 'new');
    const locale = await refusal(initSite(dir, { locale: 'pt_BR' }));
    expect(locale.code).toBe('usage/init-bad-locale');
    expect(locale.exitCode).toBe(2);
    expect(locale.message).toBe('--locale: "pt_BR" is not a language statuspress ships; did you mean pt-BR?');
    const zone = await refusal(initSite(dir, { locale: 'de', timeZone: 'America/New_Yrok' }));
    expect(zone.code).toBe('usage/init-bad-time-zone');
    expect(zone.message).toBe('--time-zone: "America/New_Yrok" is not an IANA time zone; did you mean America/New_York?');
    expect(await snapshot(path.dirname(dir))).toEqual({});
  });
});
