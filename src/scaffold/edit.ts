// Changing a content file in place, byte for byte except the change: an item appended to a block
// list, a top-level value set, the result checked to read back as meant, then written whole or not
// at all. The edits are made on the text at the places the parsed Document gives, not by writing
// the Document back out: `doc.toString()` would re-indent lists, re-fold folded text and move every
// aligned comment, and a person's file is theirs to lay out.
import { randomBytes } from 'node:crypto';
import { open, readFile, realpath, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { isMap, isScalar, isSeq, parseDocument, Scalar } from 'yaml';
import type { Document, Node, Pair, YAMLMap } from 'yaml';
import { parseFast } from '../content/fast-yaml.js';
import { fail } from '../errors/error.js';
import { COMMAND } from '../errors/command.js';
import { toYaml } from './yaml.js';

/** Replace text[at, end) with `text`. */
export interface TextEdit {
  at: number;
  end: number;
  text: string;
}

/** The file's line break: CRLF when it uses them, so an added line matches its neighbours. */
const lineBreak = (text: string): string => (text.includes('\r\n') ? '\r\n' : '\n');

/**
 * `item` as a new last item of the block list under the top-level `key` (or, with `where: 'first'`,
 * a new first item), laid out like the item beside it (the same columns for `-` and for the keys,
 * the same indentation of block text). Null when the list is not a block list of mappings written
 * `- key: …` (a flow list, an alias, none).
 */
export function appendItem(text: string, doc: Document.Parsed, key: string, item: Record<string, unknown>, where: 'first' | 'last' = 'last'): TextEdit | null {
  const list = doc.get(key, true);
  if (!isSeq(list) || list.flow || list.items.length === 0) return null;
  const beside = list.items[where === 'first' ? 0 : list.items.length - 1] as Node;
  if (!isMap(beside) || beside.flow || !beside.range) return null;
  const start = beside.range[0];
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  const lead = text.slice(lineStart, start);
  if (!/^ *- +$/.test(lead)) return null; // `-` alone on its line, or a list inside a list
  const column = lead.length;
  const nl = lineBreak(text);
  const lines = toYaml(item, { indent: blockIndent(text, beside, column) ?? 2 }).replace(/\n$/, '').split('\n');
  // Blank lines inside block text stay empty: no trailing spaces.
  const rendered = lines.map((line, i) => (i === 0 ? lead + line : line === '' ? '' : ' '.repeat(column) + line)).join(nl) + nl;
  // Before the first item's line, or after the last item's last line (its range ends after that
  // line's break, or at the end of the file).
  if (where === 'first') return { at: lineStart, end: lineStart, text: rendered };
  const last = beside;
  const end = last.range![2];
  if (text[end - 1] === '\n') return { at: end, end, text: rendered };
  const next = text.indexOf('\n', end);
  return next === -1 ? { at: text.length, end: text.length, text: nl + rendered } : { at: next + 1, end: next + 1, text: rendered };
}

/** How far block text (`content: |`) in `map` is indented past its key, if it holds any. */
function blockIndent(text: string, map: YAMLMap, column: number): number | undefined {
  for (const pair of map.items as Pair[]) {
    const value = pair.value;
    if (!isScalar(value) || !value.range || (value.type !== Scalar.BLOCK_LITERAL && value.type !== Scalar.BLOCK_FOLDED)) continue;
    const body = text.slice(text.indexOf('\n', value.range[0]) + 1, value.range[1]);
    const indent = /^(?:[ \t]*\r?\n)*( +)\S/.exec(body)?.[1]?.length;
    if (indent !== undefined && indent > column) return indent - column;
  }
  return undefined;
}

/**
 * The top-level `key` set to `value`: its scalar replaced where it stands (a comment after it stays),
 * or, when the key is missing, a new `key: value` line above `before`. Null when the file is not a
 * block mapping, or the old value is not a plain one-line value.
 */
export function setValue(text: string, doc: Document.Parsed, key: string, value: string, before: string): TextEdit | null {
  const map = doc.contents;
  if (!isMap(map) || map.flow) return null;
  const scalar = toYaml({ [key]: value }).slice(key.length + 1).trim();
  if (scalar.includes('\n')) return null;
  const pairOf = (name: string): Pair | undefined => (map.items as Pair[]).find((p) => isScalar(p.key) && p.key.value === name);
  const pair = pairOf(key);
  if (pair) {
    const old = pair.value;
    const keyEnd = (pair.key as Node).range?.[1];
    if (old === null || (isScalar(old) && old.value === null && old.range?.[0] === old.range?.[1])) {
      // `key:` with nothing after it.
      if (keyEnd === undefined) return null;
      const colon = text.indexOf(':', keyEnd) + 1;
      return { at: colon, end: colon, text: ` ${scalar}` };
    }
    if (!isScalar(old) || !old.range || old.type === Scalar.BLOCK_LITERAL || old.type === Scalar.BLOCK_FOLDED) return null;
    return { at: old.range[0], end: old.range[1], text: scalar };
  }
  const anchor = pairOf(before);
  const anchorStart = (anchor?.key as Node | undefined)?.range?.[0];
  if (anchorStart === undefined) return null;
  const lineStart = text.lastIndexOf('\n', anchorStart - 1) + 1;
  const indent = text.slice(lineStart, anchorStart);
  if (!/^ *$/.test(indent)) return null;
  return { at: lineStart, end: lineStart, text: `${indent}${key}: ${scalar}${lineBreak(text)}` };
}

/**
 * The top-level `key` set to the mapping `value`, written in block style (`key:` then its keys one
 * level in, block text as `|`): replacing the whole of an existing block mapping under `key` (its
 * comments inside go with it), or, when the key is missing, added at the end of the file. Null when
 * the file is not a block mapping at column 0, or the old value is not a block mapping.
 */
export function setMapping(text: string, doc: Document.Parsed, key: string, value: Record<string, unknown>): TextEdit | null {
  const map = doc.contents;
  if (!isMap(map) || map.flow || !map.range || text.lastIndexOf('\n', map.range[0] - 1) + 1 !== map.range[0]) return null;
  const nl = lineBreak(text);
  const rendered = toYaml({ [key]: value }).replace(/\n$/, '').split('\n').join(nl) + nl;
  const pair = (map.items as Pair[]).find((p) => isScalar(p.key) && p.key.value === key);
  if (pair) {
    const old = pair.value;
    const start = (pair.key as Node).range?.[0];
    if (start === undefined || !isMap(old) || old.flow || !old.range) return null;
    const lineStart = text.lastIndexOf('\n', start - 1) + 1;
    if (lineStart !== start) return null;
    const end = old.range[2];
    if (text[end - 1] === '\n') return { at: lineStart, end, text: rendered };
    const next = text.indexOf('\n', end);
    return next === -1 ? { at: lineStart, end: text.length, text: rendered } : { at: lineStart, end: next + 1, text: rendered };
  }
  if (text.length === 0 || text.endsWith('\n')) return { at: text.length, end: text.length, text: rendered };
  return { at: text.length, end: text.length, text: nl + rendered };
}

/** `text` with `edits` made (they must not overlap). */
export function applyEdits(text: string, edits: TextEdit[]): string {
  let result = text;
  for (const edit of [...edits].sort((a, b) => b.at - a.at)) result = result.slice(0, edit.at) + edit.text + result.slice(edit.end);
  return result;
}

/** Throws unless both parsers the loader uses read `text` as `expected`: the change says exactly what was meant. */
export function checkReadsAs(text: string, expected: unknown): void {
  const careful = parseDocument(text, { uniqueKeys: true });
  const fast = parseFast(text); // undefined: the loader would take the careful path too
  if (careful.errors.length > 0 || !isDeepStrictEqual(careful.toJS(), expected) || (fast !== undefined && !isDeepStrictEqual(fast, expected))) {
    throw fail(COMMAND.yamlRoundTrip, undefined);
  }
}

/**
 * Replaces the file at `target` (through a link, the file it leads to) with `text`: written to a
 * hidden temporary file in the same folder (hidden files are never read as content), flushed, then
 * renamed over it, so a reader sees the old file or the new one, never half of it. Refused when the
 * file no longer holds `original`: another program changed it meanwhile.
 */
export async function replaceFile(target: string, text: string, original: string): Promise<void> {
  const real = await realpath(target).catch(() => target);
  const temp = path.join(path.dirname(real), `.${path.basename(real)}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`);
  try {
    const { mode } = await stat(real);
    const handle = await open(temp, 'wx', mode & 0o777);
    try {
      await handle.writeFile(text);
      await handle.chmod(mode & 0o777); // the umask may have narrowed it
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch (error) {
    await rm(temp, { force: true });
    throw fail(COMMAND.editWriteFailed, { target, detail: (error as Error).message }, { cause: error });
  }
  if ((await readFile(real, 'utf8').catch(() => null)) !== original) {
    await rm(temp, { force: true });
    throw fail(COMMAND.changedMeanwhile, { target });
  }
  try {
    await rename(temp, real);
  } catch (error) {
    await rm(temp, { force: true });
    throw fail(COMMAND.editWriteFailed, { target, detail: (error as Error).message }, { cause: error });
  }
}
