// Regular expressions over the raw query string ($args) for host configurations. Hosts see the
// query undecoded, so brackets may arrive as `[`/`]` or `%5B`/`%5D` in either case. Written without
// backslashes (character classes instead), which nginx's quoted strings would otherwise reinterpret.
import type { Param } from '../routes/table.js';

const OPEN = '(?:[[]|%5[Bb])';
const CLOSE = '(?:[]]|%5[Dd])';

/** `filter[type_eq]` → a pattern matching the key in plain or percent-encoded form. */
export function keyPattern(key: string): string {
  return [...key].map((c) => (c === '[' ? OPEN : c === ']' ? CLOSE : c)).join('');
}

/** A whole `key=` at the start of a query pair. */
export const pairStart = (key: string): string => `(?:^|&)${keyPattern(key)}=`;

export const END = '(?:&|$)';
export const ID = '[1-9][0-9]{0,15}';
/**
 * The date and time of a UTC timestamp (`:` plain or encoded), captured in six parts for the file-safe
 * form; `.sss` and `Z` follow. nginx cannot convert other zones, so it takes UTC only.
 */
export const TIMESTAMP = '([0-9]{4})-([0-9]{2})-([0-9]{2})T([0-9]{2})(?::|%3[Aa])([0-9]{2})(?::|%3[Aa])([0-9]{2})';

/** The pattern a value of the parameter must match to be valid (not anchored). */
export function valuePattern(param: Param): string {
  switch (param.kind.type) {
    case 'boolean':
      return '(?:true|false|1|0)';
    case 'id':
      return ID;
    case 'enum':
      return `(?:${param.kind.values.join('|')})`;
    case 'timestamps':
      return `${TIMESTAMP.replace(/[(](?![?])/g, '(?:')}(?:[.][0-9]{3})?Z`;
    case 'date':
      // The shape only: nginx cannot check the calendar.
      return '[0-9]{4}-[0-9]{2}-[0-9]{2}';
  }
}
