// The component tree: API order (depth first, siblings by position, then id), each with the state
// its severity gives (severity.ts: what a notice's state does, bubbled up to every ancestor).
import type { Component } from '../content/types.js';
import { madeOnce } from '../util/made-once.js';
import type { DerivedComponent, Severity } from './types.js';
import { stateOfSeverity } from './severity.js';

const bySiblingOrder = (a: Component, b: Component): number =>
  (a.position ?? Infinity) - (b.position ?? Infinity) || a.id - b.id;

/** Components in depth-first pre-order, each with its children; validation has ruled out cycles. */
export function orderTree(components: Component[]): { component: Component; children: number[] }[] {
  const children = new Map<number | null, Component[]>();
  for (const c of components) madeOnce(children, c.parentId, () => []).push(c);
  for (const siblings of children.values()) siblings.sort(bySiblingOrder);

  const ordered: { component: Component; children: number[] }[] = [];
  // An explicit stack, not recursion: a deep tree must not overflow the call stack.
  const stack = [...(children.get(null) ?? [])].reverse();
  while (stack.length > 0) {
    const component = stack.pop()!;
    const kids = children.get(component.id) ?? [];
    ordered.push({ component, children: kids.map((k) => k.id) });
    for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]!);
  }
  return ordered;
}

/**
 * Each component id with itself and its ancestors, nearest first. Iterative, each chain built once
 * from its parent's: validation bounds the depth, but no tree walk may recurse.
 */
export function lineage(components: Component[]): Map<number, number[]> {
  const parent = new Map(components.map((c) => [c.id, c.parentId]));
  const result = new Map<number, number[]>();
  for (const c of components) {
    const pending: number[] = [];
    let id: number | null | undefined = c.id;
    while (id !== null && id !== undefined && !result.has(id) && !pending.includes(id)) {
      pending.push(id);
      id = parent.get(id);
    }
    let above = id !== null && id !== undefined ? (result.get(id) ?? []) : [];
    for (let i = pending.length - 1; i >= 0; i--) {
      above = [pending[i]!, ...above];
      result.set(pending[i]!, above);
    }
  }
  return result;
}

/** The ordered components with their severity and state (operational unless a notice set one) and whether their metrics are published. */
export function toDerivedComponents(
  ordered: { component: Component; children: number[] }[],
  severities: Map<number, Severity>,
  siteMetrics: boolean,
): DerivedComponent[] {
  return ordered.map(({ component, children }) => ({
    source: component,
    id: component.id,
    severity: severities.get(component.id) ?? 'operational',
    state: stateOfSeverity(severities.get(component.id) ?? 'operational'),
    children,
    metrics: siteMetrics && component.metrics,
  }));
}
