// Content timestamps: ISO 8601 text that carries a zone. Anything else is reported, never guessed.
import * as z from 'zod';
import { parseTimestamp } from '../time.js';
import { quote } from './quote.js';

const EXAMPLE = '2026-11-20T10:05:00Z';
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
// Date and time but no zone: the reader's local time would be a guess, so it is refused.
const NO_ZONE = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;
const SHAPED = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

export type TimestampResult = { ok: true; value: number } | { ok: false; message: string };

/** Epoch ms of a content timestamp, or a message saying what is wrong and how to write it. */
export function checkTimestamp(value: unknown): TimestampResult {
  if (value === undefined) return fail(`missing; add a timestamp with a time zone, e.g. ${EXAMPLE}`);
  if (value === null) return fail(`empty; write a timestamp with a time zone, e.g. ${EXAMPLE}`);
  if (value instanceof Date) {
    // Only a `%YAML 1.1` directive or a `!!timestamp` tag produces a Date, and both drop the zone as written.
    return fail(`write the timestamp as plain text with a time zone (e.g. ${EXAMPLE}), without a !!timestamp tag or %YAML 1.1 directive`);
  }
  if (typeof value !== 'string') return fail(`expected a timestamp like ${EXAMPLE}, got ${describe(value)}`);
  const text = value.trim();
  const parsed = parseTimestamp(text);
  if (parsed !== null) return { ok: true, value: parsed };
  if (DATE_ONLY.test(text)) return fail(`${quote(value)} is a date without a time; write e.g. ${text}T00:00:00Z`);
  if (NO_ZONE.test(text)) return fail(`timestamp needs a time zone, e.g. ${EXAMPLE}`);
  if (SHAPED.test(text)) {
    return parseTimestamp(text, { anyYear: true }) === null
      ? fail(`${quote(value)} is not a real date and time; check the day, month and hour`)
      : fail(`${quote(value)} falls outside the years 0000-9999 once converted to UTC; check the year and the zone`);
  }
  return fail(`${quote(value)} is not a timestamp; write ISO 8601 with a time zone, e.g. ${EXAMPLE}`);
}

const fail = (message: string): TimestampResult => ({ ok: false, message });

/** A required timestamp field: outputs epoch ms. */
export const timestamp = z.unknown().transform((value, ctx): number => {
  const result = checkTimestamp(value);
  if (result.ok) return result.value;
  ctx.addIssue({ code: 'custom', message: result.message });
  return z.NEVER;
});

/** How a value reads in a message: `the number 42`, `"text"`, `a list`. */
export function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'nothing (an empty value)';
  if (typeof value === 'string') return quote(value);
  if (typeof value === 'number') return `the number ${String(value)}`;
  if (typeof value === 'boolean') return `${String(value)}`;
  if (value instanceof Date) return 'a date';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a mapping (key: value lines)';
  return typeof value;
}
