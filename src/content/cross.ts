// The checks across files read raw data, so a file with a wrong field still takes part with the
// fields that are right.
import { CONTENT } from '../errors/content.js';
import { say } from '../errors/entry.js';
import type { IssueWords } from '../errors/error.js';
import type { Finding } from './positions.js';
import { field } from './rules.js';
import type { SourceFile } from './source.js';
import { madeOnce } from '../util/made-once.js';

export interface FileFinding {
  source: SourceFile;
  finding: Finding;
}

export const isId = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value > 0;

/**
 * Every cross-file problem, each at the file and node that should change. With `componentsUnknown`
 * (components/ could not be listed), references to component ids are not judged: they would all be
 * false alarms.
 */
export function crossFileFindings(components: SourceFile[], notices: SourceFile[], componentsUnknown = false, site: SourceFile | null = null): FileFinding[] {
  const findings: FileFinding[] = [];
  const checked = (sources: SourceFile[]): SourceFile[] => sources.filter((s) => s.usable);
  findings.push(...duplicateIds(checked(components), 'component'), ...duplicateIds(checked(notices), 'notice'));

  // A component file that could not be read may hold any id: referring to it is not reported as unknown.
  const unreadable = componentsUnknown || components.some((s) => s.data === undefined);
  const known = new Set(components.map((s) => field(s.data, 'id')).filter(isId));
  const unknown = (source: SourceFile, path: (string | number)[], id: unknown): void => {
    if (!unreadable && isId(id) && !known.has(id)) {
      findings.push({ source, finding: { path, ...say(CONTENT.unknownComponent, { id, field: path[0] as 'components' | 'parent_id' }) } });
    }
  };
  for (const source of checked(notices)) {
    const listed = field(source.data, 'components');
    if (!Array.isArray(listed)) continue;
    const seen = new Set<unknown>();
    listed.forEach((id: unknown, i) => {
      unknown(source, ['components', i], id);
      if (isId(id) && seen.has(id)) {
        findings.push({ source, finding: { path: ['components', i], ...say(CONTENT.componentListedTwice, { id }) } });
      }
      seen.add(id);
    });
  }
  for (const source of checked(components)) {
    unknown(source, ['parent_id'], field(source.data, 'parent_id'));
  }
  // A notify target's component filter: an unknown id would silently keep its events away.
  const targets = site?.usable ? field(site.data, 'notify') : undefined;
  if (site && Array.isArray(targets)) {
    targets.forEach((target: unknown, i) => {
      const listed = field(target, 'components');
      if (!Array.isArray(listed)) return;
      listed.forEach((id: unknown, j) => {
        if (!unreadable && isId(id) && !known.has(id)) findings.push({ source: site, finding: { path: ['notify', i, 'components', j], ...say(CONTENT.notifyUnknownComponent, { id }) } });
      });
    });
  }
  findings.push(...treeFindings(checked(components)));
  return findings;
}

function duplicateIds(sources: SourceFile[], kind: 'component' | 'notice'): FileFinding[] {
  const byId = new Map<number, SourceFile[]>();
  for (const source of sources) {
    const id = field(source.data, 'id');
    if (isId(id)) madeOnce(byId, id, () => []).push(source);
  }
  const findings: FileFinding[] = [];
  for (const [id, group] of byId) {
    if (group.length < 2) continue;
    for (const source of group) {
      // At most DUPLICATES_SHOWN names: naming every other file of one id in each file's message grows
      // with the square of their number.
      const others = group.slice(0, DUPLICATES_SHOWN + 1).filter((s) => s !== source).slice(0, DUPLICATES_SHOWN).map((s) => s.file);
      const more = group.length - 1 - others.length;
      findings.push({ source, finding: { path: ['id'], ...say(CONTENT.duplicateId, { id, others, more, kind }) } });
    }
  }
  return findings;
}

/** A duplicate id's message names at most this many of the other files that carry it. */
const DUPLICATES_SHOWN = 8;

/** Components may nest this many levels (a top-level component is level 1); deeper is an error. */
export const MAX_COMPONENT_DEPTH = 16;
/** A cycle's message names at most this many ids: a cycle of thousands must not print thousands per file. */
const CYCLE_SHOWN = 8;

/**
 * Parent cycles and trees nested too deep, in one pass over the parent links, iteratively: a chain of
 * thousands of components must neither overflow the stack nor cost components × components. Each
 * component on a cycle is reported at its parent_id; a chain too deep is reported once, at the first
 * component past the limit.
 */
function treeFindings(components: SourceFile[]): FileFinding[] {
  const parentOf = new Map<number, number>();
  const sourceOf = new Map<number, SourceFile>();
  for (const source of components) {
    const id = field(source.data, 'id');
    const parent = field(source.data, 'parent_id');
    if (!isId(id) || sourceOf.has(id)) continue; // duplicate ids are reported on their own
    sourceOf.set(id, source);
    if (isId(parent)) parentOf.set(id, parent);
  }
  const findings: FileFinding[] = [];
  /** Level of each component whose chain reaches the top (1 = top level); null for chains into a cycle. */
  const level = new Map<number, number | null>();
  for (const id of sourceOf.keys()) {
    const path: number[] = [];
    const onPath = new Map<number, number>();
    let current: number | undefined = id;
    // Walk up until a component already judged, the top (or an unknown parent), or the path itself.
    while (current !== undefined && sourceOf.has(current) && !level.has(current) && !onPath.has(current)) {
      onPath.set(current, path.length);
      path.push(current);
      current = parentOf.get(current);
    }
    let above: number | null;
    if (current !== undefined && onPath.has(current)) {
      const cycle = path.slice(onPath.get(current));
      for (const member of cycle) {
        findings.push({ source: sourceOf.get(member)!, finding: { path: ['parent_id'], ...cycleWords(cycle, member) } });
        level.set(member, null);
      }
      path.length = onPath.get(current)!;
      above = null;
    } else {
      above = current !== undefined && level.has(current) ? level.get(current)! : 0;
    }
    for (let i = path.length - 1; i >= 0; i--) {
      const own: number | null = above === null ? null : above + 1;
      level.set(path[i]!, own);
      if (own === MAX_COMPONENT_DEPTH + 1) {
        findings.push({ source: sourceOf.get(path[i]!)!, finding: { path: ['parent_id'], ...say(CONTENT.treeTooDeep, { depth: own, max: MAX_COMPONENT_DEPTH }) } });
      }
      above = own;
    }
  }
  return findings;
}

/** The cycle as seen from one member: the ids from it round to itself, cut short past CYCLE_SHOWN. */
function cycleWords(cycle: number[], from: number): IssueWords {
  if (cycle.length === 1) return say(CONTENT.ownParent);
  const start = cycle.indexOf(from);
  const ordered = [...cycle.slice(start), ...cycle.slice(0, start)];
  const shown = ordered.length > CYCLE_SHOWN ? [...ordered.slice(0, CYCLE_SHOWN), `… (${ordered.length} components)`] : [...ordered, from];
  return say(CONTENT.parentCycle, { cycle: shown });
}
