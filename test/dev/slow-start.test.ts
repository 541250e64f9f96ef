// A page of the site's own templates in `statuspress dev` is timed from when its process begins it,
// as a build times it: the process's own start (Node, the code, compiling the templates, deriving
// the site) is not the template's doing, and on a busy machine it alone once took longer than a page
// may (CI answered 500 for the status page). Here the process is made to start slowly on purpose: a
// preload given through NODE_OPTIONS, which the process inherits, blocks it for longer than a page may take.
import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDev } from '../../src/dev/index.js';
import type { RunningDev } from '../../src/dev/index.js';
import { PAGE_SECONDS } from '../../src/limits.js';

const FIXTURE = path.join(import.meta.dirname, '../fixtures/metrics-site/content');
let work: string;
let dev: RunningDev;
const options = process.env.NODE_OPTIONS;

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'statuspress-dev-slow-'));
  await cp(FIXTURE, path.join(work, 'content'), { recursive: true });
  await mkdir(path.join(work, 'templates/partials'), { recursive: true });
  await writeFile(path.join(work, 'templates/partials/footer.hbs'), '<footer class="own">Own footer</footer>\n');
  const preload = path.join(work, 'slow.cjs');
  await writeFile(preload, `Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ${(PAGE_SECONDS + 1) * 1000});\n`);
  process.env.NODE_OPTIONS = `${options ?? ''} --require ${JSON.stringify(preload)}`.trim();
  dev = await startDev({ contentDir: path.join(work, 'content'), templatesDir: path.join(work, 'templates'), port: 0, now: Date.parse('2026-11-20T12:00:00Z') });
});

afterAll(async () => {
  if (options === undefined) delete process.env.NODE_OPTIONS;
  else process.env.NODE_OPTIONS = options;
  await dev?.close();
  await rm(work, { recursive: true, force: true });
});

describe('statuspress dev, its templates process slow to start', () => {
  it('renders the page all the same: the page is timed from when it begins', async () => {
    const started = Date.now();
    const res = await fetch(`${dev.url}/`, { signal: AbortSignal.timeout(30_000) });
    const body = await res.text();
    // The preload did hold the process longer than a page may take: else this test shows nothing.
    expect(Date.now() - started).toBeGreaterThan(PAGE_SECONDS * 1000);
    expect(res.status).toBe(200);
    expect(body).toContain('<footer class="own">Own footer</footer>');
  });
});
