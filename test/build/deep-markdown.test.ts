// Issue 20, part 3: an update whose Markdown nests past markdown-it's limit (60 nested list items)
// followed by a sentence. The build succeeded, and the sentence was in the API but missing from the
// notice page, the status page and the Atom feed. Every place that renders the update must show it.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildContent } from '../helpers/build.js';

const NOW = '2026-11-20T12:00:00Z';
const SENTENCE = 'AFTER-THE-LIST: the fix is deployed';
const CONTENT = `${Array.from({ length: 60 }, (_, i) => `${'  '.repeat(i)}- level ${i}`).join('\n')}\n\n${SENTENCE}\n`;

describe('an update nested past markdown-it\'s limit', () => {
  let root: string;
  let built: Awaited<ReturnType<typeof buildContent>>;
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'statuspress-deep-markdown-'));
    const content = path.join(root, 'content');
    await mkdir(path.join(content, 'components'), { recursive: true });
    await mkdir(path.join(content, 'notices'));
    await writeFile(path.join(content, 'site.yaml'), 'name: Deep Markdown\nurl: https://deep.example.org\ncreated_at: 2026-01-01T00:00:00Z\n');
    await writeFile(path.join(content, 'components/1-api.yaml'), 'id: 1\nname: API\ncreated_at: 2026-01-01T00:00:00Z\n');
    await writeFile(
      path.join(content, 'notices/1-deep.yaml'),
      `id: 1\ntype: unplanned\nsubject: Deep list\ncomponents: [1]\nupdates:\n  - at: 2026-11-20T11:00:00Z\n    state: investigating\n    content: ${JSON.stringify(CONTENT)}\n`,
    );
    built = await buildContent(content, Date.parse(NOW), 'deep-markdown');
  });
  afterAll(async () => {
    await built?.cleanup();
    await rm(root, { recursive: true, force: true });
  });

  it('shows the sentence after the list on the notice page, the status page and in the feed', () => {
    expect(built.get('/api/v1/notices/1').notice.updates[0].content).toContain(SENTENCE);
    for (const file of ['notices/1/index.html', 'index.html']) {
      expect(built.files.get(file), file).toContain(`<p>${SENTENCE}</p>`);
    }
    // The feed holds the update's HTML in a CDATA section.
    expect(built.files.get('feed.atom')).toContain(`<p>${SENTENCE}</p>`);
  });
});
