import { execFileSync } from 'node:child_process';
import { symlinkSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadContent } from '../../../src/content/index.js';
import { MAX_FILE_BYTES } from '../../../src/content/source.js';
import { StatuspressError, formatIssue } from '../../../src/errors/error.js';
import { SITE, fixture, writeContent } from './helpers.js';

const NOTICE = 'id: 1\ntype: general\nsubject: Hi\nupdates:\n  - at: 2026-11-20T10:05:00Z\n    content: Hello.\n';

describe('loadContent', () => {
  it('finds every file, sorted, by forward-slash path relative to the folder', async () => {
    const loaded = await loadContent(fixture('valid-minimal'));
    expect(loaded.issues).toEqual([]);
    expect(loaded.site?.file).toBe('site.yaml');
    expect(loaded.components.map((s) => s.file)).toEqual(['components/1-api.yaml', 'components/3-rest.yaml']);
    expect(loaded.notices.map((s) => s.file)).toEqual([
      'notices/42-api-errors.yaml',
      'notices/43-db-upgrade.yaml',
      'notices/44-new-region.yaml',
    ]);
    expect(loaded.notices.every((s) => s.usable && s.doc !== null)).toBe(true);
    expect(loaded.components[1]!.data).toMatchObject({ id: 3, parent_id: 1, updated_at: '2024-06-01T02:00:00+02:00' });
  });

  it('takes .yml as well, and ignores dotfiles, other extensions and subfolders', async () => {
    const dir = await writeContent({
      'site.yml': SITE,
      'notices/1.yml': NOTICE,
      'notices/.2.yaml.swp': 'junk: [',
      'notices/README.md': '# notes',
      'notices/old/3.yaml': 'junk: [',
    });
    const loaded = await loadContent(dir);
    expect(loaded.issues).toEqual([]);
    expect(loaded.site?.file).toBe('site.yml');
    expect(loaded.notices.map((s) => s.file)).toEqual(['notices/1.yml']);
  });

  it('throws a usage error with a hint when the folder does not exist', async () => {
    const missing = path.join(fixture('valid-minimal'), 'nope');
    const error = await loadContent(missing).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StatuspressError);
    expect(error).toMatchObject({ code: 'usage/no-content-folder', exitCode: 2, message: `No content folder at ${missing}` });
    expect((error as StatuspressError).hint).toMatch(/--content/);
  });

  it('reports a missing site.yaml, and two of them, as issues', async () => {
    expect((await loadContent(await writeContent({ 'notices/1.yaml': NOTICE }))).issues.map((issue) => formatIssue(issue))).toEqual([
      expect.stringMatching(/^site\.yaml:1:1 {2}no site\.yaml in .*; create it with name, url and created_at$/),
    ]);
    const both = await loadContent(await writeContent({ 'site.yaml': SITE, 'site.yml': SITE }));
    expect(both.issues.map((issue) => formatIssue(issue))).toEqual(['site.yml:1:1  both site.yaml and site.yml exist; keep one']);
    expect(both.site?.file).toBe('site.yaml');
  });

  it('reports YAML syntax errors at the parser position and keeps going', async () => {
    const loaded = await loadContent(fixture('invalid-yaml'));
    expect(loaded.issues.map((issue) => formatIssue(issue))).toEqual([
      'components/1-api.yaml:4:1  YAML syntax error: Flow sequence in block collection must be sufficiently indented and end with a ]',
      'notices/10-dup-key.yaml:5:1  key "subject" appears twice in the same mapping (first on line 3); keep only one',
      'notices/11-two-docs.yaml:7:1  one document per file; remove the second document (after ---) or move it to its own file',
    ]);
    expect(loaded.components[0]!.usable).toBe(false);
    expect(loaded.notices.map((s) => s.usable)).toEqual([false, false, true]);
  });

  it('turns alias bombs, deep nesting and circular aliases into issues', async () => {
    const loaded = await loadContent(fixture('hostile'));
    expect(loaded.issues.map((issue) => formatIssue(issue))).toEqual([
      'notices/3-bomb.yaml:5:8  its aliases (*name) expand to more than 100 nodes; use fewer aliases',
      'notices/4-deep.yaml:1:1  nested 100 levels deep; content files may nest at most 64 levels',
      'notices/5-loop.yaml:4:14  this alias refers to a node that contains it; content cannot be circular',
    ]);
    expect(loaded.notices.slice(2).map((s) => s.data)).toEqual([undefined, undefined, undefined]);
  });

  it('catches an alias bomb written in every anchor position: line start, after a colon, in flow brackets', async () => {
    // Nine levels of ten aliases each expand to a billion nodes unless the careful path limits them.
    const levels = (open: (i: number) => string): string =>
      Array.from({ length: 9 }, (_, i) => `${open(i)}[${Array(10).fill(i === 0 ? '"lol"' : `*l${i - 1}`).join(',')}]`).join('\n');
    const dir = await writeContent({
      'site.yaml': SITE,
      'notices/1.yaml': `${levels((i) => `l${i}: &l${i} `)}\n`,
      'notices/2.yaml': `{${levels((i) => `"l${i}":&l${i} `).replaceAll('\n', ',')}}\n`,
      'notices/3.yaml': `- [${levels((i) => `&l${i} `).replaceAll('\n', ',')}]\n`,
      // js-yaml reads an anchor straight after a verbatim tag, with nothing between them.
      'notices/4.yaml': `${levels((i) => `l${i}: !<tag:yaml.org,2002:seq>&l${i} `)}\n`,
    });
    const loaded = await loadContent(dir);
    const found = new Set(loaded.issues.map((i) => `${i.file} ${i.message.slice(0, 40)}`));
    expect([...found]).toEqual([
      'notices/1.yaml its aliases (*name) expand to more than ',
      'notices/2.yaml its aliases (*name) expand to more than ',
      'notices/3.yaml its aliases (*name) expand to more than ',
      // `yaml` wants a space there (one error per anchor), and still limits the aliases.
      'notices/4.yaml YAML syntax error: Tags and anchors must',
      'notices/4.yaml its aliases (*name) expand to more than ',
    ]);
    expect(loaded.notices.map((s) => s.usable)).toEqual([false, false, false, false]);
  });

  it('reads a file with a %YAML 1.1 directive as YAML 1.1 (the careful parser), never as 1.2', async () => {
    const dir = await writeContent({ 'site.yaml': SITE, 'notices/1.yaml': `%YAML 1.1\n---\n${NOTICE.replace('subject: Hi', 'subject: yes')}` });
    const [notice] = (await loadContent(dir)).notices;
    // YAML 1.1 reads `yes` as true and a timestamp as a date, which validation then refuses.
    expect(notice!.data).toMatchObject({ subject: true, updates: [{ at: expect.any(Date) }] });
  });

  it('gives the same data for an & in prose as without it', async () => {
    const dir = await writeContent({ 'site.yaml': SITE, 'notices/1.yaml': NOTICE.replace('Hello.', 'Q&A & R&D fixed.') });
    const loaded = await loadContent(dir);
    expect(loaded.issues).toEqual([]);
    expect(loaded.notices[0]!.data).toMatchObject({ subject: 'Hi', updates: [{ content: 'Q&A & R&D fixed.' }] });
  });

  it('never hands thousands of nesting levels to the recursive composer', async () => {
    // Composing 1000 levels and then 10000 in one process used to abort Node itself (a V8 OOM in
    // the RegExp compiler while near the stack limit), which no try/catch can report.
    const deep = (levels: number): string => `tags: ${'['.repeat(levels)}${']'.repeat(levels)}\n`;
    const dir = await writeContent({ 'site.yaml': SITE, 'notices/1.yaml': deep(1000), 'notices/2.yaml': deep(10000), 'notices/3.yaml': deep(63) });
    expect((await loadContent(dir)).issues.map((issue) => formatIssue(issue))).toEqual([
      'notices/1.yaml:1:1  nested 1000 levels deep; content files may nest at most 64 levels',
      'notices/2.yaml:1:1  nested 10000 levels deep; content files may nest at most 64 levels',
    ]);
  });

  it('keeps __proto__ an ordinary key and never touches Object.prototype', async () => {
    const loaded = await loadContent(fixture('hostile'));
    const data = loaded.notices[1]!.data as Record<string, unknown>;
    expect(Object.getPrototypeOf(data)).toBe(Object.prototype);
    expect(Object.hasOwn(data, '__proto__')).toBe(true);
    expect((data as { polluted?: unknown }).polluted).toBeUndefined();
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
  });

  it('does not parse a file over 1 MiB, and does parse one of exactly 1 MiB', async () => {
    const comment = (bytes: number): string => `${NOTICE}#${'x'.repeat(bytes - NOTICE.length - 2)}\n`;
    const dir = await writeContent({ 'site.yaml': SITE, 'notices/1.yaml': comment(MAX_FILE_BYTES), 'notices/2.yaml': comment(MAX_FILE_BYTES + 1) });
    const loaded = await loadContent(dir);
    expect(loaded.issues.map((issue) => formatIssue(issue))).toEqual([
      'notices/2.yaml:1:1  file is 1048577 bytes; content files may be at most 1 MiB (1048576 bytes)',
    ]);
    expect(loaded.notices.map((s) => [s.usable, s.doc === null])).toEqual([
      [true, false],
      [false, true],
    ]);
  });

  it('reports a file that is not UTF-8', async () => {
    const dir = await writeContent({ 'site.yaml': SITE, 'notices/1.yaml': Buffer.from([0x69, 0x64, 0x3a, 0x20, 0xff, 0xfe, 0x0a]) });
    expect((await loadContent(dir)).issues.map((issue) => formatIssue(issue))).toEqual(['notices/1.yaml:1:1  not valid UTF-8; save the file as UTF-8']);
  });

  it('lists .yaml and .yml files and links to files inside the folder; reports every other *.yaml entry', async () => {
    const dir = await writeContent({
      'site.yaml': SITE,
      'notices/1.yaml': NOTICE,
      'notices/2.yml': NOTICE.replace('id: 1', 'id: 2'),
      'notices/.3.yaml': NOTICE,
      'notices/4.yaml.bak': NOTICE,
      'notices/folder.yaml/5.yaml': NOTICE,
      'elsewhere/6.yaml': NOTICE.replace('id: 1', 'id: 6'),
    });
    symlinkSync(path.join(dir, 'elsewhere/6.yaml'), path.join(dir, 'notices/6.yaml'));
    symlinkSync(path.join(dir, 'missing.yaml'), path.join(dir, 'notices/7.yaml'));
    symlinkSync(path.join(dir, 'notices/8.yaml'), path.join(dir, 'notices/8.yaml'));
    const loaded = await loadContent(dir);
    expect(loaded.notices.map((s) => s.file)).toEqual(['notices/1.yaml', 'notices/2.yml', 'notices/6.yaml']);
    expect(loaded.issues.map((issue) => formatIssue(issue))).toEqual([
      'notices/7.yaml:1:1  is a symbolic link to nothing (its target is missing); replace it with the file itself',
      'notices/8.yaml:1:1  is a symbolic link in a loop; replace it with the file itself',
      'notices/folder.yaml:1:1  is a folder, not a file; content files must be plain YAML files',
    ]);
  });

  it('reports a FIFO named like a content file instead of blocking on it or skipping it', async () => {
    const dir = await writeContent({ 'site.yaml': SITE, 'notices/1.yaml': NOTICE });
    execFileSync('mkfifo', [path.join(dir, 'notices/2.yaml')]);
    const loaded = await loadContent(dir);
    expect(loaded.notices.map((s) => s.file)).toEqual(['notices/1.yaml']);
    expect(loaded.issues.map((issue) => formatIssue(issue))).toEqual([
      'notices/2.yaml:1:1  is a named pipe (FIFO), not a file; content files must be plain YAML files',
    ]);
  });
});
