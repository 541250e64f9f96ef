// `statuspress serve` and `statuspress dev` answer a language's copy of the site (/de/…) from the same
// routes as the writer names its files, with that language's 404 page for a missing one.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../src/build.js';
import { serve } from '../../src/serve/server.js';
import type { RunningServer } from '../../src/serve/server.js';
import { request } from '../http/client.js';

const CONTENT = path.join(import.meta.dirname, '../fixtures/translated-site/content');
let out: string;
let running: RunningServer;

beforeAll(async () => {
  out = await mkdtemp(path.join(tmpdir(), 'statuspress-serve-languages-'));
  await build({ contentDir: CONTENT, outDir: path.join(out, 'dist'), now: Date.parse('2026-11-22T00:00:00Z') });
  running = await serve({ dir: path.join(out, 'dist'), host: '127.0.0.1', port: 0, rateLimit: 0 });
});

afterAll(async () => {
  await running?.close();
  await rm(out, { recursive: true, force: true });
});

describe('statuspress serve: a site in two languages', () => {
  it('sends the German pages under /de/', async () => {
    const home = await request(running.url, '/de/');
    expect(home.status).toBe(200);
    expect(home.body).toContain('<html lang="de"');
    const notice = await request(running.url, '/de/notices/1/');
    expect(notice.status).toBe(200);
    expect(notice.body).toContain('<h1>Langsame Seiten</h1>');
    expect((await request(running.url, '/de/feed.atom')).body).toContain('Langsame Seiten');
  });

  // The pages' links are relative: at /de (or /de/notices/1) the German page's links resolved into
  // the English site. Static hosts send the folder's address with its slash; so does serve.
  it('sends a page asked for without its trailing slash to the address with it', async () => {
    for (const [asked, to] of [
      ['/de', '/de/'],
      ['/de/notices/1?from=mail', '/de/notices/1/?from=mail'],
      ['/history', '/history/'],
    ]) {
      const answer = await request(running.url, asked!);
      expect(answer.status, asked).toBe(301);
      expect(answer.headers.location, asked).toBe(to);
    }
    expect((await request(running.url, '/de/feed.atom')).status).toBe(200);
    const based = await serve({ dir: path.join(out, 'dist'), host: '127.0.0.1', port: 0, base: '/status', rateLimit: 0 });
    try {
      expect((await request(based.url, '/status/de')).headers.location).toBe('/status/de/');
    } finally {
      await based.close();
    }
  });

  it('sends the German 404 page for a missing page under /de/, the root one elsewhere', async () => {
    const missing = await request(running.url, '/de/notices/99/');
    expect(missing.status).toBe(404);
    expect(missing.body).toContain('<html lang="de"');
    expect(missing.body).toContain('<a href="/de/history/">');
    const english = await request(running.url, '/notices/99/');
    expect(english.status).toBe(404);
    expect(english.body).toContain('<html lang="en"');
  });

  it('keeps the API in English', async () => {
    expect((await request(running.url, '/api/v1/notices/1')).json().notice.subject).toBe('Slow pages');
  });
});
