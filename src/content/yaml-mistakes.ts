// The YAML mistakes people make, told apart so that each is reported once, at the line that is
// wrong, with how to fix it. The parser's errors say where it stopped understanding and in its own
// terms (`Nested mappings are not allowed in compact mappings`); their codes and positions, and
// the text of the line they point at, pick the mistake:
// - a `: ` inside plain text (BLOCK_AS_IMPLICIT_KEY: the text before it became a key);
// - a key indented one space off: the parser notices on the line before (MULTILINE_IMPLICIT_KEY: the
//   value above and the stray key read as one key) or at the line (BAD_INDENT, a sequence item
//   without `-`), so the line is found from the error and its indentation compared with the keys
//   open above it;
// - a list item out of line (BAD_INDENT, a block sequence as a key);
// - a tab as indentation (TAB_AS_INDENT); `key:value` with no space (a key over two lines, or one
//   with no value); a quote never closed (MISSING_CHAR at the end of the file: the opening quote is
//   found in the syntax tree); text after a closing quote; text starting with a reserved character
//   (BAD_SCALAR_START, BAD_ALIAS, or what follows an alias); a key twice (DUPLICATE_KEY).
// One mistake often makes several errors (two `: ` in a line, a stray key's two), and after a line
// indented wrongly the parser's reading of the rest is a guess: so one issue a line, and nothing
// after a mistake that changes how the lines below it are read.
//
// Two mistakes leave valid YAML that lost text silently, so they are looked for in valid files:
// ` #` in plain text under a key that holds text (the rest of the line became a comment), and an
// anchor no alias uses at the start of such text (`&Co` became the anchor's name).
import { isScalar, visit } from 'yaml';
import type { CST, Document, LineCounter, Node, Pair, YAMLError } from 'yaml';
import type { IssueWords } from '../errors/error.js';
import { CONTENT } from '../errors/content.js';
import { say } from '../errors/entry.js';
import { excerpt } from './quote.js';
import { dotted, keyText, pathAt, walk } from './yaml-paths.js';

export interface Mistake {
  /** Where in the text (0-based offset). */
  offset: number;
  /** The field it is in (`updates.0.content`), when the part of the file before it was read as written; else empty. */
  path: string;
  words: IssueWords;
}

/** Keys whose value is text a reader sees; under `state_text` and `transition_text`, every key. */
const TEXT_KEYS = new Set(['subject', 'content', 'name', 'description']);
const TEXT_PARENTS = new Set(['state_text', 'transition_text']);

/** A key as people write them: `state`, `updated_at`, `under-maintenance`, then `:` and a space or the line's end. */
const KEY = /^[A-Za-z_][A-Za-z0-9_-]*:(?: |$)/;
/** `key:value`: a key and a value with no space between. */
const NO_SPACE = /^([A-Za-z_][A-Za-z0-9_-]*):([^\s:#][^\s]*(?: [^\s]+)*)\s*$/;
/** Mistakes reported in one file at most: each is fixed by hand, and the next run shows the rest. */
const MAX_MISTAKES = 100;
/** Characters that make a plain value something other than text. */
const RESERVED = new Set(['@', '`', '%', '*', '&', '!', '[', '{', '|', '>']);

/** One issue for each YAML mistake in `doc`'s errors, in the order of the file. */
export function yamlMistakes(text: string, doc: Document.Parsed, tokens: readonly CST.Token[], lineCounter: LineCounter): Mistake[] {
  const lines = new Lines(text, lineCounter);
  const mistakes: Mistake[] = [];
  const seen = new Set<number>();
  const looked = new Set<number>();
  const errors = [...doc.errors].sort((a, b) => a.pos[0] - b.pos[0]);
  for (const error of errors) {
    // Each line is looked at once: a hostile line can make thousands of errors.
    const errorLine = lines.lineOf(error.pos[0]);
    if (looked.has(errorLine)) continue;
    looked.add(errorLine);
    const { mistake, local } = diagnose(error, text, doc, tokens, lines);
    const line = lines.lineOf(mistake.offset);
    if (!seen.has(line)) {
      seen.add(line);
      // Below the first mistake, the nodes are the parser's guesses (`a: b: c` lines nest deeper
      // each time): a field path would be one too.
      mistakes.push(mistakes.length === 0 ? mistake : { ...mistake, path: '' });
    }
    // Below a line read wrongly, what the parser says is about its own guesses.
    if (!local || mistakes.length >= MAX_MISTAKES) break;
  }
  return mistakes.sort((a, b) => a.offset - b.offset);
}

/**
 * What valid YAML lost silently, in keys that hold text: a ` #` comment cutting the text short, and
 * an anchor nothing refers to at its start.
 */
export function lostText(text: string, doc: Document.Parsed): Mistake[] {
  const found: Mistake[] = [];
  const aliased = new Set<string>();
  visit(doc, {
    Alias(_, node) {
      aliased.add(node.source);
    },
  });
  walk(doc.contents, [], (pair, path, parent) => {
    const key = keyText(pair.key);
    if (key === null || !(TEXT_KEYS.has(key) || (parent !== null && TEXT_PARENTS.has(parent)))) return;
    const value = pair.value;
    if (!isScalar(value) || value.type !== 'PLAIN' || typeof value.value !== 'string' || !value.range) return;
    const [start, end, nodeEnd] = value.range;
    const where = dotted(path);
    if (value.anchor && !aliased.has(value.anchor)) {
      const at = text.lastIndexOf(`&${value.anchor}`, start);
      found.push({ offset: at >= 0 ? at : start, path: where, words: say(CONTENT.yamlReservedStart, { char: '&' }) });
    }
    // A comment after text is allowed (`name: Acme Status   # page.name`); a `#` that reads as part of
    // the text (`#42`, `#incident-42`: no space after it) is what gets lost without anyone meaning it,
    // on the value's line or at the start of a line indented under the key, where the text went on.
    const after = text.slice(end, Math.min(Math.max(nodeEnd, end), end + 4096) + 4096);
    const keyStart = (pair.key as { range?: [number, number, number] } | null)?.range?.[0] ?? start;
    const keyColumn = keyStart - (text.lastIndexOf('\n', keyStart - 1) + 1);
    const sameLine = /^[ \t]+#(?=[^\s#])/.exec(after);
    const nextLine = sameLine ? null : /^[ \t]*\r?\n([ \t]+)#(?=[^\s#])/.exec(after);
    const comment = sameLine ?? (nextLine && nextLine[1]!.length > keyColumn ? nextLine : null);
    if (comment) {
      const hash = end + comment[0].length - 1;
      const lineEnd = text.indexOf('\n', hash);
      const lost = text.slice(hash + 1, Math.min(lineEnd === -1 ? text.length : lineEnd, hash + 200)).replace(/\s+$/, '');
      found.push({ offset: hash, path: where, words: say(CONTENT.yamlCommentInText, { lost }) });
    }
  });
  return found;
}

type Diagnosis = { mistake: Mistake; local: boolean };

function diagnose(error: YAMLError, text: string, doc: Document.Parsed, tokens: readonly CST.Token[], lines: Lines): Diagnosis {
  const p = error.pos[0];
  const at = (offset: number, words: IssueWords, local: boolean, path = ''): Diagnosis => ({ mistake: { offset, path, words }, local });
  const parser = (): Diagnosis => at(p, say(CONTENT.yamlSyntax, { detail: sanitized(error.message) }), false);
  const line = lines.lineOf(p);
  const row = lines.text(line);
  const rowStart = lines.start(line);
  // The codes it knows; every other is said in the parser's words.
  const code: string = error.code;
  switch (code) {
    case 'DUPLICATE_KEY':
      return at(p, duplicateKey(doc, p, text, lines), true, pathAt(doc, p, true));
    case 'MULTIPLE_DOCS':
      return at(p, say(CONTENT.twoDocuments), true);
    case 'TAB_AS_INDENT': {
      const tab = row.indexOf('\t');
      return at(tab >= 0 ? rowStart + tab : p, say(CONTENT.yamlTab), false);
    }
    case 'BAD_SCALAR_START':
    case 'BAD_ALIAS': {
      const char = text[p] ?? '';
      return RESERVED.has(char) ? at(p, say(CONTENT.yamlReservedStart, { char }), true, pathAt(doc, p)) : parser();
    }
    case 'UNEXPECTED_TOKEN': {
      const v = valueStart(row);
      const char = row[v] ?? '';
      if (v < row.length && rowStart + v <= p) {
        if (char === '"' || char === "'") return at(rowStart + v, say(CONTENT.yamlTextAfterQuote, { mark: char }), true, pathAt(doc, rowStart + v));
        if (RESERVED.has(char)) return at(rowStart + v, say(CONTENT.yamlReservedStart, { char }), true, pathAt(doc, rowStart + v));
      }
      return parser();
    }
    case 'MISSING_CHAR':
      if (/^Missing closing/.test(error.message)) {
        const open = unclosedQuote(tokens, p);
        return open === null ? parser() : at(open.offset, say(CONTENT.yamlUnclosedQuote, { mark: open.mark }), false);
      }
      return structural(error, p, lines, doc, parser);
    case 'BLOCK_AS_IMPLICIT_KEY':
    case 'MULTILINE_IMPLICIT_KEY':
    case 'BAD_INDENT':
    case 'KEY_OVER_1024_CHARS':
      return structural(error, p, lines, doc, parser);
    default:
      return parser();
  }
}

/** Mistakes in how lines are laid out: which line is wrong, and how. */
function structural(error: YAMLError, p: number, lines: Lines, doc: Document.Parsed, parser: () => Diagnosis): Diagnosis {
  let line = lines.lineOf(p);
  const row = lines.text(line);
  const rowStart = lines.start(line);
  const indent = indentOf(row);
  if (p - rowStart > indent) {
    // The error is at a value in the middle of the line: the text there was read as a key.
    const rest = row.slice(p - rowStart);
    const colon = rest.search(/:(?: |$)/);
    const char = rest[0] ?? '';
    if (colon > 0 && char !== '"' && char !== "'") {
      return { mistake: { offset: p, path: pathAt(doc, p), words: say(CONTENT.yamlColonInText, { before: rest.slice(0, colon) }) }, local: true };
    }
    const slip = noSpace(row, rowStart);
    if (slip) return { mistake: slip, local: true };
    if (error.code !== 'MULTILINE_IMPLICIT_KEY' && error.code !== 'BLOCK_AS_IMPLICIT_KEY') return parser();
    // The value and a line below it were read as one key: that line is the one out of place.
    const next = lines.nextContent(line);
    if (next === null) return parser();
    line = next;
    const below = lines.text(line);
    const content = below.slice(indentOf(below));
    if (!KEY.test(content) && !/^-(?: |$)/.test(content)) {
      // Text going on below, with `: ` in it.
      const colonBelow = content.search(/:(?: |$)/);
      if (colonBelow <= 0) return parser();
      const offset = lines.start(line) + indentOf(below);
      return { mistake: { offset, path: pathAt(doc, p), words: say(CONTENT.yamlColonInText, { before: content.slice(0, colonBelow) }) }, local: true };
    }
  }
  return misplaced(line, lines, parser);
}

/** The line `line` is out of place: a tab, `key:value`, a list item or a key indented off. */
function misplaced(line: number, lines: Lines, parser: () => Diagnosis): Diagnosis {
  const row = lines.text(line);
  const rowStart = lines.start(line);
  const tab = /^ *\t/.exec(row);
  if (tab) return { mistake: { offset: rowStart + tab[0].length - 1, path: '', words: say(CONTENT.yamlTab) }, local: false };
  const slip = noSpace(row, rowStart);
  if (slip) return { mistake: slip, local: true };
  const indent = indentOf(row);
  const content = row.slice(indent);
  const open = openLevels(lines, line);
  const offset = rowStart + indent;
  if (/^-(?: |$)/.test(content)) {
    const expected = nearest(indent, open.dashes);
    if (expected === null || expected === indent) return parser();
    return { mistake: { offset, path: '', words: say(CONTENT.yamlListIndentation, { indent, expected }) }, local: false };
  }
  // Only a key is known to be out of place; any other line may be text going on.
  const key = KEY.exec(content);
  const expected = nearest(indent, open.keys);
  if (key === null || expected === null || expected === indent) return parser();
  const words = say(CONTENT.yamlIndentation, { key: key[0].replace(/: ?$/, ''), indent, expected });
  return { mistake: { offset, path: '', words }, local: false };
}

/** `state:resolved` on the line: a key and its value with no space after the colon. */
function noSpace(row: string, rowStart: number): Mistake | null {
  let v = indentOf(row);
  if (row.startsWith('- ', v)) v += 2;
  const slip = NO_SPACE.exec(row.slice(v));
  if (!slip) return null;
  const [, key = '', value = ''] = slip;
  // `https://…` going on from the line above is text, not a slip.
  if (value.startsWith('//')) return null;
  return { offset: rowStart + v + key.length + 1, path: '', words: say(CONTENT.yamlNoSpaceAfterColon, { key, value }) };
}

/**
 * The columns of the keys and list dashes open at line `line`, from the lines above it: what a line
 * there may line up with. Comments, blank lines, block scalars' lines and text going on over
 * several lines open nothing.
 */
function openLevels(lines: Lines, line: number): { keys: number[]; dashes: number[] } {
  const stack: { col: number; dash: boolean }[] = [];
  let block = -1;
  for (let i = 1; i < line; i++) {
    const row = lines.text(i);
    let col = indentOf(row);
    if (col === row.length || row[col] === '#') continue;
    if (block >= 0) {
      if (col > block) continue;
      block = -1;
    }
    let content = row.slice(col);
    const dash = /^-(?: +|$)/.exec(content);
    if (!dash && !KEY.test(content)) continue; // text going on, or a line the parser did not take
    while (stack.length > 0 && (stack.at(-1)!.col > col || (stack.at(-1)!.col === col && stack.at(-1)!.dash !== Boolean(dash)))) stack.pop();
    if (dash) {
      if (stack.at(-1)?.col !== col) stack.push({ col, dash: true });
      col += dash[0].length;
      content = content.slice(dash[0].length);
      if (!KEY.test(content)) continue;
      stack.push({ col, dash: false });
    } else if (stack.at(-1)?.col !== col) {
      stack.push({ col, dash: false });
    }
    if (/^[^:]*:\s+[|>][-+0-9]*\s*(?:#.*)?$/.test(content)) block = col;
  }
  return { keys: stack.filter((l) => !l.dash).map((l) => l.col), dashes: stack.filter((l) => l.dash).map((l) => l.col) };
}

/** The column of `columns` nearest to `indent`; of two as near, the deeper one. */
function nearest(indent: number, columns: readonly number[]): number | null {
  let best: number | null = null;
  for (const col of columns) {
    if (best === null || Math.abs(col - indent) < Math.abs(best - indent) || (Math.abs(col - indent) === Math.abs(best - indent) && col > best)) best = col;
  }
  return best;
}

/** Where the value on a line starts: after its indentation, a `- ` and a `key: `. */
function valueStart(row: string): number {
  let v = indentOf(row);
  while (row.startsWith('- ', v)) v = indentOf(row, v + 2);
  const key = KEY.exec(row.slice(v, v + 300));
  if (key) v = indentOf(row, v + key[0].length);
  return v;
}

/**
 * The quote that opened text never closed: YAML read on to the next quote, so the first quoted
 * scalar over several lines; else the last quote before the error.
 */
function unclosedQuote(tokens: readonly CST.Token[], before: number): { offset: number; mark: '"' | "'" } | null {
  const quoted: { offset: number; source: string }[] = [];
  const stack: unknown[] = [...tokens];
  while (stack.length > 0) {
    const token = stack.pop();
    if (typeof token !== 'object' || token === null) continue;
    const { type, offset, source } = token as { type?: string; offset?: number; source?: string };
    if ((type === 'double-quoted-scalar' || type === 'single-quoted-scalar') && typeof offset === 'number' && typeof source === 'string') {
      quoted.push({ offset, source });
    }
    for (const value of Object.values(token)) if (typeof value === 'object' && value !== null) stack.push(value);
  }
  quoted.sort((a, b) => a.offset - b.offset);
  const found = quoted.find((q) => q.source.includes('\n')) ?? quoted.filter((q) => q.offset <= before).at(-1);
  if (!found) return null;
  return { offset: found.offset, mark: found.source[0] === "'" ? "'" : '"' };
}

/** The key repeated at `offset`, and the line of its first appearance in the same mapping. */
function duplicateKey(doc: Document.Parsed, offset: number, text: string, lines: Lines): IssueWords {
  let words: IssueWords | null = null;
  visit(doc, {
    Map(_, map) {
      const items = map.items as Pair[];
      const i = items.findIndex((pair) => (pair.key as Node | null)?.range?.[0] === offset);
      if (i < 0) return undefined;
      const key = keyText(items[i]!.key);
      const first = items.slice(0, i).find((pair) => keyText(pair.key) === key);
      const firstAt = (first?.key as Node | null)?.range?.[0];
      words = say(CONTENT.duplicateKey, { key: key ?? '', ...(firstAt === undefined ? {} : { first: lines.lineOf(firstAt) }) });
      return visit.BREAK;
    },
  });
  // The error's range covers only the key's first character; the key runs to the colon.
  return words ?? say(CONTENT.duplicateKey, { key: /^[^:\n]{0,200}/.exec(text.slice(offset))![0].trim().replace(/^["']|["']$/g, '') });
}

/** Where the spaces from `from` end: the indentation of a line, from its start. */
const indentOf = (row: string, from = 0): number => {
  let n = from;
  while (row.charCodeAt(n) === 32) n++;
  return n;
};

/**
 * A parser message as shown: escaped and cut short, since some end with the text they could not read
 * (`Unresolved tag: <the tag>`). Such text is one long word; the parser's own words are short.
 */
export const sanitized = (message: string): string => excerpt(message.replace(/\S{41,}/g, (word) => `${Array.from(word).slice(0, 40).join('')}…`), 120);

/** The text's lines by number (1-based), from the parser's line counter. */
class Lines {
  constructor(
    private readonly source: string,
    private readonly counter: LineCounter,
  ) {}

  lineOf(offset: number): number {
    return this.counter.linePos(offset).line;
  }

  start(line: number): number {
    return this.counter.lineStarts[line - 1] ?? this.source.length;
  }

  /** The line without its line break. */
  text(line: number): string {
    const start = this.start(line);
    const next = line < this.counter.lineStarts.length ? this.counter.lineStarts[line]! - 1 : this.source.length;
    const row = this.source.slice(start, Math.max(start, next));
    return row.endsWith('\r') ? row.slice(0, -1) : row;
  }

  /** The next line below `line` that holds more than spaces or a comment. */
  nextContent(line: number): number | null {
    for (let i = line + 1; i <= this.counter.lineStarts.length; i++) {
      const row = this.text(i);
      const indent = indentOf(row);
      if (indent < row.length && row[indent] !== '#') return i;
    }
    return null;
  }
}
