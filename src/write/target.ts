import { mkdirSync, statSync } from 'node:fs';
import { lstat, readdir, readlink, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { fail } from '../errors/error.js';
import { COMMAND } from '../errors/command.js';
import { STATE_FILE } from '../routes/files.js';
import { isOwnLink } from './swap.js';

/**
 * The path to publish at for `--out`. The link a build publishes (`dist -> dist.builds/…`) is the
 * output itself. Any other link (`dist -> /var/www/status`) stays, and the path it points to is
 * where the output goes (created if it does not exist yet: a first deploy). Links among the parents
 * are resolved too, so the builds folder is made next to the real output.
 */
export async function outputTarget(outDir: string): Promise<string> {
  // Parents first, so a relative link is read from the folder it really is in.
  const parentOf = async (file: string): Promise<string> => {
    try {
      return await realpath(path.dirname(file));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ELOOP') throw fail(COMMAND.outLinkLoop, { out: outDir });
      return path.dirname(file); // not there yet: the build creates it
    }
  };
  let target = path.resolve(outDir);
  // Linux follows at most 40 links in a path; so does this.
  for (let links = 0; links <= 40; links++) {
    target = path.join(await parentOf(target), path.basename(target));
    const info = await lstat(target).catch(() => null);
    if (!info?.isSymbolicLink() || isOwnLink(target)) return target;
    target = path.resolve(path.dirname(target), await readlink(target));
  }
  throw fail(COMMAND.outTooManyLinks, { out: outDir });
}

/** Refuses to replace what is not an earlier statuspress output: `--out src` must not wipe src. */
export async function assertReplaceable(target: string): Promise<void> {
  if (target === path.parse(target).root) {
    throw fail(COMMAND.outIsRoot, undefined);
  }
  // Replacing the folder a shell stands in (or one above it) would leave that shell nowhere.
  const here = await realpath(process.cwd()).catch(() => process.cwd());
  if (here === target || here.startsWith(target + path.sep)) {
    throw fail(COMMAND.outHoldsCurrentFolder, { target });
  }
  if (isOwnLink(target)) return;
  const info = await lstat(target).catch(() => null);
  if (info === null) return;
  if (!info.isDirectory()) {
    throw fail(COMMAND.outNotFolder, { target });
  }
  const entries = await readdir(target);
  const isOutput = await stat(path.join(target, STATE_FILE)).then(() => true, () => false);
  if (entries.length > 0 && !isOutput) {
    throw fail(COMMAND.outNotOurs, { target });
  }
}

/** Most folder levels makeFolder creates: mkdir's own recursion never ends under /proc/self. */
const MAX_NEW_LEVELS = 32;

/**
 * Creates `dir` and any missing parents, one level at a time, failing instead of looping. Returns
 * the folders it created, outermost first, so a build that fails can take them away again.
 */
export function makeFolder(dir: string): string[] {
  const missing: string[] = [];
  for (let current = path.resolve(dir); missing.length <= MAX_NEW_LEVELS; current = path.dirname(current)) {
    let info: ReturnType<typeof statSync> | undefined;
    try {
      info = statSync(current);
    } catch {
      if (current === path.dirname(current)) break;
      missing.push(current);
      continue;
    }
    if (!info.isDirectory()) throw new Error(`${current} is not a folder`);
    const made: string[] = [];
    for (const folder of missing.reverse()) {
      try {
        mkdirSync(folder);
        made.push(folder);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
    }
    return made;
  }
  throw new Error(`${dir} would need more than ${MAX_NEW_LEVELS} new folders`);
}
