// A page of the site's own templates in `statuspress dev` is timed from when its process begins it,
// as a build times it: the process's own start (Node, the code, compiling the templates, deriving
// the site) is not the template's doing, and on a busy machine it alone once took longer than a page
// may (CI answered 500 for the status page). Here the process is made to start slowly on purpose: a
// preload given through NODE_OPTIONS, which the process inherits, blocks it for twice as long as a
// page may take (dev is given a page limit of half a second), and says so once it has.
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDev } from '../../src/dev/index.js';
import type { RunningDev } from '../../src/dev/index.js';
import { PAGES_FLAG } from '../../src/render/worker-messages.js';

const FIXTURE = path.join(import.meta.dirname, '../fixtures/metrics-site/content');
const PAGE_MS = 500;
let work: string;
let dev: RunningDev;
/** Where the preload writes what its wait ended by, once in each pages process: `timed-out` when it waited the whole time. */
let told: string;
const options = process.env.NODE_OPTIONS;

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'statuspress-dev-slow-'));
  await cp(FIXTURE, path.join(work, 'content'), { recursive: true });
  await mkdir(path.join(work, 'templates/partials'), { recursive: true });
  await writeFile(path.join(work, 'templates/partials/footer.hbs'), '<footer class="own">Own footer</footer>\n');
  const preload = path.join(work, 'slow.cjs');
  told = path.join(work, 'waited');
  await writeFile(
    preload,
    `if (process.argv.includes(${JSON.stringify(PAGES_FLAG)})) {\n` +
      `  const ended = Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ${2 * PAGE_MS});\n` +
      `  require('node:fs').appendFileSync(${JSON.stringify(told)}, ended + '\\n');\n` +
      '}\n',
  );
  process.env.NODE_OPTIONS = `${options ?? ''} --require ${JSON.stringify(preload)}`.trim();
  dev = await startDev({ contentDir: path.join(work, 'content'), templatesDir: path.join(work, 'templates'), port: 0, now: Date.parse('2026-11-20T12:00:00Z'), renderLimits: { pageMs: PAGE_MS } });
});

afterAll(async () => {
  if (options === undefined) delete process.env.NODE_OPTIONS;
  else process.env.NODE_OPTIONS = options;
  await dev?.close();
  await rm(work, { recursive: true, force: true });
});

describe('statuspress dev, its templates process slow to start', () => {
  it('renders the page all the same: the page is timed from when it begins', async () => {
    const res = await fetch(`${dev.url}/`, { signal: AbortSignal.timeout(30_000) });
    const body = await res.text();
    expect({ status: res.status, body }).toMatchObject({ status: 200, body: expect.stringContaining('<footer class="own">Own footer</footer>') });
    // One pages process, whose start the preload did hold for longer than a page may take: else this test shows nothing.
    expect(await readFile(told, 'utf8')).toBe('timed-out\n');
  });
});
