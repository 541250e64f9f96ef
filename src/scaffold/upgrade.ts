// `statuspress upgrade`: the repository's single-file CLI replaced by the running version's, in one
// rename, so the repository never holds half a file. Refuses a folder without one (not a status
// repository, or one that takes statuspress from npm) and a file there that is not one.
import { chmod, copyFile, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { fail } from '../errors/error.js';
import { COMMAND } from '../errors/command.js';
import { bundleVersion, ownBundle } from './bundle.js';
import { BUNDLE_PATH } from './workflows.js';

export interface UpgradeResult {
  /** The single file, as the user named the repository (`my-status/.statuspress/statuspress.mjs`). */
  file: string;
  from: string;
  to: string;
  /** False when the file was this very version, byte for byte: nothing was written. */
  replaced: boolean;
}

/** Replaces `dir`'s .statuspress/statuspress.mjs with `bundle` (default: the running version's single file). */
export async function upgradeBundle(dir: string, bundle?: string): Promise<UpgradeResult> {
  const file = path.join(dir, ...BUNDLE_PATH.split('/'));
  const info = await stat(file).catch(() => null);
  if (info === null || !info.isFile()) {
    const npm = await readFile(path.join(dir, 'package.json'), 'utf8').then(
      (text) => /"statuspress"\s*:/.test(text),
      () => false,
    );
    throw fail(COMMAND.upgradeNotRepository, { dir, npm });
  }
  const from = await bundleVersion(file);
  if (from === null) throw fail(COMMAND.upgradeNotBundle, { file });
  const source = bundle ?? (await ownBundle());
  const to = (await bundleVersion(source)) ?? __STATUSPRESS_VERSION__;
  const [old, next] = await Promise.all([readFile(file), readFile(source)]);
  if (old.equals(next)) return { file, from, to, replaced: false };
  const temporary = `${file}.tmp-${process.pid}`;
  try {
    await copyFile(source, temporary);
    // The old file's mode (init makes it executable), so git sees only the new content.
    await chmod(temporary, info.mode & 0o777);
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw fail(COMMAND.upgradeWriteFailed, { target: file, detail: (error as Error).message }, { cause: error });
  }
  return { file, from, to, replaced: true };
}
