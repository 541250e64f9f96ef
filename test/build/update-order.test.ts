// An update's id is its rank in time: a notice written newest first (as the page shows it), oldest
// first or in any order builds, and its updates have the same ids, in the notice, the v2 API and
// the feed, whatever the order of the file.
import { afterAll, describe, expect, it } from 'vitest';
import { loadContent, validateContent } from '../../src/content/index.js';
import { SITE, writeContent } from '../unit/content/helpers.js';
import { buildContent } from '../helpers/build.js';
import type { Json } from '../helpers/build.js';

const NOW = Date.parse('2026-11-20T12:00:00Z');
const COMPONENT = 'id: 2\nname: API\ncreated_at: 2024-01-01T00:00:00Z\n';
const HEAD = 'id: 1\ntype: unplanned\nsubject: Elevated error rates\ncomponents: [2]\nupdates:\n';
const UPDATES = [
  '  - at: 2026-11-20T09:00:00+01:00\n    state: investigating\n    content: We are investigating.\n',
  '  - at: 2026-11-20T10:30:00+01:00\n    state: identified\n    content: Found it.\n',
  '  - at: 2026-11-20T11:00:00+01:00\n    state: resolved\n    content: Fixed.\n',
];

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
});

async function notice(order: number[]): Promise<Json> {
  const dir = await writeContent({
    'site.yaml': SITE,
    'components/2-api.yaml': COMPONENT,
    'notices/1-errors.yaml': HEAD + order.map((i) => UPDATES[i]).join(''),
  });
  const built = await buildContent(dir, NOW, 'update-order');
  cleanups.push(built.cleanup);
  return built.json('api/v1/notices/1.json');
}

describe('updates in any order', () => {
  it('gives a notice written newest first the ids of the same notice written oldest first', async () => {
    const oldestFirst = await notice([0, 1, 2]);
    const newestFirst = await notice([2, 1, 0]);
    const shuffled = await notice([1, 2, 0]);
    const ids = (body: Json): [number, string][] => body.notice.updates.map((u: Json) => [u.id, u.state]);
    expect(ids(oldestFirst)).toEqual([
      [1003, 'resolved'],
      [1002, 'identified'],
      [1001, 'investigating'],
    ]);
    expect(newestFirst).toEqual(oldestFirst);
    expect(shuffled).toEqual(oldestFirst);
    expect(newestFirst.notice.state).toBe('resolved');
  });

  it('notes a notice whose ids statuspress 0.1 gave by position, and no other', async () => {
    const notes = async (order: number[]): Promise<string[]> => {
      const dir = await writeContent({ 'site.yaml': SITE, 'components/2-api.yaml': COMPONENT, 'notices/1-errors.yaml': HEAD + order.map((i) => UPDATES[i]).join('') });
      const { issues, notes } = validateContent(await loadContent(dir), { now: NOW });
      expect(issues).toEqual([]);
      return notes.map((note) => `${note.line}:${note.code}`);
    };
    // Out of order in the middle, the last not older than the one above: 0.1 built it with other ids.
    expect(await notes([1, 0, 2])).toEqual(['5:content/updates-renumbered']);
    expect(await notes([2, 0, 1])).toEqual(['5:content/updates-renumbered']);
    // In order, or with the last older than the one above (which 0.1 refused): nothing to say.
    expect(await notes([0, 1, 2])).toEqual([]);
    expect(await notes([2, 1, 0])).toEqual([]);
    expect(await notes([0, 2, 1])).toEqual([]);
  });
});
