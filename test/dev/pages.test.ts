// `statuspress dev` with a site's own templates (src/dev/pages.ts renders their pages in a process):
// an address with no page answers the site's 404 page with status 404, in the language of the
// folder it was asked in, as it does with the built-in templates; and a process that died between
// two pages (the system's OOM killer, a kill) is replaced. Talks HTTP on 127.0.0.1 only.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDev } from '../../src/dev/index.js';
import type { RunningDev } from '../../src/dev/index.js';

const FIXTURE = path.join(import.meta.dirname, '../fixtures/translated-site/content');
let work: string;
let dev: RunningDev;

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'statuspress-dev-pages-'));
  await cp(FIXTURE, path.join(work, 'content'), { recursive: true });
  await mkdir(path.join(work, 'templates'), { recursive: true });
  await writeFile(path.join(work, 'templates/not-found.hbs'), '<p class="own-404">{{title}}</p>\n');
  dev = await startDev({ contentDir: path.join(work, 'content'), templatesDir: path.join(work, 'templates'), port: 0, now: Date.parse('2026-11-20T12:00:00Z') });
});

afterAll(async () => {
  await dev?.close();
  await rm(work, { recursive: true, force: true });
});

async function get(address: string): Promise<{ status: number; body: string }> {
  const res = await fetch(`${dev.url}${address}`, { signal: AbortSignal.timeout(30_000) });
  return { status: res.status, body: await res.text() };
}

describe('statuspress dev, a page of the site\'s own templates', () => {
  it('answers 404 with the own 404 page for an address that is no page of the site', async () => {
    for (const address of ['/nope/', '/notices/404-none/', '/history/page/999/']) {
      const page = await get(address);
      expect({ address, status: page.status }).toEqual({ address, status: 404 });
      expect(page.body).toContain('class="own-404"');
    }
  }, 60_000);

  it('answers the 404 page of the language whose folder was asked', async () => {
    const [en, de] = [await get('/nope/'), await get('/de/nope/')];
    expect(de.status).toBe(404);
    expect(de.body).toContain('<html lang="de"');
    expect(en.body).toContain('<html lang="en"');
  }, 60_000);

  // As with the built-in templates (test/dev/languages.test.ts): at /de the page's relative links
  // resolved into the English site.
  it('sends a page asked for without its trailing slash to the address with it, and a missing one to the 404 page', async () => {
    const res = await fetch(`${dev.url}/de?from=mail`, { redirect: 'manual', signal: AbortSignal.timeout(30_000) });
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('/de/?from=mail');
    const missing = await get('/de/notices/99');
    expect(missing.status).toBe(404);
    expect(missing.body).toContain('class="own-404"');
  }, 60_000);
});

/** The processes this one started that render pages for dev. */
function pageProcesses(): number[] {
  return readdirSync(`/proc/${process.pid}/task`)
    .flatMap((task) => readFileSync(`/proc/${process.pid}/task/${task}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('--statuspress-page-process');
      } catch {
        return false;
      }
    });
}

describe('statuspress dev, its page process gone between two pages', () => {
  it('starts another for the next page', async () => {
    expect((await get('/')).status).toBe(200);
    const [pid] = pageProcesses();
    expect(pid).toBeDefined();
    process.kill(pid!, 'SIGKILL');
    // Gone once dev has reaped it (till then /proc keeps it, a zombie with no command line).
    while (existsSync(`/proc/${pid}`)) await new Promise((resolve) => setTimeout(resolve, 20));
    const page = await get('/');
    expect({ status: page.status, body: page.status === 200 ? '' : page.body }).toEqual({ status: 200, body: '' });
  }, 60_000);
});
