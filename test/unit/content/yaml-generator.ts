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
