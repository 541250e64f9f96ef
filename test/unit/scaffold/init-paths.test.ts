// `initSite` on odd paths (issue 20, parts 4-6): a folder that can never be made, a path under a file or
// through a broken link, an empty path, a fresh clone's dot-files, and a write that fails part-way.
// Each failure is a usage error (or, for a failed write, output/init-write-failed) before anything is
// written, or with everything written removed again. Faults are injected by wrapping node:fs/promises.
import { existsSync } from 'node:fs';
import * as fs from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StatuspressError } from '../../../src/errors/error.js';
import { initSite } from '../../../src/scaffold/init.js';
import { snapshot, tempDir } from './helpers.js';

/**
 * Hooks into the code under test: `beforeOpen` and `beforeMkdir` run before each open/mkdir (they may
 * throw, or create the file); when `cutShort` says so, the file's writeFile writes half and throws.
 */
const fault = vi.hoisted(() => ({
  beforeOpen: null as null | ((file: string) => Promise<void> | void),
  beforeMkdir: null as null | ((folder: string) => Promise<void> | void),
  cutShort: null as null | ((file: string) => boolean),
}));

vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof fs>();
  const open = (async (...args: Parameters<typeof real.open>) => {
    const file = String(args[0]);
    await fault.beforeOpen?.(file);
    const handle = await real.open(...args);
    if (fault.cutShort?.(file) === true) {
      handle.writeFile = async (data: unknown) => {
        await handle.write(String(data).slice(0, Math.ceil(String(data).length / 2)));
        throw Object.assign(new Error(`ENOSPC: no space left on device, write '${file}'`), { code: 'ENOSPC' });
      };
    }
    return handle;
  }) as typeof real.open;
  const mkdir = (async (...args: Parameters<typeof real.mkdir>) => {
    await fault.beforeMkdir?.(String(args[0]));
    return real.mkdir(...args);
  }) as typeof real.mkdir;
  return { ...real, default: { ...real, open, mkdir }, open, mkdir };
});

afterEach(() => {
  fault.beforeOpen = null;
  fault.beforeMkdir = null;
  fault.cutShort = null;
});

const NOW = Date.parse('2026-11-20T10:05:00Z');

/** The error the promise rejects with, within `ms` (a hang is a failure, not a test timeout). */
async function rejection(promise: Promise<unknown>, ms = 10_000): Promise<StatuspressError> {
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve(`still running after ${ms} ms`), ms);
  });
  const outcome = await Promise.race([promise.then(() => 'resolved', (e: unknown) => e), hang]);
  clearTimeout(timer);
  expect(outcome).toBeInstanceOf(StatuspressError);
  return outcome as StatuspressError;
}

/** Every entry under dir, folders and links included (relative, sorted). */
async function entries(dir: string): Promise<string[]> {
  const all = await fs.readdir(dir, { recursive: true, withFileTypes: true });
  return all.map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/')).sort();
}

/** A folder as a fresh clone leaves it: `.git` and a dot-file, nothing else. */
async function freshClone(): Promise<string> {
  const dir = await tempDir();
  await fs.mkdir(path.join(dir, '.git/refs'), { recursive: true });
  await fs.writeFile(path.join(dir, '.git/HEAD'), 'ref: refs/heads/main\n');
  await fs.writeFile(path.join(dir, '.editorconfig'), 'root = true\n');
  return dir;
}

describe('initSite on a path that can never hold a folder (part 4)', () => {
  it.skipIf(!existsSync('/proc/self'))('/proc/self/x: one failed mkdir, a usage error at once (was an endless recursive mkdir)', async () => {
    let tries = 0;
    fault.beforeMkdir = () => {
      tries++;
    };
    // Counted, not timed: one mkdir try proves no retry loop; the 5 s in rejection() only ends a hang.
    const error = await rejection(initSite('/proc/self/x', { now: NOW }), 5_000);
    expect(error.code).toBe('usage/init-cannot-create');
    expect(error.exitCode).toBe(2);
    expect(error.message).toContain('/proc/self/x');
    expect(error.hint).toBe('Name a new folder in a place you can write to, e.g. `statuspress init my-status`.'); // nothing written, nothing removed
    expect(tries).toBe(1);
    // A missing folder above it too: still one try.
    tries = 0;
    expect((await rejection(initSite('/proc/self/x/y/z', { now: NOW }), 5_000)).code).toBe('usage/init-cannot-create');
    expect(tries).toBe(1);
  });

  it('a folder that cannot be made deeper down removes the folders it made above it', async () => {
    const parent = await tempDir();
    fault.beforeMkdir = (folder) => {
      if (path.basename(folder) === 'c') throw Object.assign(new Error(`EACCES: permission denied, mkdir '${folder}'`), { code: 'EACCES' });
    };
    const error = await rejection(initSite(path.join(parent, 'a/b/c'), { now: NOW }));
    expect(error.code).toBe('usage/init-cannot-create');
    expect(error.hint).toBe('The 2 files and folders init had written were removed again.');
    expect(await entries(parent)).toEqual([]);
  });
});

describe('initSite under a file or through a broken link (part 5)', () => {
  it('under a file, at any depth: usage/init-path-blocked naming the file, nothing written', async () => {
    const parent = await tempDir();
    const file = path.join(parent, 'notes.txt');
    await fs.writeFile(file, 'keep');
    for (const dir of [path.join(file, 'sub'), path.join(file, 'a/b/c')]) {
      const error = await rejection(initSite(dir, { now: NOW }));
      expect(error.code, dir).toBe('usage/init-path-blocked');
      expect(error.exitCode).toBe(2);
      expect(error.message).toBe(`cannot create ${dir}: ${file} is a file, not a folder`);
    }
    expect(await snapshot(parent)).toEqual({ 'notes.txt': 'keep' });
  });

  it('a dangling link, as the folder or above it, and a loop of links: usage/init-path-blocked, nothing made where they point', async () => {
    const parent = await tempDir();
    await fs.symlink(path.join(parent, 'nowhere'), path.join(parent, 'dangling'));
    await fs.symlink('loop-b', path.join(parent, 'loop-a'));
    await fs.symlink('loop-a', path.join(parent, 'loop-b'));
    const cases: [string, RegExp][] = [
      ['dangling', /dangling is a link to .*nowhere, which leads to nothing that exists$/],
      ['dangling/sub', /dangling is a link to .*nowhere, which leads to nothing that exists$/],
      ['loop-a', /loop-a is a link to loop-b, which leads to a loop of links$/],
      ['loop-a/sub', /loop-a is a link to loop-b, which leads to a loop of links$/],
    ];
    for (const [name, message] of cases) {
      const error = await rejection(initSite(path.join(parent, name), { now: NOW }));
      expect(error.code, name).toBe('usage/init-path-blocked');
      expect(error.message, name).toMatch(message);
    }
    expect(await entries(parent)).toEqual(['dangling', 'loop-a', 'loop-b']);
  });

  it('a link to a folder is the folder; a link to a file is a file', async () => {
    const parent = await tempDir();
    await fs.mkdir(path.join(parent, 'real'));
    await fs.symlink('real', path.join(parent, 'link'));
    await fs.writeFile(path.join(parent, 'file'), 'x');
    await fs.symlink('file', path.join(parent, 'to-file'));
    await initSite(path.join(parent, 'link'), { now: NOW });
    expect(existsSync(path.join(parent, 'real/content/site.yaml'))).toBe(true);
    expect((await rejection(initSite(path.join(parent, 'to-file'), { now: NOW }))).code).toBe('usage/init-not-folder');
  });
});

describe('initSite: a link inside the folder', () => {
  it('refuses a dot-folder that is a link (it would write the workflows outside), writing nothing', async () => {
    const parent = await tempDir();
    await fs.mkdir(path.join(parent, 'repo'));
    await fs.mkdir(path.join(parent, 'outside'));
    await fs.symlink(path.join(parent, 'outside'), path.join(parent, 'repo/.github'));
    const error = await rejection(initSite(path.join(parent, 'repo'), { now: NOW }));
    expect(error.code).toBe('usage/init-would-overwrite');
    expect(error.message).toContain('.github (a link)');
    expect(await fs.readdir(path.join(parent, 'outside'))).toEqual([]);
    expect((await fs.readdir(path.join(parent, 'repo'))).sort()).toEqual(['.github']);
  });
});

describe('initSite: an empty path, dot-files, and every file checked before any is written (part 6)', () => {
  it("'' is a usage error, not the current folder", async () => {
    const here = await tempDir();
    const cwd = process.cwd();
    process.chdir(here);
    try {
      const error = await rejection(initSite('', { now: NOW }));
      expect(error.code).toBe('usage/init-empty-path');
      expect(error.exitCode).toBe(2);
    } finally {
      process.chdir(cwd);
    }
    expect(await entries(here)).toEqual([]);
  });

  it('a fresh clone (only .git and dot-files) is accepted, and they are left as they were', async () => {
    const dir = await freshClone();
    const before = await snapshot(dir);
    const { files } = await initSite(dir, { now: NOW });
    expect(files).toContain('.gitignore');
    const after = await snapshot(dir);
    expect(Object.keys(after).sort()).toEqual([...Object.keys(before), ...files].sort());
    for (const [file, text] of Object.entries(before)) expect(after[file]).toBe(text);
  });

  it('a clone with .github/workflows holding other workflows is accepted; those are kept', async () => {
    const dir = await freshClone();
    await fs.mkdir(path.join(dir, '.github/workflows'), { recursive: true });
    await fs.writeFile(path.join(dir, '.github/workflows/lint.yml'), 'on: push\n');
    await initSite(dir, { now: NOW });
    expect(await fs.readFile(path.join(dir, '.github/workflows/lint.yml'), 'utf8')).toBe('on: push\n');
    expect(existsSync(path.join(dir, '.github/workflows/publish.yml'))).toBe(true);
  });

  it('a dot-file init would write (or a file where it needs a folder) is refused before anything is written, every one named', async () => {
    const dir = await freshClone();
    await fs.writeFile(path.join(dir, '.gitignore'), 'mine\n');
    await fs.mkdir(path.join(dir, '.github/workflows'), { recursive: true });
    await fs.writeFile(path.join(dir, '.github/workflows/publish.yml'), 'mine\n');
    await fs.writeFile(path.join(dir, '.statuspress'), 'a file where init needs a folder\n');
    const before = await entries(dir);
    const error = await rejection(initSite(dir, { now: NOW }));
    expect(error.code).toBe('usage/init-would-overwrite');
    expect(error.exitCode).toBe(2);
    expect(error.message).toBe(
      `${dir} already holds .statuspress (not a folder), .github/workflows/publish.yml, .gitignore, which init would write; init never overwrites anything`,
    );
    expect(await entries(dir)).toEqual(before);
  });

  it('a dangling link named like a file init writes counts as that file', async () => {
    const dir = await freshClone();
    await fs.symlink('nowhere', path.join(dir, '.gitignore'));
    const error = await rejection(initSite(dir, { now: NOW }));
    expect(error.code).toBe('usage/init-would-overwrite');
    expect(error.message).toContain('already holds .gitignore,');
  });

  it('an entry not starting with a dot is still refused (usage/init-not-empty)', async () => {
    const dir = await freshClone();
    await fs.writeFile(path.join(dir, 'LICENSE'), 'MIT\n');
    const before = await snapshot(dir);
    expect((await rejection(initSite(dir, { now: NOW }))).code).toBe('usage/init-not-empty');
    expect(await snapshot(dir)).toEqual(before);
  });
});

describe('initSite: a write that fails part-way takes back what it wrote (part 6)', () => {
  /** A disk that fills up while the file after the first `after` is written: that file is cut short. */
  const diskFull = (after: number): ((file: string) => boolean) => {
    let n = 0;
    return () => ++n > after;
  };

  it('a full disk half-way into a new folder: output/init-write-failed, and the folder is gone again', async () => {
    const parent = await tempDir();
    const dir = path.join(parent, 'a/site');
    fault.cutShort = diskFull(5);
    const error = await rejection(initSite(dir, { now: NOW }));
    expect(error.code).toBe('output/init-write-failed');
    expect(error.exitCode).toBe(1);
    expect(error.message).toMatch(/^could not create .*content\/notices\/1-welcome\.yaml: ENOSPC/);
    expect(error.hint).toMatch(/^The \d+ files and folders init had written were removed again\.$/);
    expect(await entries(parent)).toEqual([]);
  });

  it('a full disk in a fresh clone: only what the clone held is left', async () => {
    const dir = await freshClone();
    await fs.mkdir(path.join(dir, '.github'));
    const before = await entries(dir);
    for (const after of [0, 1, 6, 8, 10]) {
      fault.cutShort = diskFull(after);
      expect((await rejection(initSite(dir, { now: NOW }))).code, `after ${after} files`).toBe('output/init-write-failed');
      expect(await entries(dir), `after ${after} files`).toEqual(before);
    }
    fault.cutShort = null;
    await initSite(dir, { now: NOW });
  });

  it('a file that appears between the check and its write: usage/init-file-appeared, that file kept, the rest removed', async () => {
    const dir = await freshClone();
    const before = await entries(dir);
    const intruder = path.join(dir, 'README.md');
    fault.beforeOpen = async (file) => {
      if (file === intruder) {
        fault.beforeOpen = null;
        await fs.writeFile(intruder, 'written meanwhile\n');
      }
    };
    const error = await rejection(initSite(dir, { now: NOW }));
    expect(error.code).toBe('usage/init-file-appeared');
    expect(error.message).toContain('EEXIST');
    expect(error.hint).toMatch(/were removed again/);
    expect(await entries(dir)).toEqual([...before, 'README.md'].sort());
    expect(await fs.readFile(intruder, 'utf8')).toBe('written meanwhile\n');
  });

  it('a folder that appears between the check and its mkdir is not taken over, nor removed', async () => {
    const dir = await freshClone();
    const theirs = path.join(dir, '.github');
    fault.beforeMkdir = async (folder) => {
      if (folder === theirs) {
        fault.beforeMkdir = null;
        await fs.mkdir(theirs);
        await fs.writeFile(path.join(theirs, 'CODEOWNERS'), '* @me\n');
      }
    };
    expect((await rejection(initSite(dir, { now: NOW }))).code).toBe('usage/init-file-appeared');
    expect(await snapshot(dir)).toEqual({ '.editorconfig': 'root = true\n', '.git/HEAD': 'ref: refs/heads/main\n', '.github/CODEOWNERS': '* @me\n' });
  });
});
