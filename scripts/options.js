/**
 * options.js — the command-line options of a script in scripts/, read with node:util's parseArgs:
 * `--help` prints the script's opening comment, and an option the script does not take is one line
 * and exit code 2, not a stack trace.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

/** parseArgs(config) for the script at `scriptUrl` (its import.meta.url). */
export function scriptOptions(scriptUrl, config) {
  const file = fileURLToPath(scriptUrl);
  const args = config.args ?? process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h')) {
    const comment = /\/\*\*([\s\S]*?)\*\//.exec(readFileSync(file, 'utf8'))?.[1] ?? '';
    console.log(comment.split('\n').map((line) => line.replace(/^\s*\* ?/, '')).join('\n').trim());
    process.exit(0);
  }
  try {
    return parseArgs({ ...config, args });
  } catch (error) {
    console.error(`${path.basename(file)}: ${error.message} (--help lists its options)`);
    process.exit(2);
  }
}
