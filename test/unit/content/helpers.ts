// Tiny content folders written to a temp dir, for cases too small or too hostile to commit.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach } from 'vitest';
import { loadContent, validateContent } from '../../../src/content/index.js';
import { formatIssue } from '../../../src/errors/error.js';

export const FIXTURES = path.join(import.meta.dirname, '../../fixtures');
export const fixture = (name: string): string => path.join(FIXTURES, name, 'content');

export const SITE = 'name: Acme Status\nurl: https://status.acme.com\ncreated_at: 2024-01-01T00:00:00Z\n';

const made: string[] = [];
afterEach(async () => {
  await Promise.all(made.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

/**
 * Writes `files` (relative path → text or bytes) into a fresh content folder, with empty components/
 * and notices/ folders unless `bare`; removed after the test.
 */
export async function writeContent(files: Record<string, string | Buffer>, { bare = false } = {}): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'statuspress-content-'));
  made.push(dir);
  if (!bare) for (const folder of ['components', 'notices']) await mkdir(path.join(dir, folder));
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), text);
  }
  return dir;
}

/** Every issue of a content folder, formatted as the CLI prints it. */
export async function problems(dir: string): Promise<string[]> {
  return validateContent(await loadContent(dir)).issues.map((issue) => formatIssue(issue));
}
