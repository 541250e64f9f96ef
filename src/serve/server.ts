// `statuspress serve`: answers every spec request from the prebuilt files, computes the rest
// (other metrics timeframes, pages past the end, any filter combination) with the build's code.
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import path from 'node:path';
import { API_CACHE_CONTROL, COMMON_HEADERS, contentSecurityPolicy, DATA_CSP, ERROR_CACHE_CONTROL, PRIVATE_HEADERS, siteCacheControl } from '../hosting/headers.js';
import { fail, StatuspressError } from '../errors/error.js';
import { COMMAND } from '../errors/command.js';
import { answer, serialize } from '../render/answer.js';
import { route } from '../routes/parse.js';
import { folderLocation, localeOfPath, SITE, slashlessFolder } from '../routes/site.js';
import type { Route } from '../routes/parse.js';
import type { DerivedSite } from '../derive/index.js';
import { API } from '../errors/api.js';
import { ApiError, apiError } from '../routes/request.js';
import type { ApiRequest } from '../routes/request.js';
import { clientAddress, DEFAULT_RATE_LIMIT, limitKey, RateLimiter, trustedProxies } from './rate-limit.js';
import type { RateDecision } from './rate-limit.js';
import { sendError, sendJson } from './respond.js';
import { BuildWatcher } from './current-build.js';
import type { ServedBuild } from './current-build.js';
import type { CachedFile } from './file-cache.js';
import { sendCached, serveRange } from './static.js';
import { sendHot } from './hot.js';
import { followClock } from './follow.js';
import type { FollowOptions, Follower } from './follow.js';
import { trimEndOf } from '../util/text.js';

export interface ServeOptions {
  dir: string;
  host?: string;
  port?: number;
  /** Mount path, e.g. `/status`; default `/`. */
  base?: string;
  /** API requests per second per client address (also the burst); 0 turns limiting off. Default DEFAULT_RATE_LIMIT. */
  rateLimit?: number;
  /** Most clients the rate limiter tracks at once. */
  rateLimitClients?: number;
  /** Peer addresses whose X-Forwarded-For is believed (a CDN or load balancer in front). */
  trustProxy?: string[];
  /** Called with one line per answered request (an access log); nothing is logged without it. */
  log?: (line: string) => void;
  /** How long close() waits for requests in flight before cutting connections, ms. Default 10 s. */
  drainMs?: number;
  /** The rate limiter's clock in ms; default performance.now. Tests pass their own to simulate time. */
  clock?: () => number;
  /**
   * Follow the clock (follow.ts): at each moment the build's content gives a different site by time
   * alone, build it again as of then and answer from that build. Without it, every answer is as of
   * the moment the build in the output was made for (`serve --at-build-time`).
   */
  follow?: FollowOptions;
}

export interface RunningServer {
  server: Server;
  /** `http://host:port` as bound (port 0 picks a free one). */
  url: string;
  /** Stops accepting, finishes requests in flight (up to drainMs), then resolves. */
  close(): Promise<void>;
}

const ALLOWED = 'GET, HEAD, OPTIONS';

/** Starts serving `dir`; resolves once listening. Throws StatuspressError when `dir` is not a build. */
export async function serve(options: ServeOptions): Promise<RunningServer> {
  const dir = path.resolve(options.dir);
  let follower: Follower | null = null;
  const builds = new BuildWatcher(dir, (build) => follower?.follow(build));
  if (options.follow) follower = followClock(dir, builds, options.follow);
  const first = await builds.load();
  // serve asks no credentials: a private audience's site would be answered to anyone.
  const audience = await first.privateAudience();
  if (audience !== null) {
    await follower?.stop();
    throw fail(COMMAND.privateBuild, { dir: options.dir, audience });
  }
  const context: Context = {
    base: trimEndOf(options.base ?? '', '/'),
    builds,
    limiter: new RateLimiter({ rate: options.rateLimit ?? DEFAULT_RATE_LIMIT, maxClients: options.rateLimitClients ?? 10_000 }),
    trusted: trustedProxies(options.trustProxy ?? []),
    logging: options.log !== undefined,
    clock: options.clock ?? (() => performance.now()),
  };
  const server = createServer((req, res) => {
    if (options.log) {
      const started = performance.now();
      // Captured now: serving a file rewrites req.url to the file's path.
      const target = req.url ?? '/';
      res.once('finish', () => options.log!(accessLine(req, target, res, performance.now() - started)));
    }
    if (answerHot(req, res, context)) return;
    handle(req, res, context).catch((error: unknown) => {
      if (!res.headersSent) {
        // Without the error answers' Cache-Control: a failure is never worth keeping.
        sendJson(res, 500, JSON.stringify(apiError(API.internal).toJSON()));
      } else res.destroy();
      server.emit('requestError', error);
    });
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      const where = `${host}:${options.port ?? 8080}`;
      reject(
        error.code === 'EADDRINUSE'
          ? fail(COMMAND.portInUse, { where }, { cause: error })
          : fail(COMMAND.cannotListen, { where, detail: error.message }, { cause: error }),
      );
    });
    server.listen(options.port ?? 8080, host, () => resolve());
  }).catch(async (error: unknown) => {
    await follower?.stop();
    throw error;
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  return {
    server,
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    close: async () => {
      await follower?.stop();
      await drain(server, options.drainMs ?? 10_000);
    },
  };
}

function drain(server: Server, drainMs: number): Promise<void> {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(() => server.closeAllConnections(), drainMs);
    timer.unref();
    // A keep-alive connection would hold close() open until its timeout: close each as soon as its
    // request in flight has been answered.
    const idle = setInterval(() => server.closeIdleConnections(), 25);
    server.close(() => {
      clearTimeout(timer);
      clearInterval(idle);
      resolve();
    });
    server.closeIdleConnections();
  });
}

interface Context {
  base: string;
  builds: BuildWatcher;
  limiter: RateLimiter;
  trusted: ReadonlySet<string>;
  logging: boolean;
  clock: () => number;
}

/**
 * A GET or HEAD, without conditions or a range, for a target already answered with a prebuilt file
 * of the current build (hot.ts): sent from the answers built for it then. False: handle() answers.
 */
function answerHot(req: IncomingMessage, res: ServerResponse, context: Context): boolean {
  const method = req.method;
  if ((method !== 'GET' && method !== 'HEAD') || req.headers.range !== undefined || req.headers['if-none-match'] !== undefined) return false;
  const answer = context.builds.recent()?.hot.get(req.url ?? '/');
  if (answer === undefined) return false;
  let extra: string[] | undefined;
  if (answer.api && context.limiter.enabled) {
    const decision = context.limiter.take(limitKey(clientAddress(req.socket.remoteAddress, req.headers['x-forwarded-for'], context.trusted)), context.clock());
    if (!decision.allowed) {
      for (const [name, value] of COMMON_HEADERS) res.setHeader(name, value);
      res.setHeader('Content-Security-Policy', DATA_CSP);
      refuse(res, decision);
      return true;
    }
    extra = rateHeaders(decision).flat();
  }
  const length = sendHot(res, answer, req.headers['accept-encoding'], method === 'HEAD', extra);
  if (context.logging) hotLengths.set(res, length);
  return true;
}

/** Content-Length of the answers sent by answerHot, for the access log (writeHead's array is not kept where getHeader looks). */
const hotLengths = new WeakMap<ServerResponse, number>();

/** The answer to a client over its rate limit. */
function refuse(res: ServerResponse, decision: RateDecision): void {
  setRateHeaders(res, decision);
  sendError(res, apiError(API.rateLimited, { limit: decision.limit, retryAfter: decision.retryAfter }), {
    'Retry-After': String(decision.retryAfter),
    'Cache-Control': 'no-store',
  });
}

async function handle(req: IncomingMessage, res: ServerResponse, context: Context): Promise<void> {
  // A private build swapped in after the start: nothing of it, not even a preflight's consent. Its
  // hot answers stay empty, as only this path fills them.
  if (await privateNow(context)) {
    for (const [name, value] of PRIVATE_HEADERS) res.setHeader(name, value);
    res.setHeader('Content-Security-Policy', DATA_CSP);
    sendError(res, apiError(API.privateBuild, undefined), { 'Cache-Control': 'no-store' });
    return;
  }
  for (const [name, value] of COMMON_HEADERS) res.setHeader(name, value);
  // Until a page is sent: answers that are data may run and load nothing.
  res.setHeader('Content-Security-Policy', DATA_CSP);
  const raw = req.url ?? '/';
  let target = raw;
  if (context.base) {
    if (target !== context.base && !target.startsWith(`${context.base}/`) && !target.startsWith(`${context.base}?`)) {
      sendError(res, apiError(API.notUnderBase, { base: context.base }));
      return;
    }
    if (target === context.base || target.startsWith(`${context.base}?`)) {
      // The page's links are relative: they need the trailing slash to resolve under the base.
      res.writeHead(301, { Location: `${context.base}/${target.slice(context.base.length)}` });
      res.end();
      return;
    }
    target = target.slice(context.base.length);
  }
  const found = route(target);
  // Judged on the routed request, not the raw text: `//api/v1/status` or `/%61pi/...` are API calls too.
  const api = found.kind !== 'site';
  const method = req.method ?? 'GET';
  if (method === 'OPTIONS') {
    res.writeHead(204, {
      Allow: ALLOWED,
      'Access-Control-Allow-Methods': ALLOWED,
      'Access-Control-Allow-Headers': '*',
      'Access-Control-Max-Age': '86400',
    });
    res.end();
    return;
  }
  if (api && context.limiter.enabled) {
    const decision = context.limiter.take(limitKey(clientAddress(req.socket.remoteAddress, req.headers['x-forwarded-for'], context.trusted)), context.clock());
    if (!decision.allowed) {
      refuse(res, decision);
      return;
    }
    setRateHeaders(res, decision);
  }
  if (method !== 'GET' && method !== 'HEAD') {
    sendError(res, apiError(API.methodNotAllowed, { method }), { Allow: ALLOWED });
    return;
  }
  if (found.kind === 'error') {
    sendError(res, found.error);
    return;
  }
  // Every part of the answer from one build; should that build's folder vanish mid-request (a newer
  // build replaced it), the answer is started again from the newer build, a few times at most
  // (builds swapped in quick succession, on a busy machine, can replace the newer one too).
  for (let attempt = 0; attempt < 4; attempt++) {
    if ((await answerFrom(await context.builds.current({ fresh: attempt > 0 }), found, req, res, context.base, raw)) !== 'gone') return;
  }
  // The output is gone too (removed by hand, or being replaced by an older version's two renames):
  // an answer now, never a request left open.
  sendError(res, apiError(API.unavailable, undefined), { 'Retry-After': '1', 'Cache-Control': 'no-store' });
}

/** Whether the output holds a private audience's build now; a build gone meanwhile is left to the answer's retries. */
async function privateNow(context: Context): Promise<boolean> {
  return (await context.builds.current()).privateAudience().then(
    (audience) => audience !== null,
    () => false,
  );
}

async function answerFrom(
  build: ServedBuild,
  found: Exclude<Route, { kind: 'error' }>,
  req: IncomingMessage,
  res: ServerResponse,
  base: string,
  target: string,
): Promise<'gone' | void> {
  if (found.kind === 'api') {
    if (found.file) {
      const cached = await build.files.get(found.file);
      if (cached === 'gone') return 'gone';
      if (cached) return send(req, res, found.file, cached, API_CACHE_CONTROL, build, target, true);
    }
    // Not prebuilt: the same answer, computed from the build's state.
    const site = await build.derived().catch((error: unknown) => {
      if (error instanceof StatuspressError && (error.code === COMMAND.notABuild.code || error.code === COMMAND.otherVersion.code)) return 'gone' as const;
      throw error;
    });
    return site === 'gone' ? site : answerOnDemand(res, site, found.request);
  }
  // `/` and `/notices/42/` are folders: their page is the index.html inside.
  const candidates = found.path === '' || found.path.endsWith('/') ? [`${found.path}index.html`] : [found.path, `${found.path}/index.html`];
  for (const candidate of candidates) {
    const cached = await build.files.get(candidate);
    if (cached === 'gone') return 'gone';
    if (cached && candidate === `${found.path}/index.html` && slashlessFolder(found.path) !== null) {
      // A page's folder asked for without its slash (`/de`): sent where its relative links resolve.
      res.writeHead(301, { Location: folderLocation(base, found.path, target), 'Cache-Control': siteCacheControl(candidate) });
      res.end();
      return;
    }
    if (cached) return send(req, res, candidate, cached, siteCacheControl(candidate), build, target, false);
  }
  // A page's address with nothing there: the site's own 404 page, in the language whose folder the
  // address is in (`de/404.html`), else the root's (a build older than it has none: the JSON).
  const locale = localeOfPath(found.path);
  const localized = locale === undefined ? undefined : await build.files.get(`${locale}/${SITE.notFound().file}`);
  if (localized === 'gone') return 'gone';
  const page = localized ?? (await build.files.get(SITE.notFound().file));
  if (page === 'gone') return 'gone';
  if (page) return sendNotFoundPage(req, res, page, base);
  sendError(res, apiError(API.nothingAt, { path: `/${found.path}` }));
}

/**
 * `404.html` with a 404, at whatever address was asked for: its links are absolute, from the path of
 * the site's url (its `data-root`), and are moved under the base this server serves the site at.
 */
function sendNotFoundPage(req: IncomingMessage, res: ServerResponse, page: CachedFile, base: string): void {
  const html = page.identity.toString('utf8');
  const root = /\sdata-root="([^"]*)"/.exec(html)?.[1];
  const body = Buffer.from(root ? html.replaceAll(`="${root}`, `="${base}/`) : html);
  res.writeHead(404, {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Length': body.byteLength,
    'Content-Security-Policy': contentSecurityPolicy(SITE.notFound().file),
    'Cache-Control': ERROR_CACHE_CONTROL,
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** A cached file, whole or (for a Range request) in part; `target` is then answered from build.hot. */
async function send(
  req: IncomingMessage,
  res: ServerResponse,
  file: string,
  cached: CachedFile,
  cacheControl: string,
  build: ServedBuild,
  target: string,
  api: boolean,
): Promise<void> {
  const csp = contentSecurityPolicy(file);
  build.hot.add(target, api, file, cached, cacheControl, csp);
  res.setHeader('Content-Security-Policy', csp);
  if (req.headers.range === undefined) sendCached(req, res, file, cached, cacheControl);
  else await serveRange(req, res, file, cached, cacheControl);
}

const rateHeaders = (d: RateDecision): [string, string][] => [['RateLimit-Limit', String(d.limit)], ['RateLimit-Remaining', String(d.remaining)], ['RateLimit-Reset', String(d.reset)]];

function setRateHeaders(res: ServerResponse, decision: RateDecision): void {
  for (const [name, value] of rateHeaders(decision)) res.setHeader(name, value);
}

function answerOnDemand(res: ServerResponse, site: DerivedSite, request: ApiRequest): void {
  try {
    sendJson(res, 200, serialize(answer(site, request)), { 'Cache-Control': API_CACHE_CONTROL });
  } catch (error) {
    if (error instanceof ApiError) sendError(res, error);
    else throw error;
  }
}

function accessLine(req: IncomingMessage, target: string, res: ServerResponse, ms: number): string {
  const length = res.getHeader('Content-Length') ?? hotLengths.get(res) ?? '-';
  return `${req.socket.remoteAddress ?? '-'} "${req.method} ${target}" ${res.statusCode} ${length} ${ms.toFixed(1)}ms`;
}
