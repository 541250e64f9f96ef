// `statuspress host-config nginx|netlify`: the host configuration generated from the routing table.
import path from 'node:path';
import { fail } from '../errors.js';
import { COMMAND } from '../errors/command.js';
import { DEFAULT_RATE_LIMIT } from '../serve/rate-limit.js';
import type { Command } from './command.js';
import { wholeNumber } from './command.js';

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
    'rate-limit': { type: 'string', default: String(DEFAULT_RATE_LIMIT), value: 'N', description: 'API requests a second per client address (0: no limit)' },
  },
  async run(values, out, positionals) {
    const [host, ...extra] = positionals;
    if ((host !== 'nginx' && host !== 'netlify') || extra.length > 0) throw fail(COMMAND.hostNeeded, undefined);
    const { netlifyHeaders, netlifyRedirects, nginxConfig } = await import('../hosting/index.js');
    if (host === 'netlify') {
      out.log(`# file: _redirects\n${netlifyRedirects()}\n# file: _headers\n${netlifyHeaders()}`);
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
    out.log(nginxConfig({ root, listen, rateLimit, serverName }));
    return 0;
  },
};
