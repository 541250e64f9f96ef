// Shared by the property tests: how many runs, and one random site written as a content folder
// and either rendered in memory (load → validate → derive → renderApi, the answers build() writes)
// or built into an output folder with build(); temporary folders are removed afterwards.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type fc from 'fast-check';
import { readContent } from '../../src/content/index.js';
import { deriveSite } from '../../src/derive/index.js';
import { renderApi } from '../../src/render/api.js';
import { route } from '../../src/routes/index.js';
import type { ApiRequest } from '../../src/routes/index.js';
import { writeContentFolder } from '../helpers/arbitraries.js';
import type { Scenario } from '../helpers/arbitraries.js';
import { isCompressed, readAll } from '../helpers/build.js';
import type { Json } from '../helpers/build.js';
import { siteModel } from '../helpers/site-model.js';
import type { SiteModel } from '../helpers/site-model.js';

/**
 * fast-check's parameters for a property: `defaultRuns` runs (CI's), or `FC_RUNS` of them (a long
 * local run). `FC_SEED` and `FC_PATH` replay a failure fast-check reported. Shrinking a failure
 * builds a site per step, so it stops when the test's time is nearly up and reports the smallest
 * counterexample found by then; running out of time before every run is done is a failure too, so
 * a slow machine never passes with fewer runs than asked for.
 */
export function params<T>(defaultRuns: number, msPerRun: number): fc.Parameters<T> {
  const seed = Number(process.env.FC_SEED);
  return {
    numRuns: runs(defaultRuns),
    interruptAfterTimeLimit: timeLimit(defaultRuns, msPerRun) - 15_000,
    markInterruptAsFailure: true,
    ...(Number.isSafeInteger(seed) ? { seed } : {}),
    ...(process.env.FC_PATH ? { path: process.env.FC_PATH } : {}),
  };
}

function runs(defaultRuns: number): number {
  const fromEnv = Number(process.env.FC_RUNS);
  return Number.isSafeInteger(fromEnv) && fromEnv > 0 ? fromEnv : defaultRuns;
}

/** Time limit of one property test: at least a minute, more for a long run (msPerRun is a generous guess of one run's time). */
export function timeLimit(defaultRuns: number, msPerRun: number): number {
  return Math.max(60_000, runs(defaultRuns) * msPerRun * 3);
}

export interface ApiOutput {
  scenario: Scenario;
  /** What the content says, by the rules read independently (test/helpers/site-model.ts). */
  model: SiteModel;
  /** Every output file except precompressed siblings, relative path → text. */
  files: Map<string, string>;
  /** Parsed JSON of an output file; throws when there is none. */
  json: (file: string) => Json;
  /** The prebuilt file a link of the API (`/api/v1/notices?...&page=2`) routes to, or null when it routes to none. */
  fileOf: (href: string) => string | null;
}

export interface BuiltSite extends ApiOutput {
  /** The output folder. */
  dir: string;
  /** Every output file, compressed siblings included, as bytes. */
  raw: Map<string, Buffer>;
}

/** The request an API address routes to; throws for anything else. */
export function requestOf(href: string): ApiRequest {
  const r = route(href);
  if (r.kind !== 'api') throw new Error(`${href} does not route to an API request (${r.kind === 'error' ? r.error.message : r.kind})`);
  return r.request;
}

/** Writes the scenario's content, builds it at its `now` with build(), reads the output, calls `check`, and cleans up. */
export async function withBuiltSite<T>(scenario: Scenario, check: (site: BuiltSite) => Promise<T> | T): Promise<T> {
  // Loaded here: the properties that render in memory never load the HTML site's templates, scripts and workers.
  const { build } = await import('../../src/build.js');
  return inTemporaryFolder(async (root) => {
    const content = path.join(root, 'content');
    const dir = path.join(root, 'dist');
    await writeContentFolder(content, scenario);
    await build({ contentDir: content, outDir: dir, now: scenario.now });
    const raw = await readAll(dir);
    const files = new Map([...raw].filter(([file]) => !isCompressed(file)).map(([file, bytes]) => [file, bytes.toString('utf8')]));
    return check({ ...apiOutput(scenario, files), dir, raw });
  });
}

/**
 * Writes the scenario's content and renders its API in memory, as build() does before writing
 * (readContent → deriveSite → renderApi): the same answers, five times quicker than a whole build.
 */
export async function withRenderedApi<T>(scenario: Scenario, check: (site: ApiOutput) => Promise<T> | T): Promise<T> {
  return inTemporaryFolder(async (root) => {
    await writeContentFolder(root, scenario);
    const site = deriveSite(await readContent(root), scenario.now);
    return check(apiOutput(scenario, new Map([...renderApi(site)].map((f) => [f.path, typeof f.contents === 'string' ? f.contents : Buffer.from(f.contents).toString('utf8')]))));
  });
}

async function inTemporaryFolder<T>(use: (root: string) => Promise<T>): Promise<T> {
  const root = await mkdtemp(path.join(tmpdir(), 'statuspress-prop-'));
  try {
    return await use(root);
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

function apiOutput(scenario: Scenario, files: Map<string, string>): ApiOutput {
  const json = (file: string): Json => {
    const text = files.get(file);
    if (text === undefined) throw new Error(`no file ${file} in the output`);
    return JSON.parse(text);
  };
  const fileOf = (href: string): string | null => {
    const r = route(href);
    return r.kind === 'api' && r.file !== null && files.has(r.file) ? r.file : null;
  };
  return { scenario, model: siteModel(scenario), files, json, fileOf };
}
