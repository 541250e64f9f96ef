// A build with the site's own templates hands their process the texts to render ahead once the
// content is read and before it is validated (render/site/ahead.ts): the pages are the same bytes
// either way, so only watching the hand-over shows that it happens, once, and when.
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it, vi } from 'vitest';
import { build } from '../../src/build.js';
import type { LoadedContent } from '../../src/content/index.js';
import { ContentError } from '../../src/errors.js';
import type * as Worker from '../../src/render/worker.js';

const handed = vi.hoisted(() => [] as LoadedContent[]);

vi.mock('../../src/render/worker.js', async (importOriginal) => {
  const actual = await importOriginal<typeof Worker>();
  return {
    ...actual,
    startTemplateProcess: (...args: Parameters<typeof actual.startTemplateProcess>) => {
      const renderer = actual.startTemplateProcess(...args);
      return {
        ...renderer,
        ahead(loaded: LoadedContent) {
          handed.push(loaded);
          renderer.ahead!(loaded);
        },
      };
    },
  };
});

const FIXTURE = path.join(import.meta.dirname, '../fixtures/translated-site');
const work = mkdtempSync(path.join(tmpdir(), 'statuspress-ahead-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A copy of the fixture with the built-in status template as its own (a comment appended), in `templates/` beside its content. */
function site(name: string): string {
  const dir = path.join(work, name);
  cpSync(FIXTURE, dir, { recursive: true });
  mkdirSync(path.join(dir, 'templates'));
  const builtin = readFileSync(path.join(import.meta.dirname, '../../templates/status.hbs'), 'utf8');
  writeFileSync(path.join(dir, 'templates', 'status.hbs'), `${builtin}{{!-- the site's own --}}`);
  return path.join(dir, 'content');
}

it('hands the process the content as read, once', async () => {
  handed.length = 0;
  await build({ contentDir: site('one'), outDir: path.join(work, 'one-out'), now: Date.parse('2026-11-22T12:00:00Z') });
  expect(handed).toHaveLength(1);
  const files = readdirSync(path.join(FIXTURE, 'content', 'notices')).map((f) => `notices/${f}`);
  expect(files.length).toBeGreaterThan(0);
  expect(handed[0]!.notices.map((n) => n.file).sort()).toEqual(files.sort());
});

it('hands it over before validating: content that fails validation was handed too', async () => {
  handed.length = 0;
  const content = site('invalid');
  writeFileSync(path.join(content, 'notices', '99-broken.yaml'), 'id: 99\ntype: unplanned\nsubject: Broken\nupdates:\n  - at: 2026-11-20T10:00:00Z\n    state: not-a-state\n    content: "*Still* handed"\n');
  await expect(build({ contentDir: content, outDir: path.join(work, 'two-out'), now: Date.parse('2026-11-22T12:00:00Z') })).rejects.toBeInstanceOf(ContentError);
  expect(handed).toHaveLength(1);
  expect(handed[0]!.notices.map((n) => n.file)).toContain('notices/99-broken.yaml');
});

it('hands nothing when the site has no templates of its own', async () => {
  handed.length = 0;
  await build({ contentDir: path.join(FIXTURE, 'content'), outDir: path.join(work, 'three-out'), now: Date.parse('2026-11-22T12:00:00Z') });
  expect(handed).toEqual([]);
});
