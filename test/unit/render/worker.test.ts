// The HTML renderer's work apart from its messages (renderJob, render/job.ts), called here directly;
// the tests of the build start it as what it is, a thread or a process (theme.test.ts, html-thread.test.ts).
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readContent } from '../../../src/content/index.js';
import { deriveSite } from '../../../src/derive/index.js';
import { renderHtml, siteRenderer, templatedPages, untemplatedFiles } from '../../../src/render/html.js';
import { loadTheme } from '../../../src/theme/theme.js';
import { renderJob } from '../../../src/render/job.js';
import { contentDir, nowOf } from '../../helpers/build.js';

describe('renderJob', () => {
  it('writes every file of the HTML site, as renderHtml makes them, and tells of each page of a site\'s own templates', async () => {
    const content = await readContent(contentDir('plain-site'));
    const now = nowOf('plain-site');
    const folder = mkdtempSync(path.join(tmpdir(), 'statuspress-job-'));
    const pages: string[] = [];
    const templates = path.join(import.meta.dirname, '../../fixtures/themed-site/templates');
    const loaded = loadTheme(templates, { required: true, onPage: (name, title) => pages.push(`${name}: ${title}`) });
    const written = await renderJob({ content, now, templatesDir: templates, required: true, folder, outDir: 'dist', part: 'site' }, loaded);
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
