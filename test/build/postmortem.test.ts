// An incident's postmortem in a whole build (test/fixtures/component-feeds: incident 1's is
// published, incident 6's withheld until after now): on the notice page under its own heading, in
// the feeds, in /api/v2 as Statuspage shows a published one; the spec API (/api/v1) does not change
// at all, byte for byte, against the same content without postmortems.
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildContent, FIXTURES } from '../helpers/build.js';
import type { Built, Json } from '../helpers/build.js';
import { conformanceProblems } from '../schemas/api.js';
import { incidentsAnswer } from '../schemas/statuspage.js';

const CONTENT = path.join(FIXTURES, 'component-feeds/content');
const NOW = Date.parse('2026-11-25T12:00:00Z');

let root: string;
let built: Omit<Built, 'scenario'>;
let without: Omit<Built, 'scenario'>;
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'statuspress-postmortem-'));
  const bare = path.join(root, 'content');
  await cp(CONTENT, bare, { recursive: true });
  for (const file of await readdir(path.join(bare, 'notices'))) {
    const full = path.join(bare, 'notices', file);
    await writeFile(full, (await readFile(full, 'utf8')).replace(/^postmortem:[\s\S]*$/m, ''));
  }
  [built, without] = await Promise.all([buildContent(CONTENT, NOW, 'postmortem'), buildContent(bare, NOW, 'no-postmortem')]);
});
afterAll(async () => {
  await Promise.all([built?.cleanup(), without?.cleanup()]);
  await rm(root, { recursive: true, force: true });
});

describe('a published postmortem', () => {
  it('is on the notice page under its own heading, its Markdown rendered', () => {
    const html = built.files.get('notices/1/index.html')!;
    const section = /<section class="postmortem"[\s\S]*?<\/section>/.exec(html)?.[0] ?? '';
    expect(section).toContain('<h2 id="postmortem">Postmortem</h2>');
    expect(section).toContain('<time datetime="2026-11-23T16:00:00.000Z">');
    expect(section).toContain('refused <strong>every</strong> connection');
    // Above the updates.
    expect(html.indexOf('id="postmortem"')).toBeLessThan(html.indexOf('<h2>Updates</h2>'));
  });

  it('is in /api/v2 as on Statuspage: status postmortem, a postmortem update with its text, in the strict schema', () => {
    const answer = built.get('/api/v2/incidents');
    expect(conformanceProblems(incidentsAnswer, answer)).toEqual([]);
    const incident = answer.incidents.find((i: Json) => i.id === '1');
    expect(incident.status).toBe('postmortem');
    expect(incident.resolved_at).toBe('2026-11-20T11:30:00.000Z');
    expect(incident.updated_at).toBe('2026-11-23T16:00:00.000Z');
    expect(incident.incident_updates.map((u: Json) => u.status)).toEqual(['postmortem', 'resolved', 'investigating']);
    expect(incident.incident_updates[0]).toMatchObject({
      id: '1903',
      body: '## What happened\nAn expired certificate between us and the card network refused **every** connection.\n',
      created_at: '2026-11-23T16:00:00.000Z',
      affected_components: null,
    });
  });

  it('leads its entry in the feeds, whose updated time moves to it', () => {
    for (const file of ['feed.atom', 'components/11/feed.atom', 'components/12/feed.atom']) {
      const entry = /<entry>(?:(?!<\/entry>)[\s\S])*?notices\/1\/[\s\S]*?<\/entry>/.exec(built.files.get(file)!)?.[0] ?? '';
      expect(entry, file).toContain('<updated>2026-11-23T16:00:00.000Z</updated>');
      expect(entry, file).toMatch(/<content type="html"><!\[CDATA\[<h2>Postmortem<\/h2>\n<p>23 Nov 2026, 16:00 UTC<\/p>\n<h2>What happened<\/h2>/);
    }
  });

  it('changes nothing in the spec API', () => {
    const v1 = (b: typeof built): [string, string][] => [...b.files].filter(([file]) => file.startsWith('api/v1/'));
    expect(v1(built).length).toBeGreaterThan(10);
    expect(v1(built)).toEqual(v1(without));
  });
});

describe('a postmortem withheld until after now', () => {
  it('is nowhere: not on the page, not in the feeds, not in /api/v2', () => {
    expect(built.files.get('notices/6/index.html')).not.toContain('id="postmortem"');
    for (const file of ['feed.atom', 'components/13/feed.atom', 'api/v2/incidents.json', 'notices/6/index.html']) {
      expect(built.files.get(file), file).not.toContain('Not yet published');
    }
    const incident = built.get('/api/v2/incidents').incidents.find((i: Json) => i.id === '6');
    expect(incident.status).toBe('resolved');
    expect(incident.incident_updates.map((u: Json) => u.status)).toEqual(['resolved', 'investigating']);
  });

  it('appears when the build is as of its at', async () => {
    const later = await buildContent(CONTENT, Date.parse('2026-11-30T16:00:00Z'), 'postmortem-later');
    try {
      expect(later.files.get('notices/6/index.html')).toContain('Not yet published.');
      expect(later.files.get('components/13/feed.atom')).toContain('Not yet published.');
    } finally {
      await later.cleanup();
    }
  });
});
