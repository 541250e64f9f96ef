// zod's issues as the catalogue's content problems. Checks with their own entry name it in schema.ts
// (and timestamps.ts); this error map names the entry for zod's generic issues. zod keeps only a
// message per issue, so the entry's code and message travel through it together (zodMessage) and
// toFindings reads them back.
import type { z } from 'zod';
import { CONTENT } from '../errors/content.js';
import { say } from '../errors/entry.js';
import type { ContentCode, IssueWords } from '../errors/error.js';
import type { Finding } from './positions.js';

type RawIssue = z.core.$ZodRawIssue;

/** An entry's words as a zod issue's message: what a check's `error` returns. */
export const zodMessage = (words: IssueWords): string => JSON.stringify([words.code, words.message]);

/** The words zodMessage put into a message; zod's own text (no entry named it) as `content/invalid-value`. */
function fromZod(message: string): IssueWords {
  if (message.startsWith('["')) {
    const [code, text] = JSON.parse(message) as [ContentCode, string];
    return { code, message: text };
  }
  return say(CONTENT.invalidValue, { detail: message });
}

/** The per-parse error map: what is wrong and what to write instead. */
export function errorMessage(issue: RawIssue): string | undefined {
  const words = genericWords(issue);
  return words && zodMessage(words);
}

function genericWords(issue: RawIssue): IssueWords | undefined {
  const missing = issue.input === undefined;
  if (issue.code === 'invalid_type') {
    if (missing) return say(CONTENT.missingKey, { kind: issue.expected });
    if (issue.input === null) return say(CONTENT.emptyValue, { kind: issue.expected });
    // `ture` for true: booleans are a closed set of two words.
    const guess = issue.expected === 'boolean' && typeof issue.input === 'string' ? closest(issue.input, ['true', 'false']) : undefined;
    return say(CONTENT.wrongType, { kind: issue.expected, value: issue.input, ...(guess ? { guess } : {}) });
  }
  if (issue.code === 'invalid_value') {
    if (missing) return say(CONTENT.missingKey, { choices: issue.values });
    if (issue.input === null) return say(CONTENT.emptyValue, { choices: issue.values });
    const guess = typeof issue.input === 'string' ? closest(issue.input, issue.values.map(String)) : undefined;
    return say(CONTENT.notAllowed, { value: issue.input, choices: issue.values, ...(guess ? { guess } : {}) });
  }
  // Checks with their own wording never reach here; this is the safe-integer bound of z.int().
  if ((issue.code === 'too_small' || issue.code === 'too_big') && (issue.origin === 'int' || issue.origin === 'number')) {
    return say(CONTENT.outOfRange, { value: issue.input });
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
        findings.push({ path: [...path, key], at: 'key', ...say(CONTENT.unknownKey, { key, allowed, ...(guess ? { guess } : {}) }) });
      }
    } else {
      findings.push({ path, ...fromZod(issue.message) });
    }
  }
  return findings;
}

/**
 * The word of a closed set nearest to a misspelt one (1 edit, 2 for words of 6 letters or more, or a
 * case difference), if any: for unknown keys, and for values such as a notice's type or an update's
 * state (`identifed` → `identified`). Two swapped letters count as one edit (`ture` → `true`).
 */
export function closest(word: string, allowed: readonly string[]): string | undefined {
  // Nothing is near a long text; measuring it against every word would only cost time.
  if (word.length > 64) return undefined;
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of allowed) {
    const d = candidate.toLowerCase() === word.toLowerCase() ? 0 : distance(word, candidate);
    if (d <= (candidate.length >= 6 ? 2 : 1) && d < bestDistance) [best, bestDistance] = [candidate, d];
  }
  return best;
}

/** Edits (insert, delete, replace, swap two neighbours) from a to b: the optimal string alignment distance. */
function distance(a: string, b: string): number {
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) row[j] = Math.min(row[j]!, before[j - 2]! + 1);
    }
    [before, previous] = [previous, row];
  }
  return previous[b.length]!;
}
