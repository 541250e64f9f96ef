// The error catalogue (src/errors/): codes well formed and unique, every entry used and able to word
// its example, and docs/errors.md generated from exactly this catalogue.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { errorsDoc } from '../../src/errors/doc.js';
import { API, CATALOGUE, COMMAND, CONTENT } from '../../src/errors/index.js';
import type { AnyEntry } from '../../src/errors/index.js';

const ROOT = path.join(import.meta.dirname, '../..');

const wording = (entry: AnyEntry): string => (entry.message as (params: unknown) => string)(entry.example);

/** Every .ts file under src/, but the catalogue's own. */
function sources(dir = path.join(ROOT, 'src')): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return full === path.join(ROOT, 'src/errors') ? [] : sources(full);
    return e.name.endsWith('.ts') ? [full] : [];
  });
}

describe('the error catalogue', () => {
  it('gives every entry its own code, <prefix>/<name>, with the prefix of its kind', () => {
    const codes = CATALOGUE.map((e) => e.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const entry of CATALOGUE) {
      expect(entry.code).toMatch(/^(usage|content|output|serve|notify|internal|api)\/[a-z0-9]+(-[a-z0-9]+)*$/);
      if (entry.kind === 'content') expect(entry.code, entry.code).toMatch(/^content\//);
      if (entry.kind === 'api') expect(entry.code, entry.code).toMatch(/^api\//);
      // Usage errors exit 2, everything else 1 (or 0 for a warning).
      if (entry.kind === 'command') expect(entry.exit === 2, entry.code).toBe(entry.code.startsWith('usage/'));
    }
  });

  it('words every example; content problems and API messages on one line', () => {
    for (const entry of CATALOGUE) {
      expect(entry.title.length, entry.code).toBeGreaterThan(0);
      expect(entry.when.length, entry.code).toBeGreaterThan(0);
      const message = wording(entry);
      expect(message.length, entry.code).toBeGreaterThan(0);
      if (entry.kind !== 'command') expect(message, entry.code).not.toMatch(/\n/);
      if (entry.kind !== 'command') expect(entry.hint.length, entry.code).toBeGreaterThan(0);
    }
  });

  it('has no entry that nothing uses', () => {
    const code = sources().map((file) => readFileSync(file, 'utf8')).join('\n');
    const unused = [
      ...Object.keys(COMMAND).map((key) => `COMMAND.${key}`),
      ...Object.keys(CONTENT).map((key) => `CONTENT.${key}`),
      ...Object.keys(API).map((key) => `API.${key}`),
    ].filter((name) => !new RegExp(`\\b${name.replace('.', '\\.')}\\b`).test(code));
    expect(unused).toEqual([]);
  });

  it('is what docs/errors.md says', () => {
    const committed = readFileSync(path.join(ROOT, 'docs/errors.md'), 'utf8');
    expect(committed, 'docs/errors.md is out of date: run `npm run errors-doc` and commit the result').toBe(errorsDoc());
  });
});
