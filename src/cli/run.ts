// The thin CLI: parse flags, call the core, print, choose the exit code. Nothing below src/cli/run.ts
// prints or exits. Exit 0 success, 1 content errors (all listed) and other failures, 2 usage errors:
// each error's code comes from its entry of the catalogue (src/errors/). The commands are in
// src/cli/, one to a file, each with its flags described for `--help`.
// Each command imports the core it needs when it runs: loading the server and the scaffolding up
// front would slow every build's start, and `validate` would load the renderer and writer too.
import { parseArgs } from 'node:util';
import type { ParseArgsConfig } from 'node:util';
import { COMMANDS } from './index.js';
import { escapeText } from '../content/quote.js';
import { commandHelp, problemLine } from './command.js';
import type { Command, Out, Values } from './command.js';
import { ContentError, fail, StatuspressError } from '../errors/error.js';
import { COMMAND } from '../errors/command.js';
import { closest } from '../content/messages.js';

/** `statuspress --help`: every command with what it does. */
function usage(): string {
  const width = Math.max(...COMMANDS.map((c) => `${c.name}${c.args ? ` ${c.args}` : ''}`.length));
  const lines = COMMANDS.map((c) => `  statuspress ${`${c.name}${c.args ? ` ${c.args}` : ''}`.padEnd(width)}  ${c.summary}`);
  return `statuspress — status pages from YAML in git\n\nUsage:\n${lines.join('\n')}\n\nRun \`statuspress <command> --help\` for a command's options.`;
}

/**
 * Every line the CLI prints passes here: whatever control character is left in it (an escape
 * sequence, a carriage return, a bell, C1 controls, bidi and zero-width characters) is shown
 * escaped (`\u001b`), so no text can drive the terminal or a log viewer; only the line breaks
 * between lines stay. Text from files and the network is also escaped and cut where it enters a
 * message (docs/reliability.md, "Terminal output of untrusted text"): this is the last guard.
 */
export const terminalSafe = (text: string): string => text.split('\n').map(escapeText).join('\n');

/** Runs the CLI; resolves to the exit code (serve resolves only once the server has stopped). */
export async function main(argv: string[], printer: Out = { log: console.log, error: console.error }): Promise<number> {
  const out: Out = { log: (line) => printer.log(terminalSafe(line)), error: (line) => printer.error(terminalSafe(line)) };
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    out.log(usage());
    return name === undefined ? 2 : 0;
  }
  if (name === '--version') {
    out.log(`statuspress ${version()}`);
    return 0;
  }
  const command = COMMANDS.find((c) => c.name === name);
  if (!command) {
    const guess = closest(name, COMMANDS.map((c) => c.name));
    return report(fail(COMMAND.unknownCommand, { name, ...(guess ? { guess } : {}) }), out);
  }
  try {
    const options: NonNullable<ParseArgsConfig['options']> = { help: { type: 'boolean', short: 'h' } };
    for (const [flag, { type, default: fallback, multiple }] of Object.entries(command.flags)) {
      options[flag] = fallback === undefined ? { type, ...(multiple ? { multiple: true } : {}) } : ({ type, default: fallback } as { type: 'string'; default: string });
    }
    checkOptions(command, rest, options);
    const { values, positionals } = parseArgs({ args: rest, options, strict: true, allowPositionals: command.positionals ?? false });
    if (values.help) {
      out.log(commandHelp(command));
      return 0;
    }
    return await command.run(values as Values, out, positionals);
  } catch (error) {
    return report(error, out, command);
  }
}

/**
 * The options as given, judged before Node's parser words them: an unknown one gets the nearest as
 * a suggestion (`--stat`: did you mean --state?), as an unknown command does, and one without its
 * value is named with what it takes. What is left (a boolean given a value, a value that looks like
 * an option) is the parser's to say.
 */
function checkOptions(command: Command, args: string[], options: NonNullable<ParseArgsConfig['options']>): void {
  const names = Object.keys(options);
  const { tokens } = parseArgs({ args, options, strict: false, allowPositionals: true, tokens: true });
  for (const token of tokens) {
    if (token.kind !== 'option') continue;
    if (!Object.hasOwn(options, token.name)) {
      const guess = closest(token.name, names);
      throw fail(COMMAND.unknownOption, { option: token.rawName, command: command.name, ...(guess ? { guess: `--${guess}` } : {}) });
    }
    const flag = command.flags[token.name];
    if (flag?.type === 'string' && token.value === undefined) throw fail(COMMAND.optionNeedsValue, { option: token.rawName, value: flag.value ?? 'VALUE' });
    // A duration before now (`--in -1h`), which the parser would call an ambiguous option.
    if ((token.name === 'in' || token.name === 'for') && token.value?.startsWith('-')) throw fail(COMMAND.badDuration, { flag: `--${token.name}`, value: token.value });
  }
}

/** The version in package.json, compiled in (a copy of the single-file CLI in a status repository has no package.json beside it). */
const version = (): string => __STATUSPRESS_VERSION__;

/** Prints an error of `command` (none: before a command was found) and returns its exit code. */
function report(error: unknown, out: Out, command?: Command): number {
  if (error instanceof ContentError) {
    for (const issue of error.issues) out.error(problemLine(issue, error.folder));
    out.error(`\n${error.message}. ${error.hint ?? ''}`.trimEnd());
    return error.exitCode;
  }
  // Node's argument parser words what is wrong with the flags.
  if (((error as { code?: unknown }).code ?? '').toString().startsWith('ERR_PARSE_ARGS')) {
    return report(fail(COMMAND.badArguments, { detail: (error as Error).message }), out, command);
  }
  if (error instanceof StatuspressError) {
    if (error.showsUsage) {
      out.error(`${error.message}\n\n${command === undefined ? usage() : commandHelp(command)}`);
    } else {
      const where = error.location ? `${error.location.file}${error.location.line ? `:${error.location.line}:${error.location.column ?? 1}` : ''}  ` : '';
      out.error(`${where}${error.message}${error.hint ? `\n${error.hint}` : ''}`);
    }
    return error.exitCode;
  }
  out.error(COMMAND.internal.message({ command: command?.name ?? '', detail: (error as Error).stack ?? String(error) }));
  return COMMAND.internal.exit;
}
