// The worked example of docs/themes.md, built as a user would: templates/ beside content/.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../src/build.js';
import { readAll } from '../helpers/build.js';

const execFileAsync = promisify(execFile);

const FIXTURE = path.join(import.meta.dirname, '../fixtures/themed-site');

it('takes the header and the colours from the site\'s own templates/, the rest built in', async () => {
  const out = path.join(mkdtempSync(path.join(tmpdir(), 'statuspress-themed-')), 'dist');
  const { warnings } = await build({ contentDir: path.join(FIXTURE, 'content'), outDir: out, now: Date.parse('2026-11-20T12:00:00Z') });
  expect(warnings).toEqual([]);
  const page = readFileSync(path.join(out, 'index.html'), 'utf8');
  expect(page).toContain('<header class="site-header acme-header">');
  expect(page).toContain('<a href="https://www.acme.example/support">Support</a>');
  expect(page).toContain('<section class="banner tone-operational"');
  const css = readdirSync(path.join(out, 'assets')).find((f) => /^style\.[0-9a-f]+\.css$/.test(f))!;
  expect(readFileSync(path.join(out, 'assets', css), 'utf8')).toContain('--accent: #6f42c1;');
});

// The site's own templates render in a process of their own, within limits of time, memory and bytes
// (render/worker.ts). The built-in templates, copied into templates/ (so rendered there, as a site's
// own), must stay well within them on a site of some size, and write the same bytes as when built in.
// The limits of bytes and memory are the defaults here; those of time are the test's own (a minute),
// since how long a page takes on a busy machine is the machine's doing, not the templates'.
describe('the limits of the site\'s own templates', () => {
  const ROOT = path.join(import.meta.dirname, '../..');
  const NOW = '2026-11-22T07:00:00Z';
  let site: string;
  beforeAll(async () => {
    site = mkdtempSync(path.join(tmpdir(), 'statuspress-budget-'));
    await execFileAsync(process.execPath, [path.join(ROOT, 'scripts/gen-corpus.js'), '--notices', '300', '--components', '40', '--out', path.join(site, 'content'), '--now', NOW]);
    for (const file of ['layout', 'status', 'notice', 'component', 'history', ...['header', 'footer', 'notice-summary', 'component-node', 'component-row', 'uptime-bar'].map((p) => `partials/${p}`)]) {
      mkdirSync(path.dirname(path.join(site, 'copies', `${file}.hbs`)), { recursive: true });
      writeFileSync(path.join(site, 'copies', `${file}.hbs`), `${readFileSync(path.join(ROOT, 'templates', `${file}.hbs`), 'utf8')}{{!-- a copy --}}`);
    }
  }, 60_000);
  afterAll(() => rmSync(site, { recursive: true, force: true }));

  it('is never reached by the built-in templates, which write the same bytes when copied into templates/', async () => {
    const contentDir = path.join(site, 'content');
    await build({ contentDir, outDir: path.join(site, 'built-in'), now: Date.parse(NOW) });
    await build({ contentDir, outDir: path.join(site, 'copied'), now: Date.parse(NOW), templatesDir: path.join(site, 'copies'), renderLimits: { pageMs: 60_000, graceMs: 60_000 } });
    const [builtIn, copied] = await Promise.all([readAll(path.join(site, 'built-in')), readAll(path.join(site, 'copied'))]);
    // Besides the pages: the site's own templates, kept for serve to build the same site again later.
    const kept = [...copied.keys()].filter((file) => file.startsWith('_statuspress/templates/'));
    expect(kept).toHaveLength(11);
    for (const file of kept) {
      expect(copied.get(file)!.equals(readFileSync(path.join(site, 'copies', file.slice('_statuspress/templates/'.length)))), file).toBe(true);
      copied.delete(file);
    }
    expect([...copied.keys()]).toEqual([...builtIn.keys()]);
    expect(builtIn.size).toBeGreaterThan(1_000);
    for (const [file, bytes] of builtIn) expect(copied.get(file)!.equals(bytes), file).toBe(true);
  }, 60_000);

  it('fails the CLI build on a theme over them, and leaves the previous output', async () => {
    // The small site of the worked example: what is checked is the command's error and its output kept.
    const out = path.join(site, 'dist');
    const cli = (templates: string) =>
      execFileAsync(process.execPath, [path.join(ROOT, 'bin/statuspress.js'), 'build', '--content', path.join(FIXTURE, 'content'), '--out', out, '--now', NOW, '--templates', templates]).then(
        () => ({ code: 0, stderr: '' }),
        (error: { code: number; stderr: string }) => ({ code: error.code, stderr: error.stderr }),
      );
    expect(await cli(path.join(FIXTURE, 'templates'))).toEqual({ code: 0, stderr: '' });
    const before = await readAll(out);
    const hostile = path.join(site, 'hostile');
    mkdirSync(hostile);
    // Ten megabytes on every page, far more than a page may have on any site, and made in milliseconds:
    // the limit it meets is certain (the limits of time are test/unit/theme/theme.test.ts's).
    writeFileSync(path.join(hostile, 'layout.hbs'), `{{#*inline "big"}}${'y'.repeat(100_000)}{{/inline}}<html>{{{body}}}${'{{> big}}'.repeat(100)}</html>\n`);
    const { code, stderr } = await cli(hostile);
    expect({ code, stderr }).toMatchObject({ code: 2, stderr: expect.stringMatching(/^hostile\/layout\.hbs {2}The built-in status\.hbs \(with hostile\/layout\.hbs\) rendered the page “.+” as more than the \d+ bytes of HTML it may have/) });
    const after = await readAll(out);
    expect([...after.keys()]).toEqual([...before.keys()]);
    for (const [file, bytes] of before) expect(after.get(file)!.equals(bytes), file).toBe(true);
  }, 60_000);
});
