// The CLI's main() run in this process: for tests of what a command does and says, where a child
// process would only add its start-up (the bin does nothing but hand main() its arguments, and
// main() prints everything through the printer it is given). Tests of the CLI as a process, its
// exit status as the shell sees it, use runCli (cli.ts).
import { main } from '../../src/cli/run.js';
import type { CliRun } from './cli.js';

/** `statuspress ...args` through main(): the exit code it returns, and its lines as the bin prints them on stdout and stderr. */
export async function runMain(args: string[]): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const code = await main(args, { log: (line) => (stdout += `${line}\n`), error: (line) => (stderr += `${line}\n`) });
  return { code, stdout, stderr };
}
