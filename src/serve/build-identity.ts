// Which build a folder holds right now, for the parts of serve that must notice a new one swapped in.
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { STATE_FILE } from '../routes/files.js';

/** Identity of the build in `dir` (its state file's inode and time); '' while there is none, as mid-swap. */
export async function buildIdentity(dir: string): Promise<string> {
  const info = await stat(path.join(dir, STATE_FILE)).catch(() => null);
  return info ? `${info.ino}:${info.mtimeMs}` : '';
}
