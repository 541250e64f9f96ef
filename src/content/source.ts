// Reading one content file into a YAML Document, guarded against hostile input: size, encoding,
// nesting depth, alias bombs and self-referencing aliases all become issues, never crashes.
//
// Two parsers, for speed: `yaml` keeps node positions for messages but is slow; js-yaml parses the
// same files several times faster without positions (docs/performance.md has the figures). Plain,
// well-formed files (most of them) take the fast path (fast-yaml.ts); positions are parsed with
// `yaml` only when a message needs one. Anything the fast path cannot read exactly as `yaml` would
// takes the careful path, which reports it exactly.
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import { Composer, LineCounter, Parser, YAMLParseError, visit } from 'yaml';
import type { CST, Document } from 'yaml';
import type { ContentIssue, IssueWords } from '../errors/error.js';
import { CONTENT } from '../errors/content.js';
import { say } from '../errors/entry.js';
import { MAX_DEPTH, MAX_ENTRIES, parseFast } from './fast-yaml.js';
import type { ContentFile, SourceKind } from './files.js';
import { lostText, sanitized, yamlMistakes } from './yaml-mistakes.js';

export const MAX_FILE_BYTES = 1024 * 1024;
export const MAX_ALIAS_COUNT = 100;

// Named where the files are found by their kind (files.ts), which must not import this module.
export type { SourceKind } from './files.js';

export interface SourceFile {
  /** Relative to the content folder, forward slashes: `notices/42-api.yaml`. */
  file: string;
  kind: SourceKind;
  /** null when the file was never handed to the parser (too large, not UTF-8, too deep). Parsed on first use. */
  readonly doc: Document.Parsed | null;
  readonly lineCounter: LineCounter;
  /** Plain data of the document; undefined when it could not be produced safely. */
  data: unknown;
  /** True when the YAML had no errors, so `data` is what the author wrote and can be validated. */
  usable: boolean;
}

/** Reads and parses a content file; every problem is returned as an issue next to the (partial) source. */
export function readSource(entry: ContentFile): { source: SourceFile; issues: ContentIssue[] } {
  const { file, kind } = entry;
  let text: string | Problem;
  try {
    text = readText(entry);
  } catch (error) {
    text = { problem: say(CONTENT.fileUnreadable, { errno: (error as NodeJS.ErrnoException).code ?? 'error' }) };
  }
  if (typeof text === 'string') text = checkCharacters(text);
  if (typeof text === 'string') {
    const fast = parseFast(text);
    if (fast !== undefined) return { source: lazySource(file, kind, text, withOwnStrings(fast)), issues: [] };
  }
  return parseCarefully(file, kind, text);
}

/**
 * Text about to be written as a content file, judged by every rule the loader applies to a file's
 * text (its size in UTF-8 bytes, its characters, nesting, entries, aliases), with the careful parser:
 * an authoring command never writes a file the build would refuse.
 */
export function parseText(file: string, kind: SourceKind, text: string): { source: SourceFile; issues: ContentIssue[] } {
  const bytes = Buffer.byteLength(text, 'utf8');
  if (bytes > MAX_FILE_BYTES) return parseCarefully(file, kind, { problem: say(CONTENT.fileTooLarge, { bytes, max: MAX_FILE_BYTES }) });
  return parseCarefully(file, kind, checkCharacters(text));
}

/**
 * `data` with each string value of its lists and plain mappings made a copy of its own, in place.
 * A parser cuts its strings out of the file's text, and V8 keeps the whole text alive for as long
 * as any string cut from it: the content model, which keeps a few strings of every file through
 * the whole build, kept most of the files' texts with them. A string joined to another is a new
 * one, and what is cut from that holds only it. (V8 copies what it cuts shorter than 13
 * characters; an alias's shared object is walked once.)
 */
export function withOwnStrings<T>(data: T, seen = new Set<object>()): T {
  // Only the lists and plain mappings parsing makes: a `!!binary` value is bytes, not a text to walk.
  if (typeof data !== 'object' || data === null || seen.has(data) || !(Array.isArray(data) || Object.getPrototypeOf(data) === Object.prototype)) return data;
  seen.add(data);
  const record = data as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    const value = record[key];
    if (typeof value === 'object') withOwnStrings(value, seen);
    // Defined, not assigned: a `__proto__` key is a property of its own here, and assigning it would set the prototype.
    else if (typeof value === 'string' && value.length >= 13) Object.defineProperty(record, key, { value: (' ' + value).slice(1), writable: true, enumerable: true, configurable: true });
  }
  return data;
}

/** A source whose Document is parsed only if a message needs a position in it. */
function lazySource(file: string, kind: SourceKind, text: string, data: unknown): SourceFile {
  let parsed: SourceFile | null = null;
  const careful = (): SourceFile => (parsed ??= parseCarefully(file, kind, text).source);
  return {
    file,
    kind,
    data,
    usable: true,
    get doc() {
      return careful().doc;
    },
    get lineCounter() {
      return careful().lineCounter;
    },
  };
}

interface Problem {
  problem: IssueWords;
  /** Where in the file, when the problem has a place (1-based); else the file as a whole. */
  at?: { line: number; column: number };
}

function parseCarefully(file: string, kind: SourceKind, text: string | Problem): { source: SourceFile; issues: ContentIssue[] } {
  const lineCounter = new LineCounter();
  const source: { -readonly [K in keyof SourceFile]: SourceFile[K] } = { file, kind, doc: null, lineCounter, data: undefined, usable: false };
  if (typeof text !== 'string') return { source, issues: [{ file, ...(text.at ?? { line: 1, column: 1 }), path: '', ...text.problem }] };
  const { tokens, stoppedAt } = parseTokens(text, lineCounter);
  const { depth, widest } = collectionShape(tokens);
  if (depth > MAX_DEPTH) {
    return { source, issues: [{ file, line: 1, column: 1, path: '', ...say(CONTENT.nestedTooDeep, { depth, max: MAX_DEPTH }) }] };
  }
  const at = (offset: number): { line: number; column: number } => lineColumn(lineCounter, offset);
  if (widest.count > MAX_ENTRIES) {
    return { source, issues: [{ file, ...at(widest.offset), path: '', ...say(CONTENT.tooManyEntries, { count: widest.count, max: MAX_ENTRIES }) }] };
  }

  const doc = compose(tokens, text.length);
  source.doc = doc;
  // One issue for each mistake, at the line that is wrong (yaml-mistakes.ts); text lost to a comment
  // or an anchor only in a file without errors, whose nodes are what was written.
  const mistakes = doc.errors.length > 0 ? yamlMistakes(text, doc, tokens, lineCounter) : lostText(text, doc);
  const issues: ContentIssue[] = [
    ...mistakes.map((m) => ({ file, ...at(m.offset), path: m.path, ...m.words })),
    ...doc.warnings.map((w) => ({ file, ...at(w.pos[0]), path: '', ...say(CONTENT.yamlWarning, { detail: sanitized(w.message) }) })),
  ];
  if (stoppedAt !== null) {
    issues.push({ file, ...at(stoppedAt), path: '', ...say(CONTENT.tooManyYamlMistakes, { max: MAX_SYNTAX_ERRORS }) });
    return { source, issues };
  }
  const alias = badAlias(doc);
  if (alias !== null) {
    const where = at(alias.offset);
    // `*sigh* again` is an alias and then an error on the same line: one mistake, said once.
    if (!issues.some((issue) => issue.line === where.line)) issues.push({ file, ...where, path: '', ...alias.words });
    return { source, issues };
  }
  try {
    source.data = withOwnStrings(doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT }));
  } catch (error) {
    // Unresolved and circular aliases are found above, so what toJS throws is the alias limit (a
    // "billion laughs" file); anything else is reported without quoting the text.
    const bomb = error instanceof ReferenceError && /alias count/i.test(error.message);
    const words = bomb ? say(CONTENT.aliasBomb, { max: MAX_ALIAS_COUNT }) : say(CONTENT.yamlUnreadable, { detail: sanitized((error as Error).message) });
    issues.push({ file, ...(bomb ? at(firstAlias(doc)) : { line: 1, column: 1 }), path: '', ...words });
    return { source, issues };
  }
  source.usable = doc.errors.length === 0;
  return { source, issues };
}

/** The 1-based line and column of `offset`, as issues give them. */
export function lineColumn(lineCounter: LineCounter, offset: number): { line: number; column: number } {
  const { line, col } = lineCounter.linePos(offset);
  return { line, column: col };
}

const UTF8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The text of a file that files.ts admitted. Opened without following a link (its real path was
 * resolved there) and only if it is still the file that was judged: a link swapped in between is
 * never followed. Synchronous: thousands of small reads one after another beat promises here.
 */
function readText(entry: ContentFile): string | Problem {
  // Non-blocking: had a FIFO been swapped in, reading would wait for a writer.
  const fd = openSync(entry.real, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW);
  try {
    const info = fstatSync(fd);
    if (entry.identity !== null && (info.dev !== entry.identity.dev || info.ino !== entry.identity.ino)) {
      return { problem: say(CONTENT.fileChanged) };
    }
    if (!info.isFile()) return { problem: say(CONTENT.notAFile, {}) };
    if (info.size > MAX_FILE_BYTES) return { problem: say(CONTENT.fileTooLarge, { bytes: info.size, max: MAX_FILE_BYTES }) };
    // Read one byte past the limit so a file that grew since stat is still caught.
    // allocUnsafe: only the bytes read are decoded. One decoder for every file: making one per file
    // cost as much as the reading.
    const buffer = Buffer.allocUnsafe(Math.min(info.size, MAX_FILE_BYTES) + 1);
    const bytesRead = readSync(fd, buffer, 0, buffer.length, 0);
    if (bytesRead > MAX_FILE_BYTES) return { problem: say(CONTENT.fileTooLarge, { max: MAX_FILE_BYTES }) };
    try {
      return UTF8.decode(buffer.subarray(0, bytesRead));
    } catch {
      return { problem: say(CONTENT.notUtf8) };
    }
  } finally {
    closeSync(fd);
  }
}

/**
 * Past this many syntax errors the rest of a file is not parsed: the parser makes a token of each,
 * and the composer an error and nodes of each token, so a file of one mistake repeated exhausted
 * the heap. Stopping keeps the cost of reading a file within its size.
 */
export const MAX_SYNTAX_ERRORS = 50;

/** The file's concrete syntax tree, up to the MAX_SYNTAX_ERRORS-th error (`stoppedAt`: its offset), or whole. */
function parseTokens(text: string, lineCounter: LineCounter): { tokens: CST.Token[]; stoppedAt: number | null } {
  const tokens: CST.Token[] = [];
  let errors = 0;
  for (const token of new Parser(lineCounter.addNewLine).parse(text)) {
    tokens.push(token);
    if (token.type === 'error' && ++errors >= MAX_SYNTAX_ERRORS) return { tokens, stoppedAt: token.offset };
  }
  return { tokens, stoppedAt: null };
}

/**
 * What `parseDocument(text, { lineCounter, uniqueKeys: true, prettyErrors: false })` does, split so the
 * depth check can read the concrete syntax tree first without lexing the text twice.
 */
function compose(tokens: CST.Token[], length: number): Document.Parsed {
  const composer = new Composer({ uniqueKeys: true, logLevel: 'error' });
  let doc: Document.Parsed | null = null;
  for (const next of composer.compose(tokens, true, length)) {
    if (doc === null) {
      doc = next;
    } else {
      doc.errors.push(new YAMLParseError([next.range[0], next.range[1]], 'MULTIPLE_DOCS', 'Source contains multiple documents'));
      break;
    }
  }
  return doc!; // compose(…, forceDoc = true) always yields a document
}

/**
 * The deepest collection nesting in a concrete syntax tree, and its largest collection (entries, and
 * where it starts), walked without recursion: the composer recurses, and checks a mapping's keys for
 * repeats in time that grows with the square of their number.
 */
export function collectionShape(tokens: readonly CST.Token[]): { depth: number; widest: { count: number; offset: number } } {
  type Token = { type?: string; offset?: number; value?: unknown; items?: { key?: unknown; value?: unknown }[] };
  const stack: [Token | undefined, number][] = tokens.map((token) => [token as Token, 0]);
  let depth = 0;
  const widest = { count: 0, offset: 0 };
  while (stack.length > 0) {
    const [token, level] = stack.pop()!;
    if (!token || typeof token !== 'object') continue;
    depth = Math.max(depth, level);
    if (token.type === 'document') stack.push([token.value as Token, level]);
    const items = token.items ?? [];
    if (items.length > widest.count) Object.assign(widest, { count: items.length, offset: token.offset ?? 0 });
    for (const item of items) stack.push([item.key as Token, level + 1], [item.value as Token, level + 1]);
  }
  return { depth, widest };
}

/**
 * YAML 1.2 allows only printable characters in a file: tab, line breaks and the printable ranges.
 * A raw NUL or other control character is refused at its place, so none reaches a page or a message.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const NOT_PRINTABLE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u0084\u0086-\u009f\ufffe\uffff]/;

function checkCharacters(text: string): string | Problem {
  const match = NOT_PRINTABLE.exec(text);
  if (match === null) return text;
  const before = text.slice(0, match.index);
  const line = before.split('\n').length;
  const column = match.index - before.lastIndexOf('\n');
  return { problem: say(CONTENT.controlCharacter, { char: match[0] }), at: { line, column } };
}

/** The first alias that names no anchor, or one that contains itself, with what to say about it. */
function badAlias(doc: Document.Parsed): { offset: number; words: IssueWords } | null {
  let found: { offset: number; words: IssueWords } | null = null;
  visit(doc, {
    Alias(_, node, ancestors) {
      const target = node.resolve(doc);
      const offset = node.range?.[0] ?? 0;
      if (target === undefined) {
        found = { offset, words: say(CONTENT.aliasUnresolved, { name: node.source }) };
      } else if (ancestors.includes(target)) {
        found = { offset, words: say(CONTENT.aliasCircular) };
      }
      return found ? visit.BREAK : undefined;
    },
  });
  return found;
}

function firstAlias(doc: Document.Parsed): number {
  let offset = 0;
  visit(doc, {
    Alias(_, node) {
      offset = node.range?.[0] ?? 0;
      return visit.BREAK;
    },
  });
  return offset;
}
