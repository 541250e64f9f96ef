// Authoring under concurrency: random interleavings of `new`, `update` and `resolve`, run as separate
// processes at once on one content folder (two people, or a person and a bot, posting during an
// incident). Whatever the interleaving, every command that reported success has its text in the
// files, no two `new` runs took the same id, no two updates of a notice got the same id, every
// refusal is one a person could act on (never a crash), and the content still validates.
import { cp, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadContent, validateContent } from '../../src/content/index.js';
import { LOCK_FILE } from '../../src/scaffold/lock.js';
import { updateId } from '../../src/content/update-ids.js';
import { ROOT, runCli } from '../helpers/cli.js';
import { params, timeLimit } from './harness.js';

const RUNS = 4;
/** The moment every run acts at (`--now`): the tests own their clock, whatever the machine's says. */
const NOW = Date.parse('2026-11-20T12:00:00Z');
/** A generous guess of one run's time: up to eight processes at once on two cores. */
const MS_PER_RUN = 6_000;

type Step = { kind: 'new'; type: 'unplanned' | 'general' } | { kind: 'update'; notice: number } | { kind: 'resolve'; notice: number };

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('new' as const), type: fc.constantFrom('unplanned' as const, 'general' as const) }),
  fc.record({ kind: fc.constant('update' as const), notice: fc.constantFrom(1, 2) }),
  fc.record({ kind: fc.constant('resolve' as const), notice: fc.constantFrom(1, 2) }),
);

/** An open incident, posted an hour before NOW (so it is not stale). */
function incident(id: number, at: string): string {
  return `id: ${id}\ntype: unplanned\nsubject: Incident ${id}\ncomponents: [1]\nupdates:\n  - at: ${at}\n    state: investigating\n    content: Looking into it.\n`;
}

/** The refusals a concurrent run may meet (usage/notice-already-ended: another run resolved it first). Anything else is a failure. */
const ACCEPTED_REFUSALS = [/^Notice \d is resolved already; nothing was written$/m];

describe('authoring commands from several processes at once', () => {
  it(
    'keep every update that reported success, give no id twice, and leave content that validates',
    async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(stepArb, { minLength: 2, maxLength: 8 }), async (steps) => {
          const work = await mkdtemp(path.join(tmpdir(), 'statuspress-authoring-race-'));
          try {
            const content = path.join(work, 'content');
            await cp(path.join(ROOT, 'test/fixtures/valid-minimal/content'), content, { recursive: true });
            for (const file of await readdir(path.join(content, 'notices'))) await rm(path.join(content, 'notices', file));
            const hourAgo = new Date(NOW - 3_600_000).toISOString().replace('.000Z', 'Z');
            await writeFile(path.join(content, 'notices/1-one.yaml'), incident(1, hourAgo));
            await writeFile(path.join(content, 'notices/2-two.yaml'), incident(2, hourAgo));

            const runs = await Promise.all(
              steps.map((step, i) => {
                const token = `token-${i}-${Math.random().toString(36).slice(2)}`;
                const args =
                  step.kind === 'new'
                    ? ['new', 'notice', '--type', step.type, '--subject', `Subject ${token}`, '--message', `Opened ${token}`]
                    : step.kind === 'update'
                      ? ['update', String(step.notice), '--state', 'identified', '--message', `Update ${token}`]
                      : ['resolve', String(step.notice), '--message', `Resolved ${token}`];
                return runCli([...args, '--content', content, '--now', new Date(NOW).toISOString()], { timeoutMs: 60_000 }).then((run) => ({ step, token, run }));
              }),
            );

            const files = await readdir(path.join(content, 'notices'));
            const texts = await Promise.all(files.map((file) => readFile(path.join(content, 'notices', file), 'utf8')));
            const all = texts.join('\n');
            // Each update's id as the built API gives it: notice id × 1000 + rank in time.
            const { value } = validateContent(await loadContent(content), { now: NOW });
            const idOf = new Map<string, number>();
            for (const notice of value?.notices ?? []) {
              for (const u of notice.updates) idOf.set(/token-[\w-]+/.exec(u.content)?.[0] ?? '', updateId(notice.id, u.rank));
            }
            const newIds: number[] = [];
            const updateIds: number[] = [];
            for (const { step, token, run } of runs) {
              if (run.code === 0) {
                expect(all, `${step.kind} reported success: ${run.stdout}`).toContain(token);
                if (step.kind === 'new') newIds.push(Number(/\(id (\d+)\)/.exec(run.stdout)?.[1]));
                else {
                  // The id printed is the update's id, not one another run took meanwhile.
                  const printed = Number(/\(update (\d+)/.exec(run.stdout)?.[1]);
                  expect(printed, `${step.kind} ${token}: ${run.stdout}`).toBe(idOf.get(token));
                  updateIds.push(printed);
                }
              } else {
                // Refused: said why, with a code a person can look up, and wrote nothing of its own.
                expect(run.code, run.stderr).toBe(2);
                expect(ACCEPTED_REFUSALS.some((accepted) => accepted.test(run.stderr)), `${step.kind}: ${run.stderr}`).toBe(true);
                expect(all).not.toContain(token);
              }
            }
            expect(new Set(newIds).size, `new ids ${newIds.join(', ')}`).toBe(newIds.length);
            expect(new Set(updateIds).size, `update ids ${updateIds.join(', ')}`).toBe(updateIds.length);
            expect(files.filter((file) => file.startsWith('.'))).toEqual([]); // no lock, no temporary file left
            expect(files).not.toContain(LOCK_FILE);
            expect(value).not.toBeNull();
          } finally {
            await rm(work, { recursive: true, force: true });
          }
        }),
        params(RUNS, MS_PER_RUN),
      );
    },
    timeLimit(RUNS, MS_PER_RUN),
  );
});
