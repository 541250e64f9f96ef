// The pull-request check is `validate`, then `build`: validate reads the site's templates/ beside the
// content as the build does, so what the build would refuse there (a site's own words holding a
// control character, a notice template that is an alias bomb, a template nested too deep, calling
// itself or a partial nothing provides) is reported at its file and line before anything is published or sent.
import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';

const NOW = '2026-11-20T12:00:00Z';
let tmp: string;
beforeAll(async () => {
  tmp = await mkdtemp(path.join(tmpdir(), 'statuspress-validate-templates-'));
});
afterAll(() => rm(tmp, { recursive: true, force: true }));

let sites = 0;
/** A site folder (content/ and templates/ with `files`), and validate run from inside it. */
async function validateWith(files: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  const root = path.join(tmp, `site-${++sites}`);
  await cp(path.join(import.meta.dirname, '../fixtures/valid-minimal/content'), path.join(root, 'content'), { recursive: true });
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, 'templates', file)), { recursive: true });
    await writeFile(path.join(root, 'templates', file), text);
  }
  return runCli(['validate', '--now', NOW], { cwd: root });
}

describe('validate reads templates/ beside the content', () => {
  it('refuses a message override with a control character at its line', async () => {
    const run = await validateWith({ 'locales/en.yaml': '# ours\ncalendar.title: "{site}\\r\\nBEGIN:VEVENT"\n' });
    expect(run).toMatchObject({ code: 1 });
    expect(run.stderr).toMatch(/^templates\/locales\/en\.yaml:2:\d+ {2}calendar\.title: .*\[content\/control-escape\]$/m);
  });

  it('refuses a notice template that is an alias bomb, at its line', async () => {
    const bomb = `a: &a [x, x, x, x, x, x, x, x, x, x]\n${['b', 'c', 'd', 'e', 'f', 'g'].map((k, i) => `${k}: &${k} [${Array(10).fill(`*${'abcdefg'[i]}`).join(', ')}]`).join('\n')}\nsubject: x\n`;
    const run = await validateWith({ 'notices/bomb.yaml': bomb, 'notices/fine.yaml': 'subject: Fine\n' });
    expect(run).toMatchObject({ code: 1 });
    expect(run.stderr).toMatch(/^templates\/notices\/bomb\.yaml:\d+:\d+ {2}.*\[content\/alias-bomb\]$/m);
    expect(run.stderr).not.toContain('fine.yaml');
  });

  it('refuses a template nested too deep and one that calls itself, before compiling either', async () => {
    const run = await validateWith({ 'notice.hbs': `${'{{#if x}}'.repeat(80)}${'{{/if}}'.repeat(80)}\n`, 'partials/footer.hbs': 'a{{> footer}}' });
    expect(run).toMatchObject({ code: 1 });
    expect(run.stderr).toMatch(/^templates\/notice\.hbs:1:1 {2}.*\[content\/template-too-deep\]$/m);
    expect(run.stderr).toMatch(/^templates\/partials\/footer\.hbs:1:2 {2}.*\[content\/partial-calls-itself\]$/m);
  });

  it('refuses a partial that no template provides, at its call', async () => {
    const run = await validateWith({ 'partials/sidebar.hbs': '<aside></aside>\n', 'status.hbs': '<main>{{> sidebar}}</main>\n' });
    expect(run).toMatchObject({ code: 1 });
    expect(run.stderr).toMatch(/^templates\/status\.hbs:1:7 {2}renders the partial "sidebar", which no template provides: .*\[content\/unknown-partial\]$/m);
  });

  it('refuses a template that does not parse, and passes a site whose templates and words are fine', async () => {
    expect((await validateWith({ 'notice.hbs': '{{#each notice.updates}}\n{{/if}}\n' })).stderr).toMatch(/^templates\/notice\.hbs:\d+:1 {2}.*\[content\/template-syntax\]$/m);
    const fine = await validateWith({ 'notice.hbs': '<h1>{{notice.subject}}</h1>\n', 'locales/en.yaml': 'feed.title: "{site}: news"\n', 'notices/outage.yaml': 'subject: "{what} unavailable"\n' });
    expect(fine).toMatchObject({ code: 0, stderr: '' });
  });
});
