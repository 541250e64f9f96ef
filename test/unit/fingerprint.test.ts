// fingerprint(): equal exactly when a reader would see the same site. Each rule on its own, then the
// check that ties the hash to the output: at times around every moment the clock changes something
// (updates coming due, maintenance starting and ending, incidents ending, expiries, the 7-day and
// the calendar's 365-day limits), two times of one UTC day have equal fingerprints if and only if
// the whole rendered site (API, HTML, feeds, build state) is the same but for the build's own time.
import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readContent } from '../../src/content/index.js';
import { deriveSite } from '../../src/derive/index.js';
import { fingerprint } from '../../src/fingerprint/index.js';
import { renderApi } from '../../src/render/api.js';
import { renderHtml } from '../../src/render/html.js';
import { loadTheme } from '../../src/theme/theme.js';
import { renderState } from '../../src/render/state.js';
import { formatTimestamp } from '../../src/util/time.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const T0 = Date.parse('2026-11-02T00:00:00Z');
const iso = (ms: number): string => new Date(ms).toISOString().replace('.000Z', 'Z');

/** The moments this content changes something by the clock alone. */
const A = T0 + 10 * HOUR + 7 * MINUTE; // incident 1 begins; resolved 2 hours later
const B = T0 + 3 * DAY + 2 * HOUR; // maintenance 2, announced a day before, one hour long
const E = T0 + 5 * DAY + 13 * HOUR; // announcement 3 expires
const W = T0 + 2 * DAY + 9 * HOUR; // incident 4's second update, dated ahead
const X = T0 + 4 * DAY + 17 * HOUR - 365 * DAY; // maintenance 5 ended a year before T0 + 4 days
const MOMENTS = [A, A + 2 * HOUR, A + 2 * HOUR + 7 * DAY, B - DAY, B, B + HOUR, B + HOUR + 7 * DAY, E - 2 * DAY, E, E + 7 * DAY, W, X + 365 * DAY];

let root: string;
let content: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'statuspress-fingerprint-'));
  content = path.join(root, 'content');
  await site(content, { metrics: false });
});
afterAll(() => rm(root, { recursive: true, force: true }));

/** A site with a notice for each kind of moment above. */
async function site(dir: string, { metrics }: { metrics: boolean }): Promise<void> {
  await mkdir(path.join(dir, 'components'), { recursive: true });
  await mkdir(path.join(dir, 'notices'), { recursive: true });
  const files: Record<string, string> = {
    'site.yaml': `name: Acme Status\nurl: https://status.acme.test\ncreated_at: ${iso(T0 - 400 * DAY)}\nmetrics: ${metrics}\n`,
    'components/1-web.yaml': `id: 1\nname: Website\ncreated_at: ${iso(T0 - 400 * DAY)}\n`,
    'components/2-api.yaml': `id: 2\nname: API\ncreated_at: ${iso(T0 - 400 * DAY)}\n`,
    'notices/1-errors.yaml': `id: 1\ntype: unplanned\nsubject: Errors\ncomponents: [2]\nupdates:\n  - at: ${iso(A)}\n    state: investigating\n    content: Looking.\n  - at: ${iso(A + 2 * HOUR)}\n    state: resolved\n    content: Fixed.\n`,
    'notices/2-upgrade.yaml': `id: 2\ntype: planned\nsubject: Upgrade\ncomponents: [1]\nbegins_at: ${iso(B)}\nends_at: ${iso(B + HOUR)}\nupdates:\n  - at: ${iso(B - DAY)}\n    state: scheduled\n    content: Planned.\n`,
    'notices/3-hello.yaml': `id: 3\ntype: general\nsubject: Hello\ncomponents: []\nexpires_at: ${iso(E)}\nupdates:\n  - at: ${iso(E - 2 * DAY)}\n    content: Hi.\n`,
    'notices/4-slow.yaml': `id: 4\ntype: unplanned\nsubject: Slow\ncomponents: [1]\nupdates:\n  - at: ${iso(T0 - 20 * DAY)}\n    state: resolved\n    content: Was slow.\n  - at: ${iso(W)}\n    state: resolved\n    content: A follow-up, published later.\n`,
    'notices/5-old.yaml': `id: 5\ntype: planned\nsubject: Old work\ncomponents: [1]\nbegins_at: ${iso(X - HOUR)}\nends_at: ${iso(X)}\nupdates:\n  - at: ${iso(X - 2 * DAY)}\n    state: scheduled\n    content: Long ago.\n`,
  };
  for (const [file, text] of Object.entries(files)) await writeFile(path.join(dir, file), text);
}

const fp = async (now: number, dir = content): Promise<string> => (await fingerprint({ contentDir: dir, now })).value;

describe('fingerprint', () => {
  it("moves at the site zone's midnight too, where the pages' days change", async () => {
    const berlin = path.join(root, 'berlin');
    await site(berlin, { metrics: true });
    const yaml = path.join(berlin, 'site.yaml');
    await writeFile(yaml, `${await readFile(yaml, 'utf8')}time_zone: Europe/Berlin\n`);
    // 22:30Z and 23:30Z are one UTC day, two days in Berlin (midnight there is 23:00Z in November).
    expect(await fp(T0 + 22 * HOUR + 30 * MINUTE, berlin)).not.toBe(await fp(T0 + 23 * HOUR + 30 * MINUTE, berlin));
    expect(await fp(T0 + 21 * HOUR, berlin)).toBe(await fp(T0 + 22 * HOUR + 30 * MINUTE, berlin));
  });

  it('stays the same while nothing a reader sees changes, and counts the clock by the day', async () => {
    const result = await fingerprint({ contentDir: content, now: T0 + HOUR });
    expect(result.clock).toBe('day');
    expect(result.value).toMatch(/^[0-9a-f]{64}$/);
    expect(await fp(T0 + 2 * HOUR)).toBe(result.value);
    expect(await fp(T0 + DAY + HOUR)).not.toBe(result.value);
  });

  it('changes at every moment the clock changes something', async () => {
    for (const moment of MOMENTS) expect(await fp(moment - MINUTE), iso(moment)).not.toBe(await fp(moment + MINUTE));
  });

  it('counts the minute while an incident is under way, and only then', async () => {
    const during = await fingerprint({ contentDir: content, now: A + HOUR });
    expect(during.clock).toBe('minute');
    expect(await fp(A + HOUR + 30_000)).toBe(during.value);
    expect(await fp(A + HOUR + MINUTE)).not.toBe(during.value);
    expect((await fingerprint({ contentDir: content, now: A + 3 * HOUR })).clock).toBe('day');
  });

  it('changes with the content and with the templates, not with the files around them', async () => {
    const copy = path.join(root, 'copy', 'content');
    await site(copy, { metrics: false });
    const now = T0 + 3 * HOUR;
    expect(await fp(now, copy)).toBe(await fp(now));
    await writeFile(path.join(copy, 'components/2-api.yaml'), `id: 2\nname: Public API\ncreated_at: ${iso(T0 - 400 * DAY)}\n`);
    const renamed = await fp(now, copy);
    expect(renamed).not.toBe(await fp(now));
    await writeFile(path.join(root, 'copy', 'notes.txt'), 'not part of the site');
    expect(await fp(now, copy)).toBe(renamed);
    await mkdir(path.join(root, 'copy', 'templates'));
    await writeFile(path.join(root, 'copy', 'templates', 'theme.css'), ':root { --accent: #c00; }\n');
    expect(await fp(now, copy)).not.toBe(renamed);
  });

  it('is equal for two times of a day exactly when the rendered site is the same but for the build time', async () => {
    const theme = await loadTheme(null);
    const loaded = await readContent(content);
    const times = [...new Set(MOMENTS.flatMap((m) => [m - 90_000, m + 90_000, m + 20 * MINUTE, m + 5 * HOUR]))].sort((a, b) => a - b);
    let equalPairs = 0;
    let changedPairs = 0;
    let previous: { now: number; fingerprint: string; output: string } | null = null;
    for (const now of times) {
      const derived = deriveSite(loaded, now);
      const files = [...renderApi(derived), ...renderHtml(derived, theme), renderState(loaded, now)];
      const output = files
        .map((f) => `${f.path}\n${typeof f.contents === 'string' ? f.contents : Buffer.from(f.contents).toString('base64')}`)
        .sort()
        .join('\n\n');
      const current = { now, fingerprint: await fp(now), output: withoutTime(output, now) };
      if (previous !== null && iso(previous.now).slice(0, 10) === iso(now).slice(0, 10)) {
        const same = current.fingerprint === previous.fingerprint;
        expect(same, `${iso(previous.now)} → ${iso(now)}`).toBe(current.output === previous.output);
        if (same) equalPairs++;
        else changedPairs++;
      }
      previous = current;
    }
    // Both kinds of pair were met.
    expect(equalPairs).toBeGreaterThan(5);
    expect(changedPairs).toBeGreaterThan(5);
  });
});

/** The output with the build's own time taken out, in every form the site prints it. */
function withoutTime(text: string, now: number): string {
  const stamp = formatTimestamp(now);
  const forms = [new Date(now).toISOString(), stamp, `${stamp.slice(11, 16)} UTC`, String(now), stamp.replace(/[-:]/g, '')];
  let result = text;
  for (const form of forms) result = result.split(form).join('NOW');
  return result;
}
