// Filtering and pagination through answer() on in-memory sites larger than the fixtures.
import { describe, expect, it } from 'vitest';
import { deriveSite } from '../../../src/derive/index.js';
import { answer } from '../../../src/render/answer.js';
import { route } from '../../../src/routes/index.js';
import { component, content, general, ms } from '../../helpers/content.js';

const NOW = ms('2026-11-20T12:00:00Z');

// 1 top-level parent with 30 children (ids 2..31, positions reversed), and 32 alone.
const components = [
  component(1),
  ...Array.from({ length: 30 }, (_, i) => component(i + 2, { parentId: 1, position: 30 - i })),
  component(32),
];
const site = deriveSite(content({ components }), NOW);

function get(url: string): { components: { id: number }[]; meta: { count: number; total_count: number; next_page: string | null } } {
  const r = route(url);
  if (r.kind !== 'api') throw new Error(url);
  return answer(site, r.request) as never;
}

describe('component pages', () => {
  it('cuts the pre-order into pages of 25 and keeps the order across pages', () => {
    const first = get('/api/v1/components');
    expect(first.meta).toEqual({ count: 25, total_count: 32, next_page: '/api/v1/components?page=2' });
    const second = get(first.meta.next_page!);
    expect(second.meta).toEqual({ count: 7, total_count: 32, next_page: null });
    const children = Array.from({ length: 30 }, (_, i) => 31 - i); // position 1 is id 31
    expect([...first.components, ...second.components].map((c) => c.id)).toEqual([1, ...children, 32]);
  });

  it('keeps the filters in next_page', () => {
    const first = get('/api/v1/components?filter[parent_id_eq]=1');
    expect(first.meta).toEqual({
      count: 25,
      total_count: 30,
      next_page: '/api/v1/components?filter[parent_id_eq]=1&page=2',
    });
    expect(get(first.meta.next_page!).meta).toEqual({ count: 5, total_count: 30, next_page: null });
    const both = get('/api/v1/components?filter[parent_id_eq]=1&filter[parent_id_null]=false');
    expect(both.meta.next_page).toBe('/api/v1/components?filter[parent_id_null]=false&filter[parent_id_eq]=1&page=2');
  });

  it('answers a page past the end with an empty list', () => {
    expect(get('/api/v1/components?page=4')).toEqual({ components: [], meta: { count: 0, total_count: 32, next_page: null } });
  });

  it('answers 404 for filter[parent_id_eq] of an unknown component', () => {
    const r = route('/api/v1/components?filter[parent_id_eq]=99');
    if (r.kind !== 'api') throw new Error('route');
    expect(() => answer(site, r.request)).toThrow(expect.objectContaining({ status: 404, message: expect.stringContaining('99') }));
  });
});

describe('notice pages', () => {
  it('a collection of exactly 50 has two full pages and no third', () => {
    const notices = Array.from({ length: 50 }, (_, i) => general(i + 1, [{ at: new Date(ms('2026-11-01T00:00:00Z') + i * 60_000).toISOString() }]));
    const s = deriveSite(content({ notices }), NOW);
    const page = (n: number) => {
      const r = route(`/api/v1/notices?page=${n}`);
      if (r.kind !== 'api') throw new Error('route');
      return answer(s, r.request) as { notices: { id: number }[]; meta: unknown };
    };
    expect(page(1).meta).toEqual({ count: 25, total_count: 50, next_page: '/api/v1/notices?page=2' });
    expect(page(2).meta).toEqual({ count: 25, total_count: 50, next_page: null });
    expect(page(2).notices.map((n) => n.id)).toEqual(Array.from({ length: 25 }, (_, i) => 25 - i));
    expect(page(3).notices).toEqual([]);
  });
});
