// update and resolve refuse a notice whose file has a YAML mistake, and say where it is: each problem
// at file:line:column, with the same words validate prints, and nothing written.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { StatuspressError } from '../../../src/errors/error.js';
import { resolveNotice, updateNotice } from '../../../src/scaffold/update.js';
import { tempDir } from './helpers.js';

const NOW = Date.parse('2026-11-21T00:00:00Z');
const SITE = 'name: Acme Status\nurl: https://status.acme.com\ncreated_at: 2024-01-01T00:00:00Z\n';
const HEAD = 'id: 42\ntype: unplanned\nsubject: Slow API\nupdates:\n  - at: 2026-11-20T10:00:00Z\n    state: investigating\n';

async function refusal(text: string, change: (dir: string) => Promise<unknown>): Promise<{ message: string; unchanged: boolean; dir: string }> {
  const dir = path.join(await tempDir(), 'content');
  await mkdir(path.join(dir, 'notices'), { recursive: true });
  await mkdir(path.join(dir, 'components'));
  await writeFile(path.join(dir, 'site.yaml'), SITE);
  await writeFile(path.join(dir, 'notices/42.yaml'), text);
  const error = await change(dir).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(StatuspressError);
  expect((error as StatuspressError).code).toBe('usage/edit-invalid');
  return { dir, message: (error as StatuspressError).message, unchanged: (await readFile(path.join(dir, 'notices/42.yaml'), 'utf8')) === text };
}

describe('update and resolve on a file with a YAML mistake', () => {
  it.each([
    [
      'a colon in text',
      `${HEAD}    content: Root cause: a bad deploy\n`,
      '  notices/42.yaml:7:14  updates.0.content: YAML reads the ": " after "Root cause" as a key, not as text; put the whole text in quotes, or write it as a block with |',
    ],
    [
      'a key one space too far in',
      `${HEAD}     content: Looking.\n`,
      '  notices/42.yaml:7:6  "content" is indented 5 spaces, but the keys above it are at 4 spaces; keys of one mapping line up exactly: indent it 4 spaces',
    ],
    ['a tab', `${HEAD}\tcontent: Looking.\n`, '  notices/42.yaml:7:1  a tab indents this line, and YAML indents with spaces only; replace the tab with spaces'],
  ])('refuses %s, at its line and column', async (_, text, line) => {
    for (const change of [
      (dir: string) => updateNotice(dir, 42, { content: 'More.', now: NOW }),
      (dir: string) => resolveNotice(dir, 42, { now: NOW }),
    ]) {
      const { message, unchanged, dir } = await refusal(text, change);
      // The file as the content folder given names it (`content/notices/42.yaml`), the code after the message.
      expect(message.split('\n')).toEqual([
        expect.stringMatching(/^The (update|resolution) to notices\/42\.yaml was not written: the file would have 1 problem:$/),
        expect.stringMatching(new RegExp(`^  ${dir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/${line.trimStart().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}  \\[content/[a-z-]+\\]$`)),
      ]);
      expect(unchanged).toBe(true);
    }
  });
});
