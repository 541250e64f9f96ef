// Which text the fast path (fast-yaml.ts) may hand to js-yaml: an allowlist. A file is taken only
// when every line is one of the forms below, indented as stated; anything else, however harmless,
// goes to `yaml`. Each form is one whose reading the YAML spec fixes without choices and that both
// parsers read alike (checked by running both on generated text, fast-yaml.test.ts). Declining
// costs only speed, so a form is listed only when content needs it.
//
// The forms, after a line's indentation (spaces only):
// - blank: nothing, or spaces only. Outside a block scalar such a line carries nothing.
// - comment: `#` and anything, at any indentation. Outside a block scalar (where a line indented as
//   much as its text is text, in both) a comment never changes the structure.
// - `---` alone as the first line: the document's start, nothing else on it.
// - mapping entry `key:` or `key: value`, with a plain lowercase key (KEY), `:`, then a space or
//   the end. `key:` alone is null, or opens the collection on the more indented lines after it.
// - sequence entry `- value` or `- key: value`, one space after the dash: under a `key:` and more
//   indented than it (`key:\n- a` and `- - a` are valid YAML, but next to forms js-yaml was found
//   to read more loosely). `- key:` opens a mapping at the key's column, two past the dash.
// - a value: PLAIN, SINGLE, DOUBLE or FLOW, all on one line, or after `key:` a BLOCK_HEADER; then
//   spaces and an optional ` # comment` (TAIL), except after PLAIN under a key that holds text.
// - block scalar lines: after a header, lines more indented than its key; the first non-blank one
//   fixes the indentation and later ones are at least as indented, a folded (`>`) scalar's exactly
//   (more indented lines fold by rules of their own). Blank lines hold no more spaces than that,
//   and none before the first line (`yaml` refuses such leading lines, js-yaml does not). It has
//   a first line: an empty block scalar goes carefully.
// Indentation: a key or dash continues the mapping or sequence open at exactly its column, or, after
// `key:`, opens one further in; the root is a mapping at column 0. A line at any other column, or a
// dash where a mapping is open (js-yaml read `a:\n  - x\n- b`, `yaml` refuses it), is declined.

/**
 * Characters taken nowhere: control characters (and so tabs: `yaml` refuses tabs where js-yaml reads
 * them as indentation, and the two part ways on tab-led lines in block scalars), a CR not followed
 * by LF (js-yaml reads it as a line break, `yaml` does not), NEL and the Unicode spaces and line
 * separators (JavaScript's `trim` and `\s` count them as whitespace, YAML does not), the byte order
 * mark, and the noncharacters U+FFFE/FFFF.
 */
// eslint-disable-next-line no-control-regex -- control characters are what it looks for
const UNSAFE = /[\x00-\x09\x0B\x0C\x0E-\x1F\x7F-\xA0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000\uFEFF\uFFFE\uFFFF]|\r(?!\n)/;

// The line forms as sticky expressions: each is tried where its form starts on a line and must reach
// the line's end (`m`: `$` matches before the CR LF or LF, and `.` stops there).

/** After a value: spaces, and a ` # comment` after at least one of them (`"a"#b` is no comment). */
const TAIL = String.raw`(?: +#.*| *)$`;

/**
 * A key: lowercase letters, digits, `_` and `-`, a letter first, then `:` and a space or the line's
 * end. Quoted keys, numbers and booleans become other strings in js-yaml, `null` becomes "null"
 * there and "" in `yaml`; a `_` first would allow `__proto__`.
 */
const KEY = /(?!null:)[a-z][a-z0-9_-]*:(?: +|$)/my;

/**
 * A plain scalar: first a letter, digit, non-ASCII character or one of `(./+~$`, or `-` before a
 * digit or `.`, never an indicator (`-?:,[]{}#&*!|>'"%@` and the backtick start other nodes, anchors,
 * aliases, tags, directives); then those, spaces and the punctuation listed, with `:` only before
 * such a character (`: ` and a final `:` make keys) and no `#` (` #` starts a comment), brackets,
 * braces or backslashes. Non-ASCII here means what UNSAFE leaves: letters and symbols.
 */
const PLAIN = String.raw`(?:[A-Za-z0-9(./+~$\u00A1-\uFFFF]|-[0-9.])(?:[-A-Za-z0-9_.,;/()+=?!'"%@&*$~<>^|\x60\u00A1-\uFFFF]|:(?=[^ \r\n])| +(?=[^ #\r\n]))*`;

/** A single-quoted scalar closed on its line: `''` is its one escape. Over several lines the two parsers fold and indent it differently. */
const SINGLE = String.raw`'(?:[^'\r\n]|'')*'`;

/** A double-quoted scalar closed on its line, with JSON's escapes only (`\U`, `\x`, `\N`, `\L`, an escaped line break: no). */
const DOUBLE = String.raw`"(?:[^"\\\r\n]|\\["\\/bfnrt]|\\u[0-9A-Fa-f]{4})*"`;

/**
 * A one-line flow sequence of plain items (a letter or digit, then letters, digits and `._-`):
 * `[3, 4]`, `[api, third-party]`, `[]`. Over several lines, or with brackets, quotes or `#` inside,
 * js-yaml reads some that `yaml` refuses.
 */
const FLOW = String.raw`\[ *(?:[A-Za-z0-9][A-Za-z0-9._-]* *(?:, *[A-Za-z0-9][A-Za-z0-9._-]* *)*)?\]`;

const VALUE = new RegExp(`(?:${PLAIN}|${SINGLE}|${DOUBLE}|${FLOW})${TAIL}`, 'my');

/**
 * After a key that holds text, a plain scalar takes no comment: ` #` may have cut the text short
 * (`content: fixed #2 now`), which source.ts reports from the careful path's nodes.
 */
const TEXT_VALUE = new RegExp(`(?:${PLAIN} *$|(?:${SINGLE}|${DOUBLE}|${FLOW})${TAIL})`, 'my');

/** The keys whose plain value is text a reader sees, with those of `state_text` and `transition_text`. */
const TEXT_KEYS = new Set(['subject', 'content', 'name', 'description', 'operational', 'degraded', 'under-maintenance', 'underway', 'complete']);

/** A block scalar header: indentation indicators (`|2`) and keep chomping (`|+`) read blank lines otherwise. */
const BLOCK_HEADER = new RegExp(`[|>]-?${TAIL}`, 'my');

const SPACE = 32;
const HASH = 35;
const DASH = 45;

/** Whether the form `pattern` matches from `p` to the end of its line. */
function matches(pattern: RegExp, text: string, p: number): boolean {
  pattern.lastIndex = p;
  return pattern.test(text);
}

/** True when every line of `text` is one of the forms above and the root is a mapping. */
export function isPlainYaml(text: string): boolean {
  if (UNSAFE.test(text)) return false;
  const indents: number[] = []; // open block collections, outermost first
  const sequences: boolean[] = [];
  let open = -1; // column of a `key:` with nothing after it; more indented lines are its value
  let block = -1; // column of the key whose block scalar is being read
  let blockIndent = 0; // its lines' indentation, 0 until its first line
  let folded = false;
  // Column of a key holding one-line text on the line before; -1 after anything else. A comment line
  // indented under it may be text cut off (`#incident-42 and …`), which the careful path reports.
  let textKey = -1;
  for (let start = 0; start < text.length; ) {
    const newline = text.indexOf('\n', start);
    const next = newline === -1 ? text.length : newline + 1;
    let end = newline === -1 ? text.length : newline;
    // `yaml` refuses implicit keys over 1,024 characters; no line of content is that long.
    if (end - start > 1024) return false;
    if (end > start && text.charCodeAt(end - 1) === 13) end--;
    let p = start;
    while (p < end && text.charCodeAt(p) === SPACE) p++;
    const indent = p - start;
    if (block >= 0) {
      if (p === end) {
        if (blockIndent === 0 ? indent > 0 : indent > blockIndent) return false;
        start = next;
        continue;
      }
      if (blockIndent === 0) {
        if (indent <= block) return false;
        blockIndent = indent;
      }
      if (indent >= blockIndent) {
        if (folded && indent > blockIndent) return false;
        start = next;
        continue;
      }
      block = -1; // a less indented line ends the block scalar and is read as structure
    }
    const first = text.charCodeAt(p);
    if (first === HASH && textKey >= 0 && indent > textKey) return false;
    if (p === end || first === HASH || (start === 0 && end === 3 && text.startsWith('---'))) {
      start = next;
      continue;
    }
    textKey = -1;
    const dash = first === DASH && text.charCodeAt(p + 1) === SPACE;
    if (open >= 0 && indent > open) {
      indents.push(indent);
      sequences.push(dash);
    } else {
      while (indents.length > 0 && indents[indents.length - 1] > indent) {
        indents.pop();
        sequences.pop();
      }
      if (indents.length === 0 && indent === 0 && !dash) {
        indents.push(0);
        sequences.push(false);
      } else if (indents[indents.length - 1] !== indent || sequences[sequences.length - 1] !== dash) return false;
    }
    open = -1;
    if (dash) p += 2;
    KEY.lastIndex = p;
    if (!KEY.test(text)) {
      // Not a key: a scalar sequence entry, or nothing this module takes.
      if (!dash || !matches(VALUE, text, p)) return false;
      start = next;
      continue;
    }
    if (dash) {
      indents.push(p - start);
      sequences.push(false);
    }
    const v = KEY.lastIndex;
    if (v === end || text.charCodeAt(v) === HASH) open = p - start;
    else if (matches(BLOCK_HEADER, text, v)) {
      block = p - start;
      blockIndent = 0;
      folded = text.charCodeAt(v) === 62;
    } else {
      const isText = TEXT_KEYS.has(text.slice(p, v).replace(/: *$/, ''));
      if (!matches(isText ? TEXT_VALUE : VALUE, text, v)) return false;
      if (isText) textKey = p - start;
    }
    start = next;
  }
  return indents.length > 0 && !(block >= 0 && blockIndent === 0);
}
