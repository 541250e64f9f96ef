// One error type for the whole core. Codes are stable: tools and docs may rely on them.

export interface SourceLocation {
  /** Path relative to the content folder (or as given). */
  file: string;
  line?: number;
  column?: number;
}

export type ErrorCode =
  | 'content_invalid'
  | 'content_missing'
  | 'usage'
  | 'output_failed'
  | 'build_state_missing'
  | 'serve_failed';

export class StatuspressError extends Error {
  override readonly name = 'StatuspressError';
  readonly code: ErrorCode;
  readonly hint: string | undefined;
  readonly location: SourceLocation | undefined;

  constructor(
    code: ErrorCode,
    message: string,
    options: { hint?: string; location?: SourceLocation; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.code = code;
    this.hint = options.hint;
    this.location = options.location;
  }
}

/** One problem in the content, at the YAML node that holds it. */
export interface ContentIssue {
  file: string;
  line: number;
  column: number;
  /** Dotted path inside the file (`updates.1.state`); empty for the file as a whole. */
  path: string;
  message: string;
}

/** Thrown once with every problem found, never with just the first. */
export class ContentError extends StatuspressError {
  readonly issues: ContentIssue[];

  constructor(issues: ContentIssue[]) {
    const first = issues[0];
    super('content_invalid', `${issues.length} problem${issues.length === 1 ? '' : 's'} in the content`, {
      hint: 'Fix every problem listed, then run the command again.',
      ...(first ? { location: { file: first.file, line: first.line, column: first.column } } : {}),
    });
    this.issues = issues;
  }
}

/**
 * `file:line:column  path: message`, the one format every issue is shown in: always one line, so a
 * line break inside a quoted value cannot forge a second issue in a log or a pull-request check.
 */
export function formatIssue(issue: ContentIssue): string {
  const where = `${issue.file}:${issue.line}:${issue.column}`;
  return oneLine(issue.path ? `${where}  ${issue.path}: ${issue.message}` : `${where}  ${issue.message}`);
}

const oneLine = (text: string): string => text.replace(/\r/g, '\\r').replace(/\n/g, '\\n');
