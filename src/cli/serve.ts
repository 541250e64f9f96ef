// `statuspress serve`: the embedded origin for one machine.
import { isIP } from 'node:net';
import { fail } from '../errors/error.js';
import { COMMAND } from '../errors/command.js';
import { DEFAULT_RATE_LIMIT } from '../serve/rate-limit.js';
import type { Command } from './command.js';
import { wholeNumber } from './command.js';

export const serve: Command = {
  name: 'serve',
  summary: 'Serve a built output: the site, the API (with on-demand answers) and a rate limit.',
  flags: {
    dir: { type: 'string', default: 'dist', value: 'DIR', description: 'the output folder to serve' },
    port: { type: 'string', default: '8080', value: 'PORT', description: 'the port to listen on (0: any free one)' },
    host: { type: 'string', default: '127.0.0.1', value: 'ADDR', description: 'the address to listen on (0.0.0.0 or :: for every one)' },
    base: { type: 'string', default: '', value: '/PATH', description: 'serve the site under this path instead of /' },
    'rate-limit': { type: 'string', default: String(DEFAULT_RATE_LIMIT), value: 'N', description: 'API requests a second per client (0 turns the limit off)' },
    'trust-proxy': { type: 'string', default: '', value: 'ADDR,ADDR', description: 'proxies whose X-Forwarded-For names the client' },
    'access-log': { type: 'boolean', default: false, description: 'print a line per request' },
    'at-build-time': { type: 'boolean', default: false, description: "answer as of the build's moment, not following the clock (builds made with --now)" },
  },
  async run(values, out) {
    const port = wholeNumber(values.port);
    if (port === null || port > 65535) throw fail(COMMAND.badPort, { value: String(values.port) });
    const base = String(values.base);
    if (base && !base.startsWith('/')) throw fail(COMMAND.badBase, { base });
    const rateLimit = wholeNumber(values['rate-limit']);
    if (rateLimit === null) throw fail(COMMAND.badRateLimit, { value: String(values['rate-limit']) });
    const trustProxy = String(values['trust-proxy']).split(',').map((s) => s.trim()).filter(Boolean);
    const notAddress = trustProxy.find((a) => isIP(a) === 0);
    if (notAddress !== undefined) throw fail(COMMAND.badTrustProxy, { value: notAddress });
    const { serve: start } = await import('../serve/server.js');
    const running = await start({
      dir: String(values.dir),
      host: String(values.host),
      port,
      base,
      rateLimit,
      trustProxy,
      ...(values['access-log'] ? { log: out.log } : {}),
      // Following the clock runs this very CLI again (`build --again`), whichever file it is.
      ...(values['at-build-time'] ? {} : { follow: { cli: process.argv[1]!, note: out.log } }),
    });
    // The signal handlers come first: whoever reads the URL line may signal at once.
    const stopped = new Promise<void>((resolve) => {
      const stop = (): void => {
        out.log('Shutting down: finishing requests in flight');
        void running.close().then(resolve);
      };
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    });
    out.log(`Serving ${values.dir} at ${running.url}${base}/  (API: ${running.url}${base}/api/v1/status)`);
    await stopped;
    return 0;
  },
};
