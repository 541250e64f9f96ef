// Where a YAML mistake is, in the terms of the content's keys: the path of the node at an offset
// (`updates.1.state`), every pair of a document with its path, and keys as text.
import { isMap, isScalar, isSeq } from 'yaml';
import type { Document, Node, Pair } from 'yaml';
import { excerpt } from './quote.js';

/**
 * The field whose value starts at `offset` (`updates.0.content`), or with `atKey` the mapping one of
 * whose keys does (`updates.0`). Empty when the nodes do not lead there.
 */
export function pathAt(doc: Document.Parsed, offset: number, atKey = false): string {
  const path: (string | number)[] = [];
  let node: unknown = doc.contents;
  const holds = (n: unknown): boolean => {
    const range = (n as Node | null)?.range;
    return !!range && range[0] <= offset && offset < Math.max(range[2], range[0] + 1);
  };
  for (let depth = 0; depth < 70; depth++) {
    if (isMap(node)) {
      if (atKey && (node.items as Pair[]).some((item) => (item.key as Node | null)?.range?.[0] === offset)) return dotted(path);
      const pair = (node.items as Pair[]).find((item) => holds(item.value));
      const key = pair ? keyText(pair.key) : null;
      if (!pair || key === null) break;
      path.push(key);
      node = pair.value;
    } else if (isSeq(node)) {
      const index = node.items.findIndex(holds);
      if (index < 0) break;
      path.push(index);
      node = node.items[index];
    } else {
      break;
    }
    if ((node as Node).range?.[0] === offset) return atKey ? '' : dotted(path);
  }
  return '';
}

/** Every pair of the document with its path and the key of the mapping it is in, depth first. */
export function walk(node: unknown, path: (string | number)[], visitPair: (pair: Pair, path: (string | number)[], parent: string | null) => void): void {
  const stack: { node: unknown; path: (string | number)[] }[] = [{ node, path }];
  while (stack.length > 0) {
    const { node: current, path: at } = stack.pop()!;
    if (isMap(current)) {
      const parent = typeof at.at(-1) === 'string' ? (at.at(-1) as string) : null;
      for (const pair of current.items as Pair[]) {
        const key = keyText(pair.key);
        if (key === null) continue;
        visitPair(pair, [...at, key], parent);
        stack.push({ node: pair.value, path: [...at, key] });
      }
    } else if (isSeq(current)) {
      current.items.forEach((item, i) => stack.push({ node: item, path: [...at, i] }));
    }
  }
}

/** A path as issues show it: keys escaped and cut short. */
export const dotted = (path: readonly (string | number)[]): string => path.map((s) => (typeof s === 'number' ? s : excerpt(s))).join('.');

/** A scalar key's text (`yaml` turns a null key, `null:` or `~:`, into ""); null for other keys (aliases, collections). */
export function keyText(key: unknown): string | null {
  if (isScalar(key)) return key.value === null ? '' : String(key.value);
  return null;
}
