// Sending prebuilt files from the per-build cache: the encoding the client takes, validators and
// conditional answers; Range requests go through serve-handler over the same cached bytes.
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import serveHandler from 'serve-handler';
import { API } from '../errors/api.js';
import { apiError } from '../routes/request.js';
import type { CachedFile } from './file-cache.js';
import { sendError } from './respond.js';

type HandlerMethods = NonNullable<Parameters<typeof serveHandler>[3]>;

export const CONTENT_TYPES: Record<string, string> = {
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
 * Answers a Range request for a cached file. serve-handler does the HTTP range work, reading from the
 * cached bytes instead of the disk, so a build swapped in mid-request can neither crash the server (its
 * read stream has no error handler) nor mix two builds' bytes.
 */
export async function serveRange(
  req: IncomingMessage,
  res: ServerResponse,
  relative: string,
  file: CachedFile,
  cacheControl: string,
): Promise<void> {
  const type = CONTENT_TYPES[path.extname(relative)];
  const stats = {
    size: file.identity.byteLength,
    mtime: new Date(file.lastModified),
    isDirectory: () => false,
    isSymbolicLink: () => false,
    isFile: () => true,
  };
  res.setHeader('Last-Modified', file.lastModified);
  req.url = `/${relative.split('/').map(encodeURIComponent).join('/')}`;
  await serveHandler(
    req,
    res,
    {
      public: '/',
      directoryListing: false,
      cleanUrls: false,
      // serve-handler's types say value: string, but null is how it removes a default header.
      headers: [
        {
          source: '**',
          headers: [
            { key: 'Cache-Control', value: cacheControl },
            { key: 'Content-Disposition', value: null },
            { key: 'ETag', value: file.etag },
            ...(type ? [{ key: 'Content-Type', value: type }] : []),
          ] as { key: string; value: string }[],
        },
      ],
    },
    {
      // Stand-ins for fs: serve-handler only needs these fields and a stream of the requested bytes.
      lstat: (async () => stats) as unknown as HandlerMethods['lstat'],
      createReadStream: ((_path: string, options?: { start?: number; end?: number }) =>
        Readable.from([file.identity.subarray(options?.start ?? 0, (options?.end ?? file.identity.byteLength - 1) + 1)])) as unknown as HandlerMethods['createReadStream'],
      sendError: async (_path, _response, _acceptsJSON, _current, _handlers, _config, spec) => {
        sendError(res, apiError(spec?.statusCode === 404 ? API.rangeFileGone : API.rangeFailed, { path: relative }));
      },
    },
  );
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
  res.setHeader('Content-Type', CONTENT_TYPES[path.extname(relative)] ?? 'application/octet-stream');
  res.setHeader('Content-Length', body.byteLength);
  if (encoding) res.setHeader('Content-Encoding', encoding);
  res.writeHead(200);
  res.end(req.method === 'HEAD' ? undefined : body);
}
