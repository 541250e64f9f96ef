// The API's words follow one rule (docs/languages.md): a text that stands in for what the operators
// would write (a state_text site.yaml does not set, the automatic maintenance updates) is in the
// site's default language, the first of `locales`; the words the specification fixes (states, types,
// timeline_state, the figures' words) and its UTC times never change. A site in German and English,
// German first, built through the CLI: both APIs speak German where the operators would, and the
// specification's words elsewhere, while the English pages have their own words.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';

const CONTENT = path.join(import.meta.dirname, '../fixtures/german-first/content');
let dist: string;
beforeAll(async () => {
  dist = path.join(await mkdtemp(path.join(tmpdir(), 'statuspress-api-language-')), 'dist');
  // Maintenance 1 is under way, 2 is over; incident 3 was resolved after 65 minutes.
  const built = await runCli(['build', '--content', CONTENT, '--out', dist, '--now', '2026-11-22T03:00:00Z']);
  expect(built.code, built.stderr).toBe(0);
});
afterAll(() => rm(path.dirname(dist), { recursive: true, force: true }));

const json = async (file: string): Promise<Record<string, never>> => JSON.parse(await readFile(path.join(dist, file), 'utf8')) as Record<string, never>;

describe('the API of a site whose default language is German', () => {
  it("gives the default state_text in German, the state in the specification's words", async () => {
    expect((await json('api/v1/status.json')).page).toMatchObject({ state: 'under-maintenance', state_text: 'Wartungsarbeiten laufen', updated_at: '2026-11-22T02:00:00.000Z' });
    expect((await json('api/v2/status.json')).status).toEqual({ indicator: 'maintenance', description: 'Wartungsarbeiten laufen' });
  });

  it("writes the automatic maintenance updates in German, their states in the specification's words", async () => {
    const over = (await json('api/v1/notices/2.json')).notice as { type: string; state: string; timeline_state: string; updates: { state: string; content: string; created_at: string }[] };
    expect(over).toMatchObject({ type: 'planned', state: 'complete', timeline_state: 'past_distant' });
    expect(over.updates.map((u) => [u.state, u.content, u.created_at])).toEqual([
      ['complete', 'Die Wartung ist abgeschlossen.', '2026-11-15T02:30:00.000Z'],
      ['underway', 'Die Wartung hat begonnen.', '2026-11-15T02:00:00.000Z'],
      ['scheduled', 'Wir erneuern die Zertifikate.', '2026-11-10T09:00:00.000Z'],
    ]);
    const underway = (await json('api/v2/scheduled-maintenances.json')).scheduled_maintenances as { id: string; status: string; incident_updates: { status: string; body: string }[] }[];
    expect(underway.find((m) => m.id === '1')!.incident_updates.map((u) => [u.status, u.body])).toEqual([
      ['in_progress', 'Die Wartung hat begonnen.'],
      ['scheduled', 'Wir aktualisieren die Datenbank.'],
    ]);
  });

  it("keeps the figures' words in English, the components' states and the times in UTC", async () => {
    const metrics = await json('api/v1/components/2/metrics.json');
    expect(metrics).toMatchObject({ percentage_uptime: { words: expect.stringMatching(/^\d+\.\d\d%$/) }, mean_time_to_recovery: { seconds: 3900, words: '1 hour 5 minutes' } });
    const notice = (await json('api/v1/notices/1.json')).notice as { timeline_state: string; begins_at: string; components: { id: number; state: string }[] };
    expect(notice).toMatchObject({ timeline_state: 'present', begins_at: '2026-11-22T02:00:00.000Z', components: [{ id: 1, state: 'under-maintenance' }] });
  });

  it('is written once: the English pages have their own words, the API has no English copy', async () => {
    expect(await readFile(path.join(dist, 'en/index.html'), 'utf8')).toContain('Maintenance is underway');
    expect(await readFile(path.join(dist, 'index.html'), 'utf8')).toContain('Wartungsarbeiten laufen');
    await expect(readFile(path.join(dist, 'en/api/v1/status.json'))).rejects.toThrow(/ENOENT/);
  });
});
