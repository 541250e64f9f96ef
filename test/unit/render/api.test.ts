// renderApi() on an in-memory site bigger than the fixtures: more than 25 components, more than 25
// notices counted toward one component's metrics. Every printed link (next_page of the metrics notice
// lists included) must lead to a rendered file.
import { describe, expect, it } from 'vitest';
import { deriveSite } from '../../../src/derive/index.js';
import { renderApi } from '../../../src/render/api.js';
import { route } from '../../../src/routes/index.js';
import { apiSchemas, conformanceProblems, schemaForFile } from '../../schemas/api.js';
import { component, content, ms, unplanned, uu } from '../../helpers/content.js';

const NOW = ms('2026-11-20T12:00:00Z');

// 1 with 29 children (30 components); 30 short incidents on child 2 inside the default window.
const components = [component(1), ...Array.from({ length: 29 }, (_, i) => component(i + 2, { parentId: 1 }))];
const notices = Array.from({ length: 30 }, (_, i) => {
  const start = ms('2026-11-01T00:00:00Z') + i * 3_600_000;
  return unplanned(i + 1, [uu(new Date(start).toISOString(), 'investigating'), uu(new Date(start + 600_000).toISOString(), 'resolved')], {
    components: [2],
  });
});
const site = deriveSite(content({ components, notices }), NOW);
const files = new Map([...renderApi(site)].map((f) => [f.path, String(f.contents)]));

function links(body: unknown): string[] {
  if (Array.isArray(body)) return body.flatMap(links);
  if (typeof body !== 'object' || body === null) return [];
  return Object.entries(body).flatMap(([k, v]) => ((k === 'href' || k === 'self' || k === 'next_page') && typeof v === 'string' ? [v] : links(v)));
}

describe('renderApi on a larger site', () => {
  it('renders valid answers only', () => {
    const schemas = apiSchemas({ metrics: true });
    const problems: string[] = [];
    for (const [path, text] of files) {
      const schema = schemaForFile(schemas, path);
      if (!schema) problems.push(`${path}: unexpected`);
      else problems.push(...conformanceProblems(schema, JSON.parse(text)).map((p) => `${path} ${p}`));
    }
    expect(problems).toEqual([]);
  });

  it('every printed link leads to a rendered file', () => {
    const missing: string[] = [];
    for (const [path, text] of files) {
      for (const link of links(JSON.parse(text))) {
        const r = route(link);
        if (r.kind !== 'api' || r.file === null || !files.has(r.file)) missing.push(`${path}: ${link}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('pages the metrics notice list of a component with 30 counted notices', () => {
    for (const id of [1, 2]) {
      const calc = JSON.parse(files.get(`api/v1/components/${id}/metrics/show_calculations=true.json`)!);
      expect(calc.calculation_data_in_timeframe.notices.count).toBe(30);
      const r = route(calc.calculation_data_in_timeframe.notices.href);
      if (r.kind !== 'api' || r.file === null) throw new Error('route');
      const first = JSON.parse(files.get(r.file)!);
      expect(first.meta.total_count).toBe(30);
      expect(first.meta.next_page).toMatch(/^\/api\/v1\/notices\?filter\[metrics_component_id\]=\d+&filter\[impact_timeframe_overlaps\]\[\]=.+&page=2$/);
    }
    // 30 incidents of 10 minutes each: 18000 s.
    expect(JSON.parse(files.get('api/v1/components/2/metrics/show_calculations=true.json')!).calculation_data_in_timeframe.total_impact_time).toEqual({
      seconds: 18000,
      words: '5 hours',
    });
  });

  it('pages the component lists', () => {
    expect(JSON.parse(files.get('api/v1/components/q/page=2.json')!).meta).toEqual({ count: 5, total_count: 30, next_page: null });
    expect(JSON.parse(files.get('api/v1/components/q/parent_id_eq=1/page=2.json')!).meta).toEqual({ count: 4, total_count: 29, next_page: null });
    expect(files.has('api/v1/components/q/page=3.json')).toBe(false);
  });
});
