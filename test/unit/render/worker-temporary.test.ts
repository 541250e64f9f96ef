// The files the process of a site's own templates is handed open (render/worker.ts: its pages file
// and its texts to render ahead) are removed from the temporary folder before it is forked: a build
// killed while it forked left both behind, for good. And a process that cannot start, for want of a
// temporary folder or of the system's leave, is the catalogue's error, not a crash.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { StatuspressError } from '../../../src/errors.js';
import type { Theme } from '../../../src/render/site/theme.js';

// Not the process's own script, which the tests write there once (processFile).
const handed = (name: string): boolean => /^statuspress-(pages|texts)-/.test(name);
const seen = vi.hoisted(() => ({ listings: [] as string[][] }));
vi.mock('node:child_process', async (original) => ({
  ...(await original<object>()),
  // What the temporary folder holds while the process is forked; then a fork that fails.
  fork: () => {
    seen.listings.push(readdirSync(process.env.TMPDIR!).filter(handed));
    throw Object.assign(new Error('spawn EAGAIN'), { code: 'EAGAIN' });
  },
}));

const { startTemplateProcess } = await import('../../../src/render/worker.js');

const theme = { own: ['templates/status.hbs'] } as unknown as Theme;
const folder = mkdtempSync(path.join(tmpdir(), 'statuspress-temporary-'));
const was = process.env.TMPDIR;
afterAll(() => {
  process.env.TMPDIR = was;
  rmSync(folder, { recursive: true, force: true });
});

describe('startTemplateProcess', () => {
  it('leaves nothing in the temporary folder, while the process is forked nor after', () => {
    process.env.TMPDIR = folder;
    expect(() => startTemplateProcess(theme, folder, true)).toThrow('EAGAIN');
    expect(seen.listings).toEqual([[]]);
    expect(readdirSync(folder).filter(handed)).toEqual([]);
  });

  it('cannot start without a temporary folder, or when the system refuses it, and says so', () => {
    for (const tmp of [path.join(folder, 'missing'), folder]) {
      process.env.TMPDIR = tmp;
      let thrown: unknown;
      try {
        startTemplateProcess(theme, folder, true);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(StatuspressError);
      expect(thrown).toMatchObject({ code: 'usage/template-process-not-started' });
      expect((thrown as Error).message).toMatch(/^Could not start the process that renders templates\/status\.hbs: (ENOENT|spawn EAGAIN)/);
    }
    expect(readdirSync(folder).filter(handed)).toEqual([]);
  });
});
