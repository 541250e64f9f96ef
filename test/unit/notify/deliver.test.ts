// deliver(): one message over HTTP, against receivers on 127.0.0.1.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_RETRY, deliver } from '../../../src/notify/deliver.js';
import { fastTransport } from './helpers.js';

const closers: (() => void)[] = [];
afterEach(() => closers.splice(0).forEach((close) => close()));

describe('deliver', () => {
  it('a 2xx is delivered even when the rest of the answer never comes: no retry sends the message twice', async () => {
    let received = 0;
    const server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        received++;
        // The status and headers, then a body that never ends.
        res.writeHead(200, { 'Content-Type': 'text/plain' });
        res.write('ok');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    closers.push(() => {
      server.closeAllConnections();
      server.close();
    });
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
    const transport = fastTransport();
    // Short enough that waiting for the body (the bug) fails in seconds, long enough that a busy
    // machine's slow headers are not taken for it.
    const policy = { ...DEFAULT_RETRY, attemptTimeoutMs: 2000 };
    const outcome = await deliver(() => ({ url, headers: {}, body: '{}' }), policy, transport, transport.clock() + policy.budgetMs, []);
    expect(outcome).toEqual({ ok: true, attempts: 1, status: 200 });
    expect(received).toBe(1);
  });
});
