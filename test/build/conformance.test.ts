// Every JSON file a build writes under api/, for every fixture: valid against the spec's schemas (key
// sets and key order), at the path its own address routes to, and byte-identical to what answer()
// gives in memory and to what `statuspress serve` would compute from the build's recorded state.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answer, serialize } from '../../src/render/answer.js';
import { apiFilePath, route } from '../../src/routes/index.js';
import { readState } from '../../src/serve/build-state.js';
import type { DerivedSite } from '../../src/derive/index.js';
import { apiSchemas, conformanceProblems, schemaForFile } from '../schemas/api.js';
import { apiFiles, buildScenario, isCompressed, SCENARIOS } from '../helpers/build.js';
import type { Built, Scenario } from '../helpers/build.js';

describe.each(Object.keys(SCENARIOS) as Scenario[])('%s: every API file', (scenario) => {
  let built: Built;
  let served: DerivedSite;
  const schemas = apiSchemas({ metrics: SCENARIOS[scenario].metrics });

  beforeAll(async () => {
    built = await buildScenario(scenario);
    served = await readState(built.dir);
  });
  afterAll(() => built?.cleanup());

  it('has a past-the-end page for every list: the answer serve computes for the page after the last', () => {
    const firstPages = apiFiles(built).filter((f) => f.endsWith('/page=1.json'));
    expect(firstPages.length).toBeGreaterThan(0);
    for (const first of firstPages) {
      const r = route(`/${first}`);
      if (r.kind !== 'api' || (r.request.endpoint !== 'components' && r.request.endpoint !== 'notices')) throw new Error(first);
      const total = JSON.parse(built.files.get(first)!).meta.total_count as number;
      const after = { ...r.request, page: Math.max(1, Math.ceil(total / 25)) + 1 };
      const file = first.replace(/page=1\.json$/, 'past-the-end.json');
      expect(built.files.get(file), file).toBe(serialize(answer(built.site, after)));
    }
  });

  it('is compact JSON that validates against the spec schemas, keys in table order', () => {
    const problems: string[] = [];
    for (const file of apiFiles(built)) {
      const schema = schemaForFile(schemas, file);
      if (schema === null) {
        problems.push(`${file}: not a path any answer has`);
        continue;
      }
      const text = built.files.get(file)!;
      const body: unknown = JSON.parse(text);
      expect(JSON.stringify(body), file).toBe(text);
      problems.push(...conformanceProblems(schema, body).map((p) => `${file} ${p}`));
    }
    expect(problems).toEqual([]);
  });

  it('lies at the path its own address (path-style) routes to', () => {
    for (const file of apiFiles(built)) {
      const r = route(`/${file}`);
      expect(r.kind, file).toBe('api');
      if (r.kind !== 'api') continue;
      expect(r.file, file).toBe(file);
      expect(apiFilePath(r.request), file).toBe(file);
    }
  });

  it('holds exactly the bytes answer() gives, from the content and from the recorded build state', () => {
    for (const file of apiFiles(built)) {
      const r = route(`/${file}`);
      if (r.kind !== 'api') throw new Error(file);
      expect(serialize(answer(built.site, r.request)), file).toBe(built.files.get(file));
      expect(serialize(answer(served, r.request)), `${file} (served from _statuspress state)`).toBe(built.files.get(file));
    }
  });

  it('precompressed siblings decode to exactly the bytes of their file', () => {
    for (const [file, bytes] of built.raw) {
      if (!isCompressed(file)) continue;
      const original = file.replace(/\.(gz|br)$/, '');
      expect(built.files.has(original), `${file} without ${original}`).toBe(true);
      const decoded = file.endsWith('.gz') ? gunzipSync(bytes) : brotliDecompressSync(bytes);
      expect(decoded.toString('utf8'), file).toBe(built.files.get(original));
    }
  });

  it('has only api/ JSON files (and their compressed siblings), the HTML site, host files and the build state; the state is never routed to', () => {
    expect(apiFiles(built).filter((f) => !f.endsWith('.json'))).toEqual([]);
    const other = [...built.files.keys()].filter((f) => !f.startsWith('api/')).sort();
    const kinds = [
      /^(?:_headers|_redirects|_statuspress\/build\.json|_statuspress\/next-change|_statuspress\/nginx\.conf)$/, // host configuration and the build state
      /^(?:index\.html|404\.html|feed\.atom|maintenance\.ics|badges\/status\.svg|widget\.js)$/,
      /^notices\/\d+\/index\.html$/,
      /^components\/\d+\/(?:index\.html|data\.json|feed\.atom|maintenance\.ics)$/,
      /^badges\/components\/\d+\.svg$/,
      /^history\/(?:(?:unplanned|planned|general)\/)?(?:page\/\d+\/)?index\.html$/,
      /^assets\/[a-z-]+\.[0-9a-f]{10}\.(?:css|js|svg)$/,
      /^widget\/[A-Za-z-]+\.json$/, // the widget's texts, one file per language
    ];
    expect(other.filter((f) => !kinds.some((k) => k.test(f)))).toEqual([]);
    const r = route('/_statuspress/build.json');
    expect(r.kind).toBe('error');
    if (r.kind === 'error') expect(r.error.status).toBe(404);
  });
});
