// `statuspress new notice --template NAME --set key=value` as a user runs it in a site init made:
// the notice written from the template, options overriding it, and a clear exit 2 for a path as a
// name or a placeholder left unfilled, nothing written.
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';

let tmp: string;
let site: string;
beforeAll(async () => {
  tmp = await mkdtemp(path.join(tmpdir(), 'statuspress-template-cli-'));
  site = path.join(tmp, 'site');
  expect((await runCli(['init', site, '--from', 'npm'])).code).toBe(0);
});
afterAll(() => rm(tmp, { recursive: true, force: true }));

const notices = async (): Promise<string[]> => (await readdir(path.join(site, 'content/notices'))).sort();

describe('new notice --template', () => {
  it('writes the incident the template describes, its placeholders filled, and options win', async () => {
    const res = await runCli(['new', 'notice', '--template', 'api-outage', '--set', 'since=10:05', '--set', 'symptom=requests time out', '--subject', 'REST API unavailable'], { cwd: site });
    expect(res).toMatchObject({ code: 0, stderr: '', stdout: 'Created content/notices/2-rest-api-unavailable.yaml (id 2)\n  notice 2 "REST API unavailable" (unplanned): investigating\n' });
    const text = await readFile(path.join(site, 'content/notices/2-rest-api-unavailable.yaml'), 'utf8');
    expect(text).toContain('components: [2]\n');
    expect(text).toContain('Since 10:05 UTC requests time out. We are investigating');
  });

  it('refuses a path for a name and an unfilled placeholder with exit 2, writing nothing', async () => {
    const before = await notices();
    const path_ = await runCli(['new', 'notice', '--template', '../content/site'], { cwd: site });
    expect(path_.code).toBe(2);
    expect(path_.stderr).toMatch(/^"\.\.\/content\/site" is not a template name/);
    const unfilled = await runCli(['new', 'notice', '--template', 'api-outage', '--set', 'since=10:05'], { cwd: site });
    expect(unfilled.code).toBe(2);
    expect(unfilled.stderr).toMatch(/^The template "api-outage" needs --set symptom=…: its placeholder \{symptom\} is not filled\n/);
    expect(await notices()).toEqual(before);
  });

  it('reports a hostile template as content problems, at their lines, bounded: exit 1, no stack, nothing written', async () => {
    const before = await notices();
    const bomb = `a: &a [x, x, x, x, x, x, x, x, x, x]\n${['b', 'c', 'd', 'e', 'f', 'g'].map((k, i) => `${k}: &${k} [${Array(10).fill(`*${'abcdefg'[i]}`).join(', ')}]`).join('\n')}\nsubject: x\n`;
    await writeFile(path.join(site, 'templates/notices/bomb.yaml'), bomb);
    await writeFile(path.join(site, 'templates/notices/orphan.yaml'), 'subject: *nowhere\n');
    await writeFile(path.join(site, 'templates/notices/braces.yaml'), `subject: x\ncontent: ${'{a}'.repeat(300_000)}\n`);
    const bombed = await runCli(['new', 'notice', '--template', 'bomb'], { cwd: site });
    expect(bombed).toMatchObject({ code: 1, stdout: '' });
    expect(bombed.stderr).toMatch(/^templates\/notices\/bomb\.yaml:\d+:\d+ {2}.*\[content\/alias-bomb\]\n/);
    const orphan = await runCli(['new', 'notice', '--template', 'orphan'], { cwd: site });
    expect(orphan).toMatchObject({ code: 1, stdout: '' });
    expect(orphan.stderr).toMatch(/^templates\/notices\/orphan\.yaml:1:10 {2}.*\[content\/alias-unresolved\]\n/);
    const braces = await runCli(['new', 'notice', '--template', 'braces'], { cwd: site });
    expect(braces).toMatchObject({ code: 1, stdout: '' });
    expect(braces.stderr.split('\n').length).toBeLessThan(10);
    expect(braces.stderr).toContain('[content/too-many-yaml-mistakes]');
    for (const run of [bombed, orphan, braces]) expect(run.stderr).not.toMatch(/Error:|at .*\.js:\d+/);
    expect(await notices()).toEqual(before);
  });

  it('new maintenance with an incident template names the template, not a --type never given', async () => {
    const before = await notices();
    const res = await runCli(['new', 'maintenance', '--template', 'slow-webhooks', '--set', 'delay=1 minute', '--begins-at', '2030-01-01T00:00:00Z', '--ends-at', '2030-01-01T01:00:00Z'], { cwd: site });
    expect(res.code).toBe(2);
    expect(res.stderr).toMatch(/^new maintenance writes a planned notice, and the template "slow-webhooks" is type: unplanned; /);
    expect(res.stderr.split('\n')[0]).not.toContain('--type');
    expect(await notices()).toEqual(before);
  });
});
