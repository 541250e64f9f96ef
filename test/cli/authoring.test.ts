// The authoring commands as a user runs them (new, update, resolve), and every command's --help.
import { cp, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, runCli } from '../helpers/cli.js';
import type { CliRun } from '../helpers/cli.js';
import { main } from '../../src/cli/run.js';
import { COMMANDS } from '../../src/cli/index.js';


const run = (args: string[]): Promise<CliRun> => runCli(args);

// The moment the example's story is told at (its incident 27 in progress), and a later one, when that
// incident has gone unposted to for days: every command is run as of one of them, never the clock.
const NOW = '2026-11-22T07:45:00Z';
const DAYS_LATER = '2026-11-25T12:00:00Z';

/** Every file under dir, relative path → text. */
async function listing(dir: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) files.set(path.relative(dir, path.join(entry.parentPath, entry.name)), await readFile(path.join(entry.parentPath, entry.name), 'utf8'));
  }
  return files;
}

/** The files that differ between two listings, with the text added to each (checked to be an insertion only). */
function changes(before: Map<string, string>, after: Map<string, string>): Record<string, string> {
  const changed: Record<string, string> = {};
  for (const [file, text] of after) {
    const old = before.get(file) ?? '';
    if (old === text) continue;
    let start = 0;
    while (start < old.length && old[start] === text[start]) start++;
    const added = text.length - old.length;
    expect(text.slice(0, start) + text.slice(start + added), `${file}: nothing but an insertion`).toBe(old);
    changed[file] = text.slice(start, start + added);
  }
  expect([...before.keys()].filter((file) => !after.has(file))).toEqual([]);
  return changed;
}

let tmp: string;
let content: string;
beforeAll(async () => {
  tmp = await mkdtemp(path.join(tmpdir(), 'statuspress-authoring-'));
  content = path.join(tmp, 'content');
  await cp(path.join(ROOT, 'content'), content, { recursive: true });
});
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

describe('--help', () => {
  it.each(COMMANDS.map((c) => [c.name, c] as const))('of %s lists every option with its one-line description', async (name, command) => {
    const lines: string[] = [];
    const code = await main([name, '--help'], { log: (line) => lines.push(line), error: (line) => lines.push(`error: ${line}`) });
    expect(code).toBe(0);
    const help = lines.join('\n');
    expect(help).toMatch(new RegExp(`^Usage: statuspress ${name}\\b`));
    for (const [flag, { description }] of Object.entries(command.flags)) {
      expect(description, `${name} --${flag}`).toMatch(/^\S[^\n]*$/);
      expect(help).toMatch(new RegExp(`^ {2}--${flag}\\b.* {2}${description.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'm'));
    }
    expect(help).toMatch(/^ {2}--help +show this help$/m);
  });

  it('of statuspress itself lists every command', async () => {
    const lines: string[] = [];
    expect(await main(['--help'], { log: (line) => lines.push(line), error: (line) => lines.push(line) })).toBe(0);
    for (const command of COMMANDS) expect(lines.join('\n')).toContain(`statuspress ${command.name}`);
  });
});

describe('the authoring commands change nothing but what they say', () => {
  it('update appends one update to the notice with that id, and prints the file', async () => {
    const before = await listing(content);
    // Days later, the example's incident is stale: --reopen says this is the notice meant.
    const stale = await run(['update', '27', '--content', content, '--now', DAYS_LATER, '--state', 'recovering', '--message', 'Delays are down to a few minutes.', '--at', '2026-11-22T07:10:00Z']);
    expect(stale.code).toBe(2);
    expect(stale.stderr).toMatch(/^Notice 27 \("Email notifications delayed"\) was last updated 3 days ago; nothing was written\n.*--reopen/);
    expect(await listing(content)).toEqual(before);
    const res = await run(['update', '27', '--content', content, '--now', DAYS_LATER, '--state', 'recovering', '--message', 'Delays are down to a few minutes.', '--at', '2026-11-22T07:10:00Z', '--reopen']);
    expect(res).toEqual({
      code: 0,
      stdout: `Updated ${path.join(content, 'notices/27-email-notifications-delayed.yaml')} (update 27004, state recovering)\n  notice 27 "Email notifications delayed" (unplanned): identified -> recovering\n`,
      stderr: '',
    });
    expect(changes(before, await listing(content))).toEqual({
      'notices/27-email-notifications-delayed.yaml': '  - at: 2026-11-22T07:10:00Z\n    state: recovering\n    content: Delays are down to a few minutes.\n',
    });
  });

  it('resolve ends it with the default text, then refuses to end it again', async () => {
    const before = await listing(content);
    const res = await run(['resolve', '27', '--content', content, '--now', NOW, '--at', '2026-11-22T07:40:00Z']);
    // The whole run compared, so a failure shows stderr too.
    expect(res).toMatchObject({
      code: 0,
      stdout: `Resolved ${path.join(content, 'notices/27-email-notifications-delayed.yaml')} (update 27005, state resolved)\n  notice 27 "Email notifications delayed" (unplanned): recovering -> resolved\n`,
    });
    expect(changes(before, await listing(content))).toEqual({
      'notices/27-email-notifications-delayed.yaml': '  - at: 2026-11-22T07:40:00Z\n    state: resolved\n    content: This incident has been resolved.\n',
    });
    const again = await run(['resolve', '27', '--content', content, '--now', NOW]);
    expect(again.code).toBe(2);
    expect(again.stderr).toBe('Notice 27 is resolved already; nothing was written\nTo reopen it or say more, add an update: statuspress update ID --state STATE --message TEXT.\n');
  });

  it('update moves a maintenance window in place, with the update that says so', async () => {
    const file = 'notices/25-database-maintenance.yaml';
    const before = await listing(content);
    const res = await run([
      // A day after it was announced, before incident 27 began.
      'update', '25', '--content', content, '--now', '2026-11-21T09:30:00Z', '--state', 'scheduled', '--message', 'Moved by a week.',
      '--begins-at', '2026-12-06T02:00:00Z', '--ends-at', '2026-12-06T04:00:00Z', '--at', '2026-11-21T09:00:00Z',
    ]);
    expect(res).toMatchObject({
      code: 0,
      stdout: `Updated ${path.join(content, file)} (update 25002, state scheduled; begins_at 2026-12-06T02:00:00Z; ends_at 2026-12-06T04:00:00Z)\n  notice 25 "Database maintenance" (planned): scheduled -> scheduled\n`,
    });
    const after = (await listing(content)).get(file)!;
    expect(after).toBe(
      before
        .get(file)!
        .replace('begins_at: 2026-11-29T02:00:00Z', 'begins_at: 2026-12-06T02:00:00Z')
        .replace('ends_at: 2026-11-29T04:00:00Z', 'ends_at: 2026-12-06T04:00:00Z') + '  - at: 2026-11-21T09:00:00Z\n    state: scheduled\n    content: Moved by a week.\n',
    );
  });

  it('refuses an update that would not validate, with exit 2, naming the problem; writes nothing', async () => {
    const before = await listing(content);
    const res = await run(['update', '12', '--content', content, '--now', NOW, '--state', 'identifed', '--message', 'x', '--reopen']);
    expect(res.code).toBe(2);
    // Said of the option, not of a line of a file that was never written.
    expect(res.stderr).toContain('\n  --state: "identifed" is not a state of an unplanned notice; did you mean "identified"?  [content/bad-state]\n');
    expect(res.stderr).not.toContain('yaml:');
    for (const args of [['update', '12'], ['update', '--message', 'x'], ['update', 'twelve', '--message', 'x'], ['update', '999', '--message', 'x'], ['resolve']]) {
      expect((await run([...args, '--content', content, '--now', NOW])).code, args.join(' ')).toBe(2);
    }
    expect(await listing(content)).toEqual(before);
  });

  it('new maintenance writes a planned notice, new component a component, and no other file changes', async () => {
    const before = await listing(content);
    const maintenance = await run([
      'new', 'maintenance', '--content', content, '--now', NOW, '--subject', 'Network upgrade', '--components', '2',
      '--begins-at', '2026-12-10T01:00:00Z', '--ends-at', '2026-12-10T02:00:00Z',
    ]);
    expect(maintenance).toMatchObject({
      code: 0,
      stdout: `Created ${path.join(content, 'notices/28-network-upgrade.yaml')} (id 28)\n  notice 28 "Network upgrade" (planned): scheduled\n`,
    });
    const component = await run(['new', 'component', '--content', content, '--now', NOW, '--name', 'Status API', '--parent', '2']);
    expect(component.code).toBe(0);
    const added = changes(before, await listing(content));
    expect(Object.keys(added).sort()).toEqual(['components/13-status-api.yaml', 'notices/28-network-upgrade.yaml']);
    expect(added['notices/28-network-upgrade.yaml']).toMatch(/^id: 28\ntype: planned\nsubject: Network upgrade\ncomponents: \[2\]\nbegins_at: 2026-12-10T01:00:00Z\nends_at: 2026-12-10T02:00:00Z\nupdates:\n {2}- at: 2026-11-22T07:45:00Z\n {4}state: scheduled\n/);
    expect((await run(['new', 'maintenance', '--content', content, '--now', NOW, '--subject', 'No window'])).code).toBe(2);
    expect((await run(['new', 'maintenance', '--content', content, '--now', NOW, '--type', 'unplanned', '--subject', 'X', '--begins-at', 'a', '--ends-at', 'b'])).stderr).toContain('new maintenance writes a planned notice');
    expect((await run(['validate', '--content', content, '--now', NOW])).code).toBe(0);
  });

  it('reports problems in other files without refusing the change', async () => {
    const broken = path.join(tmp, 'broken');
    await cp(content, broken, { recursive: true });
    await writeFile(path.join(broken, 'notices/99-broken.yaml'), 'id: 99\ntype: outage\nsubject: S\nupdates:\n  - at: 2026-11-20T10:00:00Z\n    content: x\n');
    const res = await run(['update', '12', '--content', broken, '--now', NOW, '--state', 'resolved', '--message', 'Closed.', '--reopen']);
    expect(res.code).toBe(0);
    expect(res.stderr).toContain(`warning: ${path.join(broken, 'notices/99-broken.yaml')}:2:7  type: "outage" is not allowed`);
    expect(res.stderr).toContain("warning: 1 problem in other files, not this command's: builds fail until it is fixed");
  });
});
