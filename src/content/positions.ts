// Issue path → line:column, read from the parsed YAML nodes (never guessed from the text), so a message
// points at `updates.1.state` even when the same key appears in every update.
import { isAlias, isMap, isScalar, isSeq } from 'yaml';
import type { Node, Pair } from 'yaml';
import type { ContentCode, ContentIssue } from '../errors/error.js';
import { lineColumn } from './source.js';
import type { SourceFile } from './source.js';
import { dotted, keyText } from './yaml-paths.js';

export type PathSegment = string | number;

/** A problem found in one file, before it has a position. */
export interface Finding {
  path: readonly PathSegment[];
  /** The catalogue entry's code and message: spread from say(CONTENT.…, params). */
  code: ContentCode;
  message: string;
  /** `key` points at the key of the last segment (unknown or forbidden keys); default: its value. */
  at?: 'key' | 'value';
}

export interface Position {
  line: number;
  column: number;
}

/** 1-based position of the node at `path`; falls back to the nearest existing ancestor (e.g. the map missing a key). */
export function positionOf(source: Pick<SourceFile, 'doc' | 'lineCounter'>, path: readonly PathSegment[], at: 'key' | 'value' = 'value'): Position {
  const { doc, lineCounter } = source;
  if (!doc) return { line: 1, column: 1 };
  let node: unknown = doc.contents;
  let offset = start(node) ?? 0;
  for (let i = 0; i < path.length; i++) {
    // Descend through aliases to what they name; the last segment keeps the alias's own position.
    if (isAlias(node)) node = node.resolve(doc);
    const segment = path[i]!;
    const last = i === path.length - 1;
    if (isMap(node)) {
      const pair = (node.items as Pair[]).find((p) => (keyText(p.key) ?? String(p.key)) === String(segment));
      if (!pair) break;
      const keyStart = start(pair.key);
      const valueStart = isEmpty(pair.value) ? undefined : start(pair.value);
      if ((last && at === 'key') || valueStart === undefined) {
        offset = keyStart ?? offset;
        break;
      }
      node = pair.value;
      offset = valueStart;
    } else if (isSeq(node) && typeof segment === 'number') {
      const item: unknown = node.items[segment];
      const itemStart = start(item);
      if (itemStart === undefined) break;
      node = item;
      offset = itemStart;
    } else {
      break;
    }
  }
  return lineColumn(lineCounter, offset);
}

/** The finding as a ContentIssue of `source`, positioned at its node. */
export function locate(source: SourceFile, finding: Finding): ContentIssue {
  return {
    file: source.file,
    ...positionOf(source, finding.path, finding.at),
    // Keys come from the file: a path shows each escaped and cut short, like any quoted content.
    path: dotted(finding.path),
    code: finding.code,
    message: finding.message,
  };
}

function start(node: unknown): number | undefined {
  return (node as Node | null)?.range?.[0];
}

// `key:` with nothing after it holds a zero-width null scalar; its key is the better place to point.
function isEmpty(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  const range = (value as Node).range;
  return isScalar(value) && value.value === null && (!range || range[0] === range[1]);
}
