// A text file named on the command line (`postmortem --file`) or by one (`new --template`): read only when it is a regular file,
// never through a link, never waiting on a named pipe, never larger than a content file may be, so
// what it holds can go into one.
import { closeSync, constants, fstatSync, lstatSync, openSync, readSync } from 'node:fs';
import type { Stats } from 'node:fs';
import { fail } from '../errors/error.js';
import { COMMAND } from '../errors/command.js';
import { MAX_FILE_BYTES } from '../content/source.js';

const UTF8 = new TextDecoder('utf-8', { fatal: true });

/** What an entry is, in a message's words, when it is not a regular file. */
function whatItIs(info: Stats): string {
  if (info.isSymbolicLink()) return 'it is a link; give the file it leads to';
  if (info.isDirectory()) return 'it is a folder';
  if (info.isFIFO()) return 'it is a named pipe (FIFO)';
  if (info.isSocket()) return 'it is a socket';
  if (info.isCharacterDevice() || info.isBlockDevice()) return 'it is a device';
  return 'it is not a regular file';
}

/** How a command refuses a file: `problem` says what it is (`it is a folder`); never returns. */
export type Refuse = (problem: string, missing: boolean) => never;

const asPostmortem =
  (file: string): Refuse =>
  (problem) => {
    throw fail(COMMAND.postmortemFileUnusable, { file, problem });
  };

/**
 * The UTF-8 text of the regular file `file`; for anything else `refuse` throws (default
 * `usage/postmortem-file-unusable`), told whether the file is missing.
 */
export function readTextFile(file: string, refuse: Refuse = asPostmortem(file)): string {
  let info: Stats;
  try {
    info = lstatSync(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const missing = code === 'ENOENT' || code === 'ENOTDIR';
    return refuse(missing ? 'there is no such file' : `it cannot be read (${code ?? 'error'})`, missing);
  }
  if (!info.isFile()) return refuse(whatItIs(info), false);
  let fd: number;
  try {
    // No link followed, no wait on a pipe swapped in since lstat.
    fd = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW);
  } catch (error) {
    return refuse(`it cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`, false);
  }
  try {
    const opened = fstatSync(fd);
    if (!opened.isFile()) return refuse(whatItIs(opened), false);
    const tooLarge = `it is larger than ${MAX_FILE_BYTES / 2 ** 20} MiB, the most a content file may hold`;
    if (opened.size > MAX_FILE_BYTES) return refuse(tooLarge, false);
    // One byte past the limit, so a file that grew since fstat is still caught.
    const buffer = Buffer.alloc(MAX_FILE_BYTES + 1);
    let length = 0;
    for (let read = -1; read !== 0 && length < buffer.length; length += read) read = readSync(fd, buffer, length, buffer.length - length, length);
    if (length > MAX_FILE_BYTES) return refuse(tooLarge, false);
    try {
      return UTF8.decode(buffer.subarray(0, length));
    } catch {
      return refuse('it is not UTF-8 text', false);
    }
  } finally {
    closeSync(fd);
  }
}
