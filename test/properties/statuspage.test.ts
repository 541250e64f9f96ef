// Properties of the Statuspage-compatible answers over random valid sites: every answer is in
// Statuspage's shape, tells the same facts as the spec API of the same build, and selects what the
// content says (read by the independent site model, test/helpers/site-model.ts).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scenarioArb } from '../helpers/arbitraries.js';
import type { Json } from '../helpers/build.js';
import { nonUtcTimestamps, statuspageFactProblems } from '../helpers/statuspage-facts.js';
import { conformanceProblems } from '../schemas/api.js';
import { STATUSPAGE_ADDRESSES, STATUSPAGE_ANSWERS } from '../schemas/statuspage.js';
import { params, timeLimit, withRenderedApi } from './harness.js';
import type { ApiOutput } from './harness.js';

const RUNS = 20;
/** A generous guess of one run's time, for the time limits. */
const MS_PER_RUN = 400;

/** A prebuilt answer by its address; throws for one that is not prebuilt. */
const getter =
  (site: ApiOutput) =>
  (address: string): Json => {
    const file = site.fileOf(address);
    if (file === null) throw new Error(`${address} is not prebuilt`);
    return site.json(file);
  };

const idsOf = (body: Json): string[] => (body.incidents ?? body.scheduled_maintenances).map((i: Json) => i.id);

describe('properties of the Statuspage-compatible answers over random sites', () => {
  it(
    'are in Statuspage’s shapes, in UTC, and tell the spec API’s facts; the lists select what the content says',
    async () => {
      await fc.assert(
        fc.asyncProperty(scenarioArb(), (scenario) =>
          withRenderedApi(scenario, (site) => {
            const get = getter(site);
            for (const address of STATUSPAGE_ADDRESSES) {
              expect(conformanceProblems(STATUSPAGE_ANSWERS[address], get(address)), address).toEqual([]);
              expect(nonUtcTimestamps(get(address)), address).toEqual([]);
            }
            expect(statuspageFactProblems(get)).toEqual([]);

            // From the content itself: which notices are unresolved, upcoming and active, and each incident's impact.
            const { model } = site;
            const ids = (keep: (n: (typeof model.notices)[number]) => boolean): string[] => model.notices.filter(keep).map((n) => String(n.id));
            expect(idsOf(get('/api/v2/incidents/unresolved'))).toEqual(
              ids((n) => n.type === 'unplanned' && n.timeline === 'present' && ['investigating', 'identified', 'recovering'].includes(n.state!)),
            );
            expect(idsOf(get('/api/v2/scheduled-maintenances/active'))).toEqual(ids((n) => n.type === 'planned' && n.timeline === 'present' && n.state === 'underway'));
            expect(idsOf(get('/api/v2/scheduled-maintenances/upcoming'))).toEqual(
              ids((n) => n.type === 'planned' && n.state === 'scheduled' && (n.timeline === 'future' || n.timeline === 'present')),
            );
            const files = new Map(scenario.notices.map(({ data }) => [String(data.id), data]));
            for (const incident of get('/api/v2/incidents').incidents) expect(incident.impact, incident.id).toBe(files.get(incident.id)!.impact ?? 'minor');
            const unplanned = model.notices.filter((n) => n.type === 'unplanned').length;
            expect(get('/api/v2/incidents').incidents.length).toBe(Math.max(Math.min(50, unplanned), idsOf(get('/api/v2/incidents/unresolved')).length));
          }),
        ),
        params(RUNS, MS_PER_RUN),
      );
    },
    timeLimit(RUNS, MS_PER_RUN),
  );
});
