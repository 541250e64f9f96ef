// The files the process of a site's own templates is handed open (render/worker.ts: its pages file
// and its texts to render ahead) are removed from the temporary folder before it is forked: a build
// killed while it forked left both behind, for good.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
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

const folder = mkdtempSync(path.join(tmpdir(), 'statuspress-temporary-'));
const was = process.env.TMPDIR;
afterAll(() => {
  process.env.TMPDIR = was;
  rmSync(folder, { recursive: true, force: true });
});

describe('startTemplateProcess', () => {
  it('leaves nothing in the temporary folder, while the process is forked nor after', () => {
    process.env.TMPDIR = folder;
    expect(() => startTemplateProcess({ own: ['status.hbs'] } as unknown as Theme, folder, true)).toThrow('EAGAIN');
    expect(seen.listings).toEqual([[]]);
    expect(readdirSync(folder).filter(handed)).toEqual([]);
  });
});
