// The single-file CLI (lib/statuspress.mjs, written by scripts/build-lib.js) that `init` copies into
// a status repository and `upgrade` replaces there: where the running statuspress keeps it, and
// which version a copy is.
import { access, open } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fail } from '../errors/error.js';
import { COMMAND } from '../errors/command.js';

/** The line near its top that names a copy's version (scripts/build-lib.js writes it). */
const MARKER = /^\/\/ statuspress (\S+): the whole statuspress CLI in one file/m;

/**
 * The running version's single file: this very file when it is the single file; otherwise
 * lib/statuspress.mjs of the installation (from src/scaffold/, lib/ or lib/chunks/, it is at most
 * three folders up). An internal error if it is missing.
 */
export async function ownBundle(): Promise<string> {
  const here = fileURLToPath(import.meta.url);
  if (__STATUSPRESS_SINGLE_FILE__) return here;
  const looked: string[] = [];
  for (let dir = path.dirname(here), up = 0; up < 3; dir = path.dirname(dir), up++) {
    const candidate = path.join(dir, 'lib', 'statuspress.mjs');
    looked.push(candidate);
    if (await access(candidate).then(() => true, () => false)) return candidate;
  }
  throw fail(COMMAND.noBundle, { looked });
}

/** The version a single file names near its top; null for a file that is not one. */
export async function bundleVersion(file: string): Promise<string | null> {
  const handle = await open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(512), 0, 512, 0);
    return MARKER.exec(buffer.subarray(0, bytesRead).toString('utf8'))?.[1] ?? null;
  } finally {
    await handle.close();
  }
}
