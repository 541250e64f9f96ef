import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { readContent } from '../../../src/content/index.js';
import { StatuspressError } from '../../../src/errors/error.js';
import { initSite } from '../../../src/scaffold/init.js';
import { newComponent, newNotice } from '../../../src/scaffold/new.js';
import { slugify } from '../../../src/scaffold/yaml.js';
import { snapshot, tempDir } from './helpers.js';

const NOW = Date.parse('2026-11-20T10:05:00Z');
const EXAMPLE = path.join(import.meta.dirname, '../../../content');

/** A status repository from `initSite`, made once: each test writes into a copy of it. */
let initialised: string;
beforeAll(async () => {
  initialised = path.join(await mkdtemp(path.join(tmpdir(), 'statuspress-new-')), 'site');
  await initSite(initialised, { now: NOW });
});
afterAll(() => rm(path.dirname(initialised), { recursive: true, force: true }));

/** A content folder from `initSite`: components 1-4 (3 and 4 under 2), notice 1. */
async function initContent(): Promise<string> {
  const dir = await tempDir();
  // The repository but its copy of the CLI, which nothing here reads.
  await cp(initialised, dir, { recursive: true, filter: (source) => path.basename(source) !== '.statuspress' });
  return path.join(dir, 'content');
}

async function rejectsWithUsage(promise: Promise<unknown>, ...fragments: string[]): Promise<StatuspressError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(StatuspressError);
  // A usage error: its code names the entry (`usage/…`), and the CLI exits 2.
  expect((error as StatuspressError).code).toMatch(/^usage\//);
  expect((error as StatuspressError).exitCode).toBe(2);
  for (const fragment of fragments) expect((error as StatuspressError).message).toContain(fragment);
  return error as StatuspressError;
}

const HOSTILE = [
  'API: "errors" & \'timeouts\' # not a comment',
  '<script>alert("x")</script>',
  'two\nlines',
  '- starts like a list item',
  '*not an alias',
  '0b101',
  'yes',
  'null',
  '2026-11-20',
  '  leading and trailing  ',
  'tab\there',
  '{ flow: map }',
  '%YAML 1.1',
  'ünïcödé — 日本語 🚀',
  '\n\nstarts with blank lines',
  ' indented first line\nsecond',
  'trailing spaces  \nnext  \n',
  'ends with blank lines\n\n\n',
  'line separator \u2028 and bidi override \u202e stay text',
  '__proto__',
  '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[',
  'x'.repeat(300),
];

describe('newNotice', () => {
  it('takes the next id and names the file after it and the subject', async () => {
    const dir = await initContent();
    const created = await newNotice(dir, { type: 'unplanned', subject: 'Elevated error rates on the REST API today!', components: [3], now: NOW });
    expect(created).toEqual({
      id: 2,
      file: 'notices/2-elevated-error-rates-on-the-rest.yaml',
      elsewhere: [],
      warnings: [],
      notice: { id: 2, subject: 'Elevated error rates on the REST API today!', type: 'unplanned', state: 'investigating' },
    });
    const again = await newNotice(dir, { type: 'general', subject: '!!!', now: NOW });
    expect(again).toEqual({ id: 3, file: 'notices/3-notice.yaml', elsewhere: [], warnings: [], notice: { id: 3, subject: '!!!', type: 'general', state: 'open' } });
  });

  it('counts from the largest id, in a folder with no notices and in the example content', async () => {
    const empty = await initContent();
    await rm(path.join(empty, 'notices'), { recursive: true });
    expect((await newNotice(empty, { type: 'general', subject: 'First', now: NOW })).id).toBe(1);

    const example = path.join(await tempDir(), 'content');
    await cp(EXAMPLE, example, { recursive: true });
    expect((await newNotice(example, { type: 'general', subject: 'Next', now: NOW })).id).toBe(28);
  });

  it('reads ids from content that is otherwise invalid, and returns problems outside the new file without refusing', async () => {
    const dir = await initContent();
    await writeFile(path.join(dir, 'notices/weird-name.yaml'), 'id: 40\ntype: unplanned\nsubject: Broken\nupdates:\n  - at: yesterday\n    state: nope\n    content: x\n');
    const created = await newNotice(dir, { type: 'unplanned', subject: 'Fine', now: NOW });
    expect(created.id).toBe(41);
    // Not the new file's problems, so they do not stop it; the CLI shows them as warnings.
    expect(created.elsewhere.map((i) => `${i.file} ${i.path}`)).toEqual(['notices/weird-name.yaml updates.0.at', 'notices/weird-name.yaml updates.0.state']);
  });

  it("writes the default first update in the site's default language", async () => {
    const dir = await initContent();
    const site = await readFile(path.join(dir, 'site.yaml'), 'utf8');
    await writeFile(path.join(dir, 'site.yaml'), `${site}\nlocale: de\n`);
    const { id } = await newNotice(dir, { type: 'unplanned', subject: 'Ausfall', now: NOW });
    expect((await readContent(dir)).notices.find((n) => n.id === id)!.updates[0]!.content).toBe('Wir untersuchen dieses Problem und melden uns, sobald wir mehr wissen.');
    const general = await newNotice(dir, { type: 'general', subject: 'Neue Zeiten', now: NOW });
    expect((await readContent(dir)).notices.find((n) => n.id === general.id)!.updates[0]!.content).toBe('Weitere Informationen folgen.');
  });

  it('writes one update at now with the default state and content of each type', async () => {
    const dir = await initContent();
    await newNotice(dir, { type: 'unplanned', subject: 'Outage', components: [1, 3], now: NOW });
    await newNotice(dir, {
      type: 'planned',
      subject: 'Database upgrade',
      components: [3],
      beginsAt: '2026-11-25T02:00:00+01:00',
      endsAt: '2026-11-25T04:00:00+01:00',
      now: NOW,
    });
    await newNotice(dir, { type: 'general', subject: 'New support hours', now: NOW });
    const notices = (await readContent(dir)).notices.sort((a, b) => a.id - b.id);
    expect(notices.map((n) => [n.id, n.type, n.components, n.updates.map((u) => [u.at, u.state])])).toEqual([
      [1, 'general', [], [[NOW, null]]],
      [2, 'unplanned', [1, 3], [[NOW, 'investigating']]],
      [3, 'planned', [3], [[NOW, 'scheduled']]],
      [4, 'general', [], [[NOW, null]]],
    ]);
    expect(notices[2]).toMatchObject({ beginsAt: Date.parse('2026-11-25T01:00:00Z'), endsAt: Date.parse('2026-11-25T03:00:00Z') });
    for (const notice of notices.slice(1)) expect(notice.updates[0]!.content).toMatch(/\S/);
    const text = await readFile(path.join(dir, 'notices/2-outage.yaml'), 'utf8');
    expect(text).toContain('components: [1, 3]');
    expect(text).toContain('at: 2026-11-20T10:05:00Z');
  });

  describe('with no time given', () => {
    // The point is that it reads the clock: a fake one, at a moment with milliseconds.
    afterEach(() => {
      vi.useRealTimers();
    });

    it('dates the update now, to the second', async () => {
      const dir = await initContent();
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.parse('2026-11-20T10:05:07.654Z'));
      const { id } = await newNotice(dir, { type: 'general', subject: 'Now' });
      vi.useRealTimers();
      const at = (await readContent(dir)).notices.find((n) => n.id === id)!.updates[0]!.at;
      expect(at).toBe(Date.parse('2026-11-20T10:05:07Z'));
    });
  });

  it('writes the given state and content', async () => {
    const dir = await initContent();
    const content = 'Fixed.\n\n- `502` errors are gone\n- retry: safe # really\n';
    const { id } = await newNotice(dir, { type: 'unplanned', subject: 'Resolved one', state: 'resolved', content, now: NOW });
    const notice = (await readContent(dir)).notices.find((n) => n.id === id)!;
    expect(notice.updates[0]).toMatchObject({ state: 'resolved', content });
  });

  it.each(HOSTILE)('round-trips the subject %j exactly', async (subject) => {
    const dir = await initContent();
    const { id, file } = await newNotice(dir, { type: 'unplanned', subject, content: subject, now: NOW });
    expect(file).toMatch(/^notices\/2-[a-z0-9-]+\.yaml$/);
    const notice = (await readContent(dir)).notices.find((n) => n.id === id)!;
    expect(notice.subject).toBe(subject);
    expect(notice.updates[0]!.content).toBe(subject);
  });

  it('refuses unknown component ids, writing nothing', async () => {
    const dir = await initContent();
    const before = await snapshot(dir);
    await rejectsWithUsage(newNotice(dir, { type: 'unplanned', subject: 'X', components: [3, 99], now: NOW }), '--components: ', 'no component has id 99');
    expect(await snapshot(dir)).toEqual(before);
  });

  it('refuses a state that does not belong to the type, writing nothing', async () => {
    const dir = await initContent();
    const before = await snapshot(dir);
    await rejectsWithUsage(newNotice(dir, { type: 'unplanned', subject: 'X', state: 'scheduled', now: NOW }), '--state: ', 'not a state of an unplanned notice');
    await rejectsWithUsage(newNotice(dir, { type: 'general', subject: 'X', state: 'investigating', now: NOW }), 'general notice have no state');
    expect(await snapshot(dir)).toEqual(before);
  });

  it('refuses a planned notice without its window, or ending before it begins, writing nothing', async () => {
    const dir = await initContent();
    const before = await snapshot(dir);
    const error = await rejectsWithUsage(newNotice(dir, { type: 'planned', subject: 'Upgrade', now: NOW }), 'begins_at', 'ends_at');
    expect(error.message).toContain('2 problems');
    await rejectsWithUsage(
      newNotice(dir, { type: 'planned', subject: 'Upgrade', beginsAt: '2026-11-25T04:00:00Z', endsAt: '2026-11-25T02:00:00Z', now: NOW }),
      '--ends-at: is before begins_at',
    );
    await rejectsWithUsage(
      newNotice(dir, { type: 'planned', subject: 'Upgrade', beginsAt: '2026-11-25 02:00', endsAt: '2026-11-25T04:00:00Z', now: NOW }),
      '--begins-at: timestamp needs a time zone',
    );
    await rejectsWithUsage(newNotice(dir, { type: 'unplanned', subject: 'X', beginsAt: '2026-11-25T02:00:00Z', now: NOW }), 'only planned notices have begins_at');
    expect(await snapshot(dir)).toEqual(before);
  });

  it('refuses bad arguments: type, empty subject, now', async () => {
    const dir = await initContent();
    const before = await snapshot(dir);
    await rejectsWithUsage(newNotice(dir, { type: 'incident' as 'general', subject: 'X', now: NOW }), 'unplanned, planned, general');
    await rejectsWithUsage(newNotice(dir, { type: 'general', subject: ' ', now: NOW }), 'subject: must not be empty');
    await rejectsWithUsage(newNotice(dir, { type: 'general', subject: 'X', now: Number.POSITIVE_INFINITY }), 'now');
    expect(await snapshot(dir)).toEqual(before);
  });

  it('never overwrites a file that already has the name', async () => {
    const dir = await initContent();
    await writeFile(path.join(dir, 'notices/2-outage.yaml'), 'id: 2\n');
    // 2-outage.yaml holds id 2 (invalid otherwise), so the next id is 3: no clash.
    expect((await newNotice(dir, { type: 'unplanned', subject: 'Outage', now: NOW })).file).toBe('notices/3-outage.yaml');
    // A file named for the next id but carrying another one is left alone.
    await writeFile(path.join(dir, 'notices/4-outage.yaml'), 'not: a notice\n');
    const before = await snapshot(dir);
    await rejectsWithUsage(newNotice(dir, { type: 'unplanned', subject: 'Outage', now: NOW }), 'already exists');
    expect(await snapshot(dir)).toEqual(before);
  });

  it('reports a missing content folder as a usage error', async () => {
    const error = await newNotice(path.join(await tempDir(), 'nope'), { type: 'general', subject: 'X', now: NOW }).catch((e: unknown) => e);
    expect((error as StatuspressError).code).toBe('usage/no-content-folder');
  });

  it.each(['crlf\r\nline', 'bell \u0007', 'nul \u0000', 'nel \u0085'])('refuses the control characters in %j and writes nothing', async (subject) => {
    const dir = await initContent();
    const before = await snapshot(dir);
    const error = await newNotice(dir, { type: 'general', subject, now: NOW }).catch((e: unknown) => e);
    expect((error as StatuspressError).message).toMatch(/subject: ".*" holds a control character/);
    expect(await snapshot(dir)).toEqual(before);
  });
});

describe('newComponent', () => {
  it('takes the next id, names the file, and writes a component that validates', async () => {
    const dir = await initContent();
    const created = await newComponent(dir, { name: 'GraphQL API', description: 'Queries: "all" #1', parentId: 2, position: 3, now: NOW });
    expect(created).toEqual({ id: 5, file: 'components/5-graphql-api.yaml', elsewhere: [], warnings: [] });
    const component = (await readContent(dir)).components.find((c) => c.id === 5)!;
    expect(component).toMatchObject({ name: 'GraphQL API', description: 'Queries: "all" #1', parentId: 2, position: 3, createdAt: NOW, updatedAt: NOW });
    expect((await newComponent(dir, { name: 'Status', now: NOW })).file).toBe('components/6-status.yaml');
  });

  it('starts at 1 in a folder without components', async () => {
    const dir = path.join(await tempDir(), 'content');
    await mkdir(dir);
    await writeFile(path.join(dir, 'site.yaml'), 'name: X\nurl: https://x.example\ncreated_at: 2024-01-01T00:00:00Z\n');
    await mkdir(path.join(dir, 'notices'));
    expect(await newComponent(dir, { name: 'Website', now: NOW })).toEqual({ id: 1, file: 'components/1-website.yaml', elsewhere: [], warnings: [] });
    expect((await readContent(dir)).components).toHaveLength(1);
  });

  it.each(HOSTILE)('round-trips the name %j exactly', async (name) => {
    const dir = await initContent();
    const { id } = await newComponent(dir, { name, description: name, now: NOW });
    const component = (await readContent(dir)).components.find((c) => c.id === id)!;
    expect(component.name).toBe(name);
    expect(component.description).toBe(name);
  });

  it('refuses an unknown parent, writing nothing', async () => {
    const dir = await initContent();
    const before = await snapshot(dir);
    await rejectsWithUsage(newComponent(dir, { name: 'Orphan', parentId: 42, now: NOW }), '--parent: ', 'no component has id 42');
    await rejectsWithUsage(newComponent(dir, { name: 'Orphan', parentId: -1, now: NOW }), '--parent: ');
    await rejectsWithUsage(newComponent(dir, { name: '', now: NOW }), 'name: must not be empty');
    expect(await snapshot(dir)).toEqual(before);
  });
});

describe('slugify', () => {
  it('keeps at most six lowercase ascii words', () => {
    expect(slugify('Élevated  ERROR rates: on the REST API (EU)', 'notice')).toBe('elevated-error-rates-on-the-rest');
    expect(slugify('日本語', 'notice')).toBe('notice');
    expect(slugify('a'.repeat(300), 'notice')).toHaveLength(60);
  });
});
