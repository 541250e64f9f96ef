// How the process of a site's own templates reads the texts to render ahead (render/worker.ts,
// readAhead): from the file the build wrote them into, which it then empties, since that file's
// space in the temporary folder is the one its pages file needs; and what it cannot read it leaves
// to the pages, never throwing.
import { closeSync, fstatSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { TextsAhead } from '../../../src/render/site/ahead.js';
import { renderMarkdown, renderWithMarkdownIt } from '../../../src/render/site/markdown.js';
import { readAhead } from '../../../src/render/worker.js';

const dir = mkdtempSync(path.join(tmpdir(), 'statuspress-worker-ahead-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const open: number[] = [];
afterEach(() => open.splice(0).forEach((fd) => closeSync(fd)));

/** A file open for reading and writing, holding `text`, as the build hands it over. */
function textsFile(text: string): number {
  const fd = openSync(path.join(dir, `texts-${open.length}`), 'w+', 0o600);
  open.push(fd);
  writeSync(fd, text, 0, 'utf8');
  return fd;
}

describe('readAhead', () => {
  it('renders the texts in the file, then empties it', () => {
    const texts: TextsAhead = { markdown: ['Read *ahead*, then [freed](https://a.example).'], moments: [], windows: [], locales: ['en'], zone: 'UTC' };
    const json = JSON.stringify(texts);
    const fd = textsFile(json);
    readAhead(Buffer.byteLength(json), fd);
    expect(fstatSync(fd).size).toBe(0);
    expect(renderMarkdown(texts.markdown[0]!)).toBe(renderWithMarkdownIt(texts.markdown[0]!));
  });

  it('empties a file it cannot read, and never throws', () => {
    for (const [text, bytes] of [
      ['{"markdown": [', 14],
      ['{}', 2],
      ['short', 1_000],
    ] as const) {
      const fd = textsFile(text);
      expect(() => readAhead(bytes, fd)).not.toThrow();
      expect(fstatSync(fd).size).toBe(0);
    }
  });
});
