// Plain-language messages for zod's generic issues. Checks with their own wording carry it in
// schema.ts; this map only words what zod would otherwise say in its own terms.
import type { z } from 'zod';
import type { Finding } from './positions.js';
import { quote } from './quote.js';
import { describe } from './timestamps.js';

type RawIssue = z.core.$ZodRawIssue;

const EXPECTED: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'a mapping (key: value lines)',
};

/** The per-parse error map: what is wrong and what to write instead. */
export function errorMessage(issue: RawIssue): string | undefined {
  const missing = issue.input === undefined;
  if (issue.code === 'invalid_type') {
    const expected = EXPECTED[issue.expected] ?? issue.expected;
    if (missing) return `missing; add it (${expected})`;
    if (issue.input === null) return `empty; write ${expected} here`;
    const quote = issue.expected === 'string' && (typeof issue.input === 'number' || typeof issue.input === 'boolean');
    const unquote = (issue.expected === 'number' || issue.expected === 'int') && typeof issue.input === 'string' && /^-?\d+(\.\d+)?$/.test(issue.input.trim());
    const hint = quote ? '; put it in quotes to make it text' : unquote ? '; remove the quotes to make it a number' : '';
    return `expected ${expected}, got ${describe(issue.input)}${hint}`;
  }
  if (issue.code === 'invalid_value') {
    const options = issue.values.map(String).join(', ');
    if (missing) return `missing; add one of ${options}`;
    return issue.input === null ? `empty; use one of ${options}` : `${describe(issue.input)} is not allowed; use one of ${options}`;
  }
  // Checks with their own wording never reach here; this is the safe-integer bound of z.int().
  if ((issue.code === 'too_small' || issue.code === 'too_big') && (issue.origin === 'int' || issue.origin === 'number')) {
    return `${describe(issue.input)} is out of range; use a whole number of a sensible size`;
  }
  return undefined;
}

/** zod issues as findings; an unrecognized_keys issue becomes one finding per key, at the key. */
export function toFindings(issues: readonly z.core.$ZodIssue[], known: (path: readonly PropertyKey[]) => readonly string[]): Finding[] {
  const findings: Finding[] = [];
  for (const issue of issues) {
    const path = issue.path.map((p) => (typeof p === 'number' ? p : String(p)));
    if (issue.code === 'unrecognized_keys') {
      const allowed = known(issue.path);
      for (const key of issue.keys) {
        const guess = closest(key, allowed);
        const hint = guess ? `did you mean "${guess}"?` : `remove it (allowed here: ${allowed.join(', ')})`;
        // `null:` and `~:` become the key "" (as `yaml` converts a null key); say what was written.
        const shown = key === '' ? 'with no name (null:, ~: or "":)' : quote(key);
        findings.push({ path: [...path, key], at: 'key', message: `unknown key ${shown}; ${hint}` });
      }
    } else {
      findings.push({ path, message: issue.message });
    }
  }
  return findings;
}

/** The allowed key nearest to a misspelt one (1 edit, 2 for longer keys, or a case difference), if any. */
function closest(key: string, allowed: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of allowed) {
    const d = candidate.toLowerCase() === key.toLowerCase() ? 0 : distance(key, candidate);
    if (d <= (candidate.length >= 6 ? 2 : 1) && d < bestDistance) [best, bestDistance] = [candidate, d];
  }
  return best;
}

function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = row;
  }
  return previous[b.length]!;
}
