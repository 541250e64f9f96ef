// Defects an independent review of the reliability and restructuring work found, each kept as the
// regression test that showed it (they failed before their fixes).
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readlinkSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { build } from '../../src/build.js';
import { loadContent, validateContent } from '../../src/content/index.js';
import { ContentError } from '../../src/errors.js';
import { initSite } from '../../src/scaffold/init.js';
import { serve } from '../../src/serve/server.js';

const ROOT = path.join(import.meta.dirname, '../..');
const BASE = path.join(ROOT, 'test/fixtures/bad/_base');
const NOW = Date.parse('2026-11-22T07:00:00Z');

const work = mkdtempSync(path.join(tmpdir(), 'statuspress-review1-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

let n = 0;
/** A fresh folder under `work` holding a copy of the bad-content catalogue's base site as `content/`. */
function project(): { dir: string; content: string } {
  const dir = path.join(work, `p${n++}`);
  const content = path.join(dir, 'content');
  cpSync(BASE, content, { recursive: true });
  return { dir, content };
}

describe('the output folder and its neighbours are never deleted beyond statuspress own builds', () => {
  it('a `dist.builds` that is a symbolic link: the build does not empty the folder it points at', async () => {
    const { dir, content } = project();
    const victim = path.join(work, `victim-${n}`);
    mkdirSync(path.join(victim, 'docs'), { recursive: true });
    writeFileSync(path.join(victim, 'important.txt'), 'keep me');
    writeFileSync(path.join(victim, 'docs', 'notes.txt'), 'keep me too');
    symlinkSync(victim, path.join(dir, 'dist.builds'));
    // Either refuse (a usage error) or build; what the link points at must survive either way.
    await build({ contentDir: content, outDir: path.join(dir, 'dist'), now: NOW }).catch(() => undefined);
    expect(existsSync(path.join(victim, 'important.txt')), 'statuspress build removed every entry of the folder dist.builds links to').toBe(true);
    expect(existsSync(path.join(victim, 'docs', 'notes.txt'))).toBe(true);
  });

  it('`dist -> dist.builds/..` is not taken as an own build link: the project folder survives', async () => {
    const { dir, content } = project();
    writeFileSync(path.join(dir, 'precious.txt'), 'keep me');
    mkdirSync(path.join(dir, 'dist.builds'));
    symlinkSync('dist.builds/..', path.join(dir, 'dist'));
    await build({ contentDir: content, outDir: path.join(dir, 'dist'), now: NOW }).catch(() => undefined);
    expect(existsSync(path.join(dir, 'precious.txt')), 'the build removed the folder holding the output, content included').toBe(true);
    expect(existsSync(path.join(content, 'site.yaml'))).toBe(true);
  });

  it('`dist -> dist.builds/.` never leaves the output dangling after a build that says it succeeded', async () => {
    const { dir, content } = project();
    mkdirSync(path.join(dir, 'dist.builds'));
    symlinkSync('dist.builds/.', path.join(dir, 'dist'));
    const built = await build({ contentDir: content, outDir: path.join(dir, 'dist'), now: NOW }).then(() => true, () => false);
    if (built) expect(existsSync(path.join(dir, 'dist', 'index.html')), 'exit 0, yet the output link points at a removed build').toBe(true);
  });
});

describe('init', () => {
  it('ignores the output in git: the `dist` link and `dist.builds/` are not offered for commit', async () => {
    const dir = path.join(work, `init-${n++}`);
    await initSite(dir, { name: 'Review', url: 'https://status.review.test' });
    await build({ contentDir: path.join(dir, 'content'), outDir: path.join(dir, 'dist'), now: NOW });
    execFileSync('git', ['init', '-q', dir]);
    const untracked = execFileSync('git', ['-C', dir, 'status', '--porcelain', '--untracked-files=normal'], { encoding: 'utf8' });
    expect(untracked.split('\n').filter((line) => /\bdist\b/.test(line)), `.gitignore is "${readFileSync(path.join(dir, '.gitignore'), 'utf8').trim()}"`).toEqual([]);
  });
});

describe('hostile content stays a clear content error, in bounded time', () => {
  it('a 600 KB notice listing 300,000 bad component ids is reported, not a crash (RangeError from a spread)', async () => {
    const { content } = project();
    const file = path.join(content, 'notices/1-errors.yaml');
    writeFileSync(file, readFileSync(file, 'utf8').replace('components: [2]', `components: [${Array(300_000).fill('0').join(',')}]`));
    const loaded = await loadContent(content);
    expect(() => validateContent(loaded)).not.toThrow();
  });

  it('a notice of 30,000 keys under one unknown key is refused in seconds, not minutes (quadratic key checks)', async () => {
    const { content } = project();
    const file = path.join(content, 'notices/1-errors.yaml');
    const keys = Array.from({ length: 30_000 }, (_, i) => `  k${i}: 1\n`).join('');
    writeFileSync(file, `${readFileSync(file, 'utf8')}extra:\n${keys}`); // ~350 KB, under the 1 MiB limit
    const started = performance.now();
    const { issues } = validateContent(await loadContent(content));
    const seconds = (performance.now() - started) / 1000;
    expect(issues.map((i) => i.code)).toEqual(['content/too-many-entries']);
    expect(seconds, `validation took ${seconds.toFixed(1)} s`).toBeLessThan(5);
  }, 300_000);
});

describe('output formats cannot break', () => {
  it('escaped noncharacters (\\uFFFE, \\uFFFF) never reach the Atom feed or the SVG badges (not XML characters)', async () => {
    const { dir, content } = project();
    const notice = path.join(content, 'notices/1-errors.yaml');
    writeFileSync(notice, readFileSync(notice, 'utf8').replace(/^subject: .*$/m, 'subject: "Errors \\uFFFE here"'));
    const component = path.join(content, 'components/1-api.yaml');
    writeFileSync(component, readFileSync(component, 'utf8').replace(/^name: .*$/m, 'name: "A\\uFFFFPI"'));
    const out = path.join(dir, 'dist');
    try {
      await build({ contentDir: content, outDir: out, now: NOW });
    } catch (error) {
      expect(error).toBeInstanceOf(ContentError); // refusing them is a fix too
      return;
    }
    expect(readFileSync(path.join(out, 'feed.atom'), 'utf8')).not.toMatch(/[\uFFFE\uFFFF]/);
    expect(readFileSync(path.join(out, 'badges/components/1.svg'), 'utf8')).not.toMatch(/[\uFFFE\uFFFF]/);
  });

  it.each([
    ['https:status.acme.com'], // published as written: a canonical link that resolves relative to the page
    ['https:///status.acme.com'],
    ['https://status.acme.com/\\u202e'], // a bidi override, invisible in the address bar and the API
    ['https://status.acme.com/\\u200b'], // a zero-width space
  ])('the site url %s is refused (not an absolute URL as written, or an invisible character)', async (url) => {
    const { content } = project();
    const site = path.join(content, 'site.yaml');
    writeFileSync(site, readFileSync(site, 'utf8').replace(/^url: .*$/m, `url: "${url}"`));
    const { issues } = validateContent(await loadContent(content));
    expect(issues.map((i) => `${i.file} ${i.code}`)).toEqual(['site.yaml content/bad-url']);
  });
});

describe('serve while a build is swapped in', () => {
  it('answers a page nobody asked for yet with 200 while the previous build is being removed', async () => {
    const { dir, content } = project();
    const out = path.join(dir, 'dist');
    await build({ contentDir: content, outDir: out, now: NOW });
    const running = await serve({ dir: out, port: 0, rateLimit: 0 });
    try {
      const get = async (target: string): Promise<number> => (await fetch(`${running.url}${target}`)).status;
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        const old = path.join(dir, readlinkSync(out));
        const next = path.join(dir, 'dist.builds', `review-${i}`);
        cpSync(old, next, { recursive: true });
        expect(await get('/api/v1/status')).toBe(200); // the server has just looked at the output
        // What commit() does: one rename publishes the new build, then the previous one is removed
        // with fs.rm. Here the removal is caught half way, as a request arriving during it sees it.
        symlinkSync(`dist.builds/review-${i}`, `${out}.review-link`);
        renameSync(`${out}.review-link`, out);
        for (const part of ['index.html', 'history', 'notices', 'components']) rmSync(path.join(old, part), { recursive: true, force: true });
        statuses.push(await get('/'), await get('/history/'), await get('/notices/1/'), await get('/components/1/'));
        rmSync(old, { recursive: true, force: true });
      }
      expect(statuses.filter((s) => s !== 200), 'pages answered 404 from the build being removed (serve looks again only every 100 ms)').toEqual([]);
    } finally {
      await running.close();
    }
  });
});

describe('docs/reliability.md', () => {
  it('names only tests and documents that exist', () => {
    const text = readFileSync(path.join(ROOT, 'docs/reliability.md'), 'utf8');
    const named = [...text.matchAll(/`((?:test|docs)\/[^`<>*]+)`/g)].map((m) => m[1]!);
    expect(named.length).toBeGreaterThan(5);
    expect(named.filter((p) => !existsSync(path.join(ROOT, p)))).toEqual([]);
  });
});
