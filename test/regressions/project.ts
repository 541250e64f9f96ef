// A throwaway project for the regression tests: a folder holding a copy of the bad-content
// catalogue's base site as `content/`, removed after the file's tests.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';

export const ROOT = path.join(import.meta.dirname, '../..');
const BASE = path.join(ROOT, 'test/fixtures/bad/_base');
export const NOW = Date.parse('2026-11-22T07:00:00Z');

/** A folder for this test file's projects, and `project()` making a fresh one in it. */
export function projects(prefix: string): { work: string; project: () => { dir: string; content: string } } {
  const work = mkdtempSync(path.join(tmpdir(), `statuspress-${prefix}-`));
  afterAll(() => rmSync(work, { recursive: true, force: true }));
  let n = 0;
  return {
    work,
    project: () => {
      const dir = path.join(work, `p${n++}`);
      const content = path.join(dir, 'content');
      cpSync(BASE, content, { recursive: true });
      return { dir, content };
    },
  };
}
