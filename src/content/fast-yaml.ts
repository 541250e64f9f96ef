// The fast path of source.ts: js-yaml, 8× faster than `yaml` but without positions, for the plain
// files that most content is. It must read every file it takes exactly as `yaml` (the careful path)
// would, or decline it: the careful path is the reference, and whether a file builds must not
// depend on which parser read it. Declining costs only speed.
import jsyaml from 'js-yaml';

/**
 * Content nesting deeper than this is refused (source.ts says so, from the careful path). Real
 * content nests 4 deep; `yaml`'s composer recurses, and thousands of levels overflow the stack.
 */
export const MAX_DEPTH = 64;

/**
 * YAML 1.2's core schema as `yaml` implements it (its schema/core tests, copied): js-yaml's own
 * CORE_SCHEMA also reads 0b101, -0x1F and -0o17 as numbers and leaves -.5 a string. (Text with a
 * tag never gets here; the private tag names only keep `!!int` and the like unknown if it did.)
 */
const scalar = (name: string, test: RegExp, construct: (text: string) => unknown): jsyaml.Type =>
  new jsyaml.Type(`tag:statuspress,2026:${name}`, {
    kind: 'scalar',
    // js-yaml hands an empty node over as null.
    resolve: (data: string | null) => (data === null ? name === 'null' : test.test(data)),
    construct,
  });

const SCHEMA = jsyaml.FAILSAFE_SCHEMA.extend({
  implicit: [
    scalar('null', /^(?:~|[Nn]ull|NULL)?$/, () => null),
    scalar('bool', /^(?:[Tt]rue|TRUE|[Ff]alse|FALSE)$/, (text) => text[0] === 't' || text[0] === 'T'),
    scalar('int', /^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$/, (text) =>
      text[1] === 'o' ? parseInt(text.slice(2), 8) : text[1] === 'x' ? parseInt(text.slice(2), 16) : parseInt(text, 10),
    ),
    scalar(
      'float',
      /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN|[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+|[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*))$/,
      (text) => (/nan$/i.test(text) ? NaN : /inf$/i.test(text) ? (text[0] === '-' ? -Infinity : Infinity) : parseFloat(text)),
    ),
  ],
});

// js-yaml counts a scalar inside 64 nested collections as depth 65. (@types/js-yaml predates maxDepth.)
const LOAD_OPTIONS: jsyaml.LoadOptions & { maxDepth: number } = { schema: SCHEMA, maxDepth: MAX_DEPTH + 1 };

/**
 * Text where js-yaml and `yaml` part ways, each found by running both on generated text (see the
 * tests): keys that become different strings (an empty or null key: js-yaml makes it "null", `yaml`
 * ""), tags, tabs in indentation, comments glued to what precedes them, lone CRs, byte order marks,
 * block scalar indicators and blank first lines, content on a `---` or `...` line, `\U` escapes,
 * empty and compact nested sequence entries, flow mappings, and flow sequences or quoted text left
 * open at a line's end (over several lines, `yaml` wants the following lines indented under their
 * key; js-yaml takes them as they come). js-yaml reads all of these more loosely than `yaml`, or
 * otherwise. Anything that merely looks like one (`note : x`, `Done !`) is read carefully, which is
 * only slower.
 */
function looksUnusual(text: string): boolean {
  return (
    text.includes('{') ||
    text.includes('\uFEFF') ||
    text.includes('\\U') ||
    NULL_KEY.test(text) ||
    BLOCK_HEADER.test(text) ||
    BLANK_LEAD.test(text) ||
    MARKER_WITH_CONTENT.test(text) ||
    (text.includes('[') && hasUnusualFlow(text)) ||
    (text.includes('"') && hasOpenQuote(text, OPEN_DOUBLE)) ||
    (text.includes("'") && hasOpenQuote(text, OPEN_SINGLE)) ||
    (text.includes('?') && EXPLICIT_KEY.test(text)) ||
    (text.includes('!') && TAG.test(text)) ||
    (text.includes('\t') && TAB_INDENT.test(text)) ||
    (text.includes('#') && (TIGHT_COMMENT.test(text) || GLUED_COMMENT.test(text))) ||
    (text.includes('\r') && LONE_CR.test(text)) ||
    (text.includes('-') && (EMPTY_ENTRY.test(text) || NESTED_SEQUENCE.test(text)))
  );
}

const NULL_KEY = /(?:^|[\s[,?-])(?:~|null|Null|NULL)?:(?:[\s,[\]{"']|$)/m;
const EXPLICIT_KEY = /(?:^|[\s[,])\?(?:\s|$)/m;
const TAG = /(?:^|[\s[,])!/m;
const TAB_INDENT = /^ *\t/m;
const LONE_CR = /\r(?!\n)/;
const MARKER_WITH_CONTENT = /^(?:---|\.\.\.)(?:[^ \t\r\n]|[ \t]+[^ \t\r\n#])/m;
/** A comment right after a quote, or a comment line with no space after `#`: `yaml` reads the text around it differently. */
const GLUED_COMMENT = /["']#/;
const TIGHT_COMMENT = /^[ \t]*#(?:[^ \t\r\n]|$)/m;
/** An empty `-` entry (js-yaml continues its sequence at a smaller indent), and `- - x`. */
const EMPTY_ENTRY = /^[ \t]*-[ \t]*(?:#.*)?$/m;
const NESTED_SEQUENCE = /^[ \t]*-[ \t]+-(?:[ \t]|$)/m;
/** Block scalar headers with an indentation indicator or keep chomping (`|2`, `>+`): whitespace-only lines differ. */
const BLOCK_HEADER = /[|>](?:[1-9]|[+-]?[1-9]|[1-9]?\+)/;
/** A block scalar whose first lines are blank but hold spaces: `yaml` wants an indentation indicator then. */
const BLANK_LEAD = /[|>]-?[ \t]*(?:#[^\n]*)?\r?\n(?:[ \t]*\r?\n)*[ \t]+\r?\n/;

/** Where a flow sequence starts a node; the plain one-line form `[a, b]` is all the fast path takes. */
const FLOW_START = /(?:^|[:,[-])[ \t]*\[/gm;
const ONE_LINE_FLOW = /\[[^[\]"'#\n]*\](?:[ \t]+#[^\n]*)?[ \t]*\r?$/my;

/** A flow sequence other than `[a, b]` on one line (brackets, quotes or a `#` inside can hide where it ends). */
function hasUnusualFlow(text: string): boolean {
  FLOW_START.lastIndex = 0;
  for (let match = FLOW_START.exec(text); match !== null; match = FLOW_START.exec(text)) {
    ONE_LINE_FLOW.lastIndex = match.index + match[0].length - 1;
    if (!ONE_LINE_FLOW.test(text)) return true;
  }
  return false;
}

// A js-yaml listener could find quoted text over several lines exactly, but it doubled js-yaml's time.
const OPEN_DOUBLE = /"(?:[^"\\\n]|\\.|\\$)*$/gm;
const OPEN_SINGLE = /'(?:[^'\n]|'')*$/gm;

/** A quote left open at the end of its line, where a node starts (not an apostrophe in prose). */
function hasOpenQuote(text: string, open: RegExp): boolean {
  open.lastIndex = 0;
  for (let match = open.exec(text); match !== null; match = open.exec(text)) {
    let i = match.index - 1;
    while (i >= 0 && (text[i] === ' ' || text[i] === '\t')) i--;
    const before = i < 0 ? '\n' : text[i];
    if (before === '\n' || before === ':' || before === ',' || before === '[' || before === '-' || before === '?') return true;
    open.lastIndex = match.index + 1;
  }
  return false;
}

/** A line over 1,024 characters: `yaml` refuses implicit keys that long. A loop: 4× faster than /^.{1025}/m. */
function hasLongLine(text: string): boolean {
  for (let start = 0; ; ) {
    const end = text.indexOf('\n', start);
    if ((end === -1 ? text.length : end) - start > 1024) return true;
    if (end === -1) return false;
    start = end + 1;
  }
}

/**
 * The data of `text` when js-yaml reads it exactly as `yaml` would; undefined otherwise. It
 * declines any `&` (an anchor: js-yaml shares one object between an anchor's aliases and has no
 * limit on expanding them, so alias bombs and shared nodes are the careful path's), a directive
 * (`%YAML 1.1` changes how scalars read, which js-yaml ignores), `__proto__`, the text above, lines
 * over 1,024 characters, nesting deeper than MAX_DEPTH, files that are not a mapping, and
 * everything js-yaml throws on: duplicate keys, a second document, syntax errors.
 */
export function parseFast(text: string): unknown {
  if (text.includes('&') || text.includes('__proto__') || /^%/m.test(text) || looksUnusual(text) || hasLongLine(text)) return undefined;
  try {
    const data: unknown = jsyaml.load(text, LOAD_OPTIONS);
    // Every content file is a mapping; anything else is an error the careful path words better.
    return typeof data !== 'object' || data === null || Array.isArray(data) ? undefined : data;
  } catch {
    return undefined;
  }
}
