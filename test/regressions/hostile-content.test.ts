// Hostile content stays a clear content error, found in time linear in its size, and what reaches
// the output formats cannot break them. (Each test failed before its fix.)
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { Composer } from 'yaml';
import { build } from '../../src/build.js';
import { loadContent, validateContent } from '../../src/content/index.js';
import { ContentError } from '../../src/errors/error.js';
import { NOW, projects } from './project.js';

const { project } = projects('hostile-content');

describe('hostile content stays a clear content error, in bounded time', () => {
  it('a 600 KB notice listing 300,000 bad component ids is reported, not a crash (RangeError from a spread)', async () => {
    const { content } = project();
    const file = path.join(content, 'notices/1-errors.yaml');
    writeFileSync(file, readFileSync(file, 'utf8').replace('components: [2]', `components: [${Array(300_000).fill('0').join(',')}]`));
    const { issues } = validateContent(await loadContent(content));
    expect(issues.map((i) => `${i.file}:${i.line} ${i.code}`)).toEqual(['notices/1-errors.yaml:4 content/too-many-entries']);
    expect(issues[0]!.message).toContain('300000 entries');
  });

  it('a notice of 30,000 keys under one unknown key is refused before the composer checks them (quadratic key checks took minutes)', async () => {
    const { content } = project();
    const file = path.join(content, 'notices/1-errors.yaml');
    const original = readFileSync(file, 'utf8');
    /** The codes found with `count` keys under `extra`, and how many times the composer read the file. */
    const validate = async (count: number): Promise<{ codes: string[]; composed: number }> => {
      const keys = Array.from({ length: count }, (_, i) => `  k${i}: 1\n`).join('');
      const text = `${original}extra:\n${keys}`; // 30,000 keys: ~350 KB, under the 1 MiB limit
      writeFileSync(file, text);
      const compose = vi.spyOn(Composer.prototype, 'compose');
      try {
        const codes = validateContent(await loadContent(content)).issues.map((i) => i.code);
        return { codes, composed: compose.mock.calls.filter(([, , end]) => end === text.length).length };
      } finally {
        compose.mockRestore();
      }
    };
    // yaml's composer checks each key of a mapping against those before it: 30,000 keys are 450
    // million comparisons. The entries are counted on the syntax tree, which is linear, and a file
    // with too many refused before any composing. (Counted by what is called, not timed: the
    // comparisons happen inside the composer.) 1,000 keys are allowed, and composed for the
    // position of the unknown key: the count sees the composer.
    expect(await validate(1_000)).toEqual({ codes: ['content/unknown-key'], composed: 1 });
    expect(await validate(30_000)).toEqual({ codes: ['content/too-many-entries'], composed: 0 });
  });
});

describe('output formats cannot break', () => {
  it('escaped noncharacters (\\uFFFE, \\uFFFF), which are not XML characters, are refused before they reach the Atom feed or the SVG badges', async () => {
    const { dir, content } = project();
    const notice = path.join(content, 'notices/1-errors.yaml');
    writeFileSync(notice, readFileSync(notice, 'utf8').replace(/^subject: .*$/m, 'subject: "Errors \\uFFFE here"'));
    const component = path.join(content, 'components/1-api.yaml');
    writeFileSync(component, readFileSync(component, 'utf8').replace(/^name: .*$/m, 'name: "A\\uFFFFPI"'));
    const refused = await build({ contentDir: content, outDir: path.join(dir, 'dist'), now: NOW }).then(
      () => [],
      (error: unknown) => (error instanceof ContentError ? error.issues.map((i) => `${i.file} ${i.path} ${i.code}`) : [String(error)]),
    );
    // Refused, each where it is written: nothing is built, so nothing reaches a feed or a badge.
    expect(refused).toEqual(['components/1-api.yaml name content/noncharacter-escape', 'notices/1-errors.yaml subject content/noncharacter-escape']);
  });

  it.each([
    ['https:status.acme.com'], // published as written: a canonical link that resolves relative to the page
    ['https:///status.acme.com'],
    ['https://status.acme.com/\\u202e'], // a bidi override, invisible in the address bar and the API
    ['https://status.acme.com/\\u200b'], // a zero-width space
  ])('the site url %s is refused (not an absolute URL as written, or an invisible character)', async (url) => {
    const { content } = project();
    const site = path.join(content, 'site.yaml');
    writeFileSync(site, readFileSync(site, 'utf8').replace(/^url: .*$/m, `url: "${url}"`));
    const { issues } = validateContent(await loadContent(content));
    expect(issues.map((i) => `${i.file} ${i.code}`)).toEqual(['site.yaml content/bad-url']);
  });
});
