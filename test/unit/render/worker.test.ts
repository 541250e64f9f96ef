// The HTML renderer's work apart from its messages (renderJob, render/worker.ts) and the write
// thread's (BatchWriter, write/write-worker.ts), called here directly; the tests of the build start
// both as what they are, a thread or a process (theme.test.ts, html-thread.test.ts, output.test.ts).
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readContent } from '../../../src/content/index.js';
import { deriveSite } from '../../../src/derive/index.js';
import { renderHtml, siteRenderer, templatedPages, untemplatedFiles } from '../../../src/render/html.js';
import { loadTheme } from '../../../src/render/site/theme.js';
import { renderJob } from '../../../src/render/worker.js';
import { bounded, FileWriter } from '../../../src/write/files.js';
import { BatchWriter } from '../../../src/write/write-worker.js';
import { contentDir, nowOf } from '../../helpers/build.js';

describe('renderJob', () => {
  it('writes every file of the HTML site, as renderHtml makes them, and tells of each page of a site\'s own templates', async () => {
    const content = await readContent(contentDir('plain-site'));
    const now = nowOf('plain-site');
    const folder = mkdtempSync(path.join(tmpdir(), 'statuspress-job-'));
    const pages: string[] = [];
    const templates = path.join(import.meta.dirname, '../../fixtures/themed-site/templates');
    const written = await renderJob({ content, now, templatesDir: templates, required: true, folder, outDir: 'dist', part: 'site' }, (name, title) => pages.push(`${name}: ${title}`));
    const expected = [...renderHtml(deriveSite(content, now), await loadTheme(templates))];
    expect(written.paths).toEqual(expected.map((f) => f.path));
    for (const file of expected) expect(readFileSync(path.join(folder, file.path), 'utf8'), file.path).toBe(String(file.contents));
    // Each page, and the status page again as of each moment it carries (render/site/moments.ts).
    const home = String(expected.find((f) => f.path === 'index.html')!.contents);
    const moments = (JSON.parse(/data-statuspress="moments">([^<]*)</.exec(home)?.[1] ?? '[]') as unknown[]).length;
    expect(moments).toBeGreaterThan(0);
    expect(pages.length).toBe(expected.filter((f) => f.path.endsWith('.html')).length + moments);
    expect(pages[0]).toMatch(/^status: /);
  });
});

describe('the pages of the templates and the rest', () => {
  it('are the whole HTML site between them, each file once: the process of own templates renders the first, the build the rest', async () => {
    const content = await readContent(contentDir('plain-site'));
    const site = deriveSite(content, nowOf('plain-site'));
    const theme = await loadTheme(null);
    const paths = (files: Iterable<{ path: string }>): string[] => [...files].map((f) => f.path).sort();
    const pages = paths(templatedPages(site, siteRenderer(site, theme)));
    const rest = paths(untemplatedFiles(site, siteRenderer(site, theme)));
    expect([...pages, ...rest].sort()).toEqual(paths(renderHtml(site, theme)));
    expect(pages.filter((p) => rest.includes(p))).toEqual([]);
    expect(pages.every((p) => p.endsWith('.html'))).toBe(true);
    expect(rest.filter((p) => p.endsWith('.html'))).toEqual([]);
  });
});

describe('the writers', () => {
  it('refuses a file past a bound on what was given in all', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'statuspress-bound-'));
    const writer = bounded(new FileWriter(folder), (files, bytes) => {
      if (bytes > 10 + 4 * files) throw new Error(`over: ${files} files, ${bytes} bytes`);
    });
    writer.put({ path: 'a.txt', contents: '0123456789' });
    writer.put({ path: 'b.txt', contents: '01234' });
    expect(() => writer.put({ path: 'c.txt', contents: '0123456789' })).toThrow('over: 3 files, 25 bytes');
    expect((await writer.settle()).paths).toEqual(['a.txt', 'b.txt']);
  });

  it('writes a batch as the write thread does, with the copies of a large text file', () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'statuspress-batch-'));
    const big = Buffer.from('<p>status</p>\n'.repeat(1_000));
    const small = Buffer.from('{"ok":true}');
    const bytes = new Uint8Array(big.length + small.length);
    bytes.set(big, 0);
    bytes.set(small, big.length);
    const writer = new BatchWriter(folder);
    writer.write({ paths: ['index.html', 'api/v1/status.json'], ends: [big.length, big.length + small.length], bytes: bytes.buffer });
    expect(readFileSync(path.join(folder, 'api/v1/status.json'), 'utf8')).toBe('{"ok":true}');
    expect(readFileSync(path.join(folder, 'index.html'))).toEqual(big);
    expect(writer.files).toBe(4); // index.html, its .gz and .br, status.json
  });
});
