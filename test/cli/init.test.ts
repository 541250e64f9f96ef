// `statuspress init` on odd paths (issue 20, parts 4-6), as a user runs it: a child process, its exit
// code and what it prints. Every refusal is a usage error (exit 2) with its message, no stack trace,
// and nothing written; test/unit/scaffold/init-paths.test.ts covers the same through initSite, and
// writes that fail part-way.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import type { CliRun } from '../helpers/cli.js';

let tmp: string;
let n = 0;
beforeAll(async () => {
  tmp = await mkdtemp(path.join(tmpdir(), 'statuspress-cli-init-'));
});
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

/** A new empty folder under tmp. */
async function folder(): Promise<string> {
  const dir = path.join(tmp, `f${n++}`);
  await mkdir(dir);
  return dir;
}

/** Every entry under dir, folders and links included (relative, sorted). */
async function entries(dir: string): Promise<string[]> {
  const all = await readdir(dir, { recursive: true, withFileTypes: true });
  return all.map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/')).sort();
}

/** A usage error as the CLI prints it: exit 2, the message, no crash, no stack trace. */
function expectUsage(res: CliRun, message: string | RegExp): void {
  expect(res.stdout, res.stderr).toBe('');
  expect(res.stderr).not.toContain('unexpectedly');
  expect(res.stderr).not.toMatch(/\n\s+at /);
  if (typeof message === 'string') expect(res.stderr).toContain(message);
  else expect(res.stderr).toMatch(message);
  expect(res.code, res.stderr).toBe(2);
}

describe('statuspress init on odd paths', () => {
  it.skipIf(!existsSync('/proc/self'))('/proc/self/x: exit 2 within seconds (was a recursive mkdir spinning for minutes)', async () => {
    const cwd = await folder();
    // Not timed: an endless mkdir loop would hang and be ended by runCli's 15 s safety timeout.
    const res = await runCli(['init', '/proc/self/x'], { cwd, timeoutMs: 15_000 });
    expectUsage(res, "cannot create /proc/self/x: ENOENT: no such file or directory, mkdir '/proc/self/x'");
    expect(await entries(cwd)).toEqual([]);
  });

  it('under a file, or through a dangling link: exit 2 with usage/init-path-blocked, not ENOTDIR and a stack', async () => {
    const cwd = await folder();
    await writeFile(path.join(cwd, 'somefile'), 'keep\n');
    await symlink('nothere', path.join(cwd, 'dangling'));
    expectUsage(await runCli(['init', 'somefile/sub'], { cwd }), 'cannot create somefile/sub: somefile is a file, not a folder\n');
    expectUsage(await runCli(['init', 'dangling'], { cwd }), 'cannot create dangling: dangling is a link to nothere, which leads to nothing that exists\n');
    expectUsage(await runCli(['init', 'dangling/sub'], { cwd }), 'cannot create dangling/sub: dangling is a link to nothere');
    expect(await entries(cwd)).toEqual(['dangling', 'somefile']);
    expect(await readFile(path.join(cwd, 'somefile'), 'utf8')).toBe('keep\n');
  });

  it("init '': exit 2 and nothing written into the current folder", async () => {
    const cwd = await folder();
    expectUsage(await runCli(['init', ''], { cwd }), 'The folder to create is an empty name');
    expect(await entries(cwd)).toEqual([]);
  });

  it('init . in a fresh clone works; a second init there names what it would overwrite and writes nothing', async () => {
    const cwd = await folder();
    execFileSync('git', ['init', '-q', cwd]);
    await writeFile(path.join(cwd, '.editorconfig'), 'root = true\n');
    const first = await runCli(['init', '.'], { cwd });
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout).toContain('.gitignore');
    const status = execFileSync('git', ['-C', cwd, 'status', '--porcelain', '--untracked-files=all'], { encoding: 'utf8' });
    expect(status).toContain('?? content/site.yaml');

    // Only the dot-entries left: still refused, since .gitignore, the workflows and the CLI are init's.
    await rm(path.join(cwd, 'content'), { recursive: true });
    await rm(path.join(cwd, 'README.md'));
    await rm(path.join(cwd, 'templates'), { recursive: true });
    const before = await entries(cwd);
    expectUsage(
      await runCli(['init', '.'], { cwd }),
      '. already holds .statuspress/statuspress.mjs, .github/workflows/check.yml, .github/workflows/publish.yml, .gitignore, which init would write',
    );
    expect(await entries(cwd)).toEqual(before);
  });

  it('a folder with an entry not starting with a dot is still refused (usage/init-not-empty)', async () => {
    const cwd = await folder();
    await writeFile(path.join(cwd, 'LICENSE'), 'MIT\n');
    expectUsage(await runCli(['init', '.'], { cwd }), '. is not empty: it holds "LICENSE" (1 entry besides dot-files)');
    expect(await entries(cwd)).toEqual(['LICENSE']);
    // Named, at most ten, escaped: a file's name may hold anything.
    for (let i = 1; i <= 11; i++) await writeFile(path.join(cwd, `notes-${String(i).padStart(2, '0')}.txt`), '');
    await writeFile(path.join(cwd, 'evil\u001b[2J.txt'), '');
    const many = await runCli(['init', '.'], { cwd });
    expectUsage(many, '. is not empty: it holds "LICENSE", "evil\\u001b[2J.txt", "notes-01.txt", "notes-02.txt", "notes-03.txt", "notes-04.txt", "notes-05.txt", "notes-06.txt", "notes-07.txt", "notes-08.txt" and 3 more (13 entries besides dot-files)');
    expect(many.stderr).not.toContain('\u001b');
  });
});
