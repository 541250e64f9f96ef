// Under the tests, which run TypeScript, a worker cannot load the module: its bundle (imported as
// `module.ts?source-worker`) is written to the temporary folder once and started from there.
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readdirSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const BUNDLE_PREFIX = 'statuspress-worker-';
/** A bundle of another version of the source untouched this long is no test's that still runs. */
const OLD_BUNDLE_MS = 24 * 3600_000;

/**
 * The file to start a worker of the module at `url` from: that file, or under the tests (`bundle`
 * not null) its bundle written out. Inside such a bundle (CommonJS: the tests' renderer process)
 * `url` is undefined, and the process's own script holds the module.
 */
export function workerFile(url: string | undefined, bundle: string | null): string {
  if (bundle === null) return url === undefined ? process.argv[1]! : fileURLToPath(url);
  const folder = tmpdir();
  const file = path.join(folder, `${BUNDLE_PREFIX}${createHash('sha1').update(bundle).digest('hex').slice(0, 12)}.cjs`);
  // Named by its contents, so one already there is this one. Test files run side by side: written
  // whole under a name of its own and then renamed, so a worker another one starts never reads half of it.
  if (existsSync(file)) return file;
  const part = `${file}.${process.pid}.${randomUUID()}.part`;
  writeFileSync(part, bundle);
  renameSync(part, file);
  removeOldBundles(folder, file);
  return file;
}

/**
 * One bundle is written per version of the source: those of versions long gone are removed. Aged
 * against the file just written, not the process's clock: file times are the kernel's, and the two
 * clocks need not agree (a test under faketime).
 */
function removeOldBundles(folder: string, kept: string): void {
  const before = statSync(kept).mtimeMs - OLD_BUNDLE_MS;
  for (const name of readdirSync(folder)) {
    const file = path.join(folder, name);
    if (!name.startsWith(BUNDLE_PREFIX) || file === kept) continue;
    try {
      if (statSync(file).mtimeMs < before) unlinkSync(file);
    } catch {
      // Gone already (another test file removed it), or not ours to remove: left.
    }
  }
}
