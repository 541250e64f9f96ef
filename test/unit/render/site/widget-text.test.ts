// The widget's file of each language (`widget/<tag>.json`, render/site/widget-text.ts): a text a copy
// shows in the default language (a state text or subject with no translation) is marked with that
// language, as the pages mark it with `lang`, and with its direction when the copy's differs
// (test/fixtures/widget-fallback: `locales: [en, de, ar]`, partly translated).
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildContent, FIXTURES } from '../../../helpers/build.js';

const CONTENT = path.join(FIXTURES, 'widget-fallback', 'content');
/** Both notices are being investigated then. */
const NOW = Date.parse('2026-11-20T23:50:00Z');

interface WidgetFile {
  t: Record<string, string>;
  n: Record<string, (string | 1)[]>;
  u: string;
  f?: { lang: string; dir?: string };
}

let built: Awaited<ReturnType<typeof buildContent>>;
beforeAll(async () => {
  built = await buildContent(CONTENT, NOW, 'widget-fallback');
});
afterAll(() => built?.cleanup());

const widget = (tag: string): WidgetFile => JSON.parse(built.files.get(`widget/${tag}.json`)!) as WidgetFile;

describe('the widget\'s file of a language', () => {
  it('marks the subjects the copy shows in the default language, and leaves out such state texts (the API has them)', () => {
    const de = widget('de');
    expect(de.t.degraded).toBe('Einige Seiten sind langsam');
    expect(de.n).toEqual({ 1: ['Langsame Seiten', 'https://status.acme.com/de/notices/1/'], 2: ['Slow search', 'https://status.acme.com/de/notices/2/', 1] });
    const ar = widget('ar');
    // The site's own `degraded` text has no Arabic: the API's, in English, is shown.
    expect(ar.t).not.toHaveProperty('degraded');
    expect(ar.t.operational).toBeTruthy();
    expect(ar.n).toEqual({ 1: ['Slow pages', 'https://status.acme.com/ar/notices/1/', 1], 2: ['Slow search', 'https://status.acme.com/ar/notices/2/', 1] });
  });

  it('says how to mark a text in the default language: its lang, and its dir when the direction differs', () => {
    expect(widget('de').f).toEqual({ lang: 'en' });
    expect(widget('ar').f).toEqual({ lang: 'en', dir: 'ltr' });
    // The default language's texts are the API's own: nothing to mark.
    expect(widget('en')).not.toHaveProperty('f');
    expect(widget('default')).not.toHaveProperty('f');
  });
});
