// zod schemas of every Status Reporting API answer, written from the spec's tables and the rules
// docs/api.md adds (metrics words, the error answer), independently of src/: a test that validates
// output against these is checking the implementation against the spec, not against itself.
//
// - Objects are strict: an extra key is an error, and a missing one too (exact key sets per type).
// - Each object's keys are declared in the order of the spec's table, so `keyOrderProblems` can check
//   the order of the output against the schema ("Field names, nesting and order as the spec's tables").
// - `apiSchemas({ metrics })` builds the schemas of one variant: `metrics_summary` and `impact_time`
//   exist only on a metrics site.
import { z } from 'zod';
import { statuspageSchemaForFile } from './statuspage.js';

export const TIMESTAMP_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
export const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

export const PAGE_STATES = ['operational', 'degraded', 'under-maintenance'] as const;
export const NOTICE_TYPES = ['general', 'planned', 'unplanned'] as const;
export const TIMELINE_STATES = ['future', 'present', 'past_recent', 'past_distant'] as const;
export const UNPLANNED_STATES = ['investigating', 'identified', 'recovering', 'resolved', 'false_alarm'] as const;
export const PLANNED_STATES = ['scheduled', 'underway', 'complete', 'cancelled'] as const;
export const PAGE_SIZE = 25;

type NoticeType = (typeof NOTICE_TYPES)[number];

/** `YYYY-MM-DDThh:mm:ss.sssZ`, and a real instant (not 2026-02-31). */
export const timestamp = z
  .string()
  .regex(TIMESTAMP_RE, 'timestamp must be YYYY-MM-DDThh:mm:ss.sssZ')
  .refine((s) => !Number.isNaN(Date.parse(s)) && new Date(s).toISOString() === s, 'not a real UTC timestamp');

/** `yyyy-mm-dd`, and a real day. */
export const date = z
  .string()
  .regex(DATE_RE, 'date must be yyyy-mm-dd')
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), 'not a real date');

const id = z.int().positive();
const count = z.int().nonnegative();
const absoluteUrl = z.string().regex(/^https?:\/\/[^\s?#]+(\?[^\s#]*)?$/, 'must be an absolute http(s) URL');
const pageState = z.enum(PAGE_STATES);
/** date-fns formatDuration over days/hours/minutes/seconds, or `0 seconds`: the metrics' `words`. */
const durationWords = z
  .string()
  .regex(/^(0 seconds|[1-9]\d* (day|hour|minute|second)s?( [1-9]\d* (day|hour|minute|second)s?)*)$/, 'duration words');
/** Floored to two decimals, e.g. `97.26%`. */
const percentWords = z.string().regex(/^(100|[1-9]?\d)\.\d{2}%$/, 'percent words like 97.26%');

const duration = z.strictObject({ seconds: count, words: durationWords });

/** `next_page`: a relative path with a `page` query parameter ≥ 2, or null. */
const nextPage = (collection: 'components' | 'notices') =>
  z
    .string()
    .regex(new RegExp(`^/api/v1/${collection}\\?([^\\s&]+&)*page=([2-9]|[1-9]\\d+)$`), `next_page of ${collection}`)
    .nullable();

/** The pagination envelope's `meta`: count, total_count, next_page; at most 25 records a page. */
const meta = (collection: 'components' | 'notices') =>
  z
    .strictObject({ count: count.max(PAGE_SIZE), total_count: count, next_page: nextPage(collection) })
    .refine((m) => m.count <= m.total_count, 'meta.count exceeds meta.total_count');

const envelope = <T extends z.ZodType>(collection: 'components' | 'notices', item: T) => {
  const shape = { [collection]: z.array(item).max(PAGE_SIZE), meta: meta(collection) } as Record<string, z.ZodType>;
  return z.strictObject(shape).refine(
    (body) => (body[collection] as unknown[]).length === (body.meta as { count: number }).count,
    'meta.count is not the number of records on the page',
  );
};

/** The `href` of calculation_data_in_timeframe.notices: the notice list filtered by component and timeframe. */
const metricsNoticesHref = z.string().superRefine((href, ctx) => {
  const fail = (message: string): void => ctx.addIssue({ code: 'custom', message: `${message}: ${href}` });
  if (!href.startsWith('/api/v1/notices?')) return fail('not a notice list path');
  const params = new URLSearchParams(href.slice(href.indexOf('?') + 1));
  const ids = params.getAll('filter[metrics_component_id]');
  if (ids.length !== 1 || !/^[1-9]\d*$/.test(ids[0]!)) fail('needs one filter[metrics_component_id]');
  const overlaps = params.getAll('filter[impact_timeframe_overlaps][]');
  if (overlaps.length !== 2 || !overlaps.every((t) => TIMESTAMP_RE.test(t))) {
    fail('needs two filter[impact_timeframe_overlaps][] timestamps');
  } else if (Date.parse(overlaps[0]!) > Date.parse(overlaps[1]!)) {
    fail('timeframe end before start');
  }
});

export interface Variant {
  metrics: boolean;
}

/** Update: `{id, state?, content, created_at, updated_at}`; `state` only on unplanned/planned. */
function updateSchema(type: NoticeType) {
  const state =
    type === 'unplanned'
      ? { state: z.enum(UNPLANNED_STATES) }
      : type === 'planned'
        ? { state: z.enum(PLANNED_STATES) }
        : {};
  return z.strictObject({ id, ...state, content: z.string(), created_at: timestamp, updated_at: timestamp });
}

/** A component embedded in a notice detail: no links, no metrics_summary. */
export const embeddedComponent = z.strictObject({
  id,
  state: pageState,
  name: z.string(),
  description: z.string(),
  parent_id: id.nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});

function noticeSchema(type: NoticeType, view: 'list' | 'detail', { metrics }: Variant) {
  const update = updateSchema(type);
  const common = {
    id,
    type: z.literal(type),
    timeline_state: z.enum(TIMELINE_STATES),
    subject: z.string(),
    url: absoluteUrl.regex(/\/notices\/[1-9]\d*\/$/, 'notice url is {base_url}/notices/<id>/'),
    tag_list: z.array(z.string()),
    created_at: timestamp,
    updated_at: timestamp,
    links: z.strictObject({ self: z.string().regex(/^\/api\/notices\/[1-9]\d*$/, 'links.self is /api/notices/<id>') }),
  };
  const listOnly = view === 'list' ? { latest_update: update } : {};
  const typed =
    type === 'general'
      ? {}
      : {
          state: type === 'unplanned' ? z.enum(UNPLANNED_STATES) : z.enum(PLANNED_STATES),
          began_at: timestamp.nullable(),
          ended_at: timestamp.nullable(),
        };
  const planned = type === 'planned' ? { begins_at: timestamp, ends_at: timestamp } : {};
  const impact = type === 'unplanned' && metrics ? { impact_time: duration } : {};
  const detailOnly = view === 'detail' ? { components: z.array(embeddedComponent), updates: z.array(update).min(1) } : {};
  return z.strictObject({ ...common, ...listOnly, ...typed, ...planned, ...impact, ...detailOnly });
}

function metricsResultSchema(calculations: boolean) {
  const calc = calculations ? { calculation: z.string().min(1) } : {};
  const figure = z.strictObject({ seconds: count, words: durationWords, ...calc });
  return z.strictObject({
    component: z.strictObject({ id, name: z.string() }),
    timeframe_start: date,
    timeframe_end: date,
    percentage_uptime: z.strictObject({ percent: z.number().min(0).max(100), words: percentWords, ...calc }),
    mean_time_to_recovery: figure,
    mean_time_between_failures: figure,
    url: absoluteUrl.regex(
      /\/components\/[1-9]\d*\/\?timeframe_start=\d{4}-\d{2}-\d{2}&timeframe_end=\d{4}-\d{2}-\d{2}$/,
      'metrics url is {base_url}/components/<id>/?timeframe_start=<date>&timeframe_end=<date>',
    ),
    ...(calculations
      ? {
          calculation_data_in_timeframe: z.strictObject({
            total_time: duration,
            total_impact_time: duration,
            notices: z.strictObject({ href: metricsNoticesHref, count }),
          }),
        }
      : {}),
  });
}

/** `{error: {status, code, message}}`, every error answer (docs/errors.md lists them). */
export const errorBody = z.strictObject({
  error: z.strictObject({
    status: z.int().min(400).max(599),
    code: z.enum(['not_found', 'bad_request', 'method_not_allowed', 'rate_limited']),
    message: z.string().min(1),
  }),
});

export function apiSchemas(variant: Variant) {
  const page = z.strictObject({
    name: z.string(),
    state: pageState,
    state_text: z.string().min(1),
    url: absoluteUrl,
    links: z.strictObject({
      components: z.strictObject({ href: z.literal('/v1/components'), count }),
      notices: z.strictObject({ href: z.literal('/v1/notices'), count }),
    }),
    created_at: timestamp,
    updated_at: timestamp,
  });

  const metricsSummary = z.strictObject({
    timeframe_start: date,
    timeframe_end: date,
    percentage_uptime: z.strictObject({ percent: z.number().min(0).max(100), words: percentWords }),
    url: absoluteUrl.regex(/\/components\/[1-9]\d*\/$/, 'summary url is {base_url}/components/<id>/'),
  });

  const listComponent = z.strictObject({
    id,
    state: pageState,
    name: z.string(),
    description: z.string(),
    parent_id: id.nullable(),
    ...(variant.metrics ? { metrics_summary: metricsSummary.nullable() } : {}),
    links: z.strictObject({
      children: z.strictObject({
        href: z.string().regex(/^\/api\/v1\/components\?filter\[parent_id_eq\]=[1-9]\d*$/, 'children href'),
        count,
      }),
    }),
    created_at: timestamp,
    updated_at: timestamp,
  });

  const listNotice = z.discriminatedUnion('type', [
    noticeSchema('unplanned', 'list', variant),
    noticeSchema('planned', 'list', variant),
    noticeSchema('general', 'list', variant),
  ]);
  const detailNotice = z.discriminatedUnion('type', [
    noticeSchema('unplanned', 'detail', variant),
    noticeSchema('planned', 'detail', variant),
    noticeSchema('general', 'detail', variant),
  ]);

  return {
    page,
    status: z.strictObject({ page }),
    listComponent,
    componentList: envelope('components', listComponent),
    embeddedComponent,
    listNotice,
    detailNotice,
    noticeList: envelope('notices', listNotice),
    noticeDetail: z.strictObject({ notice: detailNotice }),
    update: { unplanned: updateSchema('unplanned'), planned: updateSchema('planned'), general: updateSchema('general') },
    metricsResult: metricsResultSchema(false),
    metricsResultWithCalculations: metricsResultSchema(true),
    error: errorBody,
  };
}

export type ApiSchemas = ReturnType<typeof apiSchemas>;

/**
 * The schema of a prebuilt file, by its path relative to the output folder; null for a path no answer
 * has. The Statuspage-compatible answers under `api/v2/` have Statuspage's schemas (statuspage.ts).
 */
export function schemaForFile(schemas: ApiSchemas, file: string): z.ZodType | null {
  if (file.startsWith('api/v2/')) return statuspageSchemaForFile(file);
  if (file === 'api/v1/status.json') return schemas.status;
  // `past-the-end.json`: the empty page static hosts serve after a list's last page.
  if (/^api\/v1\/components\/q\/(.+\/)?(page=[1-9]\d*|past-the-end)\.json$/.test(file)) return schemas.componentList;
  if (/^api\/v1\/notices\/q\/(.+\/)?(page=[1-9]\d*|past-the-end)\.json$/.test(file)) return schemas.noticeList;
  if (/^api\/v1\/notices\/[1-9]\d*\.json$/.test(file)) return schemas.noticeDetail;
  if (/^api\/v1\/components\/[1-9]\d*\/metrics\.json$/.test(file)) return schemas.metricsResult;
  if (/^api\/v1\/components\/[1-9]\d*\/metrics\/show_calculations=true\.json$/.test(file)) {
    return schemas.metricsResultWithCalculations;
  }
  return null;
}

/**
 * Where the keys of `value` are not in the order the schema declares them (the spec's table order).
 * Walks objects, arrays, nullables, optionals and unions (the option that accepts the value).
 */
export function keyOrderProblems(schema: z.ZodType, value: unknown, path = '$'): string[] {
  if (schema instanceof z.ZodNullable || schema instanceof z.ZodOptional) {
    if (value === null || value === undefined) return [];
    return keyOrderProblems(schema.unwrap() as z.ZodType, value, path);
  }
  if (schema instanceof z.ZodUnion) {
    const option = (schema.options as z.ZodType[]).find((o) => o.safeParse(value).success);
    return option ? keyOrderProblems(option, value, path) : [];
  }
  if (schema instanceof z.ZodArray) {
    if (!Array.isArray(value)) return [];
    return value.flatMap((item, i) => keyOrderProblems(schema.element as z.ZodType, item, `${path}[${i}]`));
  }
  if (schema instanceof z.ZodObject) {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return [];
    const shape = schema.shape as Record<string, z.ZodType>;
    const actual = Object.keys(value);
    const expected = Object.keys(shape).filter((k) => Object.hasOwn(value, k));
    const problems =
      actual.join(',') === expected.join(',') ? [] : [`${path}: keys in order [${actual.join(', ')}], spec order [${expected.join(', ')}]`];
    for (const key of expected) problems.push(...keyOrderProblems(shape[key]!, (value as Record<string, unknown>)[key], `${path}.${key}`));
    return problems;
  }
  return [];
}

/** Every problem of a body against a schema: zod issues (with paths) and key-order problems. */
export function conformanceProblems(schema: z.ZodType, value: unknown): string[] {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    return parsed.error.issues.map((i) => `$${i.path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`)).join('')}: ${i.message}`);
  }
  return keyOrderProblems(schema, value);
}
