// The languages written right to left live in src/i18n/direction.ts; the stylesheet names them again
// (a stylesheet cannot import them), to run a text of the other direction than its page's in its own.
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { directionOf, RTL_LANGUAGES } from '../../../src/i18n/direction.js';

it('names in the stylesheet the right-to-left languages direction.ts has, in both rules', () => {
  const css = readFileSync(new URL('../../../templates/style.css', import.meta.url), 'utf8');
  const rules = css.split('\n').filter((line) => line.includes('[lang') && line.includes('unicode-bidi: isolate'));
  expect(rules).toHaveLength(2);
  for (const rule of rules) expect([...rule.matchAll(/\[lang\|="([a-z]+)"\]/g)].map((m) => m[1]).sort()).toEqual([...RTL_LANGUAGES].sort());
  expect(RTL_LANGUAGES.map((tag) => directionOf(`${tag}-XX`))).toEqual(RTL_LANGUAGES.map(() => 'rtl'));
});
