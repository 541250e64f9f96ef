import { chmod, cp, lstat, mkdir, readFile, readdir, stat, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { readContent } from '../../../src/content/index.js';
import { StatuspressError } from '../../../src/errors/error.js';
import { resolveNotice, updateNotice } from '../../../src/scaffold/update.js';
import { snapshot, tempDir } from './helpers.js';

const T = (iso: string): number => Date.parse(iso);
const NOW = T('2026-11-21T00:00:00Z');
const EXAMPLE = path.join(import.meta.dirname, '../../../content');
const SITE = 'name: Acme Status\nurl: https://status.acme.com\ncreated_at: 2024-01-01T00:00:00Z\n';
const COMPONENT = 'id: 3\nname: REST API\ncreated_at: 2024-01-01T00:00:00Z\n';

/** A content folder with site.yaml, component 3 and `notices` (file name → text). */
async function contentWith(notices: Record<string, string>): Promise<string> {
  const dir = path.join(await tempDir(), 'content');
  await mkdir(path.join(dir, 'notices'), { recursive: true });
  await mkdir(path.join(dir, 'components'));
  await writeFile(path.join(dir, 'site.yaml'), SITE);
  await writeFile(path.join(dir, 'components/3-rest-api.yaml'), COMPONENT);
  for (const [file, text] of Object.entries(notices)) await writeFile(path.join(dir, 'notices', file), text);
  return dir;
}

/**
 * What `after` added to `before`: the one stretch of text it inserted, checked to be the only
 * difference (everything before and after it byte for byte as it was).
 */
function inserted(before: string, after: string): string {
  let start = 0;
  while (start < before.length && before[start] === after[start]) start++;
  const added = after.length - before.length;
  expect(added).toBeGreaterThan(0);
  expect(after.slice(0, start) + after.slice(start + added), 'nothing but an insertion').toBe(before);
  return after.slice(start, start + added);
}

async function refused(promise: Promise<unknown>, code: string, ...fragments: string[]): Promise<StatuspressError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(StatuspressError);
  expect((error as StatuspressError).code).toBe(code);
  for (const fragment of fragments) expect((error as StatuspressError).message).toContain(fragment);
  return error as StatuspressError;
}

const INCIDENT = `# An incident, written by hand.
id: 42                       # never changes
type: unplanned
subject: "Elevated error rates: REST API"
components: [ 3 ]
updates:
  - at: 2026-11-20T10:05:00Z   # first report
    state: investigating
    content: |
      We are investigating elevated error rates.

      More soon.
  # the fix is rolling out
  - at: 2026-11-20T10:40:00Z
    state: identified
    content: >-
      A bad deploy;
      rolling back.

# end of file
`;

describe('updateNotice keeps the file byte for byte but the update it appends', () => {
  it('appends after the last update, laid out like it, comments and quoting untouched', async () => {
    const dir = await contentWith({ 'weird-name.yaml': INCIDENT });
    const changed = await updateNotice(dir, 42, { state: 'resolved', content: 'Error rates are back to normal.', now: NOW });
    const standing = { id: 42, subject: 'Elevated error rates: REST API', type: 'unplanned' };
    expect(changed).toEqual({
      file: 'notices/weird-name.yaml',
      update: { id: 42003, state: 'resolved' },
      before: { ...standing, state: 'identified' },
      after: { ...standing, state: 'resolved' },
      set: {},
      notes: [],
      elsewhere: [],
    });
    const after = await readFile(path.join(dir, 'notices/weird-name.yaml'), 'utf8');
    expect(inserted(INCIDENT, after)).toBe('  - at: 2026-11-21T00:00:00Z\n    state: resolved\n    content: Error rates are back to normal.\n');
    expect(after.endsWith('      rolling back.\n  - at: 2026-11-21T00:00:00Z\n    state: resolved\n    content: Error rates are back to normal.\n\n# end of file\n')).toBe(true);
  });

  it.each([
    ['a list at the column of its key', 'id: 1\ntype: general\nsubject: S\nupdates:\n- at: 2026-11-20T10:00:00Z\n  content: x\ntags: [a]\n', '- at: 2026-11-21T00:00:00Z\n  content: |\n    Two\n\n    paragraphs: "quoted" # not a comment\n'],
    ['four spaces', 'id: 1\ntype: general\nsubject: S\nupdates:\n    -   at: 2026-11-20T10:00:00Z\n        content: |\n            Block text\n            four past its key\n', '    -   at: 2026-11-21T00:00:00Z\n        content: |\n            Two\n\n            paragraphs: "quoted" # not a comment\n'],
    ['CRLF line breaks and no break at the end', 'id: 1\r\ntype: general\r\nsubject: S\r\nupdates:\r\n  - at: 2026-11-20T10:00:00Z\r\n    content: x', '\r\n  - at: 2026-11-21T00:00:00Z\r\n    content: |\r\n      Two\r\n\r\n      paragraphs: "quoted" # not a comment\r\n'],
    ['a document marker and a comment on the last line', '---\nid: 1\ntype: general\nsubject: S\nupdates:\n  - at: 2026-11-20T10:00:00Z\n    content: "x"  # trailing\n', '  - at: 2026-11-21T00:00:00Z\n    content: |\n      Two\n\n      paragraphs: "quoted" # not a comment\n'],
  ])('in a file with %s', async (_, text, item) => {
    const dir = await contentWith({ '1.yaml': text });
    await updateNotice(dir, 1, { content: 'Two\n\nparagraphs: "quoted" # not a comment\n', now: NOW });
    expect(inserted(text, await readFile(path.join(dir, 'notices/1.yaml'), 'utf8'))).toBe(item);
    const notice = (await readContent(dir)).notices[0]!;
    expect(notice.updates.at(-1)).toMatchObject({ index: notice.updates.length - 1, at: NOW, content: 'Two\n\nparagraphs: "quoted" # not a comment\n' });
  });

  it('round-trips every notice of the example content, each read back with its new last update', async () => {
    const dir = path.join(await tempDir(), 'content');
    await cp(EXAMPLE, dir, { recursive: true });
    const later = T('2027-01-01T00:00:00Z');
    const files = (await readdir(path.join(dir, 'notices'))).sort();
    for (const file of files) {
      const before = await readFile(path.join(dir, 'notices', file), 'utf8');
      const { id, type } = parse(before) as { id: number; type: string };
      const state = type === 'unplanned' ? 'recovering' : type === 'planned' ? 'underway' : undefined;
      const content = `Update of ${file}: "quoted", # not a comment\n\n- a list item\n`;
      // A month later every notice is stale: --reopen; the incidents are reopened as they go: --announcement.
      const changed = await updateNotice(dir, id, { content, ...(state ? { state } : {}), now: later, reopen: true, announcement: true });
      expect(changed.file).toBe(`notices/${file}`);
      inserted(before, await readFile(path.join(dir, 'notices', file), 'utf8'));
    }
    const notices = (await readContent(dir)).notices;
    expect(notices).toHaveLength(files.length);
    for (const notice of notices) expect(notice.updates.at(-1)).toMatchObject({ at: later, content: expect.stringMatching(/^Update of /) as unknown });
  });

  it('dates the update with --at as written, and says when it is withheld', async () => {
    const dir = await contentWith({ '42.yaml': INCIDENT });
    const changed = await updateNotice(dir, 42, { state: 'recovering', content: 'Soon.', at: '2026-11-21T09:00:00+01:00', now: NOW });
    expect(await readFile(path.join(dir, 'notices/42.yaml'), 'utf8')).toContain('  - at: 2026-11-21T09:00:00+01:00\n    state: recovering\n');
    expect(changed.notes.map((n) => [n.code, n.path])).toEqual([['content/withheld', 'updates.2.at']]);
  });

  it('moves a planned window in place, with the update that says so', async () => {
    const planned = 'id: 25\ntype: planned\nsubject: Upgrade\nbegins_at: 2026-11-29T02:00:00Z   # Sunday\nends_at: "2026-11-29T04:00:00Z"\nupdates:\n  - at: 2026-11-20T15:00:00Z\n    state: scheduled\n    content: Planned.\n';
    const dir = await contentWith({ '25.yaml': planned });
    const changed = await updateNotice(dir, 25, {
      state: 'scheduled',
      content: 'Moved by a week.',
      beginsAt: '2026-12-06T02:00:00Z',
      endsAt: '2026-12-06T04:00:00Z',
      now: NOW,
    });
    expect(changed.set).toEqual({ begins_at: '2026-12-06T02:00:00Z', ends_at: '2026-12-06T04:00:00Z' });
    expect(await readFile(path.join(dir, 'notices/25.yaml'), 'utf8')).toBe(
      planned.replace('2026-11-29T02:00:00Z   # Sunday', '2026-12-06T02:00:00Z   # Sunday').replace('"2026-11-29T04:00:00Z"', '2026-12-06T04:00:00Z') +
        '  - at: 2026-11-21T00:00:00Z\n    state: scheduled\n    content: Moved by a week.\n',
    );
  });
});

describe('updateNotice refuses, writing nothing, naming the option that gave the value', () => {
  const GENERAL = 'id: 5\ntype: general\nsubject: Hours\nupdates:\n  - at: 2026-11-20T10:00:00Z\n    content: x\n';

  it.each([
    [{ state: 'identifed' }, '--state: "identifed" is not a state of an unplanned notice; did you mean "identified"?'],
    [{}, '--state: missing; each update of an unplanned notice needs a state'],
    [{ state: 'resolved', at: '2026-11-21 10:00' }, '--at: timestamp needs a time zone'],
    [{ state: 'resolved', content: ' ' }, '--message: must not be empty'],
    [{ state: 'resolved', beginsAt: '2026-11-29T02:00:00Z' }, '--begins-at: only planned notices have begins_at'],
  ])('%j', async (options, message) => {
    const dir = await contentWith({ '42.yaml': INCIDENT });
    const before = await snapshot(dir);
    const error = await refused(updateNotice(dir, 42, { content: 'x', ...options, now: NOW }), 'usage/edit-invalid', 'The update to notices/42.yaml was not written', message);
    expect(error.exitCode).toBe(2);
    expect(await snapshot(dir)).toEqual(before);
  });

  it('a state on a general notice, and a notice the file makes invalid already', async () => {
    const dir = await contentWith({ '5.yaml': GENERAL, '6.yaml': 'id: 6\ntype: unplanned\nsubject: S\ncolour: red\nupdates:\n  - at: 2026-11-20T10:00:00Z\n    state: investigating\n    content: x\n' });
    const before = await snapshot(dir);
    await refused(updateNotice(dir, 5, { state: 'resolved', content: 'x', now: NOW }), 'usage/update-announcement', 'is an announcement, not an incident, and has no state (--state "resolved")');
    await refused(updateNotice(dir, 6, { state: 'resolved', content: 'x', now: NOW }), 'usage/edit-invalid', 'colour: unknown key');
    expect(await snapshot(dir)).toEqual(before);
  });

  it('an id no file carries, two files carrying it, an id that is none', async () => {
    const dir = await contentWith({ '5.yaml': GENERAL, '5-copy.yaml': GENERAL });
    const before = await snapshot(dir);
    await refused(updateNotice(dir, 7, { content: 'x', now: NOW }), 'usage/no-such-notice', 'No notice has id 7');
    const twice = await refused(updateNotice(dir, 5, { content: 'x', now: NOW }), 'content/notice-id-twice', 'notices/5-copy.yaml, notices/5.yaml');
    expect(twice.exitCode).toBe(1);
    await refused(updateNotice(dir, 0, { content: 'x', now: NOW }), 'usage/notice-id-needed');
    await refused(updateNotice(dir, 5, { content: undefined as unknown as string, now: NOW }), 'usage/update-needs-message');
    expect(await snapshot(dir)).toEqual(before);
  });

  it('updates written as a flow list: the file cannot be added to in place', async () => {
    const dir = await contentWith({ '5.yaml': 'id: 5\ntype: general\nsubject: S\nupdates: [{at: 2026-11-20T10:00:00Z, content: x}]\n' });
    const before = await snapshot(dir);
    await refused(updateNotice(dir, 5, { content: 'y', now: NOW }), 'content/cannot-edit-in-place', 'updates is not a block list');
    expect(await snapshot(dir)).toEqual(before);
  });
});

describe('updateNotice and the rest of the content', () => {
  it('writes despite problems in other files, and returns them', async () => {
    const dir = await contentWith({ '42.yaml': INCIDENT, '9.yaml': 'id: 9\ntype: outage\n' });
    const changed = await updateNotice(dir, 42, { state: 'resolved', content: 'Done.', now: NOW });
    expect(changed.elsewhere.map((i) => `${i.file} ${i.path}`)).toEqual(['notices/9.yaml subject', 'notices/9.yaml updates', 'notices/9.yaml type']);
    expect((await readFile(path.join(dir, 'notices/42.yaml'), 'utf8')).endsWith('    content: Done.\n\n# end of file\n')).toBe(true);
  });

  it('replaces the file a link leads to, keeps its mode, and leaves no temporary file', async () => {
    const dir = await contentWith({});
    await mkdir(path.join(dir, 'notices/archive'));
    await writeFile(path.join(dir, 'notices/archive/42.yaml'), INCIDENT);
    await chmod(path.join(dir, 'notices/archive/42.yaml'), 0o640);
    await symlink('archive/42.yaml', path.join(dir, 'notices/42.yaml'));
    await updateNotice(dir, 42, { state: 'resolved', content: 'Done.', now: NOW });
    expect((await lstat(path.join(dir, 'notices/42.yaml'))).isSymbolicLink()).toBe(true);
    expect(inserted(INCIDENT, await readFile(path.join(dir, 'notices/archive/42.yaml'), 'utf8'))).toContain('content: Done.');
    expect((await stat(path.join(dir, 'notices/archive/42.yaml'))).mode & 0o777).toBe(0o640);
    expect(await readdir(path.join(dir, 'notices/archive'))).toEqual(['42.yaml']);
    expect(await readdir(path.join(dir, 'notices'))).toEqual(['42.yaml', 'archive']);
  });

  it('leaves the file as it is when the folder cannot be written', async () => {
    const dir = await contentWith({ '42.yaml': INCIDENT });
    const notices = path.join(dir, 'notices');
    await chmod(notices, 0o555);
    try {
      // root may write anyway; the test means something only where permissions hold.
      const error = await updateNotice(dir, 42, { state: 'resolved', content: 'Done.', now: NOW }).catch((e: unknown) => e);
      if (error instanceof StatuspressError) {
        expect(error.code).toBe('output/edit-write-failed');
        expect(await readFile(path.join(notices, '42.yaml'), 'utf8')).toBe(INCIDENT);
      }
    } finally {
      await chmod(notices, 0o755);
    }
    expect((await readdir(notices)).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });
});

describe('resolveNotice', () => {
  const PLANNED = (extra = ''): string =>
    `id: 25\ntype: planned\nsubject: Upgrade\nbegins_at: 2026-11-29T02:00:00Z\nends_at: 2026-11-29T04:00:00Z\n${extra}updates:\n  - at: 2026-11-20T15:00:00Z\n    state: scheduled\n    content: Planned.\n`;
  const GENERAL = (extra = ''): string => `# Support hours\nid: 26\ntype: general\nsubject: Hours\n${extra}updates:\n  - at: 2026-11-20T16:00:00Z\n    content: Reduced hours.\n`;

  it('resolves an incident with a resolved update, and refuses to resolve it twice', async () => {
    const dir = await contentWith({ '42.yaml': INCIDENT });
    const changed = await resolveNotice(dir, 42, { now: NOW });
    expect(changed.update).toEqual({ id: 42003, state: 'resolved' });
    const after = await readFile(path.join(dir, 'notices/42.yaml'), 'utf8');
    expect(inserted(INCIDENT, after)).toBe('  - at: 2026-11-21T00:00:00Z\n    state: resolved\n    content: This incident has been resolved.\n');
    await refused(resolveNotice(dir, 42, { now: NOW + 60_000 }), 'usage/notice-already-ended', 'Notice 42 is resolved already');
    expect(await readFile(path.join(dir, 'notices/42.yaml'), 'utf8')).toBe(after);
  });

  it("writes the default resolution in the site's default language (locale: de)", async () => {
    const dir = await contentWith({ '42.yaml': INCIDENT, '25.yaml': PLANNED() });
    await writeFile(path.join(dir, 'site.yaml'), `${SITE}locale: de\ntime_zone: Europe/Berlin\n`);
    await resolveNotice(dir, 42, { now: NOW });
    expect(inserted(INCIDENT, await readFile(path.join(dir, 'notices/42.yaml'), 'utf8'))).toBe('  - at: 2026-11-21T00:00:00Z\n    state: resolved\n    content: Diese Störung ist behoben.\n');
    // With `locales`, the first is the default language.
    await writeFile(path.join(dir, 'site.yaml'), `${SITE}locales: [fr, en]\n`);
    await resolveNotice(dir, 25, { now: T('2026-11-29T03:30:00Z') });
    expect(await readFile(path.join(dir, 'notices/25.yaml'), 'utf8')).toContain('    state: complete\n    content: Cette maintenance est terminée.\n');
  });

  it('refuses a maintenance before its window; completes one that has begun, by its own update or by the clock', async () => {
    const dir = await contentWith({ '25.yaml': PLANNED() });
    await refused(resolveNotice(dir, 25, { now: NOW }), 'usage/maintenance-not-begun', 'it begins at 2026-11-29T02:00:00Z');
    expect(await readFile(path.join(dir, 'notices/25.yaml'), 'utf8')).toBe(PLANNED());
    // Underway by its automatic transition at begins_at.
    const changed = await resolveNotice(dir, 25, { now: T('2026-11-29T03:30:00Z'), content: 'Done early.' });
    expect(changed.update).toEqual({ id: 25002, state: 'complete' });
    expect(inserted(PLANNED(), await readFile(path.join(dir, 'notices/25.yaml'), 'utf8'))).toBe('  - at: 2026-11-29T03:30:00Z\n    state: complete\n    content: Done early.\n');
  });

  it('refuses a maintenance already complete (by the clock too) or cancelled', async () => {
    const dir = await contentWith({ '25.yaml': PLANNED() });
    await refused(resolveNotice(dir, 25, { now: T('2026-11-29T05:00:00Z') }), 'usage/notice-already-ended', 'Notice 25 is complete already');
    await updateNotice(dir, 25, { state: 'cancelled', content: 'Called off.', now: NOW });
    await refused(resolveNotice(dir, 25, { now: NOW + 1000 }), 'usage/notice-already-ended', 'is cancelled already');
  });

  it('completes a maintenance without automatic transitions once its window has begun', async () => {
    const dir = await contentWith({ '25.yaml': PLANNED('auto_transition: false\n') });
    expect((await resolveNotice(dir, 25, { now: T('2026-11-29T05:00:00Z') })).update).toEqual({ id: 25002, state: 'complete' });
  });

  it('ends a general notice by expires_at: set in place or added above updates; an update only with a message', async () => {
    const dir = await contentWith({ '26.yaml': GENERAL(), '27.yaml': GENERAL('expires_at: 2026-11-30T00:00:00Z  # after the holiday\n').replace('id: 26', 'id: 27') });
    const added = await resolveNotice(dir, 26, { now: NOW });
    expect(added).toMatchObject({ update: null, set: { expires_at: '2026-11-21T00:00:00Z' } });
    expect(inserted(GENERAL(), await readFile(path.join(dir, 'notices/26.yaml'), 'utf8'))).toBe('expires_at: 2026-11-21T00:00:00Z\n');
    const moved = await resolveNotice(dir, 27, { now: NOW, content: 'Back to normal hours.' });
    expect(moved.update).toEqual({ id: 27002, state: null });
    expect(await readFile(path.join(dir, 'notices/27.yaml'), 'utf8')).toBe(
      GENERAL('expires_at: 2026-11-21T00:00:00Z  # after the holiday\n').replace('id: 26', 'id: 27') + '  - at: 2026-11-21T00:00:00Z\n    content: Back to normal hours.\n',
    );
    await refused(resolveNotice(dir, 26, { now: NOW + 1000 }), 'usage/notice-already-ended', 'Notice 26 is expired already');
  });

  it('refuses a notice whose file has problems, naming them', async () => {
    const dir = await contentWith({ '42.yaml': INCIDENT.replace('state: identified', 'state: identifed') });
    const before = await snapshot(dir);
    await refused(resolveNotice(dir, 42, { now: NOW }), 'usage/edit-invalid', 'The resolution to notices/42.yaml was not written', 'did you mean "identified"?');
    expect(await snapshot(dir)).toEqual(before);
  });
});

describe('the temporary file', () => {
  it('is hidden, so a build never reads one left by a crash', async () => {
    const dir = await contentWith({ '42.yaml': INCIDENT });
    // What a crash between writing and renaming would leave.
    await writeFile(path.join(dir, 'notices/.42.yaml.123-abcd.tmp'), 'id: 42\n');
    expect((await readContent(dir)).notices.map((n) => n.id)).toEqual([42]);
  });
});
