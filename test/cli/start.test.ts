// `npm start` built the example with the clock, so a newcomer saw a "happening now" incident days
// old that "expects to finish by 08:00 UTC". Its start script builds the example as of the moment
// its story is written for (its own --now), the page says so ("as of …"), and `serve` answers as of
// that moment too: the on-demand answers as much as the prebuilt ones. The script's commands are
// run as package.json has them, with only the output folder and the port moved into the test's own.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/cli.js';
import { get, startServing } from '../helpers/serving.js';
import type { Serving } from '../helpers/serving.js';
import { shellCommands } from '../helpers/shell-words.js';

const start = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start;
const [buildCommand, serveCommand, ...more] = shellCommands(start);

let tmp: string;
let serving: Serving;
let built: string;
beforeAll(async () => {
  tmp = await mkdtemp(path.join(tmpdir(), 'statuspress-start-'));
  const dist = path.join(tmp, 'dist');
  built = execFileSync(process.execPath, [...buildCommand!.slice(1), '--out', dist], { cwd: ROOT, encoding: 'utf8' });
  serving = await startServing([...serveCommand!.slice(1), '--dir', dist], ROOT);
});
afterAll(async () => {
  await serving?.stop();
  await rm(tmp, { recursive: true, force: true });
});

/** The moment the start script builds the example as of: its --now. */
const moment = (): string => buildCommand![buildCommand!.indexOf('--now') + 1]!;

describe('npm start', () => {
  it('builds the example with its own --now, then serves it', () => {
    expect(more).toEqual([]);
    expect(buildCommand!.slice(0, 3)).toEqual(['node', 'bin/statuspress.js', 'build']);
    // Served at the build's moment: following the clock would move the example off its story.
    expect(serveCommand).toEqual(['node', 'bin/statuspress.js', 'serve', '--at-build-time']);
    // While the email incident of 22 November is still being worked on: its last update (06:35)
    // expects the move to finish by 08:00.
    expect(moment()).toBe('2026-11-22T07:45:00Z');
    expect(built).toContain('as of 2026-11-22T07:45:00.000Z');
  });

  it('shows the page as of that moment, and says so', async () => {
    const home = await get(serving.url, '/');
    expect(home.status).toBe(200);
    expect(home.body).toContain('<bdi>Acme Status</bdi> is degraded as of <time datetime="2026-11-22T07:45:00.000Z">22 Nov 2026, 07:45 UTC</time>.');
    const now = home.body.indexOf('Happening now');
    expect(now).toBeGreaterThan(0);
    expect(home.body.indexOf('Email notifications delayed', now)).toBeGreaterThan(now);
  });

  it('answers the API, prebuilt and on demand, as of the same moment', async () => {
    const status = JSON.parse((await get(serving.url, '/api/v1/status')).body) as { page: { state: string; updated_at: string } };
    expect(status.page).toMatchObject({ state: 'degraded', updated_at: '2026-11-22T06:35:00.000Z' });
    // A filter is answered by serve itself: the database maintenance of 29 November is ahead then,
    // the email incident under way, and the Thanksgiving support hours (until 30 November) still on.
    const ids = async (state: string): Promise<number[]> =>
      (JSON.parse((await get(serving.url, `/api/v1/notices?filter[timeline_state_eq]=${state}`)).body) as { notices: { id: number }[] }).notices.map((n) => n.id);
    expect(await ids('future')).toEqual([25]);
    expect(await ids('present')).toEqual([27, 26, 1]);
  });
});
