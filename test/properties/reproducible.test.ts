// Same content + same now = byte-identical output, over random valid sites: two builds of one
// scenario into different folders hold the same files with the same SHA-256, compressed siblings,
// HTML and the build state included.
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scenarioArb } from '../helpers/arbitraries.js';
import { params, timeLimit, withBuiltSite } from './harness.js';
import type { BuiltSite } from './harness.js';

const RUNS = 5;
/** A generous guess of one run's time (two builds), for the time limits. */
const MS_PER_RUN = 800;

const digests = (site: BuiltSite): Map<string, string> =>
  new Map([...site.raw].map(([file, bytes]) => [file, createHash('sha256').update(bytes).digest('hex')]));

describe('reproducible builds over random sites', () => {
  it(
    'building the same content with the same now twice gives byte-identical output',
    async () => {
      await fc.assert(
        // Large one way at a time: lists of several pages, at a fraction of a whole build's cost.
        fc.asyncProperty(scenarioArb({ bothLarge: false, maxComponents: 27, maxNotices: 40 }), (scenario) =>
          withBuiltSite(scenario, async (first) => {
            const a = digests(first);
            const b = await withBuiltSite(scenario, digests);
            expect([...b.keys()]).toEqual([...a.keys()]);
            for (const [file, digest] of a) expect(b.get(file), file).toBe(digest);
          }),
        ),
        params(RUNS, MS_PER_RUN),
      );
    },
    timeLimit(RUNS, MS_PER_RUN),
  );
});
