// Checks of `audiences` in site.yaml and `audience` on components, notices and notify targets. They
// read raw data, as cross.ts does, so a file with a wrong field elsewhere is still judged here.
import { CONTENT } from '../errors/content.js';
import { say } from '../errors/entry.js';
import { isId } from './cross.js';
import type { FileFinding } from './cross.js';
import { isRecord } from './data.js';
import { field } from './rules.js';
import type { SourceFile } from './source.js';

/** What an audience may be called: it names a flag's value, a folder and an id range in the docs. */
export const AUDIENCE_NAME = /^[a-z][a-z0-9-]{0,31}$/;
/** The audience of everything without `audience`: no other may take its name. */
export const PUBLIC = 'public';

/** The names written under `audience` (one or a list), each with its path; nothing for a value of another type (the schema reports it). */
function written(value: unknown, base: (string | number)[]): { name: string; path: (string | number)[] }[] {
  if (typeof value === 'string') return [{ name: value, path: base }];
  if (!Array.isArray(value)) return [];
  return value.flatMap((name: unknown, i) => (typeof name === 'string' ? [{ name, path: [...base, i] }] : []));
}

/** Every audience problem, each at the node to change. */
export function audienceFindings(site: SourceFile | null, components: SourceFile[], notices: SourceFile[]): FileFinding[] {
  const findings: FileFinding[] = [];
  const declared = site?.usable ? field(site.data, 'audiences') : undefined;
  const known = isRecord(declared) ? Object.keys(declared).filter((name) => AUDIENCE_NAME.test(name) && name !== PUBLIC) : [];
  if (site && isRecord(declared)) {
    for (const name of Object.keys(declared)) {
      if (!known.includes(name)) findings.push({ source: site, finding: { path: ['audiences', name], at: 'key', ...say(CONTENT.badAudienceName, { name }) } });
    }
    findings.push(...takenUrls(site, declared));
  }
  // Without a readable site.yaml no name can be judged: its own problems say why.
  const judged = site?.usable === true;
  const check = (source: SourceFile, value: unknown, base: (string | number)[]): void => {
    if (!judged) return;
    for (const { name, path } of written(value, base)) {
      if (!known.includes(name)) findings.push({ source, finding: { path, ...say(CONTENT.unknownAudience, { name, known }) } });
    }
  };
  const usable = (sources: SourceFile[]): SourceFile[] => sources.filter((s) => s.usable);
  for (const source of [...usable(components), ...usable(notices)]) check(source, field(source.data, 'audience'), ['audience']);
  const targets = site?.usable ? field(site.data, 'notify') : undefined;
  if (site && Array.isArray(targets)) targets.forEach((target: unknown, i) => check(site, field(target, 'audience'), ['notify', i, 'audience']));
  findings.push(...outsideParent(usable(components)));
  return findings;
}

/** An audience's url that is the public site's or an earlier audience's (as a browser compares them: case of the host, default port, trailing slash). */
function takenUrls(site: SourceFile, declared: Record<string, unknown>): FileFinding[] {
  const same = (url: unknown): string | null => {
    if (typeof url !== 'string' || !URL.canParse(url)) return null;
    const { origin, pathname } = new URL(url);
    return `${origin}${pathname.replace(/\/+$/, '')}`;
  };
  const taken = new Map<string, string | null>();
  const own = same(field(site.data, 'url'));
  if (own !== null) taken.set(own, null);
  const findings: FileFinding[] = [];
  for (const [name, audience] of Object.entries(declared)) {
    const url = field(audience, 'url');
    const key = same(url);
    if (key === null) continue;
    const other = taken.get(key);
    if (other !== undefined) findings.push({ source: site, finding: { path: ['audiences', name, 'url'], ...say(CONTENT.audienceUrlTaken, { url: String(url), other }) } });
    else taken.set(key, name);
  }
  return findings;
}

/**
 * A component whose own `audience` names one its parent is not shown to: children are shown only
 * under their parent, and inherit its audiences when they name none.
 */
function outsideParent(components: SourceFile[]): FileFinding[] {
  const seenBy = audiencesUp(components);
  const findings: FileFinding[] = [];
  for (const source of components) {
    const names = ownAudiences(source);
    const parentId = field(source.data, 'parent_id');
    if (names === null || !isId(parentId)) continue;
    const parents = seenBy(parentId);
    if (parents !== null && names.some((name) => !parents.includes(name))) {
      findings.push({ source, finding: { path: ['audience'], ...say(CONTENT.audienceOutsideParent, { parent: parentId, audiences: parents }) } });
    }
  }
  return findings;
}

const ownAudiences = (source: SourceFile): string[] | null => {
  const names = written(field(source.data, 'audience'), []).map((w) => w.name);
  return names.length > 0 ? names : null;
};

/**
 * The audiences the component of an id is seen by (read raw), up its parents when it names none;
 * null: public, or no such component. Bounded: cross.ts reports cycles.
 */
export function audiencesUp(components: SourceFile[]): (id: number) => string[] | null {
  const byId = new Map<number, SourceFile>();
  for (const source of components) {
    const id = field(source.data, 'id');
    if (isId(id) && !byId.has(id)) byId.set(id, source);
  }
  return (id) => {
    let source = byId.get(id);
    for (let depth = 0; source !== undefined && depth < byId.size; depth++) {
      const names = ownAudiences(source);
      if (names !== null) return names;
      const parent = field(source.data, 'parent_id');
      source = isId(parent) ? byId.get(parent) : undefined;
    }
    return null;
  };
}

/** How many ids each audience's range holds: the public's are below it, the n-th audience's (as site.yaml lists them) from n times it. */
export const AUDIENCE_ID_SPAN = 1_000_000;

/**
 * The ids `new --audience` takes from, [first, last]: a range of each audience's own, so the ids of
 * the public's notices stay consecutive; null when site.yaml (as `siteData`, read raw) names no such audience.
 */
export function audienceIdRange(siteData: unknown, audience: string | null): [number, number] | null {
  const declared = field(siteData, 'audiences');
  // A site of the public alone keeps every id its own, as before audiences.
  if (audience === null) return [1, isRecord(declared) ? AUDIENCE_ID_SPAN - 1 : Number.MAX_SAFE_INTEGER];
  const n = isRecord(declared) ? Object.keys(declared).indexOf(audience) + 1 : 0;
  return n === 0 ? null : [n * AUDIENCE_ID_SPAN, (n + 1) * AUDIENCE_ID_SPAN - 1];
}
