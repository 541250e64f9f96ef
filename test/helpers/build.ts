// Whole builds of the fixture sites into temporary folders, and readers for their output.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DerivedSite } from '../../src/derive/index.js';

/**
 * The build and the code that answers, loaded with the first build: a test that only needs a
 * fixture's path or reads a folder does not wait for all of src/ to be transformed and loaded.
 */
const core = async () => {
  const [{ build }, { readContent }, { deriveSite }, { answer, serialize }, { route }] = await Promise.all([
    import('../../src/build.js'),
    import('../../src/content/index.js'),
    import('../../src/derive/index.js'),
    import('../../src/render/answer.js'),
    import('../../src/routes/index.js'),
  ]);
  return { build, readContent, deriveSite, answer, serialize, route };
};

/** A parsed JSON answer. Tests read deep into answers, and the schemas check their shape. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

export const FIXTURES = path.join(import.meta.dirname, '../fixtures');

/** Each fixture and the fixed `now` it is built with (see the comment at the top of its site.yaml). */
export const SCENARIOS = {
  'metrics-site': { now: '2026-11-20T12:00:00Z', metrics: true },
  'plain-site': { now: '2026-03-15T08:30:00Z', metrics: false },
  'empty-site': { now: '2026-11-20T12:00:00Z', metrics: true },
} as const;

export type Scenario = keyof typeof SCENARIOS;

export const contentDir = (scenario: Scenario): string => path.join(FIXTURES, scenario, 'content');
export const nowOf = (scenario: Scenario): number => Date.parse(SCENARIOS[scenario].now);

export interface Built {
  scenario: Scenario;
  /** The output folder. */
  dir: string;
  /** Every file of the output except precompressed siblings, relative path (with `/`) → text. */
  files: Map<string, string>;
  /** Every file of the output, compressed siblings included, as bytes. */
  raw: Map<string, Buffer>;
  /** The site derived from the same content and now, for in-memory answers. */
  site: DerivedSite;
  /** Parsed JSON of an output file; throws when the file is missing. */
  json: (file: string) => Json;
  /** Parsed answer to a URL as `statuspress serve` gives it: the prebuilt file if there is one, else answer(). */
  get: (url: string) => Json;
  cleanup: () => Promise<void>;
}

/** Every file under dir, relative paths with `/`, sorted. */
export async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort();
}

export async function readAll(dir: string): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  for (const file of await listFiles(dir)) files.set(file, await readFile(path.join(dir, file)));
  return files;
}

/** Precompressed siblings (`x.json.gz`, `x.json.br`): encodings of a file, not answers of their own. */
export const isCompressed = (file: string): boolean => /\.(gz|br)$/.test(file);

export async function buildScenario(scenario: Scenario, now: number = nowOf(scenario)): Promise<Built> {
  return { scenario, ...(await buildContent(contentDir(scenario), now, scenario)) };
}

/** A build of any content folder as of `now`, read like a fixture's (`label` names its temporary folder and messages). */
export async function buildContent(content: string, now: number, label = 'site'): Promise<Omit<Built, 'scenario'>> {
  const { build, readContent, deriveSite, answer, serialize, route } = await core();
  const root = await mkdtemp(path.join(tmpdir(), `statuspress-${label}-`));
  const dir = path.join(root, 'dist');
  await build({ contentDir: content, outDir: dir, now });
  const raw = await readAll(dir);
  const files = new Map([...raw].filter(([file]) => !isCompressed(file)).map(([file, bytes]) => [file, bytes.toString('utf8')]));
  const site = deriveSite(await readContent(content), now);
  const json = (file: string): Json => {
    const text = files.get(file);
    if (text === undefined) throw new Error(`no file ${file} in the ${label} output`);
    return JSON.parse(text);
  };
  const get = (url: string): Json => {
    const r = route(url);
    if (r.kind !== 'api') throw new Error(`${url} is not an API address (${r.kind}${r.kind === 'error' ? `: ${r.error.message}` : ''})`);
    // As `statuspress serve` does: the prebuilt file when there is one, else computed on demand.
    if (r.file !== null && files.has(r.file)) return json(r.file);
    return JSON.parse(serialize(answer(site, r.request)));
  };
  return { dir, files, raw, site, json, get, cleanup: () => rm(root, { recursive: true, force: true }) };
}

/** The 404 bodies static hosts send (src/hosting); not answers of the API. */
export const HOST_ERROR_FILES = ['api/404.json', 'api/404-not-prebuilt.json'];

/** The empty page static hosts serve for any page after a list's last (no address of its own). */
export const isPastEnd = (file: string): boolean => file.endsWith('/past-the-end.json');

/** The answers under `api/` (compressed siblings, the hosts' 404 bodies and past-the-end pages left out). */
export const apiFiles = (built: Built): string[] =>
  [...built.files.keys()].filter((f) => f.startsWith('api/') && !HOST_ERROR_FILES.includes(f) && !isPastEnd(f));

/** Ids of a list body's records. */
export const ids = (records: { id: number }[]): number[] => records.map((r) => r.id);

/** Follows next_page from a list URL to the end; returns every page's body. */
export function allPages(built: Built, url: string): Json[] {
  const pages: Json[] = [];
  let next: string | null = url;
  while (next !== null) {
    const body = built.get(next);
    pages.push(body);
    next = body.meta.next_page;
    if (pages.length > 100) throw new Error(`next_page chain from ${url} does not end`);
  }
  return pages;
}
