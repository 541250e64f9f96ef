// The site setting `maintenance_spelling: under_maintenance` spells the maintenance state with an
// underscore in every answer (prebuilt or computed on demand) and changes nothing else.
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../src/build.js';
import { deriveSite } from '../../src/derive/index.js';
import { answer } from '../../src/render/answer.js';
import { route } from '../../src/routes/index.js';
import { STATE_FILE } from '../../src/routes/files.js';
import { SITE, problems, writeContent } from '../unit/content/helpers.js';
import { component, content, ms, planned, pu } from '../helpers/content.js';
import { contentDir, isCompressed, readAll, SCENARIOS } from '../helpers/build.js';
import type { Json } from '../helpers/build.js';

/** `body` with every `state: "under-maintenance"` spelt with an underscore; counts what it changed. */
function respelt(body: Json, count: { n: number }): Json {
  if (Array.isArray(body)) return body.map((item) => respelt(item, count));
  if (body === null || typeof body !== 'object') return body;
  return Object.fromEntries(
    Object.entries(body).map(([key, value]) => {
      if (key === 'state' && value === 'under-maintenance') {
        count.n++;
        return [key, 'under_maintenance'];
      }
      return [key, respelt(value, count)];
    }),
  );
}

describe('a whole build with the setting', () => {
  let root: string;
  let plain: Map<string, Buffer>;
  let spelt: Map<string, Buffer>;
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'statuspress-spelling-'));
    const now = Date.parse(SCENARIOS['metrics-site'].now);
    const copy = path.join(root, 'content');
    await cp(contentDir('metrics-site'), copy, { recursive: true });
    const site = path.join(copy, 'site.yaml');
    await writeFile(site, `${await readFile(site, 'utf8')}maintenance_spelling: under_maintenance\n`);
    await build({ contentDir: contentDir('metrics-site'), outDir: path.join(root, 'plain'), now });
    await build({ contentDir: copy, outDir: path.join(root, 'spelt'), now });
    plain = await readAll(path.join(root, 'plain'));
    spelt = await readAll(path.join(root, 'spelt'));
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('writes the same files', () => {
    expect([...spelt.keys()]).toEqual([...plain.keys()]);
  });

  it('spells the state with an underscore in every answer, and every other byte is the same', () => {
    const count = { n: 0 };
    for (const [file, bytes] of plain) {
      if (isCompressed(file) || file === STATE_FILE) continue;
      if (file.endsWith('.json')) {
        const expected = respelt(JSON.parse(bytes.toString('utf8')), count);
        expect(JSON.parse(spelt.get(file)!.toString('utf8')), file).toEqual(expected);
        expect(spelt.get(file)!.includes('under-maintenance'), file).toBe(false);
      } else {
        // The HTML site, feeds, calendar, badges and host files are not API answers: unchanged.
        expect(spelt.get(file)!.equals(bytes), file).toBe(true);
      }
    }
    // The fixture has components under maintenance: the check above compared real replacements.
    expect(count.n).toBeGreaterThan(10);
  });
});

describe('answers computed on demand and the page state', () => {
  const now = ms('2026-11-20T12:00:00Z');
  const site = (spelling: 'under-maintenance' | 'under_maintenance') =>
    deriveSite(
      content({
        site: { maintenanceSpelling: spelling },
        components: [component(1), component(2, { parentId: 1 })],
        notices: [planned(5, { beginsAt: '2026-11-20T11:00:00Z', endsAt: '2026-11-20T14:00:00Z' }, [pu('2026-11-20T10:00:00Z', 'scheduled'), pu('2026-11-20T11:00:00Z', 'underway')], { components: [2] })],
      }),
      now,
    );
  const get = (spelling: 'under-maintenance' | 'under_maintenance', url: string): Json => {
    const r = route(url);
    if (r.kind !== 'api') throw new Error(`${url} is not an API address`);
    return JSON.parse(JSON.stringify(answer(site(spelling), r.request)));
  };

  it.each([
    '/api/v1/status.json',
    '/api/v1/components.json',
    '/api/v1/components?filter[parent_id_eq]=1',
    '/api/v1/notices/5.json',
    '/api/v1/components?filter[parent_id_null]=false',
  ])('%s', (url) => {
    const count = { n: 0 };
    expect(get('under_maintenance', url)).toEqual(respelt(get('under-maintenance', url), count));
    expect(count.n).toBeGreaterThan(0);
  });

  it('keeps the page state text and the notice states as they are', () => {
    const status = get('under_maintenance', '/api/v1/status.json');
    expect(status.page ?? status).toMatchObject({ state: 'under_maintenance', state_text: 'Maintenance' });
    expect(get('under_maintenance', '/api/v1/notices/5.json').notice?.state ?? get('under_maintenance', '/api/v1/notices/5.json').state).toBe('underway');
  });
});

describe('the setting in site.yaml', () => {
  it('accepts the two spellings and refuses anything else, saying which it meant', async () => {
    expect(await problems(await writeContent({ 'site.yaml': `${SITE}maintenance_spelling: under_maintenance\n` }))).toEqual([]);
    expect(await problems(await writeContent({ 'site.yaml': `${SITE}maintenance_spelling: under-maintenance\n` }))).toEqual([]);
    const found = await problems(await writeContent({ 'site.yaml': `${SITE}maintenance_spelling: under_maintenace\n` }));
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/^site\.yaml:4:\d+ {2}maintenance_spelling: .*under_maintenance/);
  });
});
