// A process of a site's own templates that cannot start, for want of a temporary folder (where the
// tests write its script) or of the system's leave, is the catalogue's error, not a crash.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { StatuspressError } from '../../../src/errors/error.js';
import type { Theme } from '../../../src/theme/theme.js';

vi.mock('node:child_process', async (original) => ({
  ...(await original<object>()),
  fork: () => {
    throw Object.assign(new Error('spawn EAGAIN'), { code: 'EAGAIN' });
  },
}));

const { startTemplateProcess } = await import('../../../src/render/template-process.js');

const theme = { own: ['templates/status.hbs'] } as unknown as Theme;
const folder = mkdtempSync(path.join(tmpdir(), 'statuspress-temporary-'));
const was = process.env.TMPDIR;
afterAll(() => {
  process.env.TMPDIR = was;
  rmSync(folder, { recursive: true, force: true });
});

describe('startTemplateProcess', () => {
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
  });
});
