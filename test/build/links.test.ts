// Every link the API prints resolves: links.*.href, links.self, children href, meta.next_page
// and calculation_data_in_timeframe.notices.href all route to a request whose prebuilt file exists,
// or, for on-demand requests, that answer() answers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answer } from '../../src/render/answer.js';
import { route } from '../../src/routes/index.js';
import { apiFiles, buildScenario, SCENARIOS } from '../helpers/build.js';
import type { Built, Json, Scenario } from '../helpers/build.js';

/** Every printed link in a body: values of `href`, `self` and `next_page`, with where they were found. */
function links(body: Json, path = '$'): { link: string; at: string }[] {
  if (Array.isArray(body)) return body.flatMap((item, i) => links(item, `${path}[${i}]`));
  if (typeof body !== 'object' || body === null) return [];
  return Object.entries(body).flatMap(([key, value]) =>
    (key === 'href' || key === 'self' || key === 'next_page') && typeof value === 'string'
      ? [{ link: value, at: `${path}.${key}` }]
      : links(value, `${path}.${key}`),
  );
}

describe.each(Object.keys(SCENARIOS) as Scenario[])('%s: printed links', (scenario) => {
  let built: Built;
  beforeAll(async () => {
    built = await buildScenario(scenario);
  });
  afterAll(() => built?.cleanup());

  it('all resolve to a prebuilt file (or an on-demand answer)', () => {
    const problems: string[] = [];
    let checked = 0;
    for (const file of apiFiles(built)) {
      for (const { link, at } of links(built.json(file))) {
        checked++;
        const r = route(link);
        if (r.kind !== 'api') {
          problems.push(`${file} ${at} ${link}: routes to ${r.kind}${r.kind === 'error' ? ` ${r.error.status} ${r.error.message}` : ''}`);
        } else if (r.file !== null) {
          if (!built.files.has(r.file)) problems.push(`${file} ${at} ${link}: ${r.file} is not in the output`);
        } else {
          try {
            answer(built.site, r.request);
          } catch (error) {
            problems.push(`${file} ${at} ${link}: on demand: ${(error as Error).message}`);
          }
        }
      }
    }
    expect(problems).toEqual([]);
    expect(checked).toBeGreaterThan(0);
  });

  it('page links have the spec shapes and counts that match the lists they point to', () => {
    const { page } = built.json('api/v1/status.json');
    expect(page.links.components.href).toBe('/v1/components');
    expect(page.links.notices.href).toBe('/v1/notices');
    expect(built.get(page.links.components.href).meta.total_count).toBe(page.links.components.count);
    expect(built.get(page.links.notices.href).meta.total_count).toBe(page.links.notices.count);
  });

  it('children links list exactly links.children.count children of that component', () => {
    const components = built.get('/api/v1/components').components as Json[];
    for (const c of components) {
      expect(c.links.children.href).toBe(`/api/v1/components?filter[parent_id_eq]=${c.id}`);
      const children = built.get(c.links.children.href);
      expect(children.meta.total_count, `children of ${c.id}`).toBe(c.links.children.count);
      for (const child of children.components) expect(child.parent_id).toBe(c.id);
    }
  });

  it('notice links.self is /api/notices/<id> and leads to that notice; url is {base_url}/notices/<id>/', () => {
    const base = built.json('api/v1/status.json').page.url as string;
    for (const file of apiFiles(built).filter((f) => /^api\/v1\/notices\/q\/(type_eq=[a-z]+\/)?page=\d+\.json$/.test(f))) {
      for (const n of built.json(file).notices) {
        expect(n.links.self).toBe(`/api/notices/${n.id}`);
        expect(built.get(n.links.self).notice.id).toBe(n.id);
        expect(n.url).toBe(`${base}/notices/${n.id}/`);
      }
    }
  });
});
