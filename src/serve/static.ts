// Serving a prebuilt file: serve-handler does the file work (types, ETag and 304, ranges, HEAD,
// index.html); this adds the precompressed sibling when the client takes it, and Last-Modified.
import { stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import serveHandler from 'serve-handler';
import { ApiError } from '../routes/request.js';
import type { CachedFile } from './file-cache.js';
import { sendError } from './respond.js';

const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;

const TYPES: Record<string, string> = {
  '.json': 'application/json; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.xml': 'application/xml; charset=utf-8',
  '.atom': 'application/atom+xml; charset=utf-8',
  '.ics': 'text/calendar; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

/** Which encodings the client accepts (q=0 refuses). */
export function acceptedEncodings(header: string | string[] | undefined): Set<string> {
  const accepted = new Set<string>();
  for (const part of String(header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name);
  }
  return accepted;
}

/**
 * Serves `relative` (a path the router has already made safe) from `dir`. Returns false when there is
 * no such file, so the caller can answer otherwise.
 */
export async function serveStatic(
  req: IncomingMessage,
  res: ServerResponse,
  dir: string,
  relative: string,
  cacheControl: string,
): Promise<boolean> {
  let file = path.join(dir, relative);
  let info = await stat(file).catch(() => null);
  if (info?.isDirectory()) {
    file = path.join(file, 'index.html');
    relative = path.posix.join(relative, 'index.html');
    info = await stat(file).catch(() => null);
  }
  if (!info?.isFile()) return false;

  const type = TYPES[path.extname(relative)];
  let served = relative;
  const headers: { key: string; value: string | null }[] = [];
  if (type !== undefined && req.headers.range === undefined) {
    const accepted = acceptedEncodings(req.headers['accept-encoding']);
    for (const encoding of ENCODINGS) {
      if (!accepted.has(encoding.name)) continue;
      const sibling = await stat(`${file}${encoding.suffix}`).catch(() => null);
      if (!sibling?.isFile()) continue;
      served = `${relative}${encoding.suffix}`;
      headers.push({ key: 'Content-Encoding', value: encoding.name }, { key: 'Content-Type', value: type });
      break;
    }
  }
  if (type !== undefined) headers.push({ key: 'Content-Type', value: type }, { key: 'Vary', value: 'Accept-Encoding' });
  headers.push({ key: 'Content-Disposition', value: null }, { key: 'Cache-Control', value: cacheControl });
  res.setHeader('Last-Modified', info.mtime.toUTCString());

  req.url = `/${served.split('/').map(encodeURIComponent).join('/')}`;
  await serveHandler(
    req,
    res,
    {
      public: dir,
      etag: true,
      directoryListing: false,
      symlinks: false,
      cleanUrls: false,
      // serve-handler's types say value: string, but null is how it removes a default header.
      headers: [{ source: '**', headers: headers as { key: string; value: string }[] }],
    },
    {
      // Its own errors are HTML pages; clients here get the JSON error instead.
      sendError: async (_path, _response, _acceptsJSON, _current, _handlers, _config, spec) => {
        const notFound = spec?.statusCode === 404;
        sendError(res, new ApiError(notFound ? 404 : 400, notFound ? 'not_found' : 'bad_request', notFound ? `Nothing at /${relative}` : 'Bad request'));
      },
    },
  );
  return true;
}

/** Sends a cached prebuilt file, choosing its encoding and answering conditional requests. */
export function sendCached(req: IncomingMessage, res: ServerResponse, relative: string, file: CachedFile, cacheControl: string): void {
  const accepted = acceptedEncodings(req.headers['accept-encoding']);
  const [encoding, body] =
    accepted.has('br') && file.br ? ['br', file.br] : accepted.has('gzip') && file.gzip ? ['gzip', file.gzip] : [null, file.identity];
  const etag = encoding ? `${file.etag.slice(0, -1)}-${encoding}"` : file.etag;
  res.setHeader('ETag', etag);
  res.setHeader('Last-Modified', file.lastModified);
  res.setHeader('Cache-Control', cacheControl);
  res.setHeader('Vary', 'Accept-Encoding');
  const match = req.headers['if-none-match'];
  if (match && match.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
    res.writeHead(304);
    res.end();
    return;
  }
  res.setHeader('Content-Type', TYPES[path.extname(relative)] ?? 'application/octet-stream');
  res.setHeader('Content-Length', body.byteLength);
  if (encoding) res.setHeader('Content-Encoding', encoding);
  res.writeHead(200);
  res.end(req.method === 'HEAD' ? undefined : body);
}
