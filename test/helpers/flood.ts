// A flood of requests against a running `statuspress serve` on loopback, for the flood test. The
// server must trust 127.0.0.1 as a proxy: most workers then pose as a new client on every request
// (a random X-Forwarded-For), the rest as one client hammering it. scripts/flood.js carries the same
// logic in plain JavaScript (scripts cannot import from test/).
import { Agent, request } from 'node:http';

export interface FloodOptions {
  /** `http://127.0.0.1:PORT` of the server. */
  url: string;
  seconds: number;
  concurrency: number;
  /** Share of the workers that send a new random X-Forwarded-For on every request; default 0.8. */
  spoofedShare?: number;
  /** Addresses requested round robin; default FLOOD_PATHS. */
  paths?: readonly string[];
  /** Abort every n-th request right after its answer starts (a client going away); 0 never. Default 50. */
  abortEvery?: number;
}

export interface FloodResult {
  sent: number;
  /** Answers by status code, plus `aborted` (ours) and `error:<code>` (network errors). */
  statuses: Record<string, number>;
  elapsedMs: number;
  perSecond: number;
  /** The one hammering client's answers to API requests, by status. */
  single: Record<string, number>;
}

/** Prebuilt, on-demand, error and site addresses, in both spellings where the API has two. */
export const FLOOD_PATHS: readonly string[] = [
  '/api/v1/status',
  '/api/v1/notices',
  '/v1/notices?page=2',
  '/api/v1/notices/100',
  '/api/v1/components?filter[parent_id_eq]=1',
  '/api/v1/components/2/metrics?timeframe_start=2026-10-01&timeframe_end=2026-11-15',
  '/api/v1/notices?page=99',
  '/api/v1/notices/987654',
  '/api/v1/notices?page=zero',
  '/',
  '/no/such/page',
];

/** The rate limit covers the API only. */
export const isApi = (path: string): boolean => /^\/(?:api|v1)(?:[/?.]|$)/.test(path);

/** The client the non-spoofing workers pose as. */
export const SINGLE_CLIENT = '192.0.2.1';

const octet = (): number => Math.floor(Math.random() * 256);
export const randomAddress = (): string =>
  Math.random() < 0.9 ? `${octet()}.${octet()}.${octet()}.${octet()}` : `2001:db8:${octet().toString(16)}::${octet().toString(16)}`;

const bump = (counts: Record<string, number>, key: string): void => {
  counts[key] = (counts[key] ?? 0) + 1;
};

export async function flood(options: FloodOptions): Promise<FloodResult> {
  const url = new URL(options.url);
  const paths = options.paths ?? FLOOD_PATHS;
  const abortEvery = options.abortEvery ?? 50;
  const spoofing = Math.round(options.concurrency * (options.spoofedShare ?? 0.8));
  // Keep-alive agents, one per kind of client, each with a socket per worker.
  const agents = [new Agent({ keepAlive: true, maxSockets: spoofing || 1 }), new Agent({ keepAlive: true, maxSockets: options.concurrency - spoofing || 1 })];
  const statuses: Record<string, number> = {};
  const single: Record<string, number> = {};
  let sent = 0;
  const started = performance.now();
  const deadline = started + options.seconds * 1_000;

  const once = (path: string, spoofed: boolean, abort: boolean): Promise<void> =>
    new Promise((resolve) => {
      const client = spoofed ? randomAddress() : SINGLE_CLIENT;
      const req = request(
        {
          host: url.hostname,
          port: url.port,
          path,
          agent: agents[spoofed ? 0 : 1],
          headers: { 'X-Forwarded-For': client, 'Accept-Encoding': sent % 3 === 0 ? 'gzip, br' : 'identity' },
          timeout: 10_000,
        },
        (res) => {
          if (abort) {
            bump(statuses, 'aborted');
            res.destroy();
            resolve();
            return;
          }
          res.resume();
          res.on('end', () => {
            bump(statuses, String(res.statusCode));
            if (!spoofed && isApi(path)) bump(single, String(res.statusCode));
            resolve();
          });
          res.on('error', () => resolve());
        },
      );
      req.on('timeout', () => req.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })));
      req.on('error', (error: NodeJS.ErrnoException) => {
        if (!abort) bump(statuses, `error:${error.code ?? 'unknown'}`);
        resolve();
      });
      req.end();
    });

  const worker = async (index: number): Promise<void> => {
    const spoofed = index < spoofing;
    for (let i = index; performance.now() < deadline; i++) {
      sent++;
      await once(paths[i % paths.length]!, spoofed, abortEvery > 0 && sent % abortEvery === 0);
    }
  };
  try {
    await Promise.all(Array.from({ length: options.concurrency }, (_, i) => worker(i)));
  } finally {
    for (const agent of agents) agent.destroy();
  }
  const elapsedMs = performance.now() - started;
  return { sent, statuses, elapsedMs, perSecond: sent / (elapsedMs / 1_000), single };
}

export const MB = 1024 * 1024;
export const mb = (bytes: number): string => `${(bytes / MB).toFixed(1)} MB`;
