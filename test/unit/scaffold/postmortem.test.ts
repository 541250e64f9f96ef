// `statuspress postmortem`: an incident's postmortem written into its file in place (added at the
// end, or replacing the one it has, every other byte kept), validated like an update, under the
// content lock; and the file it is read from, which must be a regular file.
import { execFileSync } from 'node:child_process';
import { cp, mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_FILE_BYTES } from '../../../src/content/source.js';
import { withContentLock } from '../../../src/scaffold/lock.js';
import { readTextFile } from '../../../src/scaffold/text-file.js';
import { writePostmortem } from '../../../src/scaffold/update.js';
import { FIXTURES } from '../../helpers/build.js';
import { ms } from '../../helpers/content.js';
import { refusal, snapshot, tempDir } from './helpers.js';

const NOW = ms('2026-11-25T12:00:00Z');

async function site(): Promise<string> {
  const dir = path.join(await tempDir(), 'content');
  await cp(path.join(FIXTURES, 'component-feeds/content'), dir, { recursive: true });
  return dir;
}

describe('writePostmortem', () => {
  it('adds the postmortem at the end of an incident file, keeping every other byte', async () => {
    const dir = await site();
    const file = path.join(dir, 'notices/3-search-slow.yaml');
    const before = await readFile(file, 'utf8');
    const changed = await writePostmortem(dir, 3, { content: '## Cause\nA full disk.\n', at: '2026-11-24T09:00:00Z', now: NOW });
    expect(changed.file).toBe('notices/3-search-slow.yaml');
    expect(changed.set).toEqual({ postmortem: '2026-11-24T09:00:00Z' });
    expect(await readFile(file, 'utf8')).toBe(`${before}postmortem:\n  at: 2026-11-24T09:00:00Z\n  content: |\n    ## Cause\n    A full disk.\n`);
  });

  it('replaces the postmortem an incident has, and dates it now without --at', async () => {
    const dir = await site();
    const file = path.join(dir, 'notices/1-card-declines.yaml');
    const before = await readFile(file, 'utf8');
    await writePostmortem(dir, 1, { content: 'Rewritten.', now: NOW });
    const after = await readFile(file, 'utf8');
    expect(after).toBe(`${before.slice(0, before.indexOf('postmortem:'))}postmortem:\n  at: 2026-11-25T12:00:00Z\n  content: Rewritten.\n`);
  });

  it('refuses a maintenance or an announcement, a postmortem before the first update and an empty one, writing nothing', async () => {
    const dir = await site();
    const before = await snapshot(dir);
    expect((await refusal(writePostmortem(dir, 4, { content: 'x', now: NOW }))).code).toBe('usage/postmortem-not-incident');
    expect((await refusal(writePostmortem(dir, 5, { content: 'x', now: NOW }))).code).toBe('usage/postmortem-not-incident');
    const early = await refusal(writePostmortem(dir, 3, { content: 'x', at: '2026-11-01T00:00:00Z', now: NOW }));
    expect(early.code).toBe('usage/edit-invalid');
    expect(early.message).toContain('\n  --at: ');
    expect(early.message).toContain('[content/postmortem-before-notice]');
    // The hint names the postmortem's options, not an update's (--state, --message).
    expect(early.hint).toMatch(/^A problem in the postmortem is said of the option that gave it \(--at, --file\)/);
    expect((await refusal(writePostmortem(dir, 3, { content: ' ', now: NOW }))).message).toContain('[content/empty-text]');
    expect((await refusal(writePostmortem(dir, 99, { content: 'x', now: NOW }))).code).toBe('usage/no-such-notice');
    expect(await snapshot(dir)).toEqual(before);
  });

  it('writes a postmortem with Windows line breaks (CRLF) as plain lines, not as a control character', async () => {
    const dir = await site();
    const file = path.join(dir, 'notices/3-search-slow.yaml');
    const before = await readFile(file, 'utf8');
    await writePostmortem(dir, 3, { content: '## Cause\r\nA full disk.\r\n', at: '2026-11-24T09:00:00Z', now: NOW });
    expect(await readFile(file, 'utf8')).toBe(`${before}postmortem:\n  at: 2026-11-24T09:00:00Z\n  content: |\n    ## Cause\n    A full disk.\n`);
  });

  it('refuses a postmortem that would take its file past the size limit', async () => {
    const dir = await site();
    const error = await refusal(writePostmortem(dir, 3, { content: 'x'.repeat(MAX_FILE_BYTES), now: NOW }));
    expect(error.message).toContain('[content/file-too-large]');
  });

  it('waits for the content lock like the other authoring commands', async () => {
    const dir = await site();
    let release = (): void => {};
    let taken = (): void => {};
    const lockTaken = new Promise<void>((resolve) => (taken = resolve));
    const held = withContentLock(dir, () => {
      taken();
      return new Promise<void>((resolve) => (release = resolve));
    });
    await lockTaken;
    expect((await refusal(writePostmortem(dir, 3, { content: 'x', now: NOW, lockWaitMs: 200 }))).code).toBe('usage/content-locked');
    release();
    await held;
  });
});

describe('readTextFile', () => {
  it('reads a regular UTF-8 file', async () => {
    const dir = await tempDir();
    await writeFile(path.join(dir, 'pm.md'), 'Grüße\n');
    expect(readTextFile(path.join(dir, 'pm.md'))).toBe('Grüße\n');
  });

  it('refuses a link, a folder, a FIFO, a missing file, a file over the limit and one not in UTF-8', async () => {
    const dir = await tempDir();
    await writeFile(path.join(dir, 'pm.md'), 'text');
    await symlink(path.join(dir, 'pm.md'), path.join(dir, 'link.md'));
    await mkdir(path.join(dir, 'folder'));
    execFileSync('mkfifo', [path.join(dir, 'fifo')]);
    await writeFile(path.join(dir, 'big.md'), Buffer.alloc(MAX_FILE_BYTES + 1, 0x61));
    await writeFile(path.join(dir, 'latin1.md'), Buffer.from([0x47, 0x72, 0xfc, 0xdf, 0x65]));
    const problem = (name: string): string => {
      try {
        readTextFile(path.join(dir, name));
      } catch (error) {
        expect((error as { code: string }).code).toBe('usage/postmortem-file-unusable');
        return (error as Error).message.replace(/^.*: /, '');
      }
      throw new Error(`${name} was read`);
    };
    expect(problem('link.md')).toBe('it is a link; give the file it leads to');
    expect(problem('folder')).toBe('it is a folder');
    expect(problem('fifo')).toBe('it is a named pipe (FIFO)');
    expect(problem('missing.md')).toBe('there is no such file');
    expect(problem('big.md')).toMatch(/larger than 1 MiB/);
    expect(problem('latin1.md')).toBe('it is not UTF-8 text');
  });
});
