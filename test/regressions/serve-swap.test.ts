// statuspress serve while the output changes under it: a build swapped in, the previous one being
// removed, or no build at all. Every request is answered, from a whole build. (Each test failed
// before its fix.)
import { cpSync, readlinkSync, renameSync, rmSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { build } from '../../src/build.js';
import { serve } from '../../src/serve/server.js';
import { NOW, projects } from './project.js';

const { project } = projects('serve-swap');

describe('serve while a build is swapped in', () => {
  it('answers a page nobody asked for yet with 200 while the previous build is being removed', async () => {
    const { dir, content } = project();
    const out = path.join(dir, 'dist');
    await build({ contentDir: content, outDir: out, now: NOW });
    const running = await serve({ dir: out, port: 0, rateLimit: 0 });
    try {
      const get = async (target: string): Promise<number> => (await fetch(`${running.url}${target}`)).status;
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        const old = path.join(dir, readlinkSync(out));
        const next = path.join(dir, 'dist.builds', `review-${i}`);
        cpSync(old, next, { recursive: true });
        expect(await get('/api/v1/status')).toBe(200); // the server has just looked at the output
        // What commit() does: one rename publishes the new build, then the previous one is removed
        // with fs.rm. Here the removal is caught half way, as a request arriving during it sees it.
        symlinkSync(`dist.builds/review-${i}`, `${out}.review-link`);
        renameSync(`${out}.review-link`, out);
        for (const part of ['index.html', 'history', 'notices', 'components']) rmSync(path.join(old, part), { recursive: true, force: true });
        statuses.push(await get('/'), await get('/history/'), await get('/notices/1/'), await get('/components/1/'));
        rmSync(old, { recursive: true, force: true });
      }
      expect(statuses.filter((s) => s !== 200), 'pages answered 404 from the build being removed (serve looks again only every 100 ms)').toEqual([]);
    } finally {
      await running.close();
    }
  });
});

describe('serve when its build is gone', () => {
  it('answers (any status) instead of leaving the request open forever when the output was removed', async () => {
    const { dir, content } = project();
    const out = path.join(dir, 'dist');
    await build({ contentDir: content, outDir: out, now: NOW });
    const running = await serve({ dir: out, port: 0, rateLimit: 0 });
    try {
      expect((await fetch(`${running.url}/`)).status).toBe(200);
      // `rm -rf dist dist.builds` (a clean checkout, a deploy script): no build at all for a while.
      rmSync(out, { recursive: true, force: true });
      rmSync(`${out}.builds`, { recursive: true, force: true });
      const answered = await Promise.all(
        ['/history/', '/api/v1/notices/1', '/api/v1/notices?page=7'].map((target) =>
          fetch(`${running.url}${target}`, { signal: AbortSignal.timeout(3_000) }).then(
            (res) => `${target} ${res.status}`,
            () => `${target} no answer in 3 s`,
          ),
        ),
      );
      expect(answered.filter((a) => a.endsWith('no answer in 3 s'))).toEqual([]);
    } finally {
      running.server.closeAllConnections();
      await running.close();
    }
  });
});
