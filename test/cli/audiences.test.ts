// Audiences as a user meets them at the command line, on a copy of the plain site with a staff and a
// partners audience: a name that is no audience's is refused by every command that takes one, the
// host files of a private build are private whatever the flags, and `new` takes ids from the range of
// the audience a component or notice will be seen by.
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../src/build.js';
import { main } from '../../src/cli/run.js';
import { runCli } from '../helpers/cli.js';

const FIXTURE = path.join(import.meta.dirname, '../fixtures/plain-site/content');
const NOW = Date.parse('2026-03-15T08:30:00Z');
const AUDIENCES = ['audiences:', '  staff:', '    url: https://status.internal.example.org', '    password_file: /etc/nginx/staff.htpasswd', '  partners:', '    url: https://partners.example.org', ''];

let tmp: string;
let content: string;
let staffDist: string;
let publicDist: string;


/** A fresh copy of the content, for a test that changes it. */
async function copy(label: string): Promise<string> {
  const dir = path.join(tmp, label);
  await cp(content, dir, { recursive: true });
  return dir;
}

/** `statuspress new ...args` in `dir`, which must succeed. */
async function created(dir: string, args: string[]): Promise<{ stdout: string; stderr: string }> {
  const run = await runCli(['new', ...args, '--content', dir, '--now', '2026-03-15T08:30:00Z']);
  expect(run.code).toBe(0);
  return run;
}

beforeAll(async () => {
  tmp = await mkdtemp(path.join(tmpdir(), 'statuspress-cli-audiences-'));
  content = path.join(tmp, 'content');
  await cp(FIXTURE, content, { recursive: true });
  const site = await readFile(path.join(content, 'site.yaml'), 'utf8');
  await writeFile(path.join(content, 'site.yaml'), `${site}${AUDIENCES.join('\n')}`);
  staffDist = path.join(tmp, 'dist-staff');
  publicDist = path.join(tmp, 'dist');
  await build({ contentDir: content, outDir: staffDist, now: NOW, threads: 0, audience: 'staff' });
  await build({ contentDir: content, outDir: publicDist, now: NOW, threads: 0 });
});

afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

describe('a name that is no audience of the site', () => {
  // Names every object answers to: only the site's own audiences count.
  const NAMES = ['constructor', 'toString', '__proto__'];
  const commands = (name: string, out: string): string[][] => [
    ['build', '--content', content, '--out', out, '--now', '2026-03-15T08:30:00Z', '--audience', name],
    ['fingerprint', '--content', content, '--now', '2026-03-15T08:30:00Z', '--audience', name],
    ['host-config', 'nginx', '--content', content, '--dir', path.join(tmp, 'not-built'), '--audience', name],
    ['new', 'component', '--content', content, '--name', 'X', '--audience', name],
  ];

  // The first name as a person meets it, each command a process of its own (all at once: they write
  // nothing); the others through the CLI's main(), which the bin runs, in this process.
  it.each(NAMES)('is refused as --audience %s by build, fingerprint, host-config and new', async (name) => {
    const runs = await Promise.all(
      commands(name, path.join(tmp, `out-${name}`)).map(async (args) => {
        if (name === NAMES[0]) return { args, ...(await runCli(args)) };
        const out: string[] = [];
        const err: string[] = [];
        const code = await main(args, { log: (line) => out.push(line), error: (line) => err.push(line) });
        return { args, code, stdout: out.join('\n'), stderr: err.join('\n') };
      }),
    );
    for (const run of runs) {
      expect({ args: run.args, code: run.code }).toEqual({ args: run.args, code: 2 });
      expect(run.stderr).toContain(`--audience "${name}" is no audience of this site; use one of staff, partners`);
      expect(run.stdout).toBe('');
    }
  });
});

describe('host-config for the build in --dir', () => {
  it('configures a private build as private without --audience, and without the content', async () => {
    const nginx = await runCli(['host-config', 'nginx', '--dir', staffDist, '--content', path.join(tmp, 'no-content')]);
    expect(nginx.stderr).toBe('');
    expect(nginx.code).toBe(0);
    expect(nginx.stdout).toContain('auth_basic_user_file /etc/nginx/staff.htpasswd;');
    expect(nginx.stdout).not.toContain('Access-Control-Allow-Origin');
    const netlify = await runCli(['host-config', 'netlify', '--dir', staffDist]);
    expect(netlify.code).toBe(0);
    expect(netlify.stdout).toContain("turn on Netlify's password protection");
    expect(netlify.stdout).not.toContain('Access-Control-Allow-Origin');
  });

  it('configures a public build as public', async () => {
    const run = await runCli(['host-config', 'nginx', '--dir', publicDist]);
    expect(run.code).toBe(0);
    expect(run.stdout).not.toContain('auth_basic');
    expect(run.stdout).toContain('Access-Control-Allow-Origin');
  });

  it.each([
    ['partners', 'dist-staff', 'the audience "staff"'],
    ['staff', 'dist', 'the public site'],
  ])('refuses --audience %s for the build in %s', async (audience, folder, built) => {
    const dir = path.join(tmp, folder);
    const run = await runCli(['host-config', 'nginx', '--dir', dir, '--content', content, '--audience', audience]);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(`--audience "${audience}", but ${dir} holds the build of ${built}`);
  });

  it('takes the audience from the content while --dir holds no build yet', async () => {
    const run = await runCli(['host-config', 'nginx', '--dir', path.join(tmp, 'not-built'), '--content', content, '--audience', 'staff']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('auth_basic_user_file /etc/nginx/staff.htpasswd;');
  });
});

describe('new, and the id range of the audience a part will be seen by', () => {
  it('writes a notice of a template with an audience for that audience, from its range', async () => {
    const dir = await copy('templated');
    await created(dir, ['component', '--name', 'Build farm', '--audience', 'staff']);
    const templates = path.join(tmp, 'templated-templates');
    await mkdir(path.join(templates, 'notices'), { recursive: true });
    await writeFile(path.join(templates, 'notices/farm.yaml'), 'subject: Build farm {what}\ncomponents: [1000000]\naudience: staff\n');
    const run = await created(dir, ['notice', '--template', 'farm', '--templates', templates, '--set', 'what=slow']);
    expect(run.stdout).toContain('(id 1000000)');
    expect(run.stderr).toBe('');
    expect(await readFile(path.join(dir, 'notices/1000000-build-farm-slow.yaml'), 'utf8')).toMatch(/^audience: staff$/m);
    // --audience overrides the template's, as every option does.
    const partners = await created(dir, ['notice', '--template', 'farm', '--templates', templates, '--set', 'what=down', '--audience', 'partners', '--components', '1']);
    expect(partners.stdout).toContain('(id 2000000)');
  });

  it('warns of a public notice whose every component is private', async () => {
    const dir = await copy('warned');
    await created(dir, ['component', '--name', 'Build farm', '--audience', 'staff']);
    await created(dir, ['component', '--name', 'Runners', '--parent', '1000000']);
    const warned = await created(dir, ['notice', '--type', 'unplanned', '--subject', 'Runners slow', '--components', '1000000,1000001']);
    expect(warned.stdout).toContain('(id 5)');
    expect(warned.stderr).toContain('warning: notice 5 is public, but each of its components is seen by staff only: the public site and its notify targets get it with no component; if it is for that audience only, add `audience: staff` to its file');
    const mixed = await created(dir, ['notice', '--type', 'unplanned', '--subject', 'Storage and runners', '--components', '1,1000001']);
    expect(mixed.stderr).toBe('');
    const targeted = await created(dir, ['notice', '--type', 'unplanned', '--subject', 'Runners down', '--components', '1000001', '--audience', 'staff']);
    expect(targeted.stderr).toBe('');
  });

  it('gives a child of a private component an id of its parent’s range, and the public ids no gap', async () => {
    const dir = await copy('parented');
    await created(dir, ['component', '--name', 'Build farm', '--audience', 'staff']);
    await created(dir, ['component', '--name', 'Runners', '--parent', '1000000']);
    await created(dir, ['component', '--name', 'Runner pool', '--parent', '1000001']);
    await created(dir, ['component', '--name', 'Search', '--parent', '1']);
    const runners = await readFile(path.join(dir, 'components/1000001-runners.yaml'), 'utf8');
    // Inherited, not written: the child follows its parent should the parent's audience change.
    expect(runners).not.toContain('audience');
    expect(runners).toContain('parent_id: 1000000');
    expect(await readFile(path.join(dir, 'components/1000002-runner-pool.yaml'), 'utf8')).toContain('parent_id: 1000001');
    expect(await readFile(path.join(dir, 'components/4-search.yaml'), 'utf8')).toContain('parent_id: 1');
  });
});

describe('validate and the address of each site', () => {
  it('refuses an audience url that is the public site’s or another audience’s, at its line', async () => {
    const dir = await copy('same-url');
    const site = await readFile(path.join(content, 'site.yaml'), 'utf8');
    const audiences = site.slice(site.indexOf('audiences:'));
    const taken = audiences.replace('https://status.internal.example.org', 'https://PLAIN.example.org/').replace('https://partners.example.org', 'https://plain.example.org:443');
    await writeFile(path.join(dir, 'site.yaml'), site.replace(audiences, `${taken}  ops:\n    url: https://partners.example.org/status\n  ops-two:\n    url: https://partners.example.org/status/\n`));
    const run = await runCli(['validate', '--content', dir]);
    expect(run.code).toBe(1);
    const line = (text: string): number => site.replace(audiences, taken).split('\n').findIndex((l) => l.includes(text)) + 1;
    expect(run.stderr).toContain(`site.yaml:${line('https://PLAIN.example.org/')}:10  audiences.staff.url: "https://PLAIN.example.org/" is already the url of the public site; each site needs an address of its own`);
    expect(run.stderr).toContain(`site.yaml:${line('plain.example.org:443')}:10  audiences.partners.url: "https://plain.example.org:443" is already the url of the public site`);
    expect(run.stderr).toContain('audiences.ops-two.url: "https://partners.example.org/status/" is already the url of the audience ops;');
    expect(run.stderr).not.toContain('audiences.ops.url');
  });
});
