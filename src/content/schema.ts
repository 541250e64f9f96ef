// The three content file kinds of DESIGN 2, field by field. Strict: an unknown key is an issue.
// Rules that depend on the notice type or on other files live in rules.ts and cross.ts, so they run
// even when a field here fails (zod skips refinements of an object with issues).
import * as z from 'zod';
import { NOTICE_TYPES } from '../types.js';
import { quote } from './quote.js';
import { describe, timestamp } from './timestamps.js';

/** Update ids are notice id × 1000 + 1..902; this keeps them safe integers. */
export const MAX_NOTICE_ID = 9_000_000_000_000;
/** Update ids 901 and 902 are the auto transitions' (see derive/updates.ts). */
export const MAX_UPDATES = 899;

/**
 * Text as it may reach a page, a feed or a terminal: no control characters but tab and line break.
 * (A raw one is refused when the file is read; these come from escapes such as "\0" in quotes.)
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;
const plain = z.string().refine((value) => !CONTROL.test(value), {
  error: (issue) => `${describe(issue.input)} holds a control character (from an escape such as \\0 or \\x07); remove it`,
});
const text = plain.regex(/\S/, { error: 'must not be empty; write some text' });
const positiveId = z
  .number()
  .int()
  .positive({ error: (issue) => `${describe(issue.input)} is not a valid id; ids are positive whole numbers` });

const baseUrl = z.string().transform((value, ctx): string => {
  const problem = urlProblem(value);
  if (problem === null) return value.replace(/\/+$/, '');
  ctx.addIssue({ code: 'custom', message: problem });
  return z.NEVER;
});

/**
 * The site's address is printed into every page, feed and API answer, so it must be a plain absolute
 * http(s) URL: no quotes, spaces, angle brackets or control characters that could break out of an
 * attribute or a JSON consumer's assumptions.
 */
function urlProblem(value: string): string | null {
  const example = 'write it like https://status.acme.com or https://acme.github.io/status';
  if (/\s/.test(value)) return `${quote(value)} contains spaces; ${example}`;
// eslint-disable-next-line no-control-regex -- finding control characters is the point
  const bad = /[\u0000-\u001f\u007f-\u009f"'<>`\\^{|}]/.exec(value);
  if (bad) return `${quote(value)} contains ${quote(bad[0])}, which a URL may not hold; ${example}`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `${quote(value)} is not an absolute URL; ${example}`;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return `${quote(value)} must start with https:// or http://`;
  if (!url.hostname) return `${quote(value)} has no host name; ${example}`;
  if (url.username || url.password) return 'must not carry a user name or password';
  if (value.includes('?') || value.includes('#')) return 'must not carry a query (?) or fragment (#); use the address of the status page itself';
  return null;
}

export const siteSchema = z.strictObject({
  name: text,
  url: baseUrl,
  created_at: timestamp,
  metrics: z.boolean().default(false),
  state_text: z
    .strictObject({ operational: text.optional(), degraded: text.optional(), 'under-maintenance': text.optional() })
    .optional(),
  transition_text: z.strictObject({ underway: text.optional(), complete: text.optional() }).optional(),
});

export const componentSchema = z.strictObject({
  id: positiveId,
  name: text,
  description: plain.default(''),
  parent_id: positiveId.nullable().optional(),
  position: z.number().int().nullable().optional(),
  metrics: z.boolean().default(true),
  created_at: timestamp,
  updated_at: timestamp.optional(),
});

const updateSchema = z.strictObject({
  at: timestamp,
  updated_at: timestamp.optional(),
  // Which states are allowed depends on the notice type: rules.ts checks it.
  state: z.unknown().optional(),
  content: text,
});

export const noticeSchema = z.strictObject({
  id: positiveId.max(MAX_NOTICE_ID, { error: `notice ids may be at most ${MAX_NOTICE_ID} (update ids are built from them)` }),
  type: z.enum(NOTICE_TYPES),
  subject: text,
  components: z.array(positiveId).default([]),
  tags: z.array(text).default([]),
  begins_at: timestamp.optional(),
  ends_at: timestamp.optional(),
  auto_transition: z.boolean().optional(),
  expires_at: timestamp.nullable().optional(),
  began_at: timestamp.nullable().optional(),
  ended_at: timestamp.nullable().optional(),
  impact_seconds: z
    .number()
    .int()
    .nonnegative({ error: 'must be 0 or more seconds' })
    .nullable()
    .optional(),
  updates: z
    .array(updateSchema)
    .min(1, { error: 'needs at least one update' })
    .max(MAX_UPDATES, { error: `at most ${MAX_UPDATES} updates per notice; start a new notice for a long-running story` }),
});

export type SiteData = z.output<typeof siteSchema>;
export type ComponentData = z.output<typeof componentSchema>;
export type NoticeData = z.output<typeof noticeSchema>;

/** The keys a strict object at `path` allows, for "did you mean" hints. */
export function knownKeys(schema: z.ZodType, path: readonly PropertyKey[]): string[] {
  let node: z.ZodType | undefined = unwrap(schema);
  for (const segment of path) {
    if (node instanceof z.ZodObject) node = unwrap((node.shape as Record<string, z.ZodType>)[String(segment)]);
    else if (node instanceof z.ZodArray) node = unwrap(node.element as z.ZodType);
    else return [];
  }
  return node instanceof z.ZodObject ? Object.keys(node.shape) : [];
}

function unwrap(schema: z.ZodType | undefined): z.ZodType | undefined {
  let node = schema;
  while (node instanceof z.ZodOptional || node instanceof z.ZodNullable || node instanceof z.ZodDefault) {
    node = node.unwrap() as z.ZodType;
  }
  return node;
}
