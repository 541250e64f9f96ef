// The fast path of source.ts: js-yaml, much faster than `yaml` but without positions, for the plain
// files that most content is. It must read every file it takes exactly as `yaml` (the careful path)
// would, or decline it: the careful path is the reference, and whether a file builds must not
// depend on which parser read it. Declining costs only speed, so it takes only the forms of YAML
// that plain-yaml.ts lists, and sends everything else to `yaml`.
import jsyaml from 'js-yaml';
import { isPlainYaml } from './plain-yaml.js';

/**
 * Content nesting deeper than this is refused (source.ts says so, from the careful path). Real
 * content nests 4 deep; `yaml`'s composer recurses, and thousands of levels overflow the stack.
 */
export const MAX_DEPTH = 64;

/** Entries one list or mapping may hold (the careful path refuses more, see source.ts). */
export const MAX_ENTRIES = 2_000;

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

// js-yaml counts a scalar inside 64 nested collections as depth 65, and mappings inside sequences a
// level deeper still, which only sends those to the careful path sooner. (@types/js-yaml predates maxDepth.)
const LOAD_OPTIONS: jsyaml.LoadOptions & { maxDepth: number } = { schema: SCHEMA, maxDepth: MAX_DEPTH + 1 };

/**
 * The data of `text` when js-yaml reads it exactly as `yaml` would; undefined otherwise. It takes
 * only text made of the forms plain-yaml.ts lists (which leaves out anchors and aliases: js-yaml
 * shares one object between an anchor's aliases and has no limit on expanding them; directives:
 * `%YAML 1.1` changes how scalars read, which js-yaml ignores; `__proto__` and every other key but
 * plain lowercase ones; lines over 1,024 characters), and of that, nothing nested deeper than
 * MAX_DEPTH, nothing that is not a mapping, and nothing js-yaml throws on: duplicate keys, syntax
 * errors.
 */
export function parseFast(text: string): unknown {
  if (!isPlainYaml(text)) return undefined;
  try {
    const data: unknown = jsyaml.load(text, LOAD_OPTIONS);
    // Every content file is a mapping; anything else is an error the careful path words better, and
    // so is a collection too large, which it refuses at its place.
    return typeof data !== 'object' || data === null || Array.isArray(data) || widest(data) > MAX_ENTRIES ? undefined : data;
  } catch {
    return undefined;
  }
}

/** Entries of the largest list or mapping in `data`, walked without recursion. */
function widest(data: object): number {
  let max = 0;
  const stack: unknown[] = [data];
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value !== 'object' || value === null) continue;
    const items = Array.isArray(value) ? value : Object.values(value);
    max = Math.max(max, items.length);
    for (const item of items) if (typeof item === 'object' && item !== null) stack.push(item);
  }
  return max;
}
