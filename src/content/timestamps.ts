// Content timestamps: ISO 8601 in the extended form (`2026-11-20T10:05:00Z`), carrying a zone.
// Anything else is reported, never guessed; the basic form `20261120T100500Z` is not a content
// timestamp (statuspress writes it only into file names).
import * as z from 'zod';
import { CONTENT } from '../errors/content.js';
import { say } from '../errors/entry.js';
import type { IssueWords } from '../errors/error.js';
import { formatTimestamp, parseBasicTimestamp, parseTimestamp } from '../util/time.js';
import { zodMessage } from './messages.js';

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
// Date and time but no zone: the reader's local time would be a guess, so it is refused.
const NO_ZONE = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;
const SHAPED = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

export type TimestampResult = { ok: true; value: number } | ({ ok: false } & IssueWords);

/** Epoch ms of a content timestamp, or the problem: what is wrong and how to write it. */
export function checkTimestamp(value: unknown): TimestampResult {
  if (value === undefined) return fail(say(CONTENT.timestampMissing));
  if (value === null) return fail(say(CONTENT.timestampEmpty));
  // Only a `%YAML 1.1` directive or a `!!timestamp` tag produces a Date, and both drop the zone as written.
  if (value instanceof Date) return fail(say(CONTENT.timestampTagged));
  if (typeof value !== 'string') return fail(say(CONTENT.notATimestamp, { value }));
  const text = value.trim();
  const parsed = parseTimestamp(text);
  if (parsed !== null) return { ok: true, value: parsed };
  if (DATE_ONLY.test(text)) return fail(say(CONTENT.timestampDateOnly, { value }));
  const basic = parseBasicTimestamp(text);
  if (basic !== null) return fail(say(CONTENT.timestampBasicForm, { value, extended: utcText(basic) }));
  if (NO_ZONE.test(text)) return fail(say(CONTENT.timestampWithoutZone));
  if (SHAPED.test(text)) {
    return parseTimestamp(text, { anyYear: true }) === null
      ? fail(say(CONTENT.timestampNotReal, { value }))
      : fail(say(CONTENT.timestampOutOfYears, { value }));
  }
  return fail(say(CONTENT.notATimestamp, { value }));
}

/** A time as messages show it: UTC, without milliseconds when there are none (`2026-11-20T10:05:00Z`). */
export const utcText = (ms: number): string => formatTimestamp(ms).replace(/\.000Z$/, 'Z');

const fail = (words: IssueWords): TimestampResult => ({ ok: false, ...words });

/** A required timestamp field: outputs epoch ms. */
export const timestamp = z.unknown().transform((value, ctx): number => {
  const result = checkTimestamp(value);
  if (result.ok) return result.value;
  ctx.addIssue({ code: 'custom', message: zodMessage(result) });
  return z.NEVER;
});
