// `statuspress serve`: answers every spec request from the prebuilt files, computes the rest
// (other metrics timeframes, pages past the end, any filter combination) with the build's code.
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import serveHandler from 'serve-handler';
import { answer, serialize } from '../render/answer.js';
import { route } from '../routes/parse.js';
import { ApiError, notFound } from '../routes/request.js';
import type { ApiRequest } from '../routes/request.js';
import { API_CACHE_CONTROL, sendError, sendJson } from './respond.js';
import { SiteHolder } from './site-holder.js';

export interface ServeOptions {
  dir: string;
  host?: string;
  port?: number;
  /** Mount path, e.g. `/status`; default `/`. */
  base?: string;
}

export interface RunningServer {
  server: Server;
  /** `http://host:port` as bound (port 0 picks a free one). */
  url: string;
  close(): Promise<void>;
}

const ALLOWED = 'GET, HEAD, OPTIONS';
const CORS = { 'Access-Control-Allow-Origin': '*' };

/** Starts serving `dir`; resolves once listening. Throws StatuspressError when `dir` is not a build. */
export async function serve(options: ServeOptions): Promise<RunningServer> {
  const dir = path.resolve(options.dir);
  const holder = new SiteHolder(dir);
  await holder.load();
  const base = (options.base ?? '').replace(/\/+$/, '');
  const server = createServer((req, res) => {
    handle(req, res, dir, base, holder).catch((error: unknown) => {
      if (!res.headersSent) sendJson(res, 500, JSON.stringify({ error: { status: 500, code: 'internal_error', message: 'The server failed to answer' } }));
      else res.destroy();
      server.emit('requestError', error);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 8080, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const host = options.host ?? '127.0.0.1';
  return {
    server,
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      }),
  };
}

async function handle(req: IncomingMessage, res: ServerResponse, dir: string, base: string, holder: SiteHolder): Promise<void> {
  for (const [name, value] of Object.entries(CORS)) res.setHeader(name, value);
  const method = req.method ?? 'GET';
  if (method === 'OPTIONS') {
    res.writeHead(204, { Allow: ALLOWED, 'Access-Control-Allow-Methods': ALLOWED, 'Access-Control-Allow-Headers': '*', 'Access-Control-Max-Age': '86400' });
    res.end();
    return;
  }
  if (method !== 'GET' && method !== 'HEAD') {
    sendError(res, new ApiError(405, 'method_not_allowed', `${method} is not allowed; this API is read-only (GET, HEAD, OPTIONS)`), { Allow: ALLOWED });
    return;
  }
  let target = req.url ?? '/';
  if (base) {
    if (target !== base && !target.startsWith(`${base}/`) && !target.startsWith(`${base}?`)) {
      sendError(res, notFound(`Nothing here; the status page is at ${base}/`));
      return;
    }
    target = target.slice(base.length) || '/';
  }
  const found = route(target);
  switch (found.kind) {
    case 'error':
      sendError(res, found.error);
      return;
    case 'api':
      if (found.file && (await isFile(path.join(dir, found.file)))) {
        res.setHeader('Cache-Control', API_CACHE_CONTROL);
        await serveFile(req, res, dir, found.file);
        return;
      }
      await answerOnDemand(res, holder, found.request);
      return;
    case 'site':
      await serveFile(req, res, dir, found.path);
      return;
  }
}

async function answerOnDemand(res: ServerResponse, holder: SiteHolder, request: ApiRequest): Promise<void> {
  const site = await holder.get();
  try {
    sendJson(res, 200, serialize(answer(site, request)), { 'Cache-Control': API_CACHE_CONTROL });
  } catch (error) {
    if (error instanceof ApiError) sendError(res, error);
    else throw error;
  }
}

const isFile = (file: string): Promise<boolean> => stat(file).then((s) => s.isFile(), () => false);

/** serve-handler does the file work (types, ETag, ranges, index.html); the router already checked the path. */
async function serveFile(req: IncomingMessage, res: ServerResponse, dir: string, relative: string): Promise<void> {
  req.url = `/${relative.split('/').map(encodeURIComponent).join('/')}`;
  await serveHandler(req, res, {
    public: dir,
    etag: true,
    directoryListing: false,
    symlinks: false,
    cleanUrls: false,
  }, {
    // Its own errors are HTML pages; an API client (or a flood of bad URLs) gets the JSON error instead.
    sendError: async (_path, _response, _acceptsJSON, _current, _handlers, _config, spec) => {
      const status = spec?.statusCode === 404 ? 404 : 400;
      sendError(res, new ApiError(status, status === 404 ? 'not_found' : 'bad_request', status === 404 ? `Nothing at /${relative}` : 'Bad request'));
    },
  });
}
