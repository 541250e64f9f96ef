// What a command of the CLI is: its flags (each with a one-line description, so `--help` lists them),
// its arguments and what it runs. Commands live one to a file in this folder; src/cli/run.ts runs them.
import { fail, formatIssue } from '../errors/error.js';
import type { ContentIssue } from '../errors/error.js';
import { COMMAND } from '../errors/command.js';
import { parseTimestamp } from '../util/time.js';

export type Out = { log: (line: string) => void; error: (line: string) => void };
export type Values = Record<string, string | boolean | string[] | undefined>;

export interface Flag {
  type: 'string' | 'boolean';
  default?: string | boolean;
  /** One line for `--help`. */
  description: string;
  /** What the value is, in `--help` (`DIR`, `ISO`); strings only. */
  value?: string;
  /** A string flag that may be given more than once (`--set a=1 --set b=2`): its value is a list. */
  multiple?: boolean;
}

export interface Command {
  name: string;
  /** The words after the name in usage lines (`DIR`, `notice|component`), before the options. */
  args?: string;
  /** One line: what the command does. */
  summary: string;
  flags: Record<string, Flag>;
  /** Takes positional arguments (`init DIR`). */
  positionals?: boolean;
  /** Runs the command; resolves to its exit code. Throws StatuspressError for anything that fails. */
  run(values: Values, out: Out, positionals: string[]): Promise<number>;
}

/** `statuspress <command> --help`: the usage line, what it does, and every flag with its description. */
export function commandHelp(command: Command): string {
  const rows = Object.entries(command.flags).map(([flag, f]) => {
    const name = `--${flag}${f.type === 'string' ? ` ${f.value ?? 'VALUE'}` : ''}`;
    const fallback = f.default !== undefined && f.default !== '' && f.type === 'string' ? ` (default: ${String(f.default)})` : '';
    return [name, `${f.description}${fallback}`] as const;
  });
  rows.push(['--help', 'show this help']);
  const width = Math.max(...rows.map(([name]) => name.length));
  const lines = rows.map(([name, text]) => `  ${name.padEnd(width)}  ${text}`);
  return `Usage: statuspress ${command.name}${command.args ? ` ${command.args}` : ''} [options]\n\n${command.summary}\n\nOptions:\n${lines.join('\n')}`;
}

/** Every value of a flag given more than once (`multiple`), in order; none when it is not given. */
export const texts = (values: Values, flag: string): string[] => {
  const value = values[flag];
  return Array.isArray(value) ? value : typeof value === 'string' ? [value] : [];
};

/** The value of a string flag, or undefined. */
export const text = (values: Values, flag: string): string | undefined => (typeof values[flag] === 'string' ? (values[flag] as string) : undefined);

/** A flag's value as a whole number ≥ 0 written in digits; null for anything else ("", "1.5", "-1"). */
export const wholeNumber = (value: unknown): number | null => (typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : null);

/** Ids separated by commas (`1,2`); a usage error naming the flag otherwise. */
export const integerList = (value: string, flag: '--components'): number[] =>
  value.split(',').map((part) => {
    const n = Number(part.trim());
    if (!Number.isSafeInteger(n) || n <= 0) throw fail(COMMAND.badComponentIds, { flag, value });
    return n;
  });

const DURATION = /^(?:(\d{1,5})d)?(?:(\d{1,6})h)?(?:(\d{1,7})m)?$/;

/** A duration as `--in` and `--for` take it (`30m`, `2h`, `3d`, `1d12h`), in ms; a usage error naming the flag otherwise. */
export function duration(value: string, flag: '--in' | '--for'): number {
  const m = DURATION.exec(value);
  if (m === null || value === '') throw fail(COMMAND.badDuration, { flag, value });
  const [, days = '0', hours = '0', minutes = '0'] = m;
  const ms = ((Number(days) * 24 + Number(hours)) * 60 + Number(minutes)) * 60_000;
  // A window that ends as it begins is no window; `--in 0m` (beginning now) is one.
  if (ms === 0 && flag === '--for') throw fail(COMMAND.badDuration, { flag, value });
  return ms;
}

/** A whole number; a usage error naming the flag otherwise. */
export const integer = (value: string, flag: '--parent' | '--position'): number => {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw fail(COMMAND.notWholeNumber, { flag, value });
  return n;
};

/** 0001-01-01T00:00:00Z: the default metrics window starts 30 days before `now`, and its dates must stay in years 0000-9999. */
const YEAR_1 = -62_135_596_800_000;

/** `--content DIR`, the same default everywhere; `description` says what the command does with it. */
export const contentFlag = (description = 'the content folder'): Flag => ({ type: 'string', default: 'content', value: 'DIR', description });

/**
 * `--now` of the authoring commands: the moment they act as of, for scripts and tests that must not
 * depend on the day they run.
 */
export const authoringNowFlag = (): Flag => ({ type: 'string', value: 'ISO', description: 'act as of this moment, with a zone: the default --at, and the checks of stale notices and of updates dated ahead (default: the clock)' });

/** `{ now }` from `--now`, or nothing (the clock), to spread into an authoring command's options. */
export function nowOption(values: Values): { now?: number } {
  const now = nowFlag(values);
  return now === undefined ? {} : { now };
}

/** `--now` in epoch ms, or undefined when not given (the clock); a usage error when it is not a timestamp with a zone. */
export function nowFlag(values: Values): number | undefined {
  const value = text(values, 'now');
  if (value === undefined) return undefined;
  const parsed = parseTimestamp(value);
  if (parsed === null || parsed < YEAR_1) throw fail(COMMAND.badNow, { value });
  return parsed;
}

/**
 * A content problem as the text output prints it: `file:line:column  path: message  [code]`, the
 * file under `folder` (shownPath). The code, which docs/errors.md lists, follows the message as the
 * GitHub annotations' title gives it.
 */
export const problemLine = (issue: ContentIssue, folder?: string): string => `${formatIssue(issue, folder)}  [${issue.code}]`;

/** A note as the text output prints it (`note: content/notices/42.yaml:7:9  updates.1.at: …`). */
export const noteLine = (note: ContentIssue, folder?: string): string => `note: ${formatIssue(note, folder)}`;

/**
 * The problems in files an authoring command did not write (`new`, `update`, `resolve`): they did
 * not stop it, but every build fails until they are fixed, so they are shown as warnings.
 */
export function reportElsewhere(out: Out, issues: readonly ContentIssue[], folder?: string): void {
  for (const issue of issues) out.error(`warning: ${problemLine(issue, folder)}`);
  const n = issues.length;
  if (n > 0) out.error(`warning: ${n} ${n === 1 ? 'problem' : 'problems'} in other files, not this command's: builds fail until ${n === 1 ? 'it is' : 'they are'} fixed`);
}
