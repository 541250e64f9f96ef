// `statuspress host-config nginx|netlify`: the host configuration generated from the routing table.
import path from 'node:path';
import { fail, StatuspressError } from '../errors/error.js';
import { COMMAND } from '../errors/command.js';
import { DEFAULT_RATE_LIMIT } from '../serve/rate-limit.js';
import type { SiteConfig } from '../content/types.js';
import type { Command } from './command.js';
import { text, wholeNumber } from './command.js';

export const hostConfig: Command = {
  name: 'host-config',
  args: 'nginx|netlify',
  summary: 'Print an nginx server block, or the Netlify _redirects and _headers, for a built output.',
  positionals: true,
  flags: {
    dir: { type: 'string', default: 'dist', value: 'DIR', description: 'the output folder nginx serves' },
    root: { type: 'string', value: 'PATH', description: "nginx's root, if not the absolute --dir" },
    listen: { type: 'string', default: '80', value: 'ADDR:PORT', description: "nginx's listen address" },
    'server-name': { type: 'string', default: '_', value: 'NAME', description: "nginx's server_name" },
    audience: { type: 'string', value: 'NAME', description: "for that audience's site (site.yaml audiences): credentials required, no CORS" },
    content: { type: 'string', default: 'content', value: 'DIR', description: 'the content folder whose site.yaml names the audience (with --audience)' },
    'rate-limit': { type: 'string', default: String(DEFAULT_RATE_LIMIT), value: 'N', description: 'API requests a second per client address (0: no limit)' },
  },
  async run(values, out, positionals) {
    const [host, ...extra] = positionals;
    if ((host !== 'nginx' && host !== 'netlify') || extra.length > 0) throw fail(COMMAND.hostNeeded, undefined);
    const { netlifyHeaders, netlifyRedirects, nginxConfig } = await import('../hosting/index.js');
    const secret = await privateOf(text(values, 'audience'), String(values.content), String(values.dir));
    if (host === 'netlify') {
      out.log(`# file: _redirects\n${netlifyRedirects()}\n# file: _headers\n${netlifyHeaders(undefined, { secret: secret !== undefined })}`);
      return 0;
    }
    const rateLimit = wholeNumber(values['rate-limit']);
    if (rateLimit === null) throw fail(COMMAND.notWholeNumber, { flag: '--rate-limit', value: String(values['rate-limit']) });
    const listen = String(values.listen);
    if (!/^(?:[\w.-]+:|\[[0-9a-fA-F:]+\]:)?\d{1,5}$/.test(listen)) throw fail(COMMAND.badListen, { value: listen });
    const root = path.resolve(typeof values.root === 'string' ? values.root : String(values.dir));
    if (/[\s;{}'"]/.test(root)) throw fail(COMMAND.badRoot, { root });
    const serverName = String(values['server-name']);
    if (!/^[\w.*~-]+(?: [\w.*~-]+)*$/.test(serverName)) throw fail(COMMAND.badServerName, { value: serverName });
    out.log(nginxConfig({ root, listen, rateLimit, serverName, ...(secret === undefined ? {} : { private: secret }) }));
    return 0;
  },
};

/**
 * What the host files of the site require (its password file); none for the public site. The build in
 * `dir`, when there is one, says whose site it is: a private build is never configured as public for
 * want of --audience, nor as another audience's. Without a build, the content says, for --audience.
 */
async function privateOf(audience: string | undefined, contentDir: string, dir: string): Promise<{ passwordFile: string | null } | undefined> {
  const built = await builtSite(dir);
  if (built !== undefined) {
    if (audience !== undefined && audience !== built.private?.audience) {
      throw fail(COMMAND.otherAudienceBuilt, { value: audience, dir, built: built.private?.audience ?? null });
    }
    return built.private === undefined ? undefined : { passwordFile: built.private.passwordFile };
  }
  if (audience === undefined) return undefined;
  const [{ readContent }, { audienceView }] = await Promise.all([import('../content/index.js'), import('../content/audience.js')]);
  const secret = audienceView(await readContent(contentDir), audience).site.private!;
  return { passwordFile: secret.passwordFile };
}

/** The site of the build in `dir`; undefined when `dir` holds none yet. A build of another version is refused: whose it is cannot be read. */
async function builtSite(dir: string): Promise<SiteConfig | undefined> {
  const { readBuildState } = await import('../serve/build-state.js');
  return readBuildState(dir).then(
    (state) => state.content.site,
    (error: unknown) => {
      if (error instanceof StatuspressError && error.code === COMMAND.notABuild.code) return undefined;
      throw error;
    },
  );
}
