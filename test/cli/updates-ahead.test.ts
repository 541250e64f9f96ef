// An update dated a year ahead (a typo in the year) disappeared: validate passed it as a note and the
// build withheld it, which during an incident looks like the page not updating. validate refuses an
// incident's update more than a day ahead of now, and any update more than 30 days ahead, unless it
// says `withheld: true`; build only warns, so a deploy is never blocked by it.
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';

const NOW = '2026-11-20T12:00:00Z';
let tmp: string;
beforeAll(async () => {
  tmp = await mkdtemp(path.join(tmpdir(), 'statuspress-ahead-'));
});
afterAll(() => rm(tmp, { recursive: true, force: true }));

let sites = 0;
async function siteWith(notice: string): Promise<string> {
  const content = path.join(tmp, `site-${++sites}`, 'content');
  await cp(path.join(import.meta.dirname, '../fixtures/valid-minimal/content'), content, { recursive: true });
  await writeFile(path.join(content, 'notices/50-ahead.yaml'), notice);
  return content;
}

const incident = (at: string, extra = ''): string =>
  `id: 50\ntype: unplanned\nsubject: API errors\nupdates:\n  - at: 2026-11-20T11:00:00Z\n    state: investigating\n    content: Looking.\n  - at: ${at}\n    state: identified\n    content: Found it.\n${extra}`;
const maintenance = (at: string, extra = ''): string =>
  `id: 50\ntype: planned\nsubject: Upgrade\nbegins_at: 2027-06-01T02:00:00Z\nends_at: 2027-06-01T04:00:00Z\nupdates:\n  - at: ${at}\n    state: scheduled\n    content: Planned.\n${extra}`;

describe('an update dated ahead of now', () => {
  it("refuses an incident's update a year ahead at its line, with the fix; build only warns", async () => {
    const content = await siteWith(incident('2027-11-20T11:30:00Z'));
    const checked = await runCli(['validate', '--content', content, '--now', NOW]);
    expect(checked).toMatchObject({ code: 1 });
    expect(checked.stderr).toContain(`${content}/notices/50-ahead.yaml:8:9  updates.1.at: dated 2027-11-20T11:30:00Z, more than a day after now (2026-11-20T12:00:00Z): it would not show until then; correct its \`at\` (a mistyped year or zone?), or add \`withheld: true\` to the update if it is meant to wait  [content/update-too-far-ahead]`);
    const github = await runCli(['validate', '--content', content, '--now', NOW, '--format', 'github']);
    expect(github.code).toBe(1);
    expect(github.stderr).toMatch(/^::error file=.*50-ahead\.yaml,line=8,col=9,title=updates\.1\.at \(content\/update-too-far-ahead\)::/m);
    const built = await runCli(['build', '--content', content, '--out', path.join(tmp, `out-${sites}`), '--now', NOW]);
    expect(built).toMatchObject({ code: 0 });
    expect(built.stderr).toContain('updates.1.at: dated 2027-11-20T11:30:00Z, more than a day after now');
  });

  it('takes an incident update hours ahead, and one a year ahead that says withheld: true, as notes', async () => {
    for (const notice of [incident('2026-11-21T06:00:00Z'), incident('2027-11-20T11:30:00Z', '    withheld: true\n')]) {
      const content = await siteWith(notice);
      const checked = await runCli(['validate', '--content', content, '--now', NOW]);
      expect(checked).toMatchObject({ code: 0, stderr: '' });
      expect(checked.stdout).toContain('updates.1.at: withheld until');
    }
  });

  it('refuses any update more than 30 days ahead, and takes one 10 days ahead', async () => {
    const far = await siteWith(maintenance('2027-01-15T09:00:00Z'));
    const refused = await runCli(['validate', '--content', far, '--now', NOW]);
    expect(refused).toMatchObject({ code: 1 });
    expect(refused.stderr).toContain('updates.0.at: dated 2027-01-15T09:00:00Z, more than 30 days after now');
    const near = await siteWith(maintenance('2026-11-30T09:00:00Z'));
    expect(await runCli(['validate', '--content', near, '--now', NOW])).toMatchObject({ code: 0, stderr: '' });
    const meant = await siteWith(maintenance('2027-01-15T09:00:00Z', '    withheld: true\n'));
    expect(await runCli(['validate', '--content', meant, '--now', NOW])).toMatchObject({ code: 0, stderr: '' });
  });

  it('takes withheld only as true', async () => {
    const content = await siteWith(incident('2026-11-20T11:30:00Z', '    withheld: false\n'));
    const checked = await runCli(['validate', '--content', content, '--now', NOW]);
    expect(checked).toMatchObject({ code: 1 });
    expect(checked.stderr).toContain('updates.1.withheld: withheld can only be true');
  });
});
