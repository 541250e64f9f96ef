// `statuspress postmortem ID --file FILE` as a user runs it: the postmortem written and reported,
// and a file that is not a regular file of text refused with exit 2, nothing written.
import { execFileSync } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES } from '../helpers/build.js';
import { runCli } from '../helpers/cli.js';

/** The fixture's moment (its site.yaml says so): the commands act as of it, never the clock. */
const NOW = '2026-11-25T12:00:00Z';
let tmp: string;
let content: string;
beforeAll(async () => {
  tmp = await mkdtemp(path.join(tmpdir(), 'statuspress-postmortem-cli-'));
  content = path.join(tmp, 'content');
  await cp(path.join(FIXTURES, 'component-feeds/content'), content, { recursive: true });
});
afterAll(() => rm(tmp, { recursive: true, force: true }));

describe('statuspress postmortem', () => {
  it('writes the postmortem from the file and says where', async () => {
    await writeFile(path.join(tmp, 'pm.md'), '## Cause\nA full disk.\n');
    const res = await runCli(['postmortem', '3', '--file', path.join(tmp, 'pm.md'), '--at', '2026-11-24T09:00:00Z', '--content', content, '--now', NOW]);
    expect(res).toEqual({
      code: 0,
      stdout: `Wrote the postmortem into ${path.join(content, 'notices/3-search-slow.yaml')} (postmortem 2026-11-24T09:00:00Z)\n  notice 3 "Search is slow" (unplanned): resolved -> resolved\n`,
      stderr: '',
    });
    expect(await readFile(path.join(content, 'notices/3-search-slow.yaml'), 'utf8')).toMatch(/\npostmortem:\n {2}at: 2026-11-24T09:00:00Z\n {2}content: \|\n {4}## Cause\n {4}A full disk\.\n$/);
  });

  it('refuses a FIFO, an empty file, a missing --file and a maintenance, with exit 2', async () => {
    const before = await readFile(path.join(content, 'notices/6-search-outage.yaml'), 'utf8');
    execFileSync('mkfifo', [path.join(tmp, 'fifo')]);
    await writeFile(path.join(tmp, 'empty.md'), '\n\n');
    const fifo = await runCli(['postmortem', '6', '--file', path.join(tmp, 'fifo'), '--content', content, '--now', NOW]);
    expect(fifo.code).toBe(2);
    expect(fifo.stderr).toContain('it is a named pipe (FIFO)');
    expect((await runCli(['postmortem', '6', '--file', path.join(tmp, 'empty.md'), '--content', content, '--now', NOW])).stderr).toContain('it holds no text');
    expect((await runCli(['postmortem', '6', '--content', content, '--now', NOW])).stderr).toContain('A postmortem needs --file');
    // A raw control character in the file is named with its line, not as an escape the user never wrote.
    await writeFile(path.join(tmp, 'bell.md'), 'Cause\nA full\u0007 disk.\n');
    const bell = await runCli(['postmortem', '6', '--file', path.join(tmp, 'bell.md'), '--content', content, '--now', NOW]);
    expect(bell.code).toBe(2);
    expect(bell.stderr).toMatch(/^Cannot use ".*" as the postmortem: it holds a control character \(U\+0007\) on line 2; remove it\n/);
    const planned = await runCli(['postmortem', '4', '--file', path.join(tmp, 'pm.md'), '--content', content, '--now', NOW]);
    expect(planned.code).toBe(2);
    expect(planned.stderr).toContain('only incidents (unplanned notices) have a postmortem');
    expect(await readFile(path.join(content, 'notices/6-search-outage.yaml'), 'utf8')).toBe(before);
  });
});
