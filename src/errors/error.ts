// The error types of the core. Every error a user can see is an entry of the catalogue in src/errors/
// (its code, title, message and hint); these carry one occurrence of an entry. The core throws them;
// only the CLI prints them and chooses the exit code, the entry's.
import path from 'node:path';
import { USAGE_HINT } from './entry.js';
import type { AnyCommandEntry, ParamsOf } from './entry.js';
import { COMMAND } from './command.js';
import type { CommandCode } from './index.js';
import { escapeText } from '../content/quote.js';
import type { ContentIssue } from './content.js';

export type { CommandCode, ContentCode } from './index.js';

export interface SourceLocation {
  /** Path relative to the content folder (or as given). */
  file: string;
  line?: number;
  column?: number;
}

/** A command entry that ends the command: exit 1 or 2 (exit 0 entries are warnings). */
type FatalEntry = AnyCommandEntry & { code: CommandCode; exit: 1 | 2 };

/** A failure of a command: an entry of the catalogue's command errors with its words for this occurrence. */
export class StatuspressError extends Error {
  override readonly name = 'StatuspressError';
  /** The entry's code: stable, listed in docs/errors.md. */
  readonly code: CommandCode;
  /** The exit code the CLI ends with: 2 for usage errors, 1 for the rest. */
  readonly exitCode: 1 | 2;
  /** What to do, printed under the message. */
  readonly hint: string | undefined;
  /** An error in the command line itself: the CLI prints the command's usage after the message. */
  readonly showsUsage: boolean;
  readonly location: SourceLocation | undefined;

  /** Use fail(): it takes the words from the entry. */
  constructor(
    entry: FatalEntry,
    words: { message: string; hint: string | undefined },
    options: { location?: SourceLocation; cause?: unknown } = {},
  ) {
    super(words.message, { cause: options.cause });
    this.code = entry.code;
    this.exitCode = entry.exit;
    this.showsUsage = entry.hint === USAGE_HINT;
    this.hint = this.showsUsage ? undefined : words.hint;
    this.location = options.location;
  }
}

/** The error of a command entry (exit 1 or 2) for one occurrence: its message and hint from `params`. */
export function fail<E extends FatalEntry>(
  entry: E,
  params: ParamsOf<E>[0],
  options: { location?: SourceLocation; cause?: unknown } = {},
): StatuspressError {
  return new StatuspressError(entry, wordsOf(entry, params), options);
}

function wordsOf(entry: FatalEntry, params: unknown): { message: string; hint: string | undefined } {
  const hint = typeof entry.hint === 'function' ? (entry.hint as (p: unknown) => string | undefined)(params) : entry.hint;
  return { message: (entry.message as (p: unknown) => string)(params), hint };
}

// Defined with the content problems' entries (their codes): the catalogue must not import this module.
export type { ContentIssue, IssueWords } from './content.js';

/** Thrown once with every problem found, never with just the first. */
export class ContentError extends StatuspressError {
  readonly issues: ContentIssue[];
  /** The folder the issues' files are relative to, as the command was given it (`content`), when known. */
  readonly folder: string | undefined;

  constructor(issues: ContentIssue[], folder?: string) {
    const first = issues[0];
    const location = first ? { file: first.file, line: first.line, column: first.column } : undefined;
    super(COMMAND.contentInvalid, wordsOf(COMMAND.contentInvalid, { count: issues.length }), location ? { location } : {});
    this.issues = issues;
    this.folder = folder;
  }
}

/**
 * A content file as every output names it, text and GitHub annotations alike: under the folder as
 * the command was given it (`content/notices/42.yaml`), so relative to the working folder; as it is
 * when the folder is not known.
 */
export const shownPath = (folder: string | undefined, file: string): string =>
  folder === undefined ? file : path.posix.join(folder.split(path.sep).join('/'), file);

/**
 * `file:line:column  path: message`, the one format every issue is shown in: always one line, so a
 * line break inside a quoted value cannot forge a second issue in a log or a pull-request check.
 */
export function formatIssue(issue: Pick<ContentIssue, 'file' | 'line' | 'column' | 'path' | 'message'>, folder?: string): string {
  // File names come from the pull request too: escaped like the content they hold.
  const where = `${escapeText(shownPath(folder, issue.file))}:${issue.line}:${issue.column}`;
  return oneLine(issue.path ? `${where}  ${issue.path}: ${issue.message}` : `${where}  ${issue.message}`);
}

const oneLine = (text: string): string => text.replace(/\r/g, '\\r').replace(/\n/g, '\\n');
