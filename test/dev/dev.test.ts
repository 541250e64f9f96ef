// `statuspress dev` as a user works with it: the site served from the content, a notice edited and
// the page changing with a reload message sent, a broken file shown in the page without stopping,
// and a template change picked up. Talks HTTP on 127.0.0.1 only.
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDev } from '../../src/dev/index.js';
import type { RunningDev } from '../../src/dev/index.js';
import { Events } from './events.js';

const FIXTURE = path.join(import.meta.dirname, '../fixtures/metrics-site/content');
let work: string;
let dev: RunningDev;

// A page of the site's own templates may take a second here, less than a user's may: the hostile
// template below is stopped sooner, and every other page renders in milliseconds.
const PAGE_MS = 1_000;

/** A hung request fails within the test's own time limit, saying so. */
async function fetchText(url: string, ms = 30_000): Promise<{ status: number; body: string; type: string }> {
  const res = await fetch(url, { signal: AbortSignal.timeout(ms) });
  return { status: res.status, body: await res.text(), type: res.headers.get('content-type') ?? '' };
}

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'statuspress-dev-'));
  await cp(FIXTURE, path.join(work, 'content'), { recursive: true });
  dev = await startDev({ contentDir: path.join(work, 'content'), templatesDir: path.join(work, 'templates'), port: 0, now: Date.parse('2026-11-20T12:00:00Z'), renderLimits: { pageMs: PAGE_MS } });
});

afterAll(async () => {
  await dev.close();
  await rm(work, { recursive: true, force: true });
});

describe('statuspress dev', () => {
  it('serves the site and the API from the content, with the reload script in every page', async () => {
    expect(dev.state.good).not.toBeNull();
    const page = await fetchText(`${dev.url}/`);
    expect(page.status).toBe(200);
    expect(page.type).toMatch(/^text\/html/);
    expect(page.body).toContain('<script src="/__statuspress/dev.js" defer></script>');
    expect((await fetchText(`${dev.url}/api/v1/status`)).body).toContain('"page":{');
    expect((await fetchText(`${dev.url}/__statuspress/dev.js`)).body).toContain('EventSource');
    // The embeddable widget and the two answers it reads, at the addresses a build writes them to.
    const widget = await fetchText(`${dev.url}/widget.js`);
    expect(widget.status).toBe(200);
    expect(widget.type).toMatch(/^text\/javascript/);
    expect(widget.body).toContain('statuspress-status');
    expect((await fetchText(`${dev.url}/api/v1/status.json`)).body).toContain('"page":{');
    expect((await fetchText(`${dev.url}/api/v1/notices/q/timeline_state_eq=present/page=1.json`)).body).toContain('"notices":[');
  });

  it('rebuilds when a notice changes: the page shows it, and open pages are told to reload', async () => {
    const events = new Events();
    await events.open(dev.url);
    const file = path.join(work, 'content/notices/104-api-outage.yaml');
    const { readFile } = await import('node:fs/promises');
    const text = await readFile(file, 'utf8');
    const subject = /^subject: (.*)$/m.exec(text)![1]!;
    await writeFile(file, text.replace(`subject: ${subject}`, 'subject: Edited while dev runs'));
    expect(await events.next()).toEqual({ event: 'reload', data: [] });
    expect((await fetchText(`${dev.url}/notices/104/`)).body).toContain('<h1>Edited while dev runs</h1>');
    expect((await fetchText(`${dev.url}/api/v1/notices/104`)).body).toContain('"subject":"Edited while dev runs"');
    events.close();
  });

  it('shows a content error in the page and keeps serving the last version that built, until it is fixed', async () => {
    const events = new Events();
    await events.open(dev.url);
    const broken = path.join(work, 'content/notices/999-broken.yaml');
    await writeFile(broken, 'id: 999\ntype: unplanned\nsubject: [oops\n');
    const problems = await events.next();
    expect(problems.event).toBe('problems');
    // Named as --content gives the folder, like validate's output.
    expect(problems.data).toEqual([expect.stringMatching(/^.*\/content\/notices\/999-broken\.yaml:\d+:\d+ {2}YAML syntax error/)]);
    expect((problems.data as string[])[0]!.startsWith(path.join(work, 'content/notices/999-broken.yaml'))).toBe(true);
    expect(dev.state.problems).toHaveLength(1);
    const page = await fetchText(`${dev.url}/`);
    expect(page.status).toBe(200);
    expect(page.body).toContain('__statuspress/dev.js');
    await rm(broken);
    expect(await events.next()).toEqual({ event: 'reload', data: [] });
    expect(dev.state.problems).toEqual([]);
    events.close();
  });

  it("picks up the site's own templates as they are written", async () => {
    const events = new Events();
    await events.open(dev.url);
    const { mkdir } = await import('node:fs/promises');
    await mkdir(path.join(work, 'templates/partials'), { recursive: true });
    await writeFile(path.join(work, 'templates/partials/footer.hbs'), '<footer class="dev-footer">Edited footer</footer>\n');
    expect(await events.next()).toEqual({ event: 'reload', data: [] });
    expect((await fetchText(`${dev.url}/`)).body).toContain('<footer class="dev-footer">Edited footer</footer>');
    events.close();
  });

  it("stops a page its own templates cannot finish and says which, the server answering on", async () => {
    const events = new Events();
    await events.open(dev.url);
    // Partials that render each other, ten calls a level, nine levels (test/unit/theme/theme.test.ts):
    // 111 million calls, far more than a page's time allows: stopped at the page's limit.
    const hostile = path.join(work, 'templates/notice.hbs');
    const levels = 'abcdefghi';
    await writeFile(hostile, `${[...levels].map((name, i) => `{{#*inline "${name}"}}${i === 0 ? 'x' : `{{> ${levels[i - 1]}}}`.repeat(10)}{{/inline}}`).join('')}<h1>{{notice.subject}}</h1>{{> i}}\n`);
    expect(await events.next()).toEqual({ event: 'reload', data: [] });
    const page = await fetchText(`${dev.url}/notices/104/`);
    expect(page.status).toBe(500);
    expect(page.body).toContain(`templates/notice.hbs  templates/notice.hbs (with the templates it uses) took more than ${PAGE_MS / 1000} s to render the page “notices/104/”`);
    expect(page.body).toContain('<script src="/__statuspress/dev.js" defer></script>');
    // The other pages render, in a process started anew, and the page once the template is gone.
    expect((await fetchText(`${dev.url}/`)).status).toBe(200);
    await rm(hostile);
    expect(await events.next()).toEqual({ event: 'reload', data: [] });
    expect((await fetchText(`${dev.url}/notices/104/`)).status).toBe(200);
    events.close();
  }, 60_000);
});
