// Which build serve answers from while builds are swapped in: a request whose build has gone looks
// again, by a look of its own, and an earlier look never overrides a later one.
import { mkdirSync, mkdtempSync, realpathSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { STATE_FILE } from '../../../src/routes/files.js';
import { BuildWatcher } from '../../../src/serve/current-build.js';

/** A folder that looks like a build to the watcher (its state file is never read here). */
function fakeBuild(dir: string): string {
  mkdirSync(path.dirname(path.join(dir, STATE_FILE)), { recursive: true });
  writeFileSync(path.join(dir, STATE_FILE), '{}');
  return realpathSync(dir);
}

describe('BuildWatcher', () => {
  it('after a swap, a fresh look finds the new build even while a look from before the swap is under way', async () => {
    const top = mkdtempSync(path.join(tmpdir(), 'statuspress-watch-'));
    try {
      const a = fakeBuild(path.join(top, 'dist.builds/a'));
      const b = fakeBuild(path.join(top, 'dist.builds/b'));
      const dist = path.join(top, 'dist');
      symlinkSync(a, dist);
      const watcher = new BuildWatcher(dist);
      expect((await watcher.current()).root).toBe(a);
      // The watcher's clock moves past its check interval at once, instead of a sleep that hopes to.
      const now = performance.now.bind(performance);
      const later = vi.spyOn(performance, 'now').mockImplementation(() => now() + 60_000);

      const under = watcher.current(); // a look that may see the output before the swap
      symlinkSync(b, `${dist}.next`);
      renameSync(`${dist}.next`, dist);
      rmSync(a, { recursive: true });
      expect((await watcher.current({ fresh: true })).root).toBe(b);
      await under;
      expect((await watcher.current()).root).toBe(b);
      expect(later).toHaveBeenCalled();
    } finally {
      vi.restoreAllMocks();
      rmSync(top, { recursive: true, force: true });
    }
  });
});
