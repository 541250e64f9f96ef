// Response helpers: JSON bodies and the headers every API answer carries.
import type { ServerResponse } from 'node:http';
import type { ApiError } from '../routes/request.js';

export const API_CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=300';

export function sendJson(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    ...headers,
  });
  res.end(body);
}

export function sendError(res: ServerResponse, error: ApiError, headers: Record<string, string> = {}): void {
  // Errors are cached briefly too: a CDN shielding the origin from a flood of bad ids is the point.
  sendJson(res, error.status, JSON.stringify(error.toJSON()), { 'Cache-Control': 'public, max-age=10', ...headers });
}
