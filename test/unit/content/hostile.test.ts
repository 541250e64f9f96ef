// Hostile values and the messages about them: every one is a clear issue at its place, quoted short
// and escaped, and nothing unprintable gets through to the model (and from there into pages).
import { describe, expect, it } from 'vitest';
import { lineage } from '../../../src/derive/components.js';
import { formatIssue } from '../../../src/errors/error.js';
import type { Component } from '../../../src/content/types.js';
import { SITE, problems, writeContent } from './helpers.js';

const notice = (body: string): Record<string, string> => ({
  'site.yaml': SITE,
  'notices/1.yaml': `id: 1\ntype: general\nsubject: Hi\n${body}updates:\n  - at: 2026-11-20T10:05:00Z\n    content: Hello.\n`,
});

const component = (id: number, parent: number | null): string =>
  `id: ${id}\nname: C${id}\n${parent === null ? '' : `parent_id: ${parent}\n`}created_at: 2024-01-01T00:00:00Z\n`;

describe('unprintable characters', () => {
  it('refuses a raw NUL byte at its line and column', async () => {
    const dir = await writeContent({ 'site.yaml': SITE, 'notices/1.yaml': 'id: 1\ntype: general\nsubject: a\u0000b\n' });
    expect(await problems(dir)).toEqual(['notices/1.yaml:3:11  holds the control character U+0000, which YAML does not allow in a file; remove it']);
  });

  it('refuses control characters that escapes put into text, and shows them escaped', async () => {
    const dir = await writeContent(notice('tags: ["a\\0b", "bell\\x07"]\n'));
    expect(await problems(dir)).toEqual([
      'notices/1.yaml:4:8  tags.0: "a\\u0000b" holds a control character (from an escape such as \\0 or \\x07); remove it',
      'notices/1.yaml:4:16  tags.1: "bell\\u0007" holds a control character (from an escape such as \\0 or \\x07); remove it',
    ]);
  });

  it('keeps every message on one line, whatever line breaks the value holds', async () => {
    const dir = await writeContent({ 'site.yaml': SITE.replace('created_at: 2024-01-01T00:00:00Z', 'created_at: "2024-01-01\\r\\nForged: line"') });
    const lines = await problems(dir);
    expect(lines).toEqual(['site.yaml:3:13  created_at: "2024-01-01\\r\\nForged: line" is not a timestamp; write ISO 8601 with a time zone, e.g. 2026-11-20T10:05:00Z']);
    expect(lines.join('')).not.toMatch(/[\r\n]/);
  });

  it('quotes at most a short excerpt of text it could not parse', async () => {
    const secret = `!<tag:${'s3cr3t'.repeat(60)}>`;
    const dir = await writeContent({ 'site.yaml': SITE, 'notices/1.yaml': `id: 1\nsubject: ${secret} x\n` });
    const [line] = await problems(dir);
    expect(line!.length).toBeLessThan(220);
    expect(line).not.toContain('s3cr3t'.repeat(30));
  });
});

describe('timestamps and the site address', () => {
  it.each([
    ['0000-01-01T00:00:00+01:00', 'year -1 in UTC'],
    ['9999-12-31T23:30:00-01:00', 'year 10000 in UTC'],
  ])('refuses %s (%s), which no output could write', async (at) => {
    const dir = await writeContent({ 'site.yaml': SITE.replace('2024-01-01T00:00:00Z', at) });
    expect(await problems(dir)).toEqual([`site.yaml:3:13  created_at: "${at}" falls outside the years 0000-9999 once converted to UTC; check the year and the zone`]);
  });

  it.each([
    ['https://status.acme.com/"><script>alert(1)</script>', 'contains "\\""'],
    ["https://status.acme.com/'onmouseover", `contains "'"`],
    ['https://status.acme.com/<b>', 'contains "<"'],
    ['https://status.acme.com/a\u0007', 'contains "\\u0007"'],
    ['https://', 'is not an absolute URL'],
  ])('refuses the site url %j', async (url, why) => {
    const dir = await writeContent({ 'site.yaml': SITE.replace('url: https://status.acme.com', `url: ${JSON.stringify(url)}`) });
    const [line] = await problems(dir);
    expect(line).toContain(why);
    expect(line).toMatch(/^site\.yaml:2:6 {2}url: /);
  });
});

describe('messages that used to mislead', () => {
  it('reports an alias without an anchor at the alias, without a hint about alias counts', async () => {
    const dir = await writeContent(notice('tags: [*missing]\n'));
    expect(await problems(dir)).toEqual(['notices/1.yaml:4:8  the alias *missing names no anchor before it; to write text that starts with *, put the whole text in quotes (or define &missing first)']);
  });

  it('reports a null key at the key, saying what was written', async () => {
    const dir = await writeContent(notice('null: 3\n'));
    expect(await problems(dir)).toEqual([
      'notices/1.yaml:4:1  unknown key with no name (null:, ~: or "":); remove it (allowed here: id, type, subject, components, tags, begins_at, ends_at, auto_transition, expires_at, began_at, ended_at, impact_seconds, impact, updates, postmortem, audience, translations)',
    ]);
  });

  it('names a long parent cycle briefly in each file', async () => {
    const files: Record<string, string> = { 'site.yaml': SITE };
    for (let id = 1; id <= 200; id++) files[`components/${id}.yaml`] = component(id, id === 200 ? 1 : id + 1);
    const lines = await problems(await writeContent(files));
    expect(lines).toHaveLength(200);
    expect(lines[0]).toBe('components/1.yaml:3:12  parent_id: parent cycle 1 → 2 → 3 → 4 → 5 → 6 → 7 → 8 → … (200 components); change one of these parent_id values to break it');
    expect(Math.max(...lines.map((l) => l.length))).toBeLessThan(200);
  });
});

describe('deep component trees', () => {
  it('reports a chain past the depth limit once, at the first component too deep, without recursing', async () => {
    const files: Record<string, string> = { 'site.yaml': SITE };
    for (let id = 1; id <= 2000; id++) files[`components/${id}.yaml`] = component(id, id === 1 ? null : id - 1);
    expect(await problems(await writeContent(files))).toEqual([
      'components/17.yaml:3:12  parent_id: nested 17 levels deep; components may nest at most 16 levels: attach it higher up the tree',
    ]);
  });

  it('derives the lineage of an 8,000-deep chain without overflowing the stack', () => {
    const chain: Component[] = Array.from({ length: 8000 }, (_, i) => ({
      id: i + 1,
      name: `C${i + 1}`,
      description: '',
      parentId: i === 0 ? null : i,
      position: null,
      metrics: true,
      createdAt: 0,
      updatedAt: 0,
      file: `components/${i + 1}.yaml`,
    }));
    const lines = lineage(chain);
    expect(lines.get(8000)).toHaveLength(8000);
    expect(lines.get(8000)!.slice(0, 3)).toEqual([8000, 7999, 7998]);
    expect(lines.get(1)).toEqual([1]);
  });
});

it('formats every issue on one line', () => {
  expect(formatIssue({ file: 'a.yaml', line: 1, column: 1, path: 'x', message: 'two\nlines\r' })).toBe('a.yaml:1:1  x: two\\nlines\\r');
});
