// `statuspress init DIR`: a new status repository.
import { fail } from '../errors.js';
import { COMMAND } from '../errors/command.js';
import type { Command } from './command.js';
import { text } from './command.js';

export const init: Command = {
  name: 'init',
  args: 'DIR',
  summary: 'Create a status repository in a new or empty folder: example content and GitHub workflows.',
  positionals: true,
  flags: {
    name: { type: 'string', value: 'NAME', description: "the status page's name" },
    url: { type: 'string', value: 'URL', description: "the status page's public address" },
  },
  async run(values, out, positionals) {
    const [dir, ...extra] = positionals;
    if (dir === undefined || extra.length > 0) throw fail(COMMAND.initNeedsFolder, undefined);
    const { initSite } = await import('../scaffold/init.js');
    const name = text(values, 'name');
    const url = text(values, 'url');
    const { files } = await initSite(dir, { ...(name === undefined ? {} : { name }), ...(url === undefined ? {} : { url }) });
    out.log(`Created a status page in ${dir}:\n${files.map((f) => `  ${f}`).join('\n')}\n\nNext: cd ${dir} && npm install && npx statuspress build && npx statuspress serve`);
    return 0;
  },
};
