// Trimming content text without a regular expression that backtracks on long runs.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { trimEndOf } from '../../src/util/text.js';

describe('trimEndOf', () => {
  it('removes exactly what the regular expression it replaces removed', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', ' ', '\n', '/', 'é', '\t') }), (text) => {
        expect(trimEndOf(text, ' \n')).toBe(text.replace(/[ \n]+$/, ''));
        expect(trimEndOf(text, '/')).toBe(text.replace(/\/+$/, ''));
      }),
    );
  });

  it('takes linear time on a long run that does not reach the end', () => {
    const text = `https://status.example.com/${'/'.repeat(1_000_000)}a`;
    expect(trimEndOf(text, '/')).toBe(text);
    expect(trimEndOf(`${text}///`, '/')).toBe(text);
  });
});
