// `npm start` then `npm test` passes: every path a build, `npm start`, `dev` or an authoring command
// writes inside the repository is ignored by git, by lint and by the test runner. (A build's
// `dist.builds/` once gave lint 49 errors after `npm start`.)
import { execFileSync } from 'node:child_process';
import { copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { build } from '../../src/build.js';
import { LOCK_FILE } from '../../src/scaffold/lock.js';
import config from '../../vitest.config.js';
import { ROOT } from '../helpers/cli.js';

/** What `npm start` (build into `dist`) and the authoring commands leave in the repository. */
const WRITTEN = ['dist/index.html', 'dist.builds/abc123/api/v1/status.json', 'dist.builds/abc123/_statuspress/widget.js', `content/${LOCK_FILE}`, `content/${LOCK_FILE}.breaker`];

describe('what builds write is ignored', () => {
  it('by git', async () => {
    // Asked of a repository holding only the project's .gitignore: in the clone itself, `dist` may be
    // the link `npm start` leaves, and git refuses a path through a link ("beyond a symbolic link").
    const repo = await mkdtemp(path.join(tmpdir(), 'statuspress-ignored-'));
    try {
      execFileSync('git', ['init', '-q'], { cwd: repo });
      await copyFile(path.join(ROOT, '.gitignore'), path.join(repo, '.gitignore'));
      const ignored = (file: string): boolean => {
        try {
          execFileSync('git', ['check-ignore', '-q', file], { cwd: repo, stdio: 'pipe' });
          return true;
        } catch (error) {
          // 1 is git's "not ignored"; anything else (git itself failing) must not pass as an answer.
          if ((error as { status?: number }).status === 1) return false;
          throw error;
        }
      };
      for (const file of [...WRITTEN, 'dist', '.bench/run-1/out.json', 'artifacts/screenshots/home.png', '.test-results.json']) expect(ignored(file), file).toBe(true);
      // A check that can fail: what is committed is not ignored.
      for (const file of ['src/build.ts', 'content/site.yaml', 'test/fixtures/valid-minimal/content/site.yaml']) expect(ignored(file), file).toBe(false);
    } finally {
      await rm(repo, { recursive: true, force: true });
    }
  });

  it('by lint', async () => {
    const eslint = new ESLint({ cwd: ROOT });
    for (const file of [...WRITTEN, 'dist.builds/abc123/chunk.js', 'dist.builds/abc123/x.ts', '.bench/corpus/x.js', 'artifacts/screenshots/x.js']) expect(await eslint.isPathIgnored(path.join(ROOT, file)), file).toBe(true);
  });

  it('by the test runner: it runs the tests under test/, each once, and nothing else', () => {
    const files = (config.test?.projects as { test: { include: string[] } }[]).flatMap((project) => project.test.include);
    expect(files).toContain('test/regressions/outputs-ignored.test.ts');
    for (const file of files) expect(file).toMatch(/^test\/(?!fixtures\/)[\w./-]+\.test\.ts$/);
    expect(new Set(files).size).toBe(files.length);
  });

  it('a real build in the repository (as npm start makes it) leaves lint clean', async () => {
    // A build into a folder of the same shape inside the repository, then lint over it.
    const out = await mkdtemp(path.join(ROOT, 'dist.test-'));
    try {
      await build({ contentDir: path.join(ROOT, 'test/fixtures/valid-minimal/content'), outDir: path.join(out, 'dist'), now: Date.parse('2026-11-20T12:00:00Z') });
      await writeFile(path.join(out, 'stray.js'), 'var unused = 1\n');
      const eslint = new ESLint({ cwd: ROOT });
      expect(await eslint.isPathIgnored(path.join(out, 'stray.js'))).toBe(true);
      expect(await readFile(path.join(out, 'dist/api/v1/status.json'), 'utf8')).toContain('"page"');
    } finally {
      await rm(out, { recursive: true, force: true });
    }
  });
});
