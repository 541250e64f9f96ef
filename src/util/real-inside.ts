// A file named inside a folder a user controls (a site's templates) may be a link leading anywhere:
// read only where it really is inside that folder.
import { realpathSync } from 'node:fs';
import path from 'node:path';

/** Where `full` (under the folder `root`, a real path) leads, when that is inside `root`; null when it leaves it or leads nowhere. */
export function realInside(root: string, full: string): string | null {
  try {
    const real = realpathSync(full);
    return real.startsWith(root + path.sep) ? real : null;
  } catch {
    return null;
  }
}
