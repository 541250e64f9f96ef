// The YAML mistakes people make: each is one issue, at the line that is wrong, with its own code and
// how to fix it; valid comments are never flagged, and hostile text reaches a message only as a short
// escaped excerpt. (The catalogue of bad content, test/fixtures/bad/yaml-*, runs one of each through
// the CLI.)
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Composer, LineCounter, Parser } from 'yaml';
import { loadContent, validateContent } from '../../../src/content/index.js';
import { parseFast } from '../../../src/content/fast-yaml.js';
import { yamlMistakes } from '../../../src/content/yaml-mistakes.js';
import { formatIssue } from '../../../src/errors/error.js';
import { FIXTURES, SITE, writeContent } from './helpers.js';

const HEAD = 'id: 3\ntype: unplanned\nsubject: Slow API\nupdates:\n  - at: 2026-11-20T10:00:00Z\n    state: investigating\n';

/** Every issue of a site whose notice 3 is `text`, as `line:column  path: message  [code]`. */
async function issuesOf(text: string): Promise<string[]> {
  const dir = await writeContent({ 'site.yaml': SITE, 'notices/3.yaml': text });
  return validateContent(await loadContent(dir)).issues.map((i) => `${formatIssue(i).replace(/^notices\/3\.yaml:/, '')}  [${i.code}]`);
}

describe('one message for each YAML mistake, at the line that is wrong', () => {
  it.each([
    [
      'a colon and a space in text, twice on the line: one issue, at the text',
      `${HEAD}    content: Root cause: a bad deploy. Fix: rolled back\n`,
      '7:14  updates.0.content: YAML reads the ": " after "Root cause" as a key, not as text; put the whole text in quotes, or write it as a block with |  [content/yaml-colon-in-text]',
    ],
    [
      'a colon and a space in text going on over a second line: at that line',
      `${HEAD}    content: We rolled back\n      the deploy: done\n`,
      '8:7  updates.0.content: YAML reads the ": " after "the deploy" as a key, not as text; put the whole text in quotes, or write it as a block with |  [content/yaml-colon-in-text]',
    ],
    [
      'a key one space too far in: at the key, not at the line above it',
      `${HEAD}     content: Looking.\n`,
      '7:6  "content" is indented 5 spaces, but the keys above it are at 4 spaces; keys of one mapping line up exactly: indent it 4 spaces  [content/yaml-indentation]',
    ],
    [
      'a key one space too far in, after a block of text',
      `${HEAD}    content: |\n      Looking.\n     impact: none\n`,
      '9:6  "impact" is indented 5 spaces, but the keys above it are at 4 spaces; keys of one mapping line up exactly: indent it 4 spaces  [content/yaml-indentation]',
    ],
    [
      'a key one space short',
      `${HEAD}   content: Looking.\n`,
      '7:4  "content" is indented 3 spaces, but the keys above it are at 4 spaces; keys of one mapping line up exactly: indent it 4 spaces  [content/yaml-indentation]',
    ],
    [
      'a top-level key indented',
      'id: 3\n type: unplanned\nsubject: Slow API\n',
      '2:2  "type" is indented 1 space, but the keys above it are not indented; keys of one mapping line up exactly: remove the indentation  [content/yaml-indentation]',
    ],
    ['a tab as indentation', `${HEAD}\tcontent: Looking.\n`, '7:1  a tab indents this line, and YAML indents with spaces only; replace the tab with spaces  [content/yaml-tab]'],
    [
      'no space after a colon',
      `${HEAD.replace('state: investigating', 'state:investigating')}    content: Looking.\n`,
      '6:11  "state:investigating" has no space after the colon, so YAML does not read a key in it; write "state: investigating"  [content/yaml-no-space-after-colon]',
    ],
    [
      'no space after the colon of the last key of a mapping',
      `${HEAD}    content: Looking.\n    impact:none\n`,
      '8:12  "impact:none" has no space after the colon, so YAML does not read a key in it; write "impact: none"  [content/yaml-no-space-after-colon]',
    ],
    [
      'a double quote never closed: at the quote, not at the end of the file',
      `${HEAD.replace('subject: Slow API', 'subject: "Slow API')}    content: Looking.\n`,
      '3:10  this text starts with " but does not end with one on its line; end it with " (a " inside it is written \\"), or remove the first "  [content/yaml-unclosed-quote]',
    ],
    [
      'a double quote never closed, with another quote further down',
      `${HEAD.replace('subject: Slow API', 'subject: "Slow API')}    content: "Looking."\n`,
      '3:10  this text starts with " but does not end with one on its line; end it with " (a " inside it is written \\"), or remove the first "  [content/yaml-unclosed-quote]',
    ],
    [
      'a single quote never closed',
      `${HEAD}    content: 'Looking.\n`,
      "7:14  this text starts with ' but does not end with one on its line; end it with ' (a ' inside it is written ''), or remove the first '  [content/yaml-unclosed-quote]",
    ],
    [
      'text after a closing quote',
      `${HEAD.replace('subject: Slow API', 'subject: "Slow" API')}    content: Looking.\n`,
      '3:10  subject: the text goes on after its closing "; put the whole text in quotes (a " inside is written \\"), or remove the quotes  [content/yaml-text-after-quote]',
    ],
    [
      'a list item one space further in than the one above',
      `${HEAD}    content: Looking.\n   - at: 2026-11-20T11:00:00Z\n     content: Fixed.\n`,
      '8:4  this "-" is indented 3 spaces, but the items above it are at 2 spaces; every "-" of one list lines up: indent it 2 spaces  [content/yaml-list-indentation]',
    ],
    [
      'a list item one space short',
      `${HEAD}    content: Looking.\n - at: 2026-11-20T11:00:00Z\n   content: Fixed.\n`,
      '8:2  this "-" is indented 1 space, but the items above it are at 2 spaces; every "-" of one list lines up: indent it 2 spaces  [content/yaml-list-indentation]',
    ],
    [
      'a list item lined up with the keys of the item above',
      `${HEAD}    content: Looking.\n    - at: 2026-11-20T11:00:00Z\n      content: Fixed.\n`,
      '8:5  this "-" is indented 4 spaces, but the items above it are at 2 spaces; every "-" of one list lines up: indent it 2 spaces  [content/yaml-list-indentation]',
    ],
    [
      'text starting with @',
      `${HEAD}    content: @oncall is looking.\n`,
      '7:14  updates.0.content: YAML reserves "@" at the start of text; put the whole text in quotes  [content/yaml-reserved-start]',
    ],
    [
      'text starting with a backtick',
      `${HEAD}    content: \`deploy\` failed.\n`,
      '7:14  updates.0.content: YAML reserves "`" at the start of text; put the whole text in quotes  [content/yaml-reserved-start]',
    ],
    [
      'text starting with * and more after it: one issue, not an alias issue too',
      `${HEAD}    content: *Update:* looking.\n`,
      '7:14  updates.0.content: a * at the start makes an alias (*name), not text; put the whole text in quotes  [content/yaml-reserved-start]',
    ],
    [
      'text starting with & alone',
      `${HEAD}    content: & co are looking.\n`,
      '7:14  a & at the start makes an anchor (&name), not text, and leaves its name out; put the whole text in quotes  [content/yaml-reserved-start]',
    ],
    [
      'text starting with &word, which YAML takes as an anchor and drops',
      `${HEAD}    content: &Co are looking.\n`,
      '7:14  updates.0.content: a & at the start makes an anchor (&name), not text, and leaves its name out; put the whole text in quotes  [content/yaml-reserved-start]',
    ],
    [
      'text starting with [',
      `${HEAD}    content: [draft] looking.\n`,
      '7:14  updates.0.content: a [ at the start makes a list, not text; put the whole text in quotes  [content/yaml-reserved-start]',
    ],
    [
      'a key twice',
      `${HEAD}    content: Looking.\n    content: Still looking.\n`,
      '8:5  updates.0: key "content" appears twice in the same mapping (first on line 7); keep only one  [content/duplicate-key]',
    ],
  ])('%s', async (_, text, expected) => {
    expect(await issuesOf(text)).toEqual([expected]);
  });

  it('reports independent mistakes on different lines each once', async () => {
    const text = 'id: 3\ntype: unplanned\nsubject: API: slow: very\nupdates:\n  - at: 2026-11-20T10:00:00Z\n    state: investigating\n    content: Cause: a deploy\n';
    expect(await issuesOf(text)).toEqual([
      '3:10  subject: YAML reads the ": " after "API" as a key, not as text; put the whole text in quotes, or write it as a block with |  [content/yaml-colon-in-text]',
      '7:14  YAML reads the ": " after "Cause" as a key, not as text; put the whole text in quotes, or write it as a block with |  [content/yaml-colon-in-text]',
    ]);
  });

  it('says nothing about what the parser guesses below a line indented wrongly', async () => {
    const text = `${HEAD}    content: Looking.\n   - at: 2026-11-20T11:00:00Z\n    state: resolved\n    content: Fixed: rolled back\n`;
    expect(await issuesOf(text)).toHaveLength(1);
  });
});

describe('a comment that cuts text short', () => {
  it('is flagged in a key that holds text, at the #, with what was lost', async () => {
    expect(await issuesOf(`${HEAD}    content: We deployed the fix #2 now\n`)).toEqual([
      '7:34  updates.0.content: " #" starts a comment, so "#2 now" is left out of the text; put the whole text in quotes to keep it, or move the comment to a line of its own  [content/yaml-comment-in-text]',
    ]);
    // `#42` after a space is a comment too: the subject would read "Fix for issue".
    expect(await issuesOf(`${HEAD.replace('subject: Slow API', 'subject: Fix for issue #42')}    content: Looking.\n`)).toEqual([
      '3:24  subject: " #" starts a comment, so "#42" is left out of the text; put the whole text in quotes to keep it, or move the comment to a line of its own  [content/yaml-comment-in-text]',
    ]);
  });

  it('is flagged in components and site.yaml too, and at the last line of text over several', async () => {
    const dir = await writeContent({
      'site.yaml': `${SITE}state_text:\n  degraded: Some parts #are slow\n`,
      'components/1.yaml': 'id: 1\nname: API\ndescription: The public\n  API #v2\ncreated_at: 2024-01-01T00:00:00Z\n',
    });
    expect(validateContent(await loadContent(dir)).issues.map((i) => `${formatIssue(i)}  [${i.code}]`)).toEqual([
      'components/1.yaml:4:7  description: " #" starts a comment, so "#v2" is left out of the text; put the whole text in quotes to keep it, or move the comment to a line of its own  [content/yaml-comment-in-text]',
      'site.yaml:5:24  state_text.degraded: " #" starts a comment, so "#are slow" is left out of the text; put the whole text in quotes to keep it, or move the comment to a line of its own  [content/yaml-comment-in-text]',
    ]);
  });

  it('is not flagged on its own line, after ids, times, states and lists, in quoted or block text, without a space before #, or as a comment (a space after #)', async () => {
    const text = [
      '# A notice.',
      'id: 3 # the next free id',
      'type: unplanned   # an incident',
      'subject: "Fix #2 for issue #42" # quoted',
      'components: [1] # the API',
      'tags: [api] # one tag',
      'updates:',
      '  # The first report.',
      '  - at: 2026-11-20T10:00:00Z # from the pager',
      '    state: investigating # set by hand',
      '    content: |',
      '      We deployed fix #2 now. # still text',
      '  - at: 2026-11-20T11:00:00Z',
      '    state: resolved',
      '    content: Fixed in release#42',
      '    # a closing comment',
      '',
    ].join('\n');
    // `name: API   # v2` is how the format's own examples comment a value.
    const dir = await writeContent({ 'site.yaml': SITE, 'components/1.yaml': 'id: 1\nname: API # v2\ndescription: Public REST endpoints     # default ""\ncreated_at: 2024-01-01T00:00:00Z\n', 'notices/3.yaml': text });
    expect(validateContent(await loadContent(dir)).issues.map((issue) => formatIssue(issue))).toEqual([]);
  });

  it('sends a plain text value with a comment to the careful parser, and keeps the fast path for the rest', () => {
    expect(parseFast('subject: Fix for issue #42\n')).toBeUndefined();
    expect(parseFast('description: a # b\n')).toBeUndefined();
    expect(parseFast('id: 3 # three\nstate: investigating # by hand\nsubject: "Fix #2" # quoted\n')).toEqual({ id: 3, state: 'investigating', subject: 'Fix #2' });
  });

  it('leaves an anchor an alias uses alone', async () => {
    expect(await issuesOf(`${HEAD.replace('subject: Slow API', 'subject: &s Slow API')}    content: *s\n`)).toEqual([]);
  });
});

describe('valid content stays valid', () => {
  it('every fixture site meant to build, and the example content', async () => {
    const sites = [
      path.join(FIXTURES, '../../content'),
      ...readdirSync(FIXTURES)
        .filter((name) => !['bad', 'hostile', 'invalid-many', 'invalid-yaml', 'empty-site'].includes(name))
        .map((name) => path.join(FIXTURES, name, 'content')),
    ];
    for (const dir of sites) {
      const issues = validateContent(await loadContent(dir)).issues.filter((i) => i.code.startsWith('content/yaml-'));
      expect(issues.map((issue) => formatIssue(issue)), dir).toEqual([]);
    }
  });
});

describe('hostile text in these messages', () => {
  it('quotes only a short escaped excerpt of a huge line', async () => {
    const huge = `\u202e${'x'.repeat(200_000)}`;
    const [colon] = await issuesOf(`${HEAD}    content: ${huge}: y\n`);
    expect(colon).toMatch(/^7:14 {2}updates\.0\.content: YAML reads the ": " after "\\u202ex{29}…" as a key/);
    const [comment] = await issuesOf(`${HEAD}    content: a #${huge}\n`);
    expect(comment).toMatch(/so "#\\u202ex{28}…" is left out/);
    const [slip] = await issuesOf(`${HEAD}    content: Looking.\n    impact:${huge}\n`);
    expect(slip).toMatch(/^8:12 {2}"impact:\\u202ex{32}…" has no space after the colon/);
    for (const line of [colon, comment, slip]) expect(line!.length).toBeLessThan(400);
  });

  it('finds the mistakes of a 500 KB line and 1,900 bad lines in time linear in the text', async () => {
    /** A notice 1/8 (`eighths` 1) to all (8) of: a first line of 500 KB, then 1,900 lines, each a mistake. */
    const hostile = (eighths: number): string => {
      const keys = Array.from({ length: (1_900 * eighths) / 8 }, (_, i) => `    k${i}: @b \`c\n`).join('');
      return `${HEAD}    content: @${'x '.repeat((250_000 * eighths) / 8)}\n${keys}`;
    };
    const lines = await issuesOf(hostile(8));
    // At most 100 issues, one a line.
    expect(lines).toHaveLength(100);
    expect(lines[0]).toBe('7:14  updates.0.content: YAML reserves "@" at the start of text; put the whole text in quotes  [content/yaml-reserved-start]');
    // Below the first mistake the nodes are the parser's guesses: no field path.
    expect(lines[1]).toBe('8:9  YAML reserves "@" at the start of text; put the whole text in quotes  [content/yaml-reserved-start]');
    expect(lines[99]).toMatch(/^106:10 {2}/);
    // The work, counted: each error's line is looked up in the line counter's table of line starts
    // (a binary search). Counted from the start of the text instead, each lookup would read up to
    // the 500 KB line again (that went unnoticed under a 5 s bound); looking at every error rather
    // than stopping at the 100th mistake, the lookups would grow with the errors. The text and
    // its errors grow eight times; the lookups stay the same, and are the counter's. (A regular
    // expression backtracking over the long line would take minutes: the run above would not end.)
    /** The errors yaml finds in `text`, parsed as source.ts does, and the line lookups the mistakes took. */
    const lookups = (text: string): { errors: number; mistakes: number; lookups: number } => {
      const counter = new LineCounter();
      const tokens = [...new Parser(counter.addNewLine).parse(text)];
      const [doc] = [...new Composer({ uniqueKeys: true, logLevel: 'error' }).compose(tokens, true, text.length)];
      const linePos = counter.linePos;
      let calls = 0;
      counter.linePos = (offset) => {
        calls += 1;
        return linePos(offset);
      };
      const mistakes = yamlMistakes(text, doc!, tokens, counter).length;
      return { errors: doc!.errors.length, mistakes, lookups: calls };
    };
    const small = lookups(hostile(1));
    const large = lookups(hostile(8));
    expect(large.errors).toBeGreaterThan(7 * small.errors);
    expect([small.mistakes, large.mistakes]).toEqual([100, 100]);
    expect(small.lookups).toBeGreaterThanOrEqual(small.mistakes);
    expect(large.lookups).toBe(small.lookups);
  }, 120_000);
});
