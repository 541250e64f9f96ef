// `dist -> dist.builds/<id>` is swapped by renaming a new link over it: rename(2) replaces the link in
// one step, so at every instant `dist` is the previous build or the new one, whole.
import { randomBytes } from 'node:crypto';
import { lstatSync, mkdirSync, readdirSync, readlinkSync, symlinkSync } from 'node:fs';
import type { Stats } from 'node:fs';
import { rename, rm, rmdir } from 'node:fs/promises';
import path from 'node:path';
import { fail } from '../errors/error.js';
import { COMMAND } from '../errors/command.js';
import { alive } from '../util/alive.js';

/** `dist` keeps its builds in `dist.builds/`, next to it. */
export const BUILDS_SUFFIX = '.builds';

/** A build being written: its folder, and the names it will be published under. */
export interface Slot {
  /** The output path (the link). */
  target: string;
  builds: string;
  id: string;
  folder: string;
  /** Folders opening the slot created (the builds folder, missing parents), outermost first. */
  made: string[];
}

/** Builds this process is writing now: their folders are never leftovers, whatever their age. */
const active = new Set<string>();

/**
 * A build's folder name: the time, the pid of the process writing it, random hex; `-previous` for an
 * older version's output moved in. Only names of this form are ever published or removed.
 */
const BUILD_ID = /^[0-9a-z]+-\d+-[0-9a-f]{8}(?:-previous)?$/;

/**
 * A new, empty folder for a build of `target`; `makeFolder` creates missing parents (bounded) and
 * says which. The builds folder must be a real folder: were it a link, removing leftovers in it would
 * remove whatever it points at.
 */
export function openSlot(target: string, makeFolder: (dir: string) => string[]): Slot {
  const builds = `${target}${BUILDS_SUFFIX}`;
  const existing = lstatQuiet(builds);
  if (existing !== null && (existing.isSymbolicLink() || !existing.isDirectory())) throw fail(COMMAND.buildsNotFolder, { builds });
  const made = makeFolder(builds);
  // Time first, so a listing shows the builds in order; the pid says whose it is.
  const id = `${Date.now().toString(36)}-${process.pid}-${randomBytes(4).toString('hex')}`;
  const folder = path.join(builds, id);
  mkdirSync(folder);
  active.add(folder);
  return { target, builds, id, folder, made };
}

/** The build folder the link at `target` points to, or null when `target` is not such a link. */
export function currentBuild(target: string): string | null {
  let link: string;
  try {
    link = readlinkSync(target);
  } catch {
    return null;
  }
  const prefix = `${path.basename(target)}${BUILDS_SUFFIX}/`;
  // Exactly `dist.builds/<build id>`: `dist.builds/..` or `dist.builds/.` are not builds.
  return link.startsWith(prefix) && BUILD_ID.test(link.slice(prefix.length)) ? path.join(path.dirname(target), link) : null;
}

export const isOwnLink = (target: string): boolean => currentBuild(target) !== null;

/**
 * Points `target` at the slot's folder in one rename. Returns the folder that was published before
 * (to be removed), if any. An output folder of an older statuspress (a real folder, not a link) is
 * first moved into the builds folder: that one time, the path is missing between two renames.
 */
export async function publish(slot: Slot): Promise<string | null> {
  let previous = currentBuild(slot.target);
  const info = lstatQuiet(slot.target);
  if (info?.isDirectory()) {
    previous = path.join(slot.builds, `${slot.id}-previous`);
    await rename(slot.target, previous);
  }
  // Relative, so the output and its builds can be moved or copied together.
  const link = `${slot.target}.link-${process.pid}-${randomBytes(4).toString('hex')}`;
  symlinkSync(`${path.basename(slot.target)}${BUILDS_SUFFIX}/${slot.id}`, link);
  try {
    await rename(link, slot.target);
  } catch (error) {
    await rm(link, { force: true });
    throw error;
  }
  active.delete(slot.folder);
  return previous;
}

/**
 * Drops an unpublished slot's folder, and the folders opening it created when nothing else is in
 * them: a build that fails writes nothing, not even an empty `dist.builds/`.
 */
export async function abandon(slot: Slot): Promise<void> {
  active.delete(slot.folder);
  await rm(slot.folder, { recursive: true, force: true });
  // rmdir removes only empty folders: another build's, or a published output's, stay.
  for (const folder of [...slot.made].reverse()) await rmdir(folder).catch(() => undefined);
}

/**
 * Removes what builds of `target` left behind: build folders other than the published one, spare
 * links, and the `.tmp-`/`.old-` folders of older versions, each only when the process that made it
 * is gone (a build running now keeps its folder). Returns what could not be removed.
 */
export async function removeLeftovers(target: string): Promise<string[]> {
  const builds = `${target}${BUILDS_SUFFIX}`;
  const current = currentBuild(target);
  const info = lstatQuiet(builds);
  const own = info !== null && info.isDirectory() && !info.isSymbolicLink();
  const candidates = [
    ...(own ? listQuiet(builds).filter((name) => BUILD_ID.test(name)) : []).map((name) => path.join(builds, name)),
    ...listQuiet(path.dirname(target))
      .filter((name) => name.startsWith(`${path.basename(target)}.`) && LEFTOVER.test(name.slice(path.basename(target).length)))
      .map((name) => path.join(path.dirname(target), name)),
  ];
  const failed: string[] = [];
  for (const candidate of candidates) {
    if (candidate === current || active.has(candidate) || isRunning(ownerOf(candidate))) continue;
    await rm(candidate, { recursive: true, force: true }).catch((error: Error) => failed.push(`${candidate} (${error.message})`));
  }
  return failed;
}

/**
 * Names next to the output that a build makes, exactly: `dist.tmp-<pid>-<8 hex>`, `dist.old-<pid>-<8 hex>`
 * (older versions) and `dist.link-<pid>-<8 hex>`. A backup someone named `dist.old-2024-06` is not one.
 */
const LEFTOVER = /^\.(?:tmp|old|link)-\d+-[0-9a-f]{8}$/;

/** The process id in a leftover's name; null when the name carries none (then it is nobody's). */
function ownerOf(file: string): number | null {
  const name = path.basename(file);
  const match = /^[0-9a-z]+-(\d+)-[0-9a-f]+/.exec(name) ?? /\.(?:tmp|old|link)-(\d+)-/.exec(name);
  return match ? Number(match[1]) : null;
}

// This process's own live builds are in `active`.
const isRunning = (pid: number | null): boolean => pid !== null && pid !== process.pid && alive(pid);

function listQuiet(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

function lstatQuiet(file: string): Stats | null {
  try {
    return lstatSync(file);
  } catch {
    return null;
  }
}
