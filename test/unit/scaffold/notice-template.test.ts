// Notice templates (templates/notices/NAME.yaml): named by a plain name only, read as YAML with
// strict keys, filled from --set with every placeholder required and every value used; the examples
// init writes start valid notices of its example site; the theme never reads the folder.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ContentError, StatuspressError } from '../../../src/errors/error.js';
import { loadTheme } from '../../../src/theme/theme.js';
import { initSite, NOTICE_TEMPLATES } from '../../../src/scaffold/init.js';
import { newNotice } from '../../../src/scaffold/new.js';
import { fillTemplate, loadNoticeTemplate, parseSets, placeholdersOf } from '../../../src/scaffold/notice-template.js';
import { snapshot, tempDir } from './helpers.js';

const NOW = Date.parse('2026-11-20T10:05:00Z');

async function templates(files: Record<string, string>): Promise<string> {
  const dir = path.join(await tempDir(), 'templates');
  await mkdir(path.join(dir, 'notices'), { recursive: true });
  for (const [file, text] of Object.entries(files)) await writeFile(path.join(dir, 'notices', file), text);
  return dir;
}

const codeOf = (fn: () => unknown): string => {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(StatuspressError);
    return (error as StatuspressError).code;
  }
  throw new Error('did not throw');
};

const OUTAGE = 'subject: "{service} unavailable"\ncomponents: [3]\ncontent: |\n  Since {since} UTC {service} fails. {since} again; {not a placeholder} and {}.\n';

describe('a notice template', () => {
  it('fills every placeholder of the subject and the text, once each, and keeps other braces', async () => {
    const template = loadNoticeTemplate(await templates({ 'outage.yaml': OUTAGE }), 'outage');
    expect(template).toEqual({ type: 'unplanned', subject: '{service} unavailable', components: [3], content: expect.any(String) });
    expect(placeholdersOf(template.content!)).toEqual(['since', 'service']);
    const filled = fillTemplate('outage', template, parseSets(['service=API', 'since={service} 10:05']));
    expect(filled).toEqual({
      type: 'unplanned',
      subject: 'API unavailable',
      components: [3],
      content: 'Since {service} 10:05 UTC API fails. {service} 10:05 again; {not a placeholder} and {}.\n',
    });
  });

  it('refuses a placeholder left unfilled, listing every missing key, and a value no placeholder takes', async () => {
    const template = loadNoticeTemplate(await templates({ 'outage.yaml': OUTAGE }), 'outage');
    let message = '';
    try {
      fillTemplate('outage', template, parseSets([]));
    } catch (error) {
      message = (error as Error).message;
      expect((error as StatuspressError).code).toBe('usage/notice-template-unfilled');
    }
    expect(message).toBe('The template "outage" needs --set service=… --set since=…: its placeholders {service}, {since} are not filled');
    expect(codeOf(() => fillTemplate('outage', template, parseSets(['service=a', 'since=b', 'sevrice=c'])))).toBe('usage/notice-template-unknown-set');
    expect(codeOf(() => parseSets(['service']))).toBe('usage/bad-set');
    expect(codeOf(() => parseSets(['=x']))).toBe('usage/bad-set');
    expect(codeOf(() => parseSets(['a=1', 'a=2']))).toBe('usage/bad-set');
    // A value may hold `=`.
    expect(parseSets(['query=a=b'])).toEqual(new Map([['query', 'a=b']]));
  });

  it('refuses a template whose filled text would be larger than a content file, instead of crashing', () => {
    // 300,000 uses of {a} filled with 5,000 characters: 1.5 GB, past what a string may hold.
    const template = { type: 'unplanned' as const, subject: 'x', content: '{a}'.repeat(300_000) };
    expect(codeOf(() => fillTemplate('bomb', template, parseSets([`a=${'x'.repeat(5000)}`])))).toBe('usage/notice-template-too-large');
    // A small one is filled as before.
    const small = { type: 'unplanned' as const, subject: '{a}', content: 'y' };
    expect(fillTemplate('small', small, parseSets(['a=b'])).subject).toBe('b');
  });

  it('is named by a plain name: paths and file names are refused before anything is read', async () => {
    const dir = await templates({ 'outage.yaml': OUTAGE });
    for (const name of ['../x', 'a/b', 'outage.yaml', '.hidden', '', '..', 'a\\b', '/etc/passwd']) {
      expect(codeOf(() => loadNoticeTemplate(dir, name)), name).toBe('usage/notice-template-name');
    }
    expect(codeOf(() => loadNoticeTemplate(dir, 'outge'))).toBe('usage/notice-template-missing');
  });

  it('refuses what is not a regular file of text before reading it as YAML', async () => {
    const dir = await templates({});
    await mkdir(path.join(dir, 'notices', 'folder.yaml'), { recursive: true });
    expect(codeOf(() => loadNoticeTemplate(dir, 'folder'))).toBe('usage/notice-template-invalid');
  });

  it('reads the YAML and the fields as content is read: each problem a content issue at its line', async () => {
    const bomb = `a: &a [x, x, x, x, x, x, x, x, x, x]\n${Array.from({ length: 6 }, (_, i) => `${'bcdefg'[i]}: &${'bcdefg'[i]} [${Array(10).fill(i === 0 ? '*a' : `*${'abcdefg'[i]}`).join(', ')}]`).join('\n')}\nsubject: x\n`;
    const dir = await templates({
      'extra.yaml': 'subject: x\nseverity: high\n',
      'kinds.yaml': 'subject: x\ncomponents: api\ntype: outage\n',
      'broken.yaml': 'subject: [x\n',
      'nosubject.yaml': 'content: x\n',
      'bomb.yaml': bomb,
      'unanchored.yaml': 'subject: *nowhere\n',
      'braces.yaml': `subject: x\ncontent: ${'{a}'.repeat(300_000)}\n`,
    });
    const issuesOf = (name: string): { line: number; path: string; code: string }[] => {
      try {
        loadNoticeTemplate(dir, name);
      } catch (error) {
        expect(error, name).toBeInstanceOf(ContentError);
        return (error as ContentError).issues.map(({ line, path: at, code, file }) => {
          expect(file).toBe(path.join(dir, 'notices', `${name}.yaml`).split(path.sep).join('/'));
          return { line, path: at, code };
        });
      }
      throw new Error(`${name} was taken`);
    };
    expect(issuesOf('extra')).toEqual([{ line: 2, path: 'severity', code: 'content/unknown-key' }]);
    expect(issuesOf('kinds').map((i) => [i.line, i.path])).toEqual([[2, 'components'], [3, 'type']]);
    expect(issuesOf('broken').map((i) => i.code)).toEqual(['content/yaml-syntax']);
    expect(issuesOf('nosubject')).toEqual([{ line: 1, path: 'subject', code: 'content/missing-key' }]);
    expect(issuesOf('bomb').map((i) => i.code)).toEqual(['content/alias-bomb']);
    expect(issuesOf('unanchored').map((i) => i.code)).toEqual(['content/alias-unresolved']);
    // 900 KB of mistakes: read up to the 50th, reported as a handful of lines.
    const braces = issuesOf('braces');
    expect(braces.length).toBeLessThanOrEqual(5);
    expect(braces.at(-1)!.code).toBe('content/too-many-yaml-mistakes');
  });

  it('as init writes them, each starts a valid incident of the example site', async () => {
    const dir = path.join(await tempDir(), 'site');
    await initSite(dir, { now: NOW, from: { kind: 'bundle', file: path.join(import.meta.dirname, '../../../bin/statuspress.js') } });
    const values: Record<string, string[]> = { 'api-outage': ['since=10:05', 'symptom=requests time out'], 'slow-webhooks': ['delay=up to 15 minutes'] };
    expect(Object.keys(NOTICE_TEMPLATES).map((f) => f.replace('.yaml', ''))).toEqual(Object.keys(values));
    for (const [name, sets] of Object.entries(values)) {
      const filled = fillTemplate(name, loadNoticeTemplate(path.join(dir, 'templates'), name), parseSets(sets));
      const created = await newNotice(path.join(dir, 'content'), { ...filled, now: NOW });
      expect(created.notice!.state).toBe(filled.state);
    }
    const files = await snapshot(path.join(dir, 'content/notices'));
    expect(files['2-api-unavailable.yaml']).toContain('Since 10:05 UTC requests time out.');
  });

  it('is never read by the theme: templates/notices/ may hold anything', async () => {
    const dir = await templates({ 'outage.yaml': OUTAGE, 'status.hbs': '{{#if}}' });
    expect((await loadTheme(dir)).warnings).toEqual([]);
  });
});
