// The catalogues: every language has exactly English's keys, the plural forms its language uses, and
// the same {parameters}; messages fill them in with the locale's plurals and numbers.
import { describe, expect, it, vi } from 'vitest';
import { ENGLISH, LOCALES, messages } from '../../../src/i18n/index.js';
import { catalogueFor, isShipped } from '../../../src/i18n/catalogue.js';
import type { Message } from '../../../src/i18n/index.js';

const params = (message: Message): string[] =>
  [...new Set((typeof message === 'string' ? [message] : Object.values(message)).flatMap((text) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!)))].sort();

describe('the catalogues', () => {
  const en = ENGLISH;
  for (const locale of LOCALES) {
    it(`${locale}: no key missing, none extra, plural forms and parameters as its language needs`, () => {
      const catalogue = catalogueFor(locale)!;
      expect(Object.keys(catalogue).sort()).toEqual(Object.keys(en).sort());
      const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
      for (const [key, message] of Object.entries(catalogue)) {
        if (typeof en[key] === 'string') expect(typeof message, key).toBe('string');
        else expect(typeof message === 'object' ? Object.keys(message).sort() : message, key).toEqual([...categories].sort());
        // A plural message may leave out the count ("one more"), never another parameter.
        expect(params(message).filter((p) => p !== 'count'), key).toEqual(params(en[key]!).filter((p) => p !== 'count'));
      }
    });
  }
});

describe('catalogueFor', () => {
  // `templates/locales/__proto__.yaml` once crashed the build, and `locale: constructor` in site.yaml
  // the authoring commands, with a stack trace: an object's own properties were taken for languages.
  it('finds no catalogue under a name every object has', () => {
    for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', '__proto__-x', 'constructor-DE']) {
      expect(catalogueFor(name), name).toBeNull();
      expect(isShipped(name), name).toBe(false);
    }
    expect(catalogueFor('de-AT')).toBe(catalogueFor('de'));
    expect(catalogueFor('de')!['state.operational']).toBe('Betriebsbereit');
  });
});

describe('messages', () => {
  it('picks the plural form by Intl.PluralRules and writes numbers for the locale', () => {
    expect(messages('en').t('duration.hour', { count: 1 })).toBe('1 hour');
    expect(messages('de').t('duration.hour', { count: 2 })).toBe('2 Stunden');
    expect(messages('de').t('bar.figure', { percent: messages('de').percent(9726), count: 1234 })).toBe('97,26\u00a0% Verfügbarkeit über 1.234 Tage');
  });

  it('escapes its own text as HTML and inserts the parameters as given', () => {
    expect(messages('en').html('summary.affects', { components: '<bdi>A &amp; B</bdi>' })).toBe('Affects: <bdi>A &amp; B</bdi>');
  });

  it('wraps every message, number and date of the pseudo-locale', () => {
    expect(messages('en-XA').t('nav.status')).toBe('⟦Status⟧');
    expect(messages('en-XA').t('bar.figure', { percent: '⟦99%⟧', count: 2 })).toBe('⟦⟦99%⟧ uptime over ⟦2⟧ days⟧');
  });
});

describe('loading', () => {
  // A site of one language parses one catalogue: the others are text until a site asks for them.
  it('parses a language’s catalogue when first asked for it, once', async () => {
    vi.resetModules();
    const parse = vi.spyOn(JSON, 'parse');
    try {
      const fresh = await import('../../../src/i18n/catalogue.js');
      const before = parse.mock.calls.length;
      expect(fresh.catalogueFor('en')).toBe(fresh.ENGLISH);
      expect(parse.mock.calls.length).toBe(before);
      const ja = fresh.catalogueFor('ja-JP');
      expect(parse.mock.calls.length).toBe(before + 1);
      expect(fresh.catalogueFor('ja')).toBe(ja);
      expect(parse.mock.calls.length).toBe(before + 1);
    } finally {
      parse.mockRestore();
    }
  });
});
