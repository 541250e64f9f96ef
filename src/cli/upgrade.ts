// `statuspress upgrade`: replaces a status repository's .statuspress/statuspress.mjs with this version.
import { fail } from '../errors/error.js';
import { COMMAND } from '../errors/command.js';
import type { Command } from './command.js';

export const upgrade: Command = {
  name: 'upgrade',
  summary: "Replace the status repository's .statuspress/statuspress.mjs with this version of statuspress.",
  positionals: true,
  flags: {
    dir: { type: 'string', default: '.', value: 'DIR', description: 'the status repository' },
  },
  async run(values, out, positionals) {
    if (positionals.length > 0) throw fail(COMMAND.upgradeExtraArguments, undefined);
    const { upgradeBundle } = await import('../scaffold/upgrade.js');
    const result = await upgradeBundle(String(values.dir));
    if (!result.replaced) {
      out.log(`${result.file} is statuspress ${result.to} already; nothing to do.`);
      return 0;
    }
    const same = result.from === result.to ? ' (another build of the same version)' : '';
    out.log(`statuspress ${result.from} → ${result.to}${same}: replaced ${result.file}.\nCommit it: git add ${result.file} && git commit -m "statuspress ${result.to}"`);
    return 0;
  },
};
