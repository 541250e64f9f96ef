// The server of `statuspress dev`: every answer rendered on demand from the state in memory (the API
// with the same answer() as `statuspress serve`, the pages with the build's renderers), no caching,
// and a stream of events that tells open pages to reload, to show the content's problems, or the
// updates withheld until their time.
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import path from 'node:path';
import devCss from '../browser/dev.css?raw';
import devJs from '../browser/dev.ts?browser';
import { COMMON_HEADERS, contentSecurityPolicy, DATA_CSP } from '../hosting/headers.js';
import { answer, serialize } from '../render/answer.js';
import { pageTemplate } from '../render/html.js';
import type { OutputFile } from '../write/types.js';
import { route } from '../routes/parse.js';
import { ApiError } from '../routes/request.js';
import { folderLocation, localeOfPath, parseSitePath, SITE, slashlessFolder } from '../routes/site.js';
import type { WithheldUpdate } from './clock-text.js';
import type { DevState } from './state.js';

/** The dev server's own addresses, out of the way of the site's. */
export const DEV_PREFIX = '/__statuspress/';
const EVENTS = `${DEV_PREFIX}events`;

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.atom': 'application/atom+xml; charset=utf-8',
  '.ics': 'text/calendar; charset=utf-8',
};

export interface DevServer {
  server: Server;
  /** Tells every open page something happened: `reload`, or `problems` (one line each). */
  broadcast(event: 'reload' | 'problems', data?: unknown): void;
  /** Tells every open page which updates the site shown withholds, and until when. */
  broadcastWithheld(): void;
  /** Open pages listening for events. */
  readonly listeners: number;
}

/**
 * A page asked for this long after the moment the site shows gets the site derived again as of the
 * clock (the "as of" time, a running incident's figures); no page is told to reload for it.
 */
export const STALE_MS = 60_000;

/** A server for `state` (not yet listening). */
export function devServer(state: DevState): DevServer {
  const streams = new Set<ServerResponse>();
  const send = (res: ServerResponse, event: string, data: unknown): void => {
    res.write(`event: ${event}\ndata: ${JSON.stringify(data ?? null)}\n\n`);
  };
  const server = createServer((req, res) => {
    try {
      handle(req, res);
    } catch (error) {
      if (!res.headersSent) reply(res, 500, 'text/plain; charset=utf-8', `statuspress dev failed to answer: ${(error as Error).message}\n`);
      else res.destroy();
    }
  });

  function handle(req: IncomingMessage, res: ServerResponse): void {
    for (const [name, value] of COMMON_HEADERS) res.setHeader(name, value);
    res.setHeader('Cache-Control', 'no-store');
    const target = req.url ?? '/';
    if (target === EVENTS) {
      res.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8', Connection: 'keep-alive' });
      res.write(': statuspress dev\n\n');
      streams.add(res);
      if (state.problems.length > 0) send(res, 'problems', state.problems);
      const withheld = withheldEvent();
      if (withheld.updates.length > 0) send(res, 'withheld', withheld);
      req.on('close', () => streams.delete(res));
      return;
    }
    if (target === `${DEV_PREFIX}dev.js`) return reply(res, 200, TYPES['.js']!, devJs);
    if (target === `${DEV_PREFIX}dev.css`) return reply(res, 200, TYPES['.css']!, devCss);
    const found = route(target);
    if (state.good !== null && state.clock.now() - state.good.site.now >= STALE_MS) state.retime();
    const good = state.good;
    if (found.kind === 'error') return reply(res, found.error.status, TYPES['.json']!, serialize(found.error.toJSON()));
    if (good === null) return problemsPage(res, 200, 'The content has problems', state.problems);
    if (found.kind === 'api') {
      try {
        return reply(res, 200, TYPES['.json']!, serialize(answer(good.site, found.request)));
      } catch (error) {
        if (error instanceof ApiError) return reply(res, error.status, TYPES['.json']!, serialize(error.toJSON()));
        throw error;
      }
    }
    const request = parseSitePath(found.path);
    // A page's folder asked for without its slash (`/de`): sent where its relative links resolve, as
    // `serve` and static hosts do, when the site has that page.
    const folder = request === null ? slashlessFolder(found.path) : null;
    const toFolder = (): void => {
      res.writeHead(301, { Location: folderLocation('', found.path, target) });
      res.end();
    };
    // A page of the site's own templates: from the process they render in (pages.ts), or its error.
    const own = request ?? folder;
    if (good.pages !== null && (own === null || pageTemplate(own) !== null)) {
      const pages = good.pages;
      // An address that is no page: the 404 page of the language whose folder was asked, with status 404.
      const notFound = (): Promise<void> => pages.render(null, SITE.notFound().file, localeOfPath(found.path)).then((page) => notFoundReply(res, String(page!.contents)));
      const answered =
        own === null
          ? notFound()
          : pages.render(own, request === null ? `${found.path}/` : found.path || '/').then((file) => (file === null ? notFound() : request === null ? toFolder() : pageReply(res, file)));
      void answered.catch((error: unknown) => templateErrorPage(res, error));
      return;
    }
    if (folder !== null && good.renderer.render(folder) !== null) return toFolder();
    const file = request === null ? null : good.renderer.render(request);
    // The site's 404 page, its links from the root dev serves the site at.
    if (file === null) return notFoundReply(res, String((good.renderer.notFound('/', localeOfPath(found.path)) ?? good.renderer.notFound('/')!).contents));
    pageReply(res, file);
  }

  function notFoundReply(res: ServerResponse, html: string): void {
    res.setHeader('Content-Security-Policy', contentSecurityPolicy(SITE.notFound().file));
    reply(res, 404, TYPES['.html']!, withDevScript(html));
  }

  function pageReply(res: ServerResponse, file: OutputFile): void {
    const type = TYPES[path.extname(file.path)] ?? 'application/octet-stream';
    const body = typeof file.contents === 'string' ? file.contents : Buffer.from(file.contents);
    res.setHeader('Content-Security-Policy', contentSecurityPolicy(file.path));
    reply(res, 200, type, type === TYPES['.html'] ? withDevScript(String(body)) : body);
  }

  /** The moment shown and the updates withheld as of it: the page counts down from that moment. */
  const withheldEvent = (): { now: number; updates: WithheldUpdate[] } => ({ now: state.good?.site.now ?? state.clock.now(), updates: state.withheld() });

  return {
    server,
    broadcast(event, data) {
      for (const res of streams) send(res, event, data);
    },
    broadcastWithheld() {
      const data = withheldEvent();
      for (const res of streams) send(res, 'withheld', data);
    },
    get listeners() {
      return streams.size;
    },
  };
}

/** A page with the dev script, which reloads it on a change and shows the content's problems. */
function withDevScript(html: string): string {
  const tags = `<link rel="stylesheet" href="${DEV_PREFIX}dev.css">\n<script src="${DEV_PREFIX}dev.js" defer></script>\n`;
  const at = html.indexOf('</head>');
  return at < 0 ? html + tags : html.slice(0, at) + tags + html.slice(at);
}

/** A page the site's own templates could not render (too slow, out of memory, a field they misspell): the error, and the script that reloads once it is fixed. */
function templateErrorPage(res: ServerResponse, error: unknown): void {
  if (res.headersSent) return void res.destroy();
  const { message, hint, location } = error as Error & { hint?: string; location?: { file: string } };
  problemsPage(res, 500, 'The site’s templates failed', [`${location ? `${location.file}  ` : ''}${message}${hint ? `\n${hint}` : ''}`]);
}

/** The problems under `title` (before the content has ever built: the content's), and the script that reloads once they are fixed. */
function problemsPage(res: ServerResponse, status: number, title: string, problems: string[]): void {
  const escape = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const html = `<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>${title}</title>\n</head>\n<body>\n<main class="statuspress-dev-problems">\n<h1>${title}</h1>\n<p>Fix them and this page reloads itself.</p>\n<pre>${problems.map(escape).join('\n')}</pre>\n</main>\n</body>\n</html>\n`;
  res.setHeader('Content-Security-Policy', contentSecurityPolicy('index.html'));
  reply(res, status, TYPES['.html']!, withDevScript(html));
}

function reply(res: ServerResponse, status: number, type: string, body: string | Buffer): void {
  if (!res.hasHeader('Content-Security-Policy')) res.setHeader('Content-Security-Policy', DATA_CSP);
  res.writeHead(status, { 'Content-Type': type, 'Content-Length': Buffer.byteLength(body) });
  res.end(body);
}
