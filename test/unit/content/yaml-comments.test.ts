// Comments after text: allowed where they are comments (the format documents them after any value), reported where a `#` reads as part of the text.
import { describe, expect, it } from 'vitest';
import { loadContent, validateContent } from '../../../src/content/index.js';
import { SITE, writeContent } from './helpers.js';

const HEAD = 'id: 3\ntype: unplanned\nsubject: Slow API\nupdates:\n  - at: 2026-11-20T10:00:00Z\n    state: investigating\n';

async function codesOf(files: Record<string, string>): Promise<string[]> {
  const dir = await writeContent({ 'site.yaml': SITE, ...files });
  return validateContent(await loadContent(dir)).issues.map((i) => `${i.file}:${i.line}  ${i.code}`);
}

describe('comments after text', () => {
  it("accepts DESIGN.md's own component example (a comment after description)", async () => {
    const component = 'id: 3\nname: REST API\ndescription: Public REST endpoints     # default ""\ncreated_at: 2024-01-01T00:00:00Z\n';
    expect(await codesOf({ 'components/3.yaml': component })).toEqual([]);
  });

  it('reports text lost to a # at the start of a continuation line of plain text', async () => {
    const notice = `${HEAD}    content: We are tracking this in\n      #incident-42 and will post again\n`;
    expect(await codesOf({ 'notices/3.yaml': notice })).toEqual(['notices/3.yaml:8  content/yaml-comment-in-text']);
  });
});
