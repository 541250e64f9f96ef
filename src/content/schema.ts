// The three content file kinds (site.yaml, a component, a notice), field by field, as docs/content.md
// describes them. Strict: an unknown key is an issue. Each check with its own wording names its
// entry of the catalogue. Rules that depend on the notice type or on other files live in rules.ts and
// cross.ts, so they run even when a field here fails (zod skips refinements of an object with issues).
import * as z from 'zod';
import { CONTENT } from '../errors/content.js';
import { trimEndOf } from '../util/text.js';
import { say } from '../errors/entry.js';
import type { ParamsOf } from '../errors/entry.js';
import { IMPACTS, MAINTENANCE_SPELLINGS, NOTICE_TYPES, NOTIFY_EVENTS, NOTIFY_TYPES } from './types.js';
import { MAX_LOCALES } from '../util/limits.js';
import { MAX_NOTICE_ID, MAX_UPDATES } from './update-ids.js';
import { checkLocale, checkTimeZone, DEFAULT_LOCALE, DEFAULT_TIME_ZONE } from '../i18n/check.js';
import { zodMessage } from './messages.js';
import { unprintable, UNPRINTABLE_WORDS } from './printable.js';
import { timestamp } from './timestamps.js';

/**
 * Text as it may reach a page, a feed or a terminal (printable.ts): no control characters but tab
 * and line break, no U+FFFE or U+FFFF, no lone surrogate. (A raw control character is refused when
 * the file is read; these come from escapes such as "\0", "\uFFFE" or "\uD800" in quotes.)
 */
const plain = z.string().superRefine((value, ctx) => {
  const kind = unprintable(value);
  if (kind !== null) ctx.addIssue({ code: 'custom', message: zodMessage(say(UNPRINTABLE_WORDS[kind], { value })) });
});
const text = plain.regex(/\S/, { error: zodMessage(say(CONTENT.emptyText)) });
const positiveId = z
  .number()
  .int()
  .positive({ error: (issue) => zodMessage(say(CONTENT.badId, { value: issue.input })) });

const baseUrl = z.string().transform((value, ctx): string => {
  const problem = urlProblem(value);
  if (problem === null) return trimEndOf(value, '/');
  ctx.addIssue({ code: 'custom', message: zodMessage(say(CONTENT.badUrl, problem)) });
  return z.NEVER;
});

/**
 * The site's address is printed into every page, feed and API answer, so it must be a plain absolute
 * http(s) URL: no quotes, spaces, angle brackets or control characters that could break out of an
 * attribute or a JSON consumer's assumptions.
 */
function urlProblem(value: string): ParamsOf<typeof CONTENT.badUrl>[0] | null {
  if (/\s/.test(value)) return { problem: 'spaces', value };
  // Quotes and brackets could leave an attribute; invisible and direction-changing characters would
  // make the address read as another in a browser's bar or an API answer.
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  const bad = /[\u0000-\u001f\u007f-\u009f"'<>`\\^{|}\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff\ufffe\uffff]/.exec(value);
  if (bad) return { problem: 'character', value, char: bad[0] };
  // As written, not as the URL parser would mend it: `https:status.acme.com` and `https:///x` are not addresses.
  if (!/^https?:\/\/[^/?#@]/i.test(value)) return /^[a-z][a-z0-9+.-]*:/i.test(value) && !/^https?:/i.test(value) ? { problem: 'scheme', value } : { problem: 'not-absolute', value };
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { problem: 'not-absolute', value };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { problem: 'scheme', value };
  if (!url.hostname) return { problem: 'no-host', value };
  if (url.username || url.password) return { problem: 'credentials' };
  if (value.includes('?') || value.includes('#')) return { problem: 'query' };
  return null;
}

/**
 * A target of `statuspress notify`. The variables' names are checked by notify.ts (siteRules), whose
 * messages never repeat what was written: it may be the secret itself.
 */
const notifyTarget = z.strictObject({
  type: z.enum(NOTIFY_TYPES),
  url_env: z.string(),
  secret_env: z.string().optional(),
  events: z.array(z.enum(NOTIFY_EVENTS)).optional(),
  // email only (notify.ts says so): the variable holding the recipients, and the sender.
  to_env: z.string().optional(),
  from: text.optional(),
  // Unknown ids are reported by cross.ts, at their line.
  components: z.array(positiveId).optional(),
  // `24h`, `90m`, `2d`, or false; notify.ts checks the text (reminderMs).
  reminder: z.union([z.literal(false), z.string()]).optional(),
  // The one audience whose events it gets (audiences.ts checks the name); none: the public's.
  audience: z.string().optional(),
});

/**
 * `audience: staff` or `audience: [staff, partners]` on a component or notice: the audiences it
 * belongs to, the public not among them (audiences.ts checks the names against site.yaml's).
 */
const audience = z.union([z.string(), z.array(z.string()).min(1)]).optional();

/** An audience of site.yaml's `audiences`: its site's name and address, and the password file its host files require. */
const audienceSite = z.strictObject({
  name: text.optional(),
  url: baseUrl,
  // Printed into an nginx configuration: no space, quote, semicolon or brace could end the directive.
  password_file: z
    .string()
    .regex(/^\/[^\s;{}'"\\]+$/, { error: zodMessage(say(CONTENT.badPasswordFile)) })
    .optional(),
});

/** The sign-up page of a mailing list: as the site's url, but a query is allowed (`?list=status`). */
const subscribeUrl = z.string().transform((value, ctx): string => {
  const problem = urlProblem(value);
  if (problem === null || problem.problem === 'query') return value;
  ctx.addIssue({ code: 'custom', message: zodMessage(say(CONTENT.badSubscribeUrl, problem)) });
  return z.NEVER;
});

/**
 * `translations: {de: {...}}`: by locale, the texts of one place in other languages. Which locales
 * and which keys may appear is checked by translations.ts, with the site's `locales` at hand.
 */
const translations = <T extends z.ZodType>(value: T) => z.record(z.string(), value).optional();
const stateText = z.strictObject({ operational: text.optional(), degraded: text.optional(), 'under-maintenance': text.optional() });

export const siteSchema = z.strictObject({
  name: text,
  url: baseUrl,
  created_at: timestamp,
  metrics: z.boolean().default(false),
  state_text: stateText.optional(),
  transition_text: z.strictObject({ underway: text.optional(), complete: text.optional() }).optional(),
  maintenance_spelling: z.enum(MAINTENANCE_SPELLINGS).default('under-maintenance'),
  locale: z.string().default(DEFAULT_LOCALE).superRefine((value, ctx) => {
    const problem = checkLocale(value);
    if (problem) ctx.addIssue({ code: 'custom', message: zodMessage(say(CONTENT.badLocale, problem)) });
  }),
  time_zone: z.string().default(DEFAULT_TIME_ZONE).superRefine((value, ctx) => {
    const problem = checkTimeZone(value);
    if (problem) ctx.addIssue({ code: 'custom', message: zodMessage(say(CONTENT.badTimeZone, problem)) });
  }),
  notify: z.array(notifyTarget).optional(),
  subscribe_url: subscribeUrl.optional(),
  // translations.ts reports a tag statuspress does not ship (at the same path, so this adds no
  // second message); refused here too, so an invalid tag never reaches the model's catalogue.
  locales: z
    .array(z.string().refine((tag) => checkLocale(tag) === null))
    .min(1, { error: zodMessage(say(CONTENT.localesEmpty)) })
    .max(MAX_LOCALES, { error: (issue) => zodMessage(say(CONTENT.tooManyLocales, { count: (issue.input as unknown[]).length, max: MAX_LOCALES })) })
    .optional(),
  translations: translations(z.strictObject({ state_text: stateText.optional() })),
  // Names are checked by audiences.ts, at their key.
  audiences: z.record(z.string(), audienceSite).optional(),
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
  audience,
  translations: translations(z.strictObject({ name: text.optional(), description: plain.optional() })),
});

/** An update's translation: its content itself, as text; a mapping, as a notice's translation is, is named as that mistake. */
const updateTranslation = z
  .string({ error: (issue) => (typeof issue.input === 'object' && issue.input !== null && !Array.isArray(issue.input) ? zodMessage(say(CONTENT.updateTranslationNotText)) : undefined) })
  .pipe(text);

const updateSchema = z.strictObject({
  at: timestamp,
  updated_at: timestamp.optional(),
  // Which states are allowed depends on the notice type: rules.ts checks it.
  state: z.unknown().optional(),
  content: text,
  // Dated ahead on purpose (an announcement written early): validate refuses an update far ahead of now without it.
  withheld: z.literal(true, { error: zodMessage(say(CONTENT.withheldTrue)) }).optional(),
  translations: translations(updateTranslation),
});

export const noticeSchema = z.strictObject({
  id: positiveId.max(MAX_NOTICE_ID, { error: zodMessage(say(CONTENT.noticeIdTooLarge, { max: MAX_NOTICE_ID })) }),
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
    .nonnegative({ error: zodMessage(say(CONTENT.negativeImpact)) })
    .nullable()
    .optional(),
  impact: z.enum(IMPACTS).nullable().optional(),
  updates: z
    .array(updateSchema)
    .min(1, { error: zodMessage(say(CONTENT.noUpdates)) })
    .max(MAX_UPDATES, { error: zodMessage(say(CONTENT.tooManyUpdates, { max: MAX_UPDATES })) }),
  // Incidents only, and not before the first update: rules.ts checks both.
  postmortem: z.strictObject({ at: timestamp, content: text }).optional(),
  audience,
  translations: translations(z.strictObject({ subject: text.optional() })),
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
    else if (node instanceof z.ZodRecord) node = unwrap(node.valueType as z.ZodType);
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
