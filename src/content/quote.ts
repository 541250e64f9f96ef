// How content text appears inside a message. Content comes from pull requests, and messages reach
// terminals and pull-request annotations, so a quoted excerpt is short and shows every control,
// invisible or direction-changing character as an escape: a message can neither print a file that
// was never meant to be content (a secret behind a link) nor break the line it is printed on.

/**
 * Characters shown as escapes: C0/C1 controls, DEL, bidi controls, zero-width characters,
 * line/paragraph separators, BOM, noncharacters, and half of a surrogate pair without its other half.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t', '"': '\\"', '\\': '\\\\' };

const escapeChar = (c: string): string => NAMED[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;

/** `text` with every unsafe character escaped (no quotes added, nothing cut). */
export function escapeText(text: string): string {
  return text.replace(UNSAFE, escapeChar);
}

/** At most `max` code points of `text` (then `…`): never half a surrogate pair. */
function cut(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : text;
}

/** `text` escaped, at most `max` characters of it, without quotes: for keys in paths and parser messages. */
export const excerpt = (text: string, max = 40): string => escapeText(cut(text, max));

/** `"text"`, escaped, at most `max` characters of it: the one way content is quoted in messages. */
export const quote = (text: string, max = 40): string => `"${escapeText(cut(text, max).replace(/["\\]/g, escapeChar))}"`;

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
