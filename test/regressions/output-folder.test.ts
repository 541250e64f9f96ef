// The output folder and what lies beside it: a build removes only its own builds, whatever links
// and folders it finds there, and the output it publishes is never ignored by git too little.
// (Each test failed before its fix.)
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { build } from '../../src/build.js';
import { StatuspressError } from '../../src/errors/error.js';
import { initSite } from '../../src/scaffold/init.js';
import { NOW, projects } from './project.js';

const { work, project } = projects('output-folder');

/** How a build of `content` into `out` ends: `built`, or the code of the error it refused with. */
const outcome = (content: string, out: string): Promise<string> =>
  build({ contentDir: content, outDir: out, now: NOW }).then(
    () => 'built',
    (error: unknown) => (error instanceof StatuspressError ? error.code : String(error)),
  );

describe('the output folder and its neighbours are never deleted beyond statuspress own builds', () => {
  it('a `dist.builds` that is a symbolic link is refused, and the folder it points at keeps every file', async () => {
    const { dir, content } = project();
    const victim = path.join(work, 'victim');
    mkdirSync(path.join(victim, 'docs'), { recursive: true });
    writeFileSync(path.join(victim, 'important.txt'), 'keep me');
    writeFileSync(path.join(victim, 'docs', 'notes.txt'), 'keep me too');
    symlinkSync(victim, path.join(dir, 'dist.builds'));
    expect(await outcome(content, path.join(dir, 'dist'))).toBe('usage/builds-not-folder');
    expect(existsSync(path.join(victim, 'important.txt')), 'statuspress build removed every entry of the folder dist.builds links to').toBe(true);
    expect(existsSync(path.join(victim, 'docs', 'notes.txt'))).toBe(true);
  });

  it('`dist -> dist.builds/..` is not taken as an own build link: refused, and the project folder survives', async () => {
    const { dir, content } = project();
    writeFileSync(path.join(dir, 'precious.txt'), 'keep me');
    mkdirSync(path.join(dir, 'dist.builds'));
    symlinkSync('dist.builds/..', path.join(dir, 'dist'));
    expect(await outcome(content, path.join(dir, 'dist'))).toBe('usage/out-not-ours');
    expect(existsSync(path.join(dir, 'precious.txt')), 'the build removed the folder holding the output, content included').toBe(true);
    expect(existsSync(path.join(content, 'site.yaml'))).toBe(true);
  });

  it('`dist -> dist.builds/.` builds, and the output it says it published is there', async () => {
    const { dir, content } = project();
    mkdirSync(path.join(dir, 'dist.builds'));
    symlinkSync('dist.builds/.', path.join(dir, 'dist'));
    expect(await outcome(content, path.join(dir, 'dist'))).toBe('built');
    expect(existsSync(path.join(dir, 'dist', 'index.html')), 'exit 0, yet the output link points at a removed build').toBe(true);
  });
});

describe('leftovers of killed builds are told apart from the user files beside the output', () => {
  it('keeps a backup the user named `dist.old-2024-06` (a date), and `dist.tmp-2025-1`', async () => {
    const { dir, content } = project();
    const out = path.join(dir, 'dist');
    await build({ contentDir: content, outDir: out, now: NOW });
    for (const name of ['dist.old-2024-06', 'dist.tmp-2025-1']) {
      mkdirSync(path.join(dir, name));
      writeFileSync(path.join(dir, name, 'README'), 'my own backup');
    }
    await build({ contentDir: content, outDir: out, now: NOW });
    expect(existsSync(path.join(dir, 'dist.old-2024-06', 'README')), 'the build deleted a folder it never made').toBe(true);
    expect(existsSync(path.join(dir, 'dist.tmp-2025-1', 'README'))).toBe(true);
  });
});

describe('a repository made by init', () => {
  it('ignores the output in git: the `dist` link and `dist.builds/` are not offered for commit', async () => {
    const dir = path.join(work, 'init');
    await initSite(dir, { name: 'Review', url: 'https://status.review.test', now: NOW });
    await build({ contentDir: path.join(dir, 'content'), outDir: path.join(dir, 'dist'), now: NOW });
    execFileSync('git', ['init', '-q', dir]);
    const untracked = execFileSync('git', ['-C', dir, 'status', '--porcelain', '--untracked-files=normal'], { encoding: 'utf8' });
    expect(untracked.split('\n').filter((line) => /\bdist\b/.test(line)), `.gitignore is "${readFileSync(path.join(dir, '.gitignore'), 'utf8').trim()}"`).toEqual([]);
  });
});
