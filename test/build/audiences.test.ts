// Audiences: nothing leaks. The public build of content with private parts is byte-identical, every
// file, compressed copies and _statuspress/ included, to the build of the same content with those
// parts deleted; and each audience's against the others' parts. On the example content (its staff
// audience) and on a generated corpus with about a tenth private parts; and a staff-only incident on a
// public component, which changes the staff site only.
import { execFileSync } from 'node:child_process';
import { cp, mkdtemp, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../src/build.js';
import { readAll } from '../helpers/build.js';
import { addPrivateParts, withoutAudiences, withoutAudiencesBlock } from '../helpers/audiences.js';

const ROOT = path.join(import.meta.dirname, '../..');
const EXAMPLE = path.join(ROOT, 'content');
const NOW = Date.parse('2026-11-22T06:00:00Z');

let tmp: string;
beforeAll(async () => {
  tmp = await mkdtemp(path.join(tmpdir(), 'statuspress-audiences-'));
});
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

/** Every file of a build of `content` (as `audience`), by path, as bytes. */
async function built(content: string, label: string, audience?: string, now = NOW): Promise<Map<string, Buffer>> {
  const out = path.join(tmp, `out-${label}`);
  // The example's templates/ sits beside it; a copy elsewhere is built with the same.
  const templates = label.startsWith('example') ? { templatesDir: path.join(ROOT, 'templates') } : {};
  await build({ contentDir: content, outDir: out, now, threads: 0, ...templates, ...(audience === undefined ? {} : { audience }) });
  return readAll(await realpath(out));
}

function expectSameBytes(actual: Map<string, Buffer>, expected: Map<string, Buffer>): void {
  expect([...actual.keys()]).toEqual([...expected.keys()]);
  const differ = [...expected].filter(([file, bytes]) => !actual.get(file)!.equals(bytes)).map(([file]) => file);
  expect(differ).toEqual([]);
  // Compressed copies and the build's state are among them.
  expect([...actual.keys()].some((f) => f.endsWith('.gz'))).toBe(true);
  expect(actual.has('_statuspress/build.json')).toBe(true);
}

describe('the example content with its staff audience', () => {
  let full: Map<string, Buffer>;
  let staff: Map<string, Buffer>;
  beforeAll(async () => {
    full = await built(EXAMPLE, 'example');
    staff = await built(EXAMPLE, 'example-staff', 'staff');
  });

  it('builds the public site byte for byte as the content without the staff parts', async () => {
    const deleted = path.join(tmp, 'example-public');
    await withoutAudiences(EXAMPLE, deleted, ['staff'], withoutAudiencesBlock(await readFile(path.join(EXAMPLE, 'site.yaml'), 'utf8')));
    expectSameBytes(full, await built(deleted, 'example-deleted'));
    const text = [...full.values()].map((b) => b.toString('latin1')).join('\n');
    for (const word of ['Admin console', '1000000', 'internal.acme.com', 'staff']) expect(text).not.toContain(word);
  });

  it('builds the staff site at its own address, with its component and incident, behind credentials', () => {
    const json = (file: string) => JSON.parse(staff.get(file)!.toString('utf8'));
    const summary = json('api/v2/summary.json');
    expect(summary.page).toMatchObject({ name: 'Acme internal status', url: 'https://status.internal.acme.com' });
    expect(summary.components.map((c: { name: string }) => c.name)).toContain('Admin console');
    expect(json('api/v1/notices/1000000.json').notice).toMatchObject({ subject: 'Admin console and REST API slow for support staff', url: 'https://status.internal.acme.com/notices/1000000/' });
    // The public notice that lists the staff component lists it here only.
    const ids = (notice: { components: { id: number }[] }): number[] => notice.components.map((c) => c.id);
    expect(ids(json('api/v1/notices/23.json').notice)).toEqual([7, 1000000]);
    expect(ids(JSON.parse(full.get('api/v1/notices/23.json')!.toString('utf8')).notice)).toEqual([7]);
    const headers = staff.get('_headers')!.toString('utf8');
    expect(headers).toContain('Referrer-Policy: no-referrer');
    expect(headers).toContain('X-Robots-Tag: noindex');
    expect(headers).not.toContain('Access-Control-Allow-Origin');
    const nginx = staff.get('_statuspress/nginx.conf')!.toString('utf8');
    expect(nginx).toContain('auth_basic_user_file /etc/nginx/statuspress-staff.htpasswd;');
    expect(nginx).not.toContain('Access-Control-Allow-Origin');
  });
});

describe('a corpus of 300 notices, a tenth of them private', () => {
  const NOTICES = 300;
  let corpus: string;
  const SITE = (audiences: string[], targets: string[]) =>
    [
      'name: Synthetic Status',
      'url: https://status.example.com',
      'created_at: 2021-10-22T00:00:00Z',
      'metrics: true',
      ...(audiences.length === 0 ? [] : ['audiences:', ...audiences.flatMap((a) => [`  ${a}:`, `    url: https://${a}.example.com`])]),
      ...(targets.length === 0 ? [] : ['notify:', ...targets.flatMap((a) => [`  - type: webhook`, `    url_env: HOOK_${a.toUpperCase()}`, `    secret_env: SECRET_${a.toUpperCase()}`, ...(a === 'public' ? [] : [`    audience: ${a}`])])]),
      '',
    ].join('\n');

  beforeAll(async () => {
    corpus = path.join(tmp, 'corpus');
    execFileSync(process.execPath, [path.join(ROOT, 'scripts/gen-corpus.js'), '--notices', String(NOTICES), '--components', '20', '--out', corpus, '--now', '2026-11-20T12:00:00Z'], { stdio: 'ignore' });
    await addPrivateParts(corpus, NOTICES);
    await writeFile(path.join(corpus, 'site.yaml'), SITE(['staff', 'partners'], ['public', 'staff', 'partners']));
  });

  it('builds the public site as the corpus without the private parts', async () => {
    const deleted = path.join(tmp, 'corpus-public');
    await withoutAudiences(corpus, deleted, ['staff', 'partners'], SITE([], ['public']));
    expectSameBytes(await built(corpus, 'corpus'), await built(deleted, 'corpus-deleted'));
  });

  it("builds the staff site as the corpus without the partners' parts", async () => {
    const deleted = path.join(tmp, 'corpus-staff');
    await withoutAudiences(corpus, deleted, ['partners'], SITE(['staff'], ['public', 'staff']));
    const staff = await built(corpus, 'corpus-staff', 'staff');
    expectSameBytes(staff, await built(deleted, 'corpus-staff-deleted', 'staff'));
    expect(staff.get('api/v2/summary.json')!.toString('utf8')).toContain('"Build farm"');
  });
});

describe('a staff-only incident on a public component', () => {
  const PLAIN_NOW = Date.parse('2026-03-15T08:30:00Z');
  const INCIDENT = [
    'id: 1000000',
    'type: unplanned',
    'subject: Object storage fails for the support tools',
    'audience: staff',
    'components: [2]',
    'impact: major',
    'updates:',
    '  - at: 2026-03-15T08:10:00Z',
    '    state: investigating',
    '    content: The support tools cannot read buckets.',
    '',
  ].join('\n');

  it('changes the staff page and API, and leaves the public output byte for byte as it was', async () => {
    const content = path.join(tmp, 'plain');
    await cp(path.join(ROOT, 'test/fixtures/plain-site/content'), content, { recursive: true });
    const site = await readFile(path.join(content, 'site.yaml'), 'utf8');
    await writeFile(path.join(content, 'site.yaml'), `${site}audiences:\n  staff:\n    url: https://status.internal.example.org\n`);
    const [publicBefore, staffBefore] = [await built(content, 'plain-public-before', undefined, PLAIN_NOW), await built(content, 'plain-staff-before', 'staff', PLAIN_NOW)];
    await writeFile(path.join(content, 'notices/1000000-storage-fails.yaml'), INCIDENT);
    const [publicAfter, staffAfter] = [await built(content, 'plain-public-after', undefined, PLAIN_NOW), await built(content, 'plain-staff-after', 'staff', PLAIN_NOW)];

    expectSameBytes(publicAfter, publicBefore);
    const json = (files: Map<string, Buffer>, file: string) => JSON.parse(files.get(file)!.toString('utf8'));
    const storage = (files: Map<string, Buffer>): string => json(files, 'api/v2/summary.json').components.find((c: { id: string }) => c.id === '2').status;
    expect(storage(staffBefore)).toBe('operational');
    expect(storage(staffAfter)).not.toBe('operational');
    expect(storage(publicAfter)).toBe('operational');
    const incidents = (files: Map<string, Buffer>): string[] => json(files, 'api/v2/summary.json').incidents.map((i: { name: string }) => i.name);
    expect(incidents(staffAfter).sort()).toEqual(['Object storage fails for the support tools', ...incidents(staffBefore)].sort());
    expect(json(staffAfter, 'api/v1/notices/1000000.json').notice.subject).toBe('Object storage fails for the support tools');
    expect(staffAfter.get('index.html')!.toString('utf8')).toContain('Object storage fails for the support tools');
    expect(staffBefore.get('index.html')!.toString('utf8')).not.toContain('Object storage fails');
  });
});
