// Temp folders for the scaffold tests, removed after each test, and a way to see everything in one.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect } from 'vitest';
import { StatuspressError } from '../../../src/errors/error.js';

const made: string[] = [];
afterEach(async () => {
  await Promise.all(made.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

/** A fresh empty folder, removed after the test. */
export async function tempDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'statuspress-scaffold-'));
  made.push(dir);
  return dir;
}

/** Every file under dir (relative, forward slashes, sorted) with its text: a snapshot to compare. */
export async function snapshot(dir: string): Promise<Record<string, string>> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files: Record<string, string> = {};
  const names = entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort();
  for (const name of names) files[name] = await readFile(path.join(dir, name), 'utf8');
  return files;
}

/** The StatuspressError `promise` rejects with (it must reject with one). */
export async function refusal(promise: Promise<unknown>): Promise<StatuspressError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(StatuspressError);
  return error as StatuspressError;
}
