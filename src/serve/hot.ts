// The answers serve gives most: a prebuilt file, whole, to a GET or HEAD without conditions. Once a
// request target has been routed to such a file, the target maps to the file's answers, one per
// encoding, each with its status line's headers built once as the flat array `writeHead` takes; a
// later request for the same target is then a map lookup and one write, with no URL parsing, no
// routing, no header set one at a time and no promise: what brings serve near a file server
// (scripts/bench-serve.js measures it).
import type { ServerResponse } from 'node:http';
import path from 'node:path';
import { COMMON_HEADERS } from '../hosting/headers.js';
import { sizeOf } from './file-cache.js';
import type { CachedFile } from './file-cache.js';
import { acceptedEncodings, CONTENT_TYPES } from './static.js';

/** One encoding of a file, ready to send. */
export interface HotBody {
  /** name, value, name, value, ... */
  headers: readonly string[];
  body: Buffer;
}

export interface HotAnswer {
  /** An API answer: counted by the rate limiter. */
  api: boolean;
  identity: HotBody;
  gzip: HotBody | null;
  br: HotBody | null;
}

/** Most targets kept, and most bytes they hold on to (the file cache may have let go of a file that is still here). */
const MAX_TARGETS = 4096;
const MAX_BYTES = 64 * 1024 * 1024;

/** Whole answers of one build by request target; emptied when full (a flood of distinct targets only costs the lookups). */
export class HotAnswers {
  private readonly answers = new Map<string, HotAnswer>();
  private bytes = 0;

  get(target: string): HotAnswer | undefined {
    return this.answers.get(target);
  }

  /** Remembers that `target` is answered with `file` (its headers as sendCached sends them). */
  add(target: string, api: boolean, relative: string, file: CachedFile, cacheControl: string, csp: string): void {
    if (this.answers.has(target)) return;
    const size = sizeOf(file);
    if (this.answers.size >= MAX_TARGETS || this.bytes + size > MAX_BYTES) {
      this.answers.clear();
      this.bytes = 0;
    }
    const type = CONTENT_TYPES[path.extname(relative)] ?? 'application/octet-stream';
    const one = (encoding: string | null, body: Buffer): HotBody => ({
      headers: [
        ...COMMON_HEADERS.flat(),
        'Content-Security-Policy', csp,
        'ETag', encoding ? `${file.etag.slice(0, -1)}-${encoding}"` : file.etag,
        'Last-Modified', file.lastModified,
        'Cache-Control', cacheControl,
        'Vary', 'Accept-Encoding',
        'Content-Type', type,
        'Content-Length', String(body.byteLength),
        ...(encoding ? ['Content-Encoding', encoding] : []),
      ],
      body,
    });
    this.answers.set(target, {
      api,
      identity: one(null, file.identity),
      gzip: file.gzip ? one('gzip', file.gzip) : null,
      br: file.br ? one('br', file.br) : null,
    });
    this.bytes += size;
  }
}

/** Whether an Accept-Encoding header takes br and gzip, by header text (clients send few distinct ones). */
const takes = new Map<string, { br: boolean; gzip: boolean }>();

/**
 * Sends `answer` as sendCached would: brotli or gzip when the client takes it, with `extra` headers
 * (the rate limit's). Returns the Content-Length sent.
 */
export function sendHot(res: ServerResponse, answer: HotAnswer, acceptEncoding: string | undefined, head: boolean, extra?: readonly string[]): number {
  const key = acceptEncoding ?? '';
  let accepted = takes.get(key);
  if (accepted === undefined) {
    const all = acceptedEncodings(key);
    accepted = { br: all.has('br'), gzip: all.has('gzip') };
    if (takes.size >= 256) takes.clear();
    takes.set(key, accepted);
  }
  const sent = (accepted.br ? answer.br : null) ?? (accepted.gzip ? answer.gzip : null) ?? answer.identity;
  res.writeHead(200, extra ? [...sent.headers, ...extra] : (sent.headers as string[]));
  res.end(head ? undefined : sent.body);
  return sent.body.byteLength;
}
