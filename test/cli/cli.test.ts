// The CLI as a user runs it: a child process, its output and its exit code. Where a case tries
// several variants of one refusal, the first runs the bin and the rest call main() in this process
// (test/helpers/main.ts): the same parsing, words and exit code, without a process each.
import { mkdtemp, readFile, readdir, rm, writeFile, mkdir, cp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, runCli } from '../helpers/cli.js';
import type { CliRun } from '../helpers/cli.js';
import { runMain } from '../helpers/main.js';
import { main } from '../../src/cli/run.js';

const SITE = path.join(ROOT, 'test/fixtures/serve-site/content');
const NOW = '2026-11-20T12:00:00Z';

const run = (args: string[], cwd = ROOT): Promise<CliRun> => runCli(args, { cwd });

async function listing(dir: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) {
      const full = path.join(entry.parentPath, entry.name);
      files.set(path.relative(dir, full), await readFile(full, 'utf8'));
    }
  }
  return files;
}

let tmp: string;
beforeAll(async () => {
  tmp = await mkdtemp(path.join(tmpdir(), 'statuspress-cli-'));
});
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

describe('statuspress build', () => {
  // One build of the fixture, shared by the cases that read it.
  let a: string;
  let first: CliRun;
  beforeAll(async () => {
    a = path.join(tmp, 'a');
    first = await run(['build', '--content', SITE, '--out', a, '--now', NOW]);
  });

  it('builds, reports what it wrote, exits 0, and is reproducible', async () => {
    const b = path.join(tmp, 'b');
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/^Built \d+ files .* as of 2026-11-20T12:00:00.000Z/);
    expect((await run(['build', '--content', SITE, '--out', b, '--now', NOW])).code).toBe(0);
    expect(await listing(a)).toEqual(await listing(b));
  });

  it('writes compressed copies from the bundled write workers that decode to their file', async () => {
    const out = a;
    expect(first.code).toBe(0);
    const names = (await readdir(out, { recursive: true })).map(String);
    const copies = names.filter((f) => /\.(gz|br)$/.test(f));
    expect(copies.length).toBeGreaterThan(0);
    for (const copy of copies) {
      const bytes = await readFile(path.join(out, copy));
      const decoded = copy.endsWith('.gz') ? gunzipSync(bytes) : brotliDecompressSync(bytes);
      expect(decoded.equals(await readFile(path.join(out, copy.replace(/\.(gz|br)$/, '')))), copy).toBe(true);
    }
  });

  it('leaves the previous output byte for byte when the content is broken', async () => {
    const out = path.join(tmp, 'kept');
    const content = path.join(tmp, 'content-broken');
    await cp(SITE, content, { recursive: true });
    expect((await run(['build', '--content', content, '--out', out, '--now', NOW])).code).toBe(0);
    const before = await listing(out);
    await writeFile(path.join(content, 'notices/1-incident.yaml'), 'id: 1\ntype: unplanned\nsubject: [unclosed\n');
    const failed = await run(['build', '--content', content, '--out', out, '--now', NOW]);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain('notices/1-incident.yaml:');
    expect(failed.stderr).not.toMatch(/\n\s+at /); // no stack trace
    expect(await listing(out)).toEqual(before);
    expect((await readdir(tmp)).filter((f) => f.includes('.tmp-'))).toEqual([]);
  });

  it('refuses to replace a folder it did not write', async () => {
    const precious = path.join(tmp, 'precious');
    await mkdir(precious);
    await writeFile(path.join(precious, 'keep.txt'), 'mine');
    const res = await run(['build', '--content', SITE, '--out', precious, '--now', NOW]);
    expect(res.code).toBe(2);
    expect(res.stderr).toContain('did not write');
    expect(await readFile(path.join(precious, 'keep.txt'), 'utf8')).toBe('mine');
  });

  it('rejects unknown flags and bad values with exit 2 and a hint', async () => {
    const unknown = await run(['build', '--outt', 'x']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('--outt');
    expect(unknown.stderr).toContain('Usage: statuspress build');
    // The bin for the first; the variants through main() here, the same parsing and words.
    const badNow = await runMain(['build', '--now', '2026-11-20T10:00:00']);
    expect(badNow.code).toBe(2);
    expect(badNow.stderr).toContain('time zone');
    // The basic form is for file names only.
    // Every command that takes --now reads it alike: year 0 is refused by all (dev took it before).
    // The bin for build; the same parsing through main() here for the others.
    const yearZero = await run(['build', '--now', '0000-06-01T00:00:00Z']);
    expect(yearZero).toMatchObject({ code: 2, stderr: expect.stringContaining('in the years 0001-9999') });
    for (const args of [['validate'], ['fingerprint'], ['dev', '--port', '0'], ['notify', '--previous', 'x.json', '--dry-run']]) {
      const refused = await runMain([...args, '--now', '0000-06-01T00:00:00Z']);
      expect(refused.code, args[0]).toBe(2);
      expect(refused.stderr, args[0]).toContain('in the years 0001-9999');
    }
    const basicNow = await runMain(['build', '--now', '20261120T100000Z']);
    expect(basicNow.code).toBe(2);
    expect(basicNow.stderr).toContain('--now must be an ISO 8601 timestamp');
    expect((await runMain(['frobnicate'])).code).toBe(2);
  });
});

describe('statuspress --version', () => {
  it("prints package.json's version, from the bundle and from src/", async () => {
    const { version } = JSON.parse(await readFile(path.join(ROOT, 'package.json'), 'utf8')) as { version: string };
    expect(await run(['--version'])).toEqual({ code: 0, stdout: `statuspress ${version}\n`, stderr: '' });
    const lines: string[] = [];
    expect(await main(['--version'], { log: (line) => lines.push(line), error: (line) => lines.push(line) })).toBe(0);
    expect(lines).toEqual([`statuspress ${version}`]);
  });
});

describe('statuspress validate', () => {
  it('says the content is fine and writes nothing', async () => {
    const res = await run(['validate', '--content', SITE], tmp);
    expect(res.code).toBe(0);
    expect(res.stdout).toContain('no problems');
    expect(await readdir(tmp)).not.toContain('dist');
  });

  it('lists every problem with file:line:column and exits 1', async () => {
    const content = path.join(tmp, 'content-many');
    await cp(SITE, content, { recursive: true });
    await writeFile(path.join(content, 'components/2-rest.yaml'), 'id: 2\nname: REST API\nparent_id: 77\ncreated_at: 2024-01-01T00:00:00Z\n');
    await writeFile(path.join(content, 'notices/2-incident.yaml'), 'id: 2\ntype: unplanned\nsubject: x\nupdates:\n  - at: 2026-10-01T10:00:00\n    state: underway\n    content: hi\n');
    const res = await run(['validate', '--content', content]);
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(/components\/2-rest\.yaml:3:\d+\s+parent_id: /);
    expect(res.stderr).toMatch(/notices\/2-incident\.yaml:5:\d+\s+updates\.0\.at: /);
    expect(res.stderr).toMatch(/notices\/2-incident\.yaml:6:\d+\s+updates\.0\.state: /);
    // The same problems as annotations, through main() here.
    const github = await runMain(['validate', '--content', content, '--format', 'github']);
    expect(github.code).toBe(1);
    expect(github.stderr).toMatch(/^::error file=.*components\/2-rest\.yaml,line=3,col=\d+/m);
  });

  it('ends each problem with its code, and says a YAML mistake once, at its line, with how to fix it', async () => {
    const content = path.join(tmp, 'content-yaml-mistake');
    await cp(SITE, content, { recursive: true });
    const notice = 'id: 2\ntype: unplanned\nsubject: x\nupdates:\n  - at: 2026-10-01T10:00:00Z\n    state: investigating\n    content: Root cause: a bad deploy. Fix: rolled back\n';
    await writeFile(path.join(content, 'notices/2-incident.yaml'), notice);
    // Run from the folder holding it, the path is printed as --content gives it, as in the annotations.
    const res = await runCli(['validate', '--content', 'content-yaml-mistake'], { cwd: tmp });
    expect(res.code).toBe(1);
    expect(res.stderr.split('\n')[0]).toBe(
      'content-yaml-mistake/notices/2-incident.yaml:7:14  updates.0.content: YAML reads the ": " after "Root cause" as a key, not as text; put the whole text in quotes, or write it as a block with |  [content/yaml-colon-in-text]',
    );
    expect(res.stderr).toContain('\n1 problem in ');
    const github = await runCli(['validate', '--content', 'content-yaml-mistake', '--format', 'github'], { cwd: tmp });
    expect(github.stderr.split('\n')[0]).toMatch(/^::error file=content-yaml-mistake\/notices\/2-incident\.yaml,line=7,col=14,title=updates\.0\.content \(content\/yaml-colon-in-text\)::YAML reads /);
  });
});

describe('updates dated after now', () => {
  const EXAMPLE = path.join(ROOT, 'content');

  it('are notes to validate: printed, exit 0, and ::notice annotations on GitHub', async () => {
    const res = await run(['validate', '--content', 'content', '--now', '2026-11-22T06:00:00Z']);
    expect(res.code).toBe(0);
    expect(res.stderr).toBe('');
    expect(res.stdout).toContain(
      'note: content/notices/27-email-notifications-delayed.yaml:17:9  updates.2.at: withheld until 2026-11-22T06:35:00Z, after now (2026-11-22T06:00:00Z); builds from then on publish it\n',
    );
    expect(res.stdout).toMatch(/: no problems found \(\d+ notes?\)\n$/);
    // As annotations, and a --now without a time refused: through main() here.
    const github = await runMain(['validate', '--content', EXAMPLE, '--now', '2026-11-22T06:00:00Z', '--format', 'github']);
    expect(github.code).toBe(0);
    expect(github.stdout).toMatch(/^::notice file=.*content\/notices\/27-email-notifications-delayed\.yaml,line=17,col=9,title=updates\.2\.at \(content\/withheld\)::withheld until/m);
    expect((await runMain(['validate', '--content', EXAMPLE, '--now', '2026-11-22'])).code).toBe(2);
  });

  it('are warnings to build, which succeeds', async () => {
    const res = await run(['build', '--content', 'content', '--out', path.join(tmp, 'withheld'), '--now', '2026-11-22T06:00:00Z']);
    expect(res.code).toBe(0);
    expect(res.stderr).toBe(
      'warning: content/notices/27-email-notifications-delayed.yaml:17:9  updates.2.at: withheld until 2026-11-22T06:35:00Z, after now (2026-11-22T06:00:00Z); builds from then on publish it\n',
    );
  });
});

describe('statuspress init and new', () => {
  it('creates a status repository whose content validates, then adds a notice and a component to it', async () => {
    const dir = path.join(tmp, 'new-site');
    const init = await run(['init', dir, '--name', 'Demo Status', '--url', 'https://status.demo.io']);
    expect(init.code).toBe(0);
    expect(init.stdout).toContain('.github/workflows/publish.yml');
    const content = path.join(dir, 'content');
    const notice = await run(['new', 'notice', '--content', content, '--type', 'unplanned', '--subject', 'API errors: "quoted" #1', '--components', '3']);
    expect(notice.code).toBe(0);
    expect(notice.stdout).toMatch(/notices\/2-api-errors-quoted-1\.yaml \(id 2\)/);
    const component = await run(['new', 'component', '--content', content, '--name', 'Search', '--parent', '2']);
    expect(component.code).toBe(0);
    expect((await run(['validate', '--content', content])).code).toBe(0);
    expect((await run(['build', '--content', content, '--out', path.join(dir, 'dist'), '--now', '2030-01-01T00:00:00Z'])).code).toBe(0);
  });

  it('refuses bad input with exit 2 and writes nothing', async () => {
    const dir = path.join(tmp, 'new-site-2');
    expect((await run(['init', dir])).code).toBe(0);
    const content = path.join(dir, 'content');
    const before = await listing(content);
    const unknown = await run(['new', 'notice', '--content', content, '--type', 'unplanned', '--subject', 'x', '--components', '99']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('no component has id 99');
    // The other refusals through main() here.
    expect((await runMain(['new', 'notice', '--content', content, '--subject', 'x'])).code).toBe(2);
    expect((await runMain(['new', 'widget', '--content', content])).code).toBe(2);
    expect(await listing(content)).toEqual(before);
    const again = await runMain(['init', dir]);
    expect(again.code).toBe(2);
    expect(again.stderr).toContain('not empty');
  });
});

describe('statuspress serve, refusing to start', () => {
  it('says what to do for a folder that is not a build, without a stack trace', async () => {
    const res = await run(['serve', '--dir', path.join(tmp, 'no-such-build'), '--port', '0']);
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('is not a statuspress build');
    expect(res.stderr).toContain('statuspress build');
    expect(res.stderr).not.toMatch(/\n\s+at /);
  });

  it('rejects a --trust-proxy entry that is not an IP address', async () => {
    const res = await run(['serve', '--dir', SITE, '--trust-proxy', '10.0.0.1,cdn.example.com']);
    expect(res.code).toBe(2);
    expect(res.stderr).toContain('cdn.example.com');
  });
});
