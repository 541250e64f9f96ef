// `statuspress init --locale --time-zone` (issue 23), as a user runs it: a German site builds with
// German starter content and `lang="de"`; a locale or zone site.yaml would refuse is a usage error
// (exit 2) with a did-you-mean, and nothing is written.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import type { CliRun } from '../helpers/cli.js';

let tmp: string;
beforeAll(async () => {
  tmp = await mkdtemp(path.join(tmpdir(), 'statuspress-cli-init-locale-'));
});
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

/** Every file under dir (relative, forward slashes). */
async function files(dir: string): Promise<string[]> {
  const all = await readdir(dir, { recursive: true, withFileTypes: true });
  return all.filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'));
}

/** A usage error as the CLI prints it: exit 2, the message, no stack trace. */
function expectUsage(res: CliRun, message: string): void {
  expect(res.stdout).toBe('');
  expect(res.stderr).not.toMatch(/\n\s+at /);
  expect(res.stderr).toContain(message);
  expect(res.code, res.stderr).toBe(2);
}

// English texts init writes into the content and the notice templates; none may reach a German site.
const ENGLISH_STARTER = [
  'Example Status',
  'The public website',
  'Everything under the API',
  'Public REST endpoints',
  'Event deliveries to your endpoints',
  'Welcome to our new status page',
  'This page shows the status of our services',
  'API unavailable',
  'We are investigating',
  'Webhook deliveries',
];

describe('statuspress init --locale --time-zone', () => {
  it('de and Europe/Berlin: site.yaml has both, the site builds, its pages are German with no English starter text', async () => {
    const res = await runCli(['init', 'site', '--locale', 'de', '--time-zone', 'Europe/Berlin', '--from', 'npm'], { cwd: tmp });
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    const dir = path.join(tmp, 'site');
    const site = await readFile(path.join(dir, 'content/site.yaml'), 'utf8');
    expect(site).toMatch(/^locale: de$/m);
    expect(site).toMatch(/^time_zone: Europe\/Berlin$/m);
    const built = await runCli(['build', '--content', 'content', '--out', 'dist'], { cwd: dir });
    expect(built.stderr).toBe('');
    expect(built.code).toBe(0);

    const home = await readFile(path.join(dir, 'dist/index.html'), 'utf8');
    expect(home).toMatch(/<html lang="de"/);
    expect(home).toContain('Beispiel-Statusseite');
    expect(home).toContain('Willkommen auf unserer neuen Statusseite');
    expect(await readFile(path.join(dir, 'dist/components/1/index.html'), 'utf8')).toContain('Die öffentliche Website');
    expect(await readFile(path.join(dir, 'dist/notices/1/index.html'), 'utf8')).toMatch(/<html lang="de"[^]*Diese Seite zeigt den Status unserer Dienste/);

    // Every file written and built: the content, the templates and every page, feed and API answer.
    const written = [...(await files(path.join(dir, 'content'))).map((f) => `content/${f}`), ...(await files(path.join(dir, 'templates'))).map((f) => `templates/${f}`)];
    const pages = (await files(path.join(dir, 'dist'))).map((f) => `dist/${f}`).filter((f) => /\.(html|json|xml|ics|svg|atom|rss|js)$/.test(f));
    expect(pages.length).toBeGreaterThan(10);
    const found: string[] = [];
    for (const file of [...written, ...pages]) {
      const text = await readFile(path.join(dir, file), 'utf8');
      for (const words of ENGLISH_STARTER) if (text.includes(words)) found.push(`${file}: ${words}`);
    }
    expect(found).toEqual([]);
    // The notice template says which zone its {since} is read in.
    expect(await readFile(path.join(dir, 'templates/notices/api-outage.yaml'), 'utf8')).toContain('Seit {since} (Europe/Berlin): {symptom}.');
    // ... and `new --template` fills it in as it does the English one.
    const opened = await runCli(['new', 'notice', '--template', 'api-outage', '--set', 'since=10:05', '--set', 'symptom=laufen Anfragen ins Leere'], { cwd: dir });
    expect(opened.stderr).toBe('');
    expect(opened.code).toBe(0);
    expect(opened.stdout).toContain('"API nicht erreichbar"');
  });

  it('an unknown locale or zone: exit 2 with a did-you-mean, and nothing written', async () => {
    expectUsage(await runCli(['init', 'bad', '--locale', 'de_DE'], { cwd: tmp }), '--locale: "de_DE" is not a language statuspress ships; did you mean de-DE?');
    expectUsage(await runCli(['init', 'bad', '--locale', 'klingon'], { cwd: tmp }), '--locale: "klingon" is not a language statuspress ships');
    expectUsage(await runCli(['init', 'bad', '--locale', ''], { cwd: tmp }), '--locale: "" is not a language statuspress ships');
    expectUsage(await runCli(['init', 'bad', '--time-zone', 'Europe/Berln'], { cwd: tmp }), '--time-zone: "Europe/Berln" is not an IANA time zone; did you mean Europe/Berlin?');
    expectUsage(await runCli(['init', 'bad', '--locale', 'de', '--time-zone', 'Mars/Olympus'], { cwd: tmp }), '--time-zone: "Mars/Olympus" is not an IANA time zone');
    expect((await readdir(tmp)).filter((e) => e !== 'site')).toEqual([]);
  });

  it('several bad flags: every one is said at once (exit 2), not just the first, and nothing is written', async () => {
    const both = await runCli(['init', 'bad', '--locale', 'de_DE', '--time-zone', 'Europe/Berln'], { cwd: tmp });
    expectUsage(both, 'statuspress init wrote nothing: its command line has 2 problems:');
    expect(both.stderr).toContain('  --locale: "de_DE" is not a language statuspress ships; did you mean de-DE?');
    expect(both.stderr).toContain('  --time-zone: "Europe/Berln" is not an IANA time zone; did you mean Europe/Berlin?');

    const all = await runCli(['init', 'bad', 'extra', '--from', 'yarn', '--branch', 'a b', '--locale', 'klingon', '--time-zone', 'Mars/Olympus', '--url', 'ftp://x'], { cwd: tmp });
    expectUsage(all, 'statuspress init wrote nothing: its command line has 6 problems:');
    for (const line of [
      '  Name the folder to create: statuspress init DIR',
      '  --from must be bundle, npm or npm:SPEC',
      '  --branch must be a branch name such as main, not "a b"',
      '  --locale: "klingon" is not a language statuspress ships',
      '  --time-zone: "Mars/Olympus" is not an IANA time zone',
      '  content/site.yaml:4:6  url: "ftp://x" must start with https:// or http://  [content/bad-url]',
    ])
      expect(all.stderr).toContain(line);
    // One problem keeps its own words.
    expectUsage(await runCli(['init', 'bad', '--from', 'yarn'], { cwd: tmp }), '--from must be bundle, npm or npm:SPEC');
    expect((await readdir(tmp)).filter((e) => e !== 'site')).toEqual([]);
  });
});
