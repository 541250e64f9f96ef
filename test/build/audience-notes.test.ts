// A build's warnings are of its audience's parts only: the public build of content with a private
// notice whose next update is withheld warns exactly as the build of that content with its private
// parts deleted (no file name, id or count of theirs), and the staff build warns of it.
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../src/build.js';
import { withoutAudiences, withoutAudiencesBlock } from '../helpers/audiences.js';

const FIXTURE = path.join(import.meta.dirname, '../fixtures/plain-site/content');
const NOW = Date.parse('2026-03-15T08:30:00Z');

let tmp: string;
let content: string;
beforeAll(async () => {
  tmp = await mkdtemp(path.join(tmpdir(), 'statuspress-audience-notes-'));
  content = path.join(tmp, 'content');
  await cp(FIXTURE, content, { recursive: true });
  const site = await readFile(path.join(content, 'site.yaml'), 'utf8');
  // Two languages: the note on untranslated texts counts files, and must count the public's only.
  await writeFile(path.join(content, 'site.yaml'), `${site}locales: [en, de]\naudiences:\n  staff:\n    url: https://status.internal.example.org\n`);
  await writeFile(path.join(content, 'components/1000000-build-farm.yaml'), 'id: 1000000\nname: Build farm\naudience: staff\ncreated_at: 2025-06-01T00:00:00Z\n');
  await writeFile(
    path.join(content, 'notices/1000000-runners-stuck.yaml'),
    [
      'id: 1000000',
      'type: unplanned',
      'subject: Runners stuck',
      'audience: staff',
      'components: [1000000, 1]',
      'updates:',
      '  - at: 2026-03-15T08:00:00Z',
      '    state: investigating',
      '    content: Jobs wait for runners.',
      // After the build's moment: withheld, which the build notes.
      '  - at: 2026-03-15T10:00:00Z',
      '    state: resolved',
      '    content: Runners are back.',
      '',
    ].join('\n'),
  );
});
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

/** The warnings of a build of `dir` (as `audience`), with the folder's path written `content`. */
async function warningsOf(dir: string, label: string, audience?: string): Promise<string[]> {
  const result = await build({ contentDir: dir, outDir: path.join(tmp, `out-${label}`), now: NOW, threads: 0, ...(audience === undefined ? {} : { audience }) });
  return result.warnings.map((w) => w.split(dir).join('content'));
}

describe("a build's warnings", () => {
  it('say nothing of private parts in the public build', async () => {
    const deleted = path.join(tmp, 'deleted');
    await withoutAudiences(content, deleted, ['staff'], withoutAudiencesBlock(await readFile(path.join(content, 'site.yaml'), 'utf8')));
    const warnings = await warningsOf(content, 'public');
    expect(warnings).toEqual(await warningsOf(deleted, 'deleted'));
    // Not nothing: the untranslated texts are noted, of the public files.
    expect(warnings.some((w) => w.includes('de'))).toBe(true);
    for (const word of ['1000000', 'runners-stuck', 'build-farm', 'withheld']) expect(warnings.join('\n')).not.toContain(word);
  });

  it("note the staff audience's withheld update in the staff build", async () => {
    const warnings = await warningsOf(content, 'staff', 'staff');
    const withheld = warnings.filter((w) => w.includes('notices/1000000-runners-stuck.yaml'));
    expect(withheld.length).toBeGreaterThan(0);
    expect(withheld.join('\n')).toContain('2026-03-15T10:00:00Z');
  });
});
