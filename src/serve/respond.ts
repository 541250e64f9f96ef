// Response helpers: JSON bodies and the headers every API answer carries.
import type { ServerResponse } from 'node:http';
import { ERROR_CACHE_CONTROL } from '../hosting/headers.js';
import type { ApiError } from '../routes/request.js';

/** Sends `body` as JSON with its length; `headers` add to or replace the defaults. */
export function sendJson(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    ...headers,
  });
  res.end(body);
}

/** Sends an API error answer, cached briefly (a CDN then shields the origin from floods of bad addresses). */
export function sendError(res: ServerResponse, error: ApiError, headers: Record<string, string> = {}): void {
  sendJson(res, error.status, JSON.stringify(error.toJSON()), { 'Cache-Control': ERROR_CACHE_CONTROL, ...headers });
}
