// The content folder is trusted only inside itself: links out of it are refused unopened, and the
// three parts of a site must be what they say (a broken notices/ must never publish an empty history).
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import type * as Fs from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadContent, validateContent } from '../../../src/content/index.js';
import { formatIssue } from '../../../src/errors/error.js';
import { SITE, problems, writeContent } from './helpers.js';

const SECRET = 'ghp_SECRETTOKEN1234567890abcdefghijklmnop';
const NOTICE = 'id: 1\ntype: general\nsubject: Hi\nupdates:\n  - at: 2026-11-20T10:05:00Z\n    content: Hello.\n';
const COMPONENT = 'id: 1\nname: API\ncreated_at: 2024-01-01T00:00:00Z\n';

/** Every path the loader opens. */
const opened = vi.hoisted((): string[] => []);
vi.mock('node:fs', async (importOriginal) => {
  const real = await importOriginal<typeof Fs>();
  const openSync = ((file: Fs.PathLike, ...rest: never[]) => {
    opened.push(String(file));
    return (real.openSync as (...args: unknown[]) => number)(file, ...rest);
  }) as typeof real.openSync;
  return { ...real, openSync, default: { ...real, openSync } };
});

const outside: string[] = [];
afterEach(() => {
  opened.length = 0;
  for (const dir of outside.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A file outside any content folder, holding a secret in a shape YAML would half-read. */
async function secretFile(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'statuspress-outside-'));
  outside.push(dir);
  const file = path.join(dir, 'config');
  writeFileSync(file, `[remote "origin"]\n\turl = https://user:${SECRET}@github.com/acme/status.git\ntoken: ${SECRET}\n`);
  return file;
}

describe('links out of the content folder', () => {
  it('are reported, never opened, and their text never appears in a message', async () => {
    const secret = await secretFile();
    const dir = await writeContent({ 'site.yaml': SITE, 'notices/1.yaml': NOTICE });
    symlinkSync(secret, path.join(dir, 'notices/2.yaml'));
    symlinkSync(secret, path.join(dir, 'components/9.yaml'));
    const issues = (await problems(dir)).join('\n');
    expect(issues).toBe(
      [
        'components/9.yaml:1:1  is a symbolic link that leads outside the content folder; it was not followed. Put the file itself in the content folder',
        'notices/2.yaml:1:1  is a symbolic link that leads outside the content folder; it was not followed. Put the file itself in the content folder',
      ].join('\n'),
    );
    expect(opened.length).toBeGreaterThan(0); // the spy sees the reads of the files inside
    expect(opened.filter((f) => f.startsWith(path.dirname(secret)))).toEqual([]);
    expect(issues).not.toContain('ghp_');
  });

  it('refuses a whole components/ or notices/ folder that is a link leaving the content folder', async () => {
    const elsewhere = path.dirname(await secretFile());
    writeFileSync(path.join(elsewhere, '1.yaml'), NOTICE);
    const dir = await writeContent({ 'site.yaml': SITE, 'components/1.yaml': COMPONENT }, { bare: true });
    symlinkSync(elsewhere, path.join(dir, 'notices'));
    expect(await problems(dir)).toEqual([
      'notices/:1:1  is a symbolic link that leads outside the content folder; it was not followed. Put the file itself in the content folder',
    ]);
  });

  it('refuses a link into a sibling folder whose name starts with the content folder\'s (content-private/)', async () => {
    // Inside means under `content/`, not any path that begins with its name: `content-private/` is outside.
    const dir = await writeContent({ 'site.yaml': SITE });
    const sibling = `${dir}-private`;
    outside.push(sibling);
    mkdirSync(sibling);
    writeFileSync(path.join(sibling, 'secret.yaml'), `${NOTICE}# token: ${SECRET}\n`);
    symlinkSync(path.join(sibling, 'secret.yaml'), path.join(dir, 'notices/1.yaml'));
    symlinkSync(`../../${path.basename(sibling)}/secret.yaml`, path.join(dir, 'components/1.yaml'));
    expect(await problems(dir)).toEqual([
      'components/1.yaml:1:1  is a symbolic link that leads outside the content folder; it was not followed. Put the file itself in the content folder',
      'notices/1.yaml:1:1  is a symbolic link that leads outside the content folder; it was not followed. Put the file itself in the content folder',
    ]);
    expect(opened.filter((f) => f.startsWith(sibling))).toEqual([]);
  });

  it('follows links that stay inside the content folder, files and folders alike', async () => {
    const dir = await writeContent({ 'site.yaml': SITE, 'components/1.yaml': COMPONENT, 'extra/n.yaml': NOTICE });
    symlinkSync('../extra/n.yaml', path.join(dir, 'notices/1.yaml'));
    const loaded = await loadContent(dir);
    expect(loaded.issues).toEqual([]);
    expect(loaded.notices.map((s) => [s.file, (s.data as { subject: string }).subject])).toEqual([['notices/1.yaml', 'Hi']]);
  });
});

describe('names in the folder listing', () => {
  it('reads .YAML and .Yml in any case and names with any characters, and escapes names in messages', async () => {
    const dir = await writeContent({ 'site.yaml': SITE, 'notices/1.YAML': NOTICE, 'notices/2\nline.yml': NOTICE.replace('id: 1', 'id: 2') });
    const loaded = await loadContent(dir);
    expect(loaded.notices.map((s) => s.file)).toEqual(['notices/1.YAML', 'notices/2\nline.yml']);
    writeFileSync(path.join(dir, 'notices/3\u202erid.yaml'), 'id: [');
    const [line] = await problems(dir);
    expect(line).toMatch(/^notices\/3\\u202erid\.yaml:1:6 {2}/);
  });
});

describe('the folders of a site', () => {
  it('accept empty components/ and notices/ folders as a site with none', async () => {
    const { value, issues } = validateContent(await loadContent(await writeContent({ 'site.yaml': SITE })));
    expect(issues).toEqual([]);
    expect(value).toMatchObject({ components: [], notices: [] });
  });

  it.each([
    ['missing', (dir: string) => void dir, 'notices/:1:1  missing; create the folder (an empty one means none yet: git keeps an empty folder only with a file such as .gitkeep in it)'],
    ['a file', (dir: string) => writeFileSync(path.join(dir, 'notices'), 'x'), 'notices/:1:1  is not a folder; it must be a folder of YAML files'],
    ['a dangling link', (dir: string) => symlinkSync('renamed', path.join(dir, 'notices')), 'notices/:1:1  is a symbolic link to nothing (its target is missing); replace it with the file itself'],
  ])('report notices/ that is %s, so a good history is never replaced by an empty one', async (_, make, message) => {
    const dir = await writeContent({ 'site.yaml': SITE, 'components/1.yaml': COMPONENT }, { bare: true });
    make(dir);
    const { value, issues } = validateContent(await loadContent(dir));
    expect(value).toBeNull();
    expect(issues.map((issue) => formatIssue(issue))).toEqual([message]);
  });

  it('judge no references to components when components/ cannot be listed: no false follow-on errors', async () => {
    const files: Record<string, string> = { 'site.yaml': SITE };
    for (let id = 1; id <= 40; id++) files[`notices/${id}.yaml`] = NOTICE.replace('id: 1', `id: ${id}`).replace('subject: Hi', 'subject: Hi\ncomponents: [7]');
    const dir = await writeContent(files, { bare: true });
    mkdirSync(path.join(dir, 'notices'), { recursive: true });
    symlinkSync('components', path.join(dir, 'components')); // a loop: the folder cannot be listed
    expect(await problems(dir)).toEqual(['components/:1:1  is a symbolic link in a loop; replace it with the file itself']);
  });
});
