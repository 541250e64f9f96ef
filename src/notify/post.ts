// One HTTP POST that knows how far it got. Whether a failed request may be tried again depends on
// one fact fetch does not tell: had the request gone out whole? Before that (refused, the connection
// never established, cut while the body was on its way) the target cannot have taken it: retried,
// or held by a stop. After it, a lost connection or no answer may follow a message the target took:
// it is unknown, never sent again.
import { request as httpRequest } from 'node:http';
import type { IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { Socket } from 'node:net';

export interface PostInit {
  headers: Record<string, string>;
  body: string;
  signal: AbortSignal;
}

/** A status and headers came: the answer, whatever follows. */
export interface Answer {
  status: number;
  /** A header's value (the first, when repeated); null when absent. */
  header: (name: string) => string | null;
  /** At most `max` bytes of the body as text, what came of it when cut off; the rest is discarded. */
  text: (max: number) => Promise<string>;
  /** The body is not wanted: the connection is closed. */
  discard: () => void;
}

/** A request that got no answer. `sent`: it had gone out whole (every byte handed to the connection), so the target may have it. */
export class NotAnswered extends Error {
  constructor(
    readonly sent: boolean,
    readonly code: string,
    cause: unknown,
  ) {
    super(`no answer (${code || 'network error'})`, { cause });
  }
}

export type Post = (url: string, init: PostInit) => Promise<Answer>;

/**
 * POSTs `init.body` to `url` (http or https), on a connection of its own: a kept-alive one the
 * server closes as the request goes out would lose a request that may have arrived. No redirect is
 * followed (a 3xx is an answer): a webhook that redirects is misconfigured, and following it could
 * carry the message elsewhere. Rejects with NotAnswered.
 */
export const post: Post = (url, init) =>
  new Promise((resolve, reject) => {
    const address = new URL(url);
    const tls = address.protocol === 'https:';
    let connected = false;
    let finished = false;
    const failed = (error: unknown): void => {
      const code = String((error as { code?: unknown }).code ?? '');
      reject(new NotAnswered(connected && finished, code, error));
    };
    if (init.signal.aborted) {
      failed(init.signal.reason);
      return;
    }
    const request = (tls ? httpsRequest : httpRequest)(address, {
      method: 'POST',
      headers: { ...init.headers, 'Content-Length': String(Buffer.byteLength(init.body, 'utf8')) },
      agent: false,
      signal: init.signal,
    });
    request.on('socket', (socket: Socket) => {
      if (!socket.connecting && !tls) connected = true;
      else socket.once(tls ? 'secureConnect' : 'connect', () => (connected = true));
    });
    // Emitted once the last byte is handed to the connection: from then on, the target may have it all.
    request.on('finish', () => (finished = true));
    request.on('error', failed);
    request.on('response', (response: IncomingMessage) => {
      request.off('error', failed);
      // Errors after the answer began belong to reading its body, which takes what came.
      request.on('error', () => undefined);
      resolve(answerOf(response, request.destroy.bind(request)));
    });
    request.end(init.body, 'utf8');
  });

function answerOf(response: IncomingMessage, close: () => void): Answer {
  response.on('error', () => undefined);
  return {
    status: response.statusCode ?? 0,
    header: (name) => {
      const value = response.headers[name.toLowerCase()];
      return value === undefined ? null : Array.isArray(value) ? (value[0] ?? null) : value;
    },
    discard: () => {
      response.destroy();
      close();
    },
    text: (max) =>
      new Promise((resolve) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const done = (): void => {
          response.off('data', take);
          response.destroy();
          close();
          resolve(Buffer.concat(chunks).toString('utf8', 0, Math.min(size, max)));
        };
        const take = (chunk: Buffer): void => {
          chunks.push(chunk);
          size += chunk.byteLength;
          if (size >= max) done();
        };
        response.on('data', take);
        response.once('end', done);
        response.once('close', done);
        response.once('error', done);
      }),
  };
}
