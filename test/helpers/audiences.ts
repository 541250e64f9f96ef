// Content folders with private parts, and the same content with some audiences' parts deleted by
// hand, as their owner would delete them: the files of what only those audiences see (a component's
// children with it), their ids in the other notices' `components`, and site.yaml's block. What
// `statuspress build` of the first must equal, byte for byte, for the audiences left.
import { cp, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** `audience: staff` or `audience: [staff, partners]` in a file's text; null: public. */
const audienceLine = /^audience: (.*)$/m;
const componentsLine = /^components: \[(.*)\]$/m;

function audienceOf(text: string): string[] | null {
  const match = audienceLine.exec(text);
  if (match === null) return null;
  const value = match[1]!.trim();
  return value.startsWith('[') ? value.slice(1, -1).split(',').map((s) => s.trim()) : [value];
}

const field = (text: string, key: string): number | null => {
  const match = new RegExp(`^${key}: (\\d+)$`, 'm').exec(text);
  return match === null ? null : Number(match[1]);
};

/**
 * Copies `from` to `to` with the parts of the `removed` audiences deleted: a file seen by them only
 * is left out (a component's children that name no audience with it), one seen by others too loses
 * their names from its `audience`, and private component ids left out leave every `components` list.
 * `site` is site.yaml's new text.
 */
export async function withoutAudiences(from: string, to: string, removed: readonly string[], site: string): Promise<void> {
  await rm(to, { recursive: true, force: true });
  await cp(from, to, { recursive: true });
  await writeFile(path.join(to, 'site.yaml'), site);
  const read = async (kind: string): Promise<{ file: string; text: string }[]> => {
    const dir = path.join(to, kind);
    const names = (await readdir(dir)).filter((name) => name.endsWith('.yaml'));
    return Promise.all(names.map(async (name) => ({ file: path.join(dir, name), text: await readFile(path.join(dir, name), 'utf8') })));
  };
  const components = await read('components');
  const byId = new Map(components.map((c) => [field(c.text, 'id')!, c]));
  // Who sees each component: its own `audience`, else its parent's.
  const seenBy = (text: string): string[] | null => {
    const own = audienceOf(text);
    if (own !== null) return own;
    const parent = field(text, 'parent_id');
    return parent === null || !byId.has(parent) ? null : seenBy(byId.get(parent)!.text);
  };
  const left = (names: string[] | null): string[] | null => (names === null ? null : names.filter((n) => !removed.includes(n)));
  const gone = new Set<number>();
  for (const c of components) if (left(seenBy(c.text))?.length === 0) gone.add(field(c.text, 'id')!);
  const rewrite = async ({ file, text }: { file: string; text: string }, deleted: boolean): Promise<void> => {
    if (deleted) return rm(file);
    const names = left(audienceOf(text));
    let next = names === null ? text : text.replace(audienceLine, `audience: [${names.join(', ')}]`);
    next = next.replace(componentsLine, (_, ids: string) => `components: [${ids.split(',').map((s) => s.trim()).filter((id) => id !== '' && !gone.has(Number(id))).join(', ')}]`);
    if (next !== text) await writeFile(file, next);
  };
  for (const c of components) await rewrite(c, gone.has(field(c.text, 'id')!));
  for (const n of await read('notices')) await rewrite(n, left(audienceOf(n.text))?.length === 0);
}

/** site.yaml's text without its top-level `audiences:` block. */
export const withoutAudiencesBlock = (site: string): string => site.replace(/^audiences:\n(?:[ #].*\n|\n)*/m, '');

/**
 * Adds private parts to `dir` (a corpus gen-corpus.js wrote, `notices` of them): a staff component
 * with a child that inherits it, a partners component, about one notice in ten for staff or partners
 * (a few for both), and private component ids in some public notices' lists. Returns the private
 * components' ids.
 */
export async function addPrivateParts(dir: string, notices: number): Promise<number[]> {
  const [staff, child, partners] = [1_000_000, 1_000_001, 2_000_000];
  const component = (id: number, name: string, extra: string): string => `id: ${id}\nname: ${name}\n${extra}created_at: 2021-10-22T00:00:00Z\n`;
  await mkdir(path.join(dir, 'components'), { recursive: true });
  await writeFile(path.join(dir, 'components', `${staff}-build-farm.yaml`), component(staff, 'Build farm', 'audience: staff\n'));
  await writeFile(path.join(dir, 'components', `${child}-runners.yaml`), component(child, 'Runners', `parent_id: ${staff}\n`));
  await writeFile(path.join(dir, 'components', `${partners}-partner-api.yaml`), component(partners, 'Partner API', 'audience: partners\n'));
  const names = (await readdir(path.join(dir, 'notices'))).sort();
  for (const [i, name] of names.entries()) {
    const file = path.join(dir, 'notices', name);
    const text = await readFile(file, 'utf8');
    // Every 10th for staff (every 30th of those for partners too), every 50th for partners alone; every 7th public one lists a private component.
    const audience = i % 10 === 3 ? (i % 30 === 3 ? '[staff, partners]' : 'staff') : i % 50 === 7 ? 'partners' : null;
    let next = audience === null ? text : `${text}audience: ${audience}\n`;
    if (i % 7 === 0 || audience !== null) next = next.replace(componentsLine, (_, ids: string) => `components: [${ids}, ${[staff, child, partners][i % 3]}]`);
    if (next !== text) await writeFile(file, next);
  }
  if (names.length !== notices) throw new Error(`expected ${notices} notices, found ${names.length}`);
  return [staff, child, partners];
}
