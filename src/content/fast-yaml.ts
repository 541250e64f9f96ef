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
 * CORE_SCHEMA also reads 0b101, -0x1F and -0o17 as numbers and leaves -.5 a string. The types get
 * private tags, so an explicit `!!int`, `!!float`, `!!bool` or `!!null` is an unknown tag here and
 * the careful path, which resolves those tags its own way, reads the file.
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
 * Keys that js-yaml and `yaml` would turn into different strings: an empty or null key (`~: x`;
 * js-yaml makes it "null", `yaml` ""), and a collection as a key (`[a]: x`, `? [a]`). Anything
 * that merely looks like one (`note : x`, `[1]: url`) is read carefully, which is only slower.
 * Three expressions, as one took twice as long.
 */
const NULL_KEY = /(?:^|[\s{[,?-])(?:~|null|Null|NULL)?:(?:\s|$)/m;
const COLLECTION_KEY = /[\]}]\s*:/;
const EXPLICIT_KEY = /(?:^|[\s{[,])\?(?:\s|$)/m;

const unusualKey = (text: string): boolean =>
  NULL_KEY.test(text) || COLLECTION_KEY.test(text) || (text.includes('?') && EXPLICIT_KEY.test(text));

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
 * The data of `text` when js-yaml can read it exactly as `yaml` would; undefined otherwise. It
 * declines any `&` (an anchor: js-yaml shares one object between an anchor's aliases and has no
 * limit on expanding them, so alias bombs and shared nodes are the careful path's), a directive
 * (`%YAML 1.1` changes how scalars read, which js-yaml ignores), `__proto__`, the keys above,
 * lines over 1,024 characters, nesting deeper than MAX_DEPTH, and everything js-yaml throws on: duplicate keys, unknown tags,
 * a second document, syntax errors.
 */
export function parseFast(text: string): unknown {
  if (text.includes('&') || text.includes('__proto__') || /^%/m.test(text) || unusualKey(text) || hasLongLine(text)) return undefined;
  try {
    return jsyaml.load(text, LOAD_OPTIONS) ?? null;
  } catch {
    return undefined;
  }
}
