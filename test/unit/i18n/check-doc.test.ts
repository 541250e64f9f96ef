// docs/languages.md says which locale tags site.yaml accepts and which it refuses: every tag it names
// must be treated so by the check `locale` and `locales` go through (src/i18n/check.ts). It said
// tags were "written as here" (the seven shipped ones) while regional tags (`de-AT`) and the
// pseudo-locale `en-XA` were accepted too.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { checkLocale } from '../../../src/i18n/check.js';
import { LOCALES, PSEUDO_LOCALE } from '../../../src/i18n/index.js';

const DOC = readFileSync(path.join(import.meta.dirname, '../../../docs/languages.md'), 'utf8').replace(/\s+/g, ' ');
/** The `code` spans of the doc from `start` to `end`. */
const tagsOf = (start: string, end: string): string[] => {
  const at = DOC.indexOf(start);
  expect(at, start).toBeGreaterThanOrEqual(0);
  const sentence = DOC.slice(at, DOC.indexOf(end, at));
  return [...sentence.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);
};

it('accepts every tag the docs say locale accepts, and refuses every one they say it refuses', () => {
  const accepted = tagsOf('Shipped languages:', 'Portuguese is').filter((tag) => !['locale', 'locales', 'Intl'].includes(tag));
  for (const tag of LOCALES) expect(accepted).toContain(tag);
  expect(accepted).toContain('de-AT');
  for (const tag of accepted) expect(checkLocale(tag), tag).toBeNull();

  const refused = tagsOf('Refused, with the spelling or the languages named:', '`en-XA` is accepted too');
  expect(refused.length).toBeGreaterThan(5);
  for (const tag of refused) expect(checkLocale(tag), tag).not.toBeNull();
});

it('says en-XA is accepted, and that it is a check, not a language for readers', () => {
  expect(checkLocale(PSEUDO_LOCALE)).toBeNull();
  expect(DOC).toContain(`\`${PSEUDO_LOCALE}\` is accepted too, but it is a check, not a language for readers`);
  expect(DOC).not.toContain('written as here');
});
