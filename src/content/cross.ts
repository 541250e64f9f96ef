// Checks across files (DESIGN 2): duplicate ids, references to unknown components, parent cycles.
// They read raw data, so a file with a wrong field still takes part with the fields that are right.
import type { Finding } from './positions.js';
import { field } from './rules.js';
import type { SourceFile } from './source.js';

export interface FileFinding {
  source: SourceFile;
  finding: Finding;
}

const isId = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value > 0;

/** Every cross-file problem, each at the file and node that should change. */
export function crossFileFindings(components: SourceFile[], notices: SourceFile[]): FileFinding[] {
  const findings: FileFinding[] = [];
  const checked = (sources: SourceFile[]): SourceFile[] => sources.filter((s) => s.usable);
  findings.push(...duplicateIds(checked(components), 'component'), ...duplicateIds(checked(notices), 'notice'));

  // A component file that could not be read may hold any id: referring to it is not reported as unknown.
  const unreadable = components.some((s) => s.data === undefined);
  const known = new Set(components.map((s) => field(s.data, 'id')).filter(isId));
  const unknown = (source: SourceFile, path: (string | number)[], id: unknown, what: string): void => {
    if (!unreadable && isId(id) && !known.has(id)) {
      findings.push({ source, finding: { path, message: `no component has id ${id}; ${what}` } });
    }
  };
  for (const source of checked(notices)) {
    const listed = field(source.data, 'components');
    if (!Array.isArray(listed)) continue;
    const seen = new Set<unknown>();
    listed.forEach((id: unknown, i) => {
      unknown(source, ['components', i], id, 'list the id of a file in components/');
      if (isId(id) && seen.has(id)) {
        findings.push({ source, finding: { path: ['components', i], message: `component ${id} is listed twice; remove one` } });
      }
      seen.add(id);
    });
  }
  for (const source of checked(components)) {
    unknown(source, ['parent_id'], field(source.data, 'parent_id'), 'parent_id must be the id of another component');
  }
  findings.push(...parentCycles(checked(components)));
  return findings;
}

function duplicateIds(sources: SourceFile[], kind: string): FileFinding[] {
  const byId = new Map<number, SourceFile[]>();
  for (const source of sources) {
    const id = field(source.data, 'id');
    if (isId(id)) byId.set(id, [...(byId.get(id) ?? []), source]);
  }
  const findings: FileFinding[] = [];
  for (const [id, group] of byId) {
    if (group.length < 2) continue;
    for (const source of group) {
      const others = group.filter((s) => s !== source).map((s) => s.file).join(', ');
      findings.push({ source, finding: { path: ['id'], message: `id ${id} is also used by ${others}; give each ${kind} its own id` } });
    }
  }
  return findings;
}

/** Each component on a parent cycle, at its parent_id, with the cycle spelt out from it. */
function parentCycles(components: SourceFile[]): FileFinding[] {
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
  for (const [id, source] of sourceOf) {
    // Walk up at most as many steps as there are components; coming back to `id` means a cycle.
    const chain = [id];
    let current = parentOf.get(id);
    while (current !== undefined && current !== id && chain.length <= parentOf.size) {
      chain.push(current);
      current = parentOf.get(current);
    }
    if (current !== id) continue;
    const message =
      chain.length === 1
        ? 'a component cannot be its own parent; remove parent_id or use the id of another component'
        : `parent cycle ${[...chain, id].join(' → ')}; change one of these parent_id values to break it`;
    findings.push({ source, finding: { path: ['parent_id'], message } });
  }
  return findings;
}
