// docs/reliability.md cites tests and documents by path: each must exist, so a renamed test file
// cannot leave the document pointing at nothing.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './project.js';

describe('docs/reliability.md', () => {
  it('names only tests and documents that exist', () => {
    const text = readFileSync(path.join(ROOT, 'docs/reliability.md'), 'utf8');
    const named = [...text.matchAll(/`((?:test|docs)\/[^`<>*]+)`/g)].map((m) => m[1]!);
    expect(named.length).toBeGreaterThan(5);
    expect(named.filter((p) => !existsSync(path.join(ROOT, p)))).toEqual([]);
  });
});
