// `statuspress dev` on a site in two languages: a page's folder asked for without its slash (`/de`)
// is sent to the address with it, as `statuspress serve` does (test/serve/languages.test.ts), by the
// same routing rule: at `/de` the German page's relative links resolved into the English site.
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDev } from '../../src/dev/index.js';
import type { RunningDev } from '../../src/dev/index.js';

const FIXTURE = path.join(import.meta.dirname, '../fixtures/translated-site/content');
let work: string;
let dev: RunningDev;

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'statuspress-dev-languages-'));
  await cp(FIXTURE, path.join(work, 'content'), { recursive: true });
  dev = await startDev({ contentDir: path.join(work, 'content'), templatesDir: path.join(work, 'templates'), port: 0, now: Date.parse('2026-11-22T00:00:00Z') });
});

afterAll(async () => {
  await dev?.close();
  await rm(work, { recursive: true, force: true });
});

/** The answer to `address`, its redirect not followed. */
async function get(address: string): Promise<{ status: number; location: string | null; body: string }> {
  const res = await fetch(`${dev.url}${address}`, { redirect: 'manual', signal: AbortSignal.timeout(10_000) });
  return { status: res.status, location: res.headers.get('location'), body: await res.text() };
}

describe('statuspress dev: a site in two languages', () => {
  it('sends a page asked for without its trailing slash to the address with it', async () => {
    for (const [asked, to] of [
      ['/de', '/de/'],
      ['/de/notices/1?from=mail', '/de/notices/1/?from=mail'],
      ['/history', '/history/'],
      ['/de/history', '/de/history/'],
    ]) {
      const answer = await get(asked!);
      expect({ asked, status: answer.status, location: answer.location }).toEqual({ asked, status: 301, location: to });
    }
    expect((await get('/de/')).body).toContain('<html lang="de"');
    expect((await get('/de/feed.atom')).status).toBe(200);
  });

  it('answers 404 for a folder the site does not have, with or without its slash', async () => {
    for (const asked of ['/fr', '/de/notices/99', '/nope']) {
      const answer = await get(asked);
      expect({ asked, status: answer.status }).toEqual({ asked, status: 404 });
    }
    expect((await get('/de/notices/99')).body).toContain('<html lang="de"');
  });
});
