// The walkthrough planned a maintenance for a fixed day, which `new` created as already complete,
// silently, once that day had gone. `new maintenance` takes its window counted from now (`--in`,
// `--for`), so a walkthrough's commands hold on any day, and warns (exit 0, written all the same)
// when the window it writes has ended before now.
import { cp, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';

const NOW = '2026-12-02T05:57:31Z';
let tmp: string;
beforeAll(async () => {
  tmp = await mkdtemp(path.join(tmpdir(), 'statuspress-new-window-'));
});
afterAll(() => rm(tmp, { recursive: true, force: true }));

let sites = 0;
async function site(): Promise<string> {
  const content = path.join(tmp, `site-${++sites}`, 'content');
  await cp(path.join(import.meta.dirname, '../fixtures/valid-minimal/content'), content, { recursive: true });
  return content;
}

const maintenance = (content: string, ...window: string[]): Promise<{ code: number; stdout: string; stderr: string }> =>
  runCli(['new', 'maintenance', '--subject', 'Database upgrade', '--components', '1', ...window, '--content', content, '--now', NOW]);

const notices = async (content: string): Promise<string[]> => (await readdir(path.join(content, 'notices'))).sort();

describe('new maintenance: its window', () => {
  it('counts --in from now, to the minute, and --for from the beginning', async () => {
    const content = await site();
    const made = await maintenance(content, '--in', '2d', '--for', '1h30m');
    expect(made).toMatchObject({ code: 0, stderr: '' });
    expect(made.stdout).toBe(`Created ${content}/notices/45-database-upgrade.yaml (id 45)\n  notice 45 "Database upgrade" (planned): scheduled\n`);
    const file = await readFile(path.join(content, 'notices/45-database-upgrade.yaml'), 'utf8');
    expect(file).toContain('begins_at: 2026-12-04T05:57:00Z\nends_at: 2026-12-04T07:27:00Z\n');
    expect(file).toContain(`  - at: ${NOW}\n    state: scheduled\n`);
  });

  it('counts --for from --begins-at', async () => {
    const content = await site();
    expect(await maintenance(content, '--begins-at', '2026-12-10T22:00:00+01:00', '--for', '3h')).toMatchObject({ code: 0, stderr: '' });
    expect(await readFile(path.join(content, 'notices/45-database-upgrade.yaml'), 'utf8')).toContain('begins_at: 2026-12-10T22:00:00+01:00\nends_at: 2026-12-11T00:00:00Z\n');
  });

  it('writes a window that has passed, and warns with the way to move it', async () => {
    const content = await site();
    const made = await maintenance(content, '--begins-at', '2026-11-28T22:00:00Z', '--ends-at', '2026-11-28T23:00:00Z');
    expect(made.code).toBe(0);
    expect(made.stdout).toContain('notice 45 "Database upgrade" (planned): complete');
    expect(made.stderr).toBe(
      'warning: the window of notice 45 ended at 2026-11-28T23:00:00Z, before now (2026-12-02T05:57:31Z): the page shows it as complete already; if it is still ahead, move it with statuspress update 45 --begins-at ISO --ends-at ISO --message TEXT\n',
    );
    expect(await notices(content)).toContain('45-database-upgrade.yaml');
  });

  it('does not warn of a window under way', async () => {
    const content = await site();
    expect(await maintenance(content, '--begins-at', '2026-12-02T05:00:00Z', '--for', '2h')).toMatchObject({ code: 0, stderr: '' });
  });

  it.each([
    [['--in', '2 days', '--for', '1h'], '--in must be a duration in days, hours and minutes, in that order (30m, 2h, 3d, 1d12h), not "2 days"'],
    [['--in', '2d', '--for', '30m1h'], '--for must be a duration in days, hours and minutes, in that order (30m, 2h, 3d, 1d12h), not "30m1h"'],
    [['--in', '2d', '--begins-at', '2026-12-10T22:00:00Z', '--for', '1h'], '--in and --begins-at both say when the window begins; give one of them'],
    [['--in', '2d', '--for', '1h', '--ends-at', '2026-12-10T22:00:00Z'], '--for and --ends-at both say when the window ends; give one of them'],
    [['--begins-at', '2026-12-10 22:00', '--for', '1h'], '--for counts from --begins-at, and "2026-12-10 22:00" is not a timestamp with a time zone (2026-11-28T22:00:00Z)'],
    [['--in', '-1h', '--for', '1h'], '--in counts forward from now, so it cannot be "-1h"; for a window that began before now, give --begins-at and --ends-at'],
    [['--in', '2d', '--for', '0m'], 'a window must last longer than "0m": give a duration of at least a minute'],
    [['--in', '2d'], 'A maintenance needs --subject, when its window begins (--begins-at ISO or --in DURATION) and when it ends (--ends-at ISO or --for DURATION)'],
  ])('refuses %j as a usage error, writing nothing', async (window, message) => {
    const content = await site();
    const before = await notices(content);
    const refused = await maintenance(content, ...window);
    expect(refused.code).toBe(2);
    expect(refused.stderr.split('\n')[0]).toBe(message);
    expect(await notices(content)).toEqual(before);
  });

  it('refuses --for with no beginning to count from, for new notice --type planned too', async () => {
    const content = await site();
    const refused = await runCli(['new', 'notice', '--type', 'planned', '--subject', 'Upgrade', '--for', '1h', '--content', content, '--now', NOW]);
    expect(refused.code).toBe(2);
    expect(refused.stderr.split('\n')[0]).toBe('--for counts from the window’s beginning: give --in DURATION or --begins-at ISO as well');
  });
});
