// The previous state read from a deployed site (`--previous URL`): real builds served from
// 127.0.0.1, and the answers a public address can give instead — nothing there yet, another
// version's state file, something that is not one, a redirect, an endless or a slow answer, content
// that makes no sense. Each is a first run, the previous build, or a clear notify/previous-unreadable;
// never a crash, never an answer read without bound.
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { build } from '../../../src/build.js';
import type { StatuspressError } from '../../../src/errors/error.js';
import { fetchSiteState, MAX_STATE_BYTES, stateAddress } from '../../../src/notify/site-state.js';
import { STATE_FILE } from '../../../src/routes/files.js';
import { scratch, writeSite } from './helpers.js';

const closing: (() => void)[] = [];
afterEach(() => {
  for (const close of closing.splice(0)) close();
});

/** A site on 127.0.0.1 answering as `handler` does; closed after the test. */
async function site(handler: RequestListener): Promise<string> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closing.push(() => {
    server.closeAllConnections();
    server.close();
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const answering = (body: string, status = 200): RequestListener => (_req, res) => void res.writeHead(status, { 'Content-Type': 'application/json' }).end(body);

async function unreadable(address: string, timeoutMs = 5000, timeout?: (ms: number) => AbortSignal, fetcher: typeof fetch = fetch): Promise<StatuspressError> {
  return (await fetchSiteState(address, fetcher, timeoutMs, timeout).then(
    () => expect.unreachable('read'),
    (error: unknown) => error,
  )) as StatuspressError;
}

describe('fetchSiteState: the deployed site\'s _statuspress/build.json', () => {
  it('reads the state file of a real build, behind a redirect too; 404 is none', async () => {
    const dir = await scratch();
    const content = await writeSite(dir, '', {
      '42.yaml': 'id: 42\ntype: unplanned\nsubject: Down\ncomponents: [1]\nupdates:\n  - at: 2026-11-20T10:05:00Z\n    state: investigating\n    content: Looking.\n',
    });
    const out = path.join(dir, 'out');
    await build({ contentDir: content, outDir: out, now: Date.parse('2026-11-20T10:10:00Z') });
    const state = await readFile(path.join(out, '_statuspress/build.json'), 'utf8');
    const deployed = await site((req, res) => {
      if (req.url?.startsWith('/status/_statuspress/build.json?')) res.writeHead(200).end(state);
      else res.writeHead(404).end('not found');
    });
    const found = await fetchSiteState(`${deployed}/status`, fetch, 5000);
    expect(found).toMatchObject({ kind: 'found', record: { snapshot: { now: Date.parse('2026-11-20T10:10:00Z'), page: 'degraded' } } });
    expect(found.kind === 'found' && [...found.record.snapshot.components]).toEqual([[1, 'degraded'], [2, 'operational']]);
    const moved = await site((req, res) => void res.writeHead(301, { Location: `${deployed}/status${req.url ?? ''}` }).end());
    expect((await fetchSiteState(moved, fetch, 5000)).kind).toBe('found');
    expect(await fetchSiteState(`${deployed}/elsewhere`, fetch, 5000)).toEqual({ kind: 'none' });
  });

  it('a state file of another format is other-format; JSON that is no state file at all is unreadable', async () => {
    expect(await fetchSiteState(await site(answering('{"format": 1, "now": "2026-11-20T10:00:00Z", "content": {}}')), fetch, 5000)).toEqual({ kind: 'other-format' });
    for (const body of ['null', '[]', '"build"', '{}', '{"error": "rate limited"}', '{"format": "2"}']) {
      const error = await unreadable(await site(answering(body)));
      expect(error.code, body).toBe('notify/previous-unreadable');
      expect(error.message, body).toMatch(/: not a statuspress state file; nothing was sent$/);
    }
  });

  it('an answer that is not JSON, or whose content makes no sense, is unreadable, never a crash', async () => {
    const html = await unreadable(await site(answering('<!doctype html><title>Sign in to the Wi-Fi</title>')));
    expect(html.message).toMatch(/: the answer is not JSON; nothing was sent$/);
    for (const content of ['null', '{}', '{"site": {}, "components": [{"id": "x"}], "notices": [{"id": 1, "updates": "zz"}]}']) {
      const error = await unreadable(await site(answering(`{"format": 2, "now": "2026-11-20T10:00:00Z", "content": ${content}}`)));
      expect(error.message, content).toMatch(/: not a statuspress state file; nothing was sent$/);
    }
    expect((await unreadable(await site(answering('', 503)))).message).toMatch(/: HTTP 503; nothing was sent$/);
  });

  it('a component tree no build can have (a chain of 20,000, a cycle) is unreadable at once, not derived at components × depth', async () => {
    const chain = Array.from({ length: 20_000 }, (_, i) => ({ id: i + 1, name: `c${i}`, description: '', parentId: i === 0 ? null : i, createdAt: 0, position: null }));
    const cycle = [{ ...chain[0]!, parentId: 2 }, { ...chain[1]!, parentId: 1 }];
    for (const components of [chain, cycle]) {
      const body = JSON.stringify({ format: 2, now: '2026-11-20T10:00:00Z', content: { site: { name: 'x', url: 'https://x.example', createdAt: 0 }, components, notices: [] } });
      const error = await unreadable(await site(answering(body)));
      expect(error.message).toMatch(/: not a statuspress state file; nothing was sent$/);
      // Refused by the walk bounded at the depth validation allows, before anything is derived.
      expect((error.cause as Error).message).toBe('components nested deeper than 16 levels, or in a cycle');
    }
    // As deep as validation allows (16 levels) is a build like any other.
    const deepest = JSON.stringify({ format: 2, now: '2026-11-20T10:00:00Z', content: { site: { name: 'x', url: 'https://x.example', createdAt: 0 }, components: chain.slice(0, 16), notices: [] } });
    expect((await fetchSiteState(await site(answering(deepest)), fetch, 5000)).kind).toBe('found');
  });

  it('an endless answer is refused once it passes the limit, without reading the rest', async () => {
    let written = 0;
    const endless = await site((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      const chunk = Buffer.alloc(1 << 20, 0x20);
      const pump = (): void => {
        while (!res.destroyed && res.write(chunk)) written += chunk.length;
        if (!res.destroyed) res.once('drain', pump);
      };
      pump();
    });
    const error = await unreadable(endless, 20_000);
    expect(error.message).toMatch(new RegExp(`: the answer is larger than ${MAX_STATE_BYTES / 2 ** 20} MiB; nothing was sent$`));
    expect(written).toBeLessThan(MAX_STATE_BYTES * 2);
    // Said so in advance: refused before reading.
    const declared = await site((_req, res) => void res.writeHead(200, { 'Content-Length': String(MAX_STATE_BYTES + 1) }).write('{'));
    expect((await unreadable(declared)).message).toMatch(/: the answer is larger than/);
  }, 30_000);

  it('an answer that stops coming is a timeout, headers or body', async () => {
    /** The time limit's signal, ended by `cut` as the limit would end it, once the test sees the answer stall: nothing is waited out. */
    const limit = (): { asked: number[]; timeout: (ms: number) => AbortSignal; cut: () => void } => {
      const asked: number[] = [];
      const controller = new AbortController();
      return {
        asked,
        timeout: (ms) => {
          asked.push(ms);
          return controller.signal;
        },
        cut: () => controller.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError')),
      };
    };
    // No headers: cut once the site has the request.
    const headers = limit();
    const silent = await unreadable(await site(() => headers.cut()), 1000, headers.timeout);
    expect(silent.message).toMatch(/: no answer within 1 s; nothing was sent$/);
    expect(headers.asked).toEqual([1000]);
    // Headers, then a byte every 10 ms, each in time for a limit that waited per chunk, and a whole
    // answer after 100 of them: read through, it would be a readable state file of another format.
    // Cut once the headers are in, while the body still trickles: one limit covers the whole answer.
    const body = limit();
    let spaces = 0;
    const trickle = await site((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' }).write('{"format": 1, ');
      const timer = setInterval(() => {
        if (++spaces < 100) res.write(' ');
        else res.end('"now": "2026-11-20T10:00:00Z"}');
      }, 10);
      res.on('close', () => clearInterval(timer));
    });
    const cutOnHeaders: typeof fetch = async (...args) => {
      const response = await fetch(...args);
      body.cut();
      return response;
    };
    const slow = await unreadable(trickle, 1000, body.timeout, cutOnHeaders);
    expect(slow.message).toMatch(/: no answer within 1 s; nothing was sent$/);
    expect(body.asked).toEqual([1000]);
    expect(spaces).toBeLessThan(100);
  });
});

describe('stateAddress', () => {
  it('reads an address as /\\.json(\\?.*)?$/i did, in linear time', () => {
    const old = (site: string): string => (/\.json(\?.*)?$/i.test(site) ? site : `${site.replace(/\/+$/, '')}/${STATE_FILE}`);
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('.', 'j', 'S', 'o', 'N', '?', '/', '\n', 'x') }), (site) => {
        expect(stateAddress(site)).toBe(old(site));
      }),
    );
    expect(stateAddress('https://status.acme.com/')).toBe(`https://status.acme.com/${STATE_FILE}`);
    expect(stateAddress('https://status.acme.com/state.JSON?v=2')).toBe('https://status.acme.com/state.JSON?v=2');
    // 100,000 slashes took the expressions 7.5 s, 100,000 `.json?` 3 s.
    expect(stateAddress(`https://a/${'/'.repeat(1_000_000)}b`)).toBe(`https://a/${'/'.repeat(1_000_000)}b/${STATE_FILE}`);
    expect(stateAddress(`${'.json?'.repeat(200_000)}\n`)).toBe(`${'.json?'.repeat(200_000)}\n/${STATE_FILE}`);
  });
});
