// Same content + same now = byte-identical output (the build is a pure function of both), and the shape of each fixture's output
// as a snapshot of its sorted file listing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildScenario, SCENARIOS } from '../helpers/build.js';
import type { Built, Scenario } from '../helpers/build.js';

describe.each(Object.keys(SCENARIOS) as Scenario[])('%s', (scenario) => {
  let first: Built;
  let second: Built;
  beforeAll(async () => {
    first = await buildScenario(scenario);
    second = await buildScenario(scenario);
  });
  afterAll(async () => {
    await first?.cleanup();
    await second?.cleanup();
  });

  it('builds byte-identical output twice with the same now (compressed siblings included)', () => {
    expect([...second.raw.keys()]).toEqual([...first.raw.keys()]);
    for (const [file, bytes] of first.raw) expect(second.raw.get(file)?.equals(bytes), file).toBe(true);
  });

  it('writes the expected set of files', () => {
    // Shape only: the answers and the build state. Precompressed siblings are left out (which files get
    // one depends on their size); conformance.test.ts checks each one against its file.
    expect([...first.files.keys()].join('\n')).toMatchSnapshot();
  });
});
