// Hosts without rewrites (GitHub Pages, a plain bucket): the output served as plain files, under a
// base path, by http-server. Every prebuilt answer must be reachable at its documented path-style
// address (docs/api.md), and that address must mean the same request to statuspress's router.
import type { Server } from 'node:http';
import { createRequire } from 'node:module';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../src/build.js';
import { route } from '../../src/routes/index.js';
import { request } from '../http/client.js';
import { SERVE_SITE_NOW } from '../http/suite.js';

const require = createRequire(import.meta.url);
const httpServer = require('http-server') as {
  createServer(options: { root: string; cache: number; showDir: boolean; gzip: boolean }): {
    server: Server;
    listen(port: number, host: string, cb: () => void): void;
    close(): void;
  };
};

let tmp: string;
let base: string;
let server: ReturnType<typeof httpServer.createServer>;
let files: string[];

beforeAll(async () => {
  tmp = await mkdtemp(path.join(tmpdir(), 'statuspress-pages-'));
  // Like a project page: https://acme.github.io/status/ serves the output under /status/.
  const dist = path.join(tmp, 'site', 'status');
  await build({ contentDir: path.join(import.meta.dirname, '../fixtures/serve-site/content'), outDir: dist, now: Date.parse(SERVE_SITE_NOW) });
  files = (await readdir(dist, { recursive: true }))
    .map((f) => f.split(path.sep).join('/'))
    .filter((f) => /^api\/v[12]\//.test(f) && f.endsWith('.json') && !f.endsWith('/past-the-end.json'));
  server = httpServer.createServer({ root: path.join(tmp, 'site'), cache: -1, showDir: false, gzip: false });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  base = `http://127.0.0.1:${port}/status`;
});

afterAll(async () => {
  server?.close();
  await rm(tmp, { recursive: true, force: true });
});

describe('path-style addresses on a plain static host under a base path', () => {
  it('serves every prebuilt answer as JSON at its path, which routes back to the same request', async () => {
    expect(files.length).toBeGreaterThan(50);
    for (const file of files) {
      const res = await request(base, `/${file}`);
      expect(res.status, file).toBe(200);
      expect(() => res.json(), file).not.toThrow();
      const r = route(`/${file}`);
      expect(r.kind === 'api' && r.file, file).toBe(file);
    }
  });

  it('has the documented entry points', async () => {
    for (const address of [
      '/api/v1/status.json',
      '/api/v1/components/q/page=1.json',
      '/api/v1/components/q/parent_id_null=true/page=1.json',
      '/api/v1/notices/q/page=2.json',
      '/api/v1/notices/q/type_eq=planned/timeline_state_eq=future/page=1.json',
      '/api/v1/notices/100.json',
      '/api/v1/components/2/metrics.json',
      '/api/v1/components/2/metrics/show_calculations=true.json',
      '/api/v2/summary.json',
      '/api/v2/incidents/unresolved.json',
      '/api/v2/scheduled-maintenances/upcoming.json',
    ]) {
      expect((await request(base, address)).status, address).toBe(200);
    }
  });
});
