// Generated YAML for comparing the fast and the careful parser (fast-yaml.test.ts): short texts
// stitched from YAML's punctuation, scalars and whitespace, and notice-shaped files with the small
// slips people make (indentation off by one, tabs, comments in odd places, values wrapped onto the
// next line, quotes and brackets in text).

export type Random = (n: number) => number;

export function seeded(seed: number): Random {
  let state = seed;
  return (n) => {
    state = (state * 48_271) % 2_147_483_647;
    return state % n;
  };
}

const pick = <T>(random: Random, items: readonly T[]): T => items[random(items.length)]!;

const ATOMS = ['a', 'b', 'key', '1', '0x1F', '0o7', '-1', '+1', '1.5', '.5', '-.5', '1e3', '.inf', '.nan', 'true', 'null', '~',
  'x y', 'http://e', '"q"', "'q'", '"a\\tb"', '"\\u00e9"', '"\\U0001F600"', "'it''s'", '""', "''", '-', '?', ':', '#c', ' #c',
  '|', '>', '|-', '>+', '|2', '[', ']', '{', '}', ',', '!!str', '!!seq', '!!map', '!', '!x', '!<!>', '---', '...', '\t', ' ', '  ',
  '\n', '\n', '\n', '\n  ', '\n    ', '\n ', '\r\n', '\r', ': ', ': ', ': ', '- ', '- ', '@', '`', '%', '*', '&', '"', "'", '\\',
  '\u2028', '\u0085', '\u00a0', '\ufeff', '\0', '0', '00', '1_0', 'yes', 'on', 'True', 'NULL', '1:2', 'a:b', 'a,b', '[]', '{}', '=', '<<'];

/** Texts of 2-15 atoms, every other one shaped as lines of `key: ` and atoms. */
export function stitched(random: Random): () => string {
  const atoms = (count: number): string => Array.from({ length: count }, () => pick(random, ATOMS)).join('');
  let i = 0;
  return () =>
    i++ % 2 === 0
      ? atoms(2 + random(14))
      : Array.from({ length: 1 + random(4) }, () => `${' '.repeat(random(3) * 2)}${pick(random, ['a', 'subject', '"q"', 'x y'])}: ${atoms(random(8))}\n`).join('');
}

const WORDS = ['API', 'errors', 'We', 'are', 'looking', 'into', 'it', 'Fixed.', "it's", 'a:b', 'x#y', 'a - b', 'c:', 'é', 'x]', 'x"y',
  '%', '@', '`', 'a,b', '::', '#', '-x', '0x1F', '.5', '~', '.inf', '!', '|', '>', '?', '\u00a0', '\u3000', '\u2028', '\u0085', '[1]', '{x}'];
const ESCAPES = ['\\n', '\\t', '\\"', '\\\\', '\\/', '\\x41', '\\u00e9', '\\N', '\\_', '\\L', '\\P', '\\e', '\\0', '\\ ', '\\U0001F600', "'"];
const COMMENTS = ['#c', '# c', '#', '#:', '#-', '#"', '#[', '#]', '# a: b'];
const BREAKS = ['\n', '\n\n', ' \n', '\\\n', '\t\n', '\r\n'];

const words = (random: Random, n: number): string => Array.from({ length: n }, () => (random(5) === 0 ? pick(random, WORDS) : pick(random, ['api', 'slow', 'db', 'ok']))).join(pick(random, [' ', ' ', '  ', ' \t']));
/** Mostly the right indentation; now and then one space more or less. */
const indent = (random: Random, base: number): string => ' '.repeat(Math.max(0, base + (random(6) === 0 ? random(3) - 1 : 0)));

function value(random: Random, base: number): string {
  switch (random(9)) {
    case 0: {
      const header = pick(random, ['|', '>', '|-', '>-', '| # c', '|#c', '|2', '>+', '|  ']);
      const lines = Array.from({ length: 1 + random(4) }, () =>
        random(4) === 0 ? pick(random, ['', ' '.repeat(random(6)), `${indent(random, base)}${pick(random, COMMENTS)}`]) : `${indent(random, base + 2)}${words(random, 1 + random(4))}`,
      );
      return ` ${header}\n${lines.join('\n')}`;
    }
    case 1:
      return ` "${Array.from({ length: 1 + random(4) }, () => (random(2) ? pick(random, ESCAPES) : random(3) ? words(random, 1).replace(/["\\]/g, '') : `${pick(random, BREAKS)}${indent(random, base)}`)).join('')}"`;
    case 2:
      return ` '${Array.from({ length: 1 + random(3) }, () => (random(3) ? words(random, 1).replace(/'/g, "''") : `${pick(random, BREAKS)}${indent(random, base)}`)).join('')}'`;
    case 3: {
      const items = Array.from({ length: random(4) }, () => pick(random, ['1', 'api', 'a b', '"q"', "'s'", 'x:y', '-1', "'[x]'", 'x#y', '[1]', '~', ':x']));
      const separator = (): string => pick(random, [', ', ',', ' ,', `,\n${indent(random, base)}`, ` # c\n${indent(random, base)}`]);
      return ` [${items.map((item, i) => (i ? separator() : '') + item).join('')}${pick(random, [']', ']', ',]', ` ]`, `\n${indent(random, base)}]`])}`;
    }
    case 4:
      return ` ${words(random, 1 + random(3))}${Array.from({ length: random(3) }, () => `\n${random(4) === 0 ? `${indent(random, base)}${pick(random, COMMENTS)}\n` : ''}${indent(random, base + 1)}${words(random, 1 + random(3))}`).join('')}`;
    case 5:
      return random(2) ? '' : ` ${pick(random, COMMENTS)}`;
    case 6:
      return `\n${Array.from({ length: 1 + random(3) }, () => `${indent(random, base + 2)}-${random(5) === 0 ? '' : value(random, base + 4)}`).join('\n')}`;
    default:
      return ` ${words(random, 1 + random(4))}${random(6) === 0 ? ` ${pick(random, COMMENTS)}` : ''}`;
  }
}

/** A notice-like file: top-level keys, a list of updates, values in every YAML style, with slips. */
export function noticeLike(random: Random): string {
  const lines = [`id: ${random(100)}`, `type: ${pick(random, ['unplanned', 'planned', 'general'])}`, `subject:${value(random, 0)}`, `tags:${value(random, 0)}`, 'updates:'];
  for (let u = 1 + random(3); u > 0; u--) {
    const dash = indent(random, 2);
    lines.push(`${dash}- at: 2026-11-20T10:0${random(10)}:00Z`, `${indent(random, dash.length + 2)}content:${value(random, dash.length + 2)}`);
  }
  if (random(3) === 0) lines.splice(random(lines.length), 0, pick(random, ['', '#c', '# c', '  # c', '---', '...', '\t', ' ']));
  return lines.join(pick(random, ['\n', '\n', '\n', '\r\n'])) + '\n';
}

/**
 * Everything that means something somewhere in YAML, or in JavaScript's idea of whitespace: every
 * indicator, tabs, CRs, Unicode spaces and line separators, a byte order mark, control characters,
 * quotes, escapes of every kind, document markers, keys the fast path refuses, non-ASCII letters.
 */
const WILD = [...'-?:,[]{}#&*!|>\'"%@`\\~=<+.^$/()_;', ' ', '  ', '\t', '\r', '\r\n', '\n', '\n', '\n  ', '\n    ', '\u00a0', '\u0085', '\u2028',
  '\u2029', '\u3000', '\u200b', '\ufeff', '\0', '\x7f', '\x1b', '\ud800', 'é', 'ß', '😀', '\\n', '\\t', '\\"', '\\\\', '\\/', '\\u00e9', '\\uD83D',
  '\\x41', '\\U0001F600', '\\N', '\\_', '\\0', '\\ ', "''", '---', '...', '- ', ': ', ' #', '# ', '|', '|-', '|+', '>-', '|2', '!!str ', '&a ',
  '*a', '%YAML 1.1', '<<: ', '? ', 'null', '~', 'true', 'False', '0x1F', '0o17', '-0', '.5', '1e3', '.inf', '.NaN', '12:30', '1_000',
  '2026-11-20', '__proto__', 'key', 'Key', 'a', 'b', 'x y', '1', '0'];
const wild = (random: Random): string => pick(random, WILD);

/** Text from WILD alone: mostly declined, so it tries the gate rather than the comparison. */
export function wildText(random: Random): string {
  return Array.from({ length: 1 + random(30) }, () => wild(random)).join('');
}

/** A short run of ordinary text with, now and then, something from WILD in it. */
const filler = (random: Random, rate: number): string =>
  Array.from({ length: random(6) }, () => (random(rate) === 0 ? wild(random) : pick(random, ['a', 'b', 'x', 'api', 'ok', ' ', '1', 'é', '-', '.', ':']))).join('');

const SHAPES = ['key: ', 'key:', 'a: ', 'b: ', 'c:', '- ', '- ', '- key: ', '- a: ', '', '# ', 'a: |', 'a: >', 'b: |-', 'c: >-', 'a: "', "a: '",
  'a: [', '- [', '- "', "- '", 'null: ', 'Key: ', '"k": ', '? a', ': b', '---', '-', 'a:b', 'a :'];

/**
 * Lines in YAML's shapes (a key, a dash, a header, a quote or bracket opened) at jittered
 * indentation, each with filler that sometimes holds anything from WILD and sometimes closes what
 * the shape opened; about one in twenty gets past the gate.
 */
export function wildLines(random: Random): string {
  const lines: string[] = [];
  let indent = 0;
  for (let n = 1 + random(8); n > 0; n--) {
    indent = Math.max(0, indent + pick(random, [0, 0, 0, 2, 2, -2, -2, -4, 1, -1, 3]));
    const shape = lines.length === 0 && random(3) > 0 ? 'key: ' : pick(random, SHAPES);
    const close = shape.endsWith('"') ? '"' : shape.endsWith("'") ? "'" : shape.endsWith('[') ? ']' : '';
    const body = filler(random, 4) + (close && random(4) > 0 ? close : '') + (random(8) === 0 ? pick(random, [' # c', '#c', ' ', wild(random)]) : '');
    lines.push(`${' '.repeat(indent)}${shape}${shape.endsWith('|') || shape.endsWith('>') || shape.endsWith('-') ? '' : body}`);
    if (/[|>]-?$/.test(shape)) {
      for (let k = random(4); k > 0; k--) lines.push(random(5) === 0 ? ' '.repeat(random(8)) : `${' '.repeat(indent + 1 + random(4))}${filler(random, 3)}`);
    }
  }
  return lines.join(random(10) === 0 ? '\r\n' : '\n') + pick(random, ['\n', '\n', '', '\r\n', '\n\n', ' ']);
}

/** A notice-shaped file without slips, then 1-3 characters or runs from WILD put in, replaced or taken out. */
export function mutated(random: Random): string {
  let text = cleanNotice(random);
  for (let n = 1 + random(3); n > 0; n--) {
    const at = random(text.length + 1);
    const cut = random(3) === 0 ? random(3) : 0;
    text = text.slice(0, at) + (random(4) === 0 && cut > 0 ? '' : wild(random)) + text.slice(at + cut);
  }
  return text;
}

/**
 * A notice as gen-corpus.js writes it, with what the example content and people add: comments, `---`,
 * quoted subjects, Markdown with quotes, `#`, `&`, brackets and colons in block text, blank lines.
 * All of it takes the fast path.
 */
export function cleanNotice(random: Random): string {
  const words = (from: readonly string[], n: number): string => Array.from({ length: n }, () => pick(random, from)).join(' ');
  const plain = ['API', 'errors', 'élan', 'slow', 'R&D', "it's", 'a:b', '(us-east)', '5%', 'x@y.z', 'a,', 'Q&A?', 'v2.1', '3'];
  const prose = [...plain, '"q"', 'C#', '# not a comment', '- item', '`code`', '**bold**', '[link](https://x.y)', 'a: b', '{x}', '\\'];
  const subject = pick(random, [words(plain, 1 + random(5)), `"${words(prose, 2).replace(/["\\]/g, '')}: \\"x\\""`, `'${words(plain, 2).replace(/'/g, "''")}: ''x'''`]);
  const lines = [...(random(4) === 0 ? ['---', '# A notice.'] : []), `id: ${1 + random(100)}`, 'type: unplanned', `subject: ${subject}`,
    `components: [${Array.from({ length: random(4) }, () => 1 + random(50)).join(', ')}]`, 'tags: [api, third-party]', 'updates:'];
  for (let u = 1 + random(3); u > 0; u--) {
    lines.push(`  - at: 2026-11-20T10:0${random(10)}:00Z`, '    state: investigating # set by hand', `    content: ${pick(random, ['|', '|-', '>', '>-'])}`);
    for (let k = 1 + random(3); k > 0; k--) lines.push(`      ${words(prose, 1 + random(6))}`, ...(random(4) === 0 ? [''] : []));
  }
  return `${lines.join('\n')}\n`;
}
