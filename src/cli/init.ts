// `statuspress init DIR`: a new status repository.
import { fail, StatuspressError } from '../errors/error.js';
import { COMMAND } from '../errors/command.js';
import type { Command } from './command.js';
import { nowOption, text } from './command.js';
import { definedOnly } from '../util/defined.js';

export const init: Command = {
  name: 'init',
  args: 'DIR',
  summary: 'Create a status repository in a new folder, or one holding only dot-files (a fresh clone): example content, the CLI as one file, GitHub workflows.',
  positionals: true,
  flags: {
    name: { type: 'string', value: 'NAME', description: "the status page's name" },
    url: { type: 'string', value: 'URL', description: "the status page's public address" },
    from: {
      type: 'string',
      default: 'bundle',
      value: 'bundle|npm[:SPEC]',
      description: 'bundle: this statuspress as one file in the repository; npm: a package.json dependency (npm:statuspress@^0.2.0)',
    },
    branch: { type: 'string', default: 'main', value: 'NAME', description: 'the branch whose pushes publish the page' },
    locale: { type: 'string', value: 'TAG', description: "site.yaml's locale, the pages' language, which the example content is written in (de, fr, ja, ...)" },
    'time-zone': { type: 'string', value: 'ZONE', description: "site.yaml's time_zone, the zone the pages show times in (Europe/Berlin)" },
    audience: { type: 'string', value: 'NAME', description: 'a private audience (site.yaml audiences) whose site publish.yml also deploys, over SSH to a host of its own' },
    'audience-url': { type: 'string', value: 'URL', description: "that audience's site's address (default: https://NAME. before the public host)" },
    now: { type: 'string', value: 'ISO', description: "the moment the example content is dated as of, with a zone, for scripts and tests that must not depend on the day (default: the clock)" },
  },
  async run(values, out, positionals) {
    const [dir, ...extra] = positionals;
    // Every flag is checked before any is refused: init fails once, saying all that is wrong.
    const errors: StatuspressError[] = [];
    if (dir === undefined || extra.length > 0) errors.push(fail(COMMAND.initNeedsFolder, undefined));
    const parsed = parseFrom(String(values.from));
    if (parsed instanceof StatuspressError) errors.push(parsed);
    // Only to go on checking: with any error, initSite throws them all and writes nothing.
    const from = parsed instanceof StatuspressError ? { kind: 'bundle' as const } : parsed;
    const branch = String(values.branch);
    // Branch names that a workflow's `branches: [...]` carries as they are.
    if (!/^[\w./-]+$/.test(branch)) errors.push(fail(COMMAND.badBranch, { value: branch }));
    const { initSite } = await import('../scaffold/init.js');
    const name = text(values, 'name');
    const url = text(values, 'url');
    const locale = text(values, 'locale');
    const timeZone = text(values, 'time-zone');
    const audience = text(values, 'audience');
    const audienceUrl = text(values, 'audience-url');
    let now: { now?: number } = {};
    try {
      now = nowOption(values);
    } catch (error) {
      errors.push(error as StatuspressError);
    }
    if (audienceUrl !== undefined && audience === undefined) errors.push(fail(COMMAND.initAudienceUrlAlone, undefined));
    const { files } = await initSite(
      dir ?? '',
      {
        ...definedOnly({ name, url, locale, timeZone }),
        ...(audience === undefined ? {} : { audience: { name: audience, ...definedOnly({ url: audienceUrl }) } }),
        ...now,
        from,
        branch,
      },
      errors,
    );
    const sp = from.kind === 'bundle' ? 'node .statuspress/statuspress.mjs' : 'npx statuspress';
    const install = from.kind === 'npm' ? 'npm install && ' : '';
    out.log(
      `Created a status page in ${dir}:\n${files.map((f) => `  ${f}`).join('\n')}\n\n` +
        `Next: cd ${dir} && ${install}${sp} build && ${sp} serve\n` +
        `Then push it to GitHub and set Settings > Pages > Source to "GitHub Actions" (README.md says more).`,
    );
    return 0;
  },
};

/** `--from`: bundle, npm (this version, as a caret range) or npm:SPEC (`statuspress@^0.2.0`, `file:../x.tgz`, `^0.2.0`); the error when it is none. */
function parseFrom(value: string): { kind: 'bundle' } | { kind: 'npm'; spec: string } | StatuspressError {
  if (value === 'bundle') return { kind: 'bundle' };
  if (value === 'npm') return { kind: 'npm', spec: `^${__STATUSPRESS_VERSION__}` };
  const spec = value.startsWith('npm:') ? value.slice('npm:'.length).replace(/^statuspress@/, '') : '';
  if (spec === '' || /\s/.test(spec)) return fail(COMMAND.badFrom, { value });
  return { kind: 'npm', spec };
}
