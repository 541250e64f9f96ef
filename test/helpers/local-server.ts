// A plain HTTP server on 127.0.0.1, on a port the system picks: the pages of another origin that
// the browser tests need (a product embedding the widget, a static host answering 404.html).
import { createServer } from 'node:http';
import type { RequestListener, Server } from 'node:http';

export interface LocalServer {
  server: Server;
  /** `http://127.0.0.1:<port>`, without a trailing slash. */
  url: string;
  close(): Promise<void>;
}

export function startLocalServer(handler: RequestListener): Promise<LocalServer> {
  const server = createServer(handler);
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        server,
        url: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
        close: () => new Promise<void>((done) => server.close(() => done())),
      }),
    ),
  );
}
