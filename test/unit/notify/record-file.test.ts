// The record file, third round: what `--previous FILE` may name besides a record of this version. An
// update inserted before published ones (ids renumbered) is sent once and nothing is sent again; a
// record of the older format is upgraded, never taken for a first run; a newer version's record, and
// anything that is not a record (package.json, a list, a text file, a FIFO, a folder, a huge file),
// is refused and left byte for byte, without quoting it and without leaving a lock behind.
import { execFileSync } from 'node:child_process';
import { constants, openSync } from 'node:fs';
import { mkdir, open, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { StatuspressError } from '../../../src/errors/error.js';
import { notify } from '../../../src/notify/index.js';
import type { NotifyOptions, NotifyResult } from '../../../src/notify/index.js';
import { MAX_RECORD_BYTES } from '../../../src/notify/record.js';
import { RECORD_FORMAT, textHash } from '../../../src/notify/snapshot.js';
import { envFor, fastTransport, receiver, scratch, writeSite } from './helpers.js';

const T0 = Date.parse('2026-11-20T10:00:00Z');
const at = (minutes: number): number => T0 + minutes * 60_000;
const iso = (minutes: number): string => new Date(at(minutes)).toISOString();
const WEBHOOK = 'notify:\n  - type: webhook\n    url_env: HOOK_URL\n    secret_env: HOOK_SECRET\n';
const incident = (...updates: [number, string][]): string =>
  `id: 42\ntype: unplanned\nsubject: Errors\ncomponents: [1]\nupdates:\n${updates.map(([m, text]) => `  - at: ${iso(m)}\n    state: investigating\n    content: ${JSON.stringify(text)}\n`).join('')}`;

async function setup(notices: Record<string, string> = {}) {
  const dir = await scratch();
  const content = await writeSite(dir, WEBHOOK, notices);
  const hooks = await receiver();
  const record = path.join(dir, 'notify.json');
  const transport = fastTransport();
  const run = (minutes: number, extra: Partial<NotifyOptions> = {}): Promise<NotifyResult> =>
    notify({ contentDir: content, now: at(minutes), previous: record, env: envFor(hooks.url), transport, retry: { attemptTimeoutMs: 5000 }, ...extra });
  const sent = (): { id: string; update: { id: number; content: string } | null }[] => hooks.bodies('/hook') as never;
  const write = (text: string): Promise<void> => writeFile(path.join(content, 'notices/42.yaml'), text);
  return { dir, content, record, hooks, run, sent, write };
}

const refusal = async (promise: Promise<unknown>): Promise<StatuspressError> =>
  (await promise.then(
    () => expect.unreachable('not refused'),
    (error: unknown) => error,
  )) as StatuspressError;

describe('updates inserted before published ones (ids renumbered)', () => {
  it('the inserted update is sent once with its text, no update is sent again, and the run warns that the ids changed', async () => {
    const s = await setup({ '42.yaml': incident([5, 'Looking.']) });
    await s.run(10);
    await s.write(incident([5, 'Looking.'], [20, 'Found it.']));
    await s.run(25);
    expect(s.sent().map((b) => [b.update?.id, b.update?.content])).toEqual([[42002, 'Found it.']]);
    // A hand edit inserts an update of minute 15: "Found it." becomes 42003, and 42002 is the new one.
    await s.write(incident([5, 'Looking.'], [15, 'Narrowed down.'], [20, 'Found it.']));
    const result = await s.run(30);
    expect(result.events.map((e) => [e.event.id, e.event.update?.content])).toEqual([[`update-42-${iso(15)}-${textHash('Narrowed down.')}`, 'Narrowed down.']]);
    expect(s.sent().slice(1).map((b) => [b.update?.id, b.update?.content])).toEqual([[42002, 'Narrowed down.']]);
    expect(result.renumbered).toEqual([{ notice: 42, ids: [[42002, 42003]] }]);
    expect(result.warnings).toEqual(["notice 42's update ids changed (42002 is now 42003): clients of the API that kept them see new ones; no update was sent again"]);
    // Once: a re-run and a later run send nothing and warn no more.
    for (const minutes of [30, 40]) {
      const again = await s.run(minutes);
      expect(again.events).toEqual([]);
      expect(again.warnings).toEqual([]);
    }
    expect(s.sent()).toHaveLength(2);
  });
});

describe('the record of an older version (format 1)', () => {
  const v1 = (notices: Record<string, number[]>, sent: Record<string, string> = {}): string =>
    `${JSON.stringify({ format: 1, now: iso(10), page: 'degraded', components: { 1: 'degraded', 2: 'operational' }, notices, sent }, null, 1)}\n`;

  it('is upgraded, not taken for a first run: what changed since is sent, and the record is rewritten in this format', async () => {
    const s = await setup({ '42.yaml': incident([5, 'Looking.'], [20, 'Found it.']) });
    await writeFile(s.record, v1({ 42: [42001] }, { 'notice-42-published': iso(10) }));
    const result = await s.run(25);
    expect(result.outcome).toBe('compared');
    expect(result.migrated).toEqual({ from: 1, to: RECORD_FORMAT });
    expect(s.sent().map((b) => b.update?.content)).toEqual(['Found it.']);
    const written = JSON.parse(await readFile(s.record, 'utf8')) as { format: number; notices: unknown; sent: Record<string, string> };
    expect(written.format).toBe(RECORD_FORMAT);
    expect(written.notices).toEqual({
      42: [
        { id: 42001, at: iso(5), hash: textHash('Looking.') },
        { id: 42002, at: iso(20), hash: textHash('Found it.') },
      ],
    });
    expect(Object.keys(written.sent)).toContain('notice-42-published');
    expect((await s.run(26)).events).toEqual([]);
  });

  it('of format 2 gains notice_components, each notice unknown until compared: nothing is sent for it', async () => {
    const s = await setup({ '42.yaml': incident([5, 'Looking.']) });
    const v2 = { format: 2, now: iso(10), page: 'degraded', components: { 1: 'degraded', 2: 'operational' }, notices: { 42: [{ id: 42001, at: iso(5), hash: textHash('Looking.') }] }, sent: {} };
    await writeFile(s.record, `${JSON.stringify(v2)}\n`);
    const result = await s.run(25);
    expect(result.migrated).toEqual({ from: 2, to: RECORD_FORMAT });
    expect(result.events).toEqual([]);
    const written = JSON.parse(await readFile(s.record, 'utf8')) as { format: number; notice_components: unknown };
    expect(written).toMatchObject({ format: RECORD_FORMAT, notice_components: { 42: [1] }, unknown: {}, held: [] });
  });

  it('its ids were positions in the file: each names the update at that position, and ids that differ now are told', async () => {
    // The old version numbered by position: "Later." (2nd in the file) was 42002, "Earlier." 42003.
    const s = await setup({ '42.yaml': incident([5, 'Looking.'], [20, 'Later.'], [15, 'Earlier.']) });
    await writeFile(s.record, v1({ 42: [42001, 42002, 42003] }));
    const result = await s.run(25);
    expect(result.events).toEqual([]);
    expect(result.renumbered).toEqual([{ notice: 42, ids: [[42003, 42002], [42002, 42003]] }]);
    expect(result.warnings).toHaveLength(1);
  });
});

describe('what is not a record of this version is refused and left as it is', () => {
  it('a record of a newer version: usage/notify-record-newer, exit 2, unchanged, nothing sent', async () => {
    const s = await setup({ '42.yaml': incident([5, 'Looking.']) });
    const newer = `${JSON.stringify({ format: RECORD_FORMAT + 1, now: iso(0), something: { new: true } })}\n`;
    await writeFile(s.record, newer);
    const error = await refusal(s.run(10));
    expect(error.code).toBe('usage/notify-record-newer');
    expect(error.exitCode).toBe(2);
    expect(error.message).toBe(`${s.record} was written by a newer statuspress (record format ${RECORD_FORMAT + 1}; this one reads formats 1 to ${RECORD_FORMAT}): it was left as it is, and nothing was sent`);
    expect(await readFile(s.record, 'utf8')).toBe(newer);
    expect(await readdir(s.dir)).not.toContain('notify.json.lock');
    expect(s.hooks.requests).toEqual([]);
  });

  it('package.json, a list, JSON without notify\'s keys, a text file: usage/notify-previous-not-record, exit 2, byte for byte, nothing quoted', async () => {
    const s = await setup({ '42.yaml': incident([5, 'Looking.']) });
    const cases: [string, string][] = [
      ['{\n  "name": "status-page",\n  "version": "1.0.0",\n  "private": true\n}\n', 'it has no "format" number'],
      ['[1,2,3]', 'it is not a JSON object'],
      ['{"format": "1", "now": "x"}', 'it has no "format" number'],
      [`{"format": 1, "now": "${iso(0)}"}`, 'it has no "page" text'],
      [`{"format": 2, "now": "${iso(0)}", "page": "operational", "components": [], "notices": {}, "sent": {}}`, 'it has no "components" object'],
      ['root:x:0:0:root:/root:/bin/bash\ndaemon:x:1:1:daemon:/usr/sbin:/usr/sbin/nologin\n', 'it is not JSON'],
    ];
    for (const [text, reason] of cases) {
      await writeFile(s.record, text);
      for (const dryRun of [false, true]) {
        const error = await refusal(s.run(10, { dryRun }));
        expect(error.code, text).toBe('usage/notify-previous-not-record');
        expect(error.exitCode).toBe(2);
        expect(error.message, text).toBe(`${s.record} is not a statuspress notify record (${reason}): it was left as it is, and nothing was sent`);
        expect(`${error.message}${String(error.hint)}`).not.toMatch(/root:x|status-page|daemon/);
      }
      expect(await readFile(s.record, 'utf8'), text).toBe(text);
      expect(await readdir(s.dir), text).not.toContain('notify.json.lock');
    }
    expect(s.hooks.requests).toEqual([]);
  });

  it('a folder, a FIFO (never waited on), a file over 64 MiB: refused at once, no lock left', async () => {
    const s = await setup({ '42.yaml': incident([5, 'Looking.']) });
    await mkdir(s.record);
    expect((await refusal(s.run(10))).message).toBe(`${s.record} is not a statuspress notify record (it is a folder, not a file): it was left as it is, and nothing was sent`);

    const fifo = path.join(s.dir, 'fifo');
    execFileSync('mkfifo', [fifo]);
    // Nothing ever writes into it: a read of it would wait for ever, and this refusal would never come.
    const error = await refusal(s.run(10, { previous: fifo }));
    expect(error.code).toBe('usage/notify-previous-not-record');
    expect(error.message).toContain('(it is a FIFO (named pipe), not a file)');
    // Nor is it left open for reading: opening it to write without waiting finds no reader.
    expect(() => openSync(fifo, constants.O_WRONLY | constants.O_NONBLOCK)).toThrow(expect.objectContaining({ code: 'ENXIO' }));

    const huge = path.join(s.dir, 'huge.json');
    const handle = await open(huge, 'w');
    await handle.truncate(MAX_RECORD_BYTES + 1);
    await handle.close();
    expect((await refusal(s.run(10, { previous: huge }))).message).toContain('(it is larger than 64 MiB)');
    expect((await readdir(s.dir)).filter((f) => f.endsWith('.lock'))).toEqual([]);
    expect(s.hooks.requests).toEqual([]);
  });

  it('a lock held too long names its holder, escaped and cut: a hostile lock file cannot write to the terminal', async () => {
    const s = await setup();
    await s.run(0);
    await writeFile(`${s.record}.lock`, `\u001b]0;pwned\u0007\u001b[2J${'C'.repeat(3000)}\n`);
    const error = await refusal(s.run(10, { lock: { waitMs: 50 } }));
    expect(error.code).toBe('notify/record-locked');
    expect(error.message).toBe(`Another statuspress notify is using the record (${s.record}.lock exists, holding "\\u001b]0;pwned\\u0007\\u001b[2J${'C'.repeat(86)}…"); nothing was sent`);
  });
});
