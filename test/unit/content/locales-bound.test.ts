// A site's languages are bounded: each is a whole copy of the HTML site and every page links every
// language, so 500 made-up tags (`de-x-p0000`…) once wrote 97,936 files and 2.8 GB with exit 0.
// At most 20 are listed, and a tag is language[-script][-region]: extensions and private-use parts
// are refused.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadContent, validateContent } from '../../../src/content/index.js';
import { checkLocale } from '../../../src/i18n/check.js';
import { MAX_LOCALES } from '../../../src/util/limits.js';

const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

async function siteListing(locales: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'statuspress-locales-'));
  dirs.push(dir);
  await mkdir(path.join(dir, 'components'));
  await mkdir(path.join(dir, 'notices'));
  await writeFile(path.join(dir, 'site.yaml'), `name: Acme Status\nurl: https://status.acme.com\ncreated_at: 2024-01-01T00:00:00Z\n${locales}`);
  return dir;
}

describe("a site's languages", () => {
  it(`refuses more than ${MAX_LOCALES}, at the list, naming the count`, async () => {
    const tags = ['en', 'de', 'fr', 'es', 'pt-BR', 'ja', 'ar', 'de-AT', 'de-CH', 'de-DE', 'en-GB', 'en-US', 'en-AU', 'fr-CA', 'fr-CH', 'es-MX', 'es-AR', 'es-ES', 'ar-EG', 'ja-JP', 'en-IE'];
    expect(tags).toHaveLength(MAX_LOCALES + 1);
    const { issues } = validateContent(await loadContent(await siteListing(`locales: [${tags.join(', ')}]\n`)));
    expect(issues.map((i) => [i.line, i.path, i.code])).toContainEqual([4, 'locales', 'content/too-many-locales']);
    expect(issues.find((i) => i.code === 'content/too-many-locales')!.message).toBe(`${MAX_LOCALES + 1} languages listed; a site may have at most ${MAX_LOCALES}`);
    // Twenty are a site.
    const allowed = validateContent(await loadContent(await siteListing(`locales: [${tags.slice(0, MAX_LOCALES).join(', ')}]\n`)));
    expect(allowed.issues).toEqual([]);
  });

  it('refuses 500 made-up private-use tags, each at its place, as well as their number', async () => {
    const tags = ['en', ...Array.from({ length: 499 }, (_, i) => `de-x-p${String(i).padStart(4, '0')}`)];
    const { issues, value } = validateContent(await loadContent(await siteListing(`locales:\n${tags.map((t) => `  - ${t}\n`).join('')}`)));
    expect(value).toBeNull();
    expect(issues.filter((i) => i.code === 'content/too-many-locales')).toHaveLength(1);
    const refused = issues.filter((i) => i.code === 'content/bad-locale');
    expect(refused).toHaveLength(499);
    expect(refused[0]).toMatchObject({ line: 6, path: 'locales.1' });
  });

  it.each([
    ['de-x-staff', 'de'],
    ['fr-u-ca-islamic', 'fr'],
    ['ar-EG-u-nu-latn', 'ar-EG'],
  ])('refuses %s, suggesting %s', (tag, guess) => {
    expect(checkLocale(tag)).toEqual({ problem: 'extension', value: tag, guess });
  });

  it.each(['de', 'de-AT', 'pt-BR', 'en-XA'])('accepts %s', (tag) => {
    expect(checkLocale(tag)).toBeNull();
  });
});
