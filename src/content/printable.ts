// What text may hold wherever it goes. Content and a site's own words reach pages, the API's JSON,
// Atom feeds, iCalendar files, SVG badges, mail headers and terminals; no writer can make every
// character safe in all of them. XML 1.0 (the feeds, the badges) cannot carry control characters
// but tab and line breaks, nor U+FFFE/U+FFFF, even escaped; a lone surrogate is no character at all
// and becomes U+FFFD or an error in whatever encodes it as UTF-8. So these are refused where they
// are written, at their line, and each writer encodes the rest for its format.

import { CONTENT } from '../errors/content.js';

/** What text holds that no output can carry, or null when it holds nothing of the kind. */
export type Unprintable = 'control' | 'noncharacter' | 'surrogate';

/** The catalogue's words for each kind, said of the value that holds it. */
export const UNPRINTABLE_WORDS = { control: CONTENT.controlEscape, noncharacter: CONTENT.noncharacterEscape, surrogate: CONTENT.loneSurrogate } as const;

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;
const NONCHARACTER = /[\ufffe\uffff]/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** The first kind of character in `text` that no output can carry; null when there is none. */
export function unprintable(text: string): Unprintable | null {
  if (CONTROL.test(text)) return 'control';
  if (NONCHARACTER.test(text)) return 'noncharacter';
  if (LONE_SURROGATE.test(text)) return 'surrogate';
  return null;
}
