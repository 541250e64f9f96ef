// Files go into a folder of the build's own, which commit() publishes by swapping one symbolic link
// (swap.ts), so a failed or killed build leaves the last good output exactly as it was.
import { realpath, rm } from 'node:fs/promises';
import path from 'node:path';
import { fail, StatuspressError } from '../errors/error.js';
import { COMMAND } from '../errors/command.js';
import type { OutputFile } from './types.js';
import type { Writer, Written } from './files.js';
import { openWriter } from './thread.js';
import { abandon, openSlot, publish, removeLeftovers } from './swap.js';
import type { Slot } from './swap.js';
import { assertReplaceable, makeFolder, outputTarget } from './target.js';

export interface Output {
  /** Writes files; rejects with `output/write-failed` when one cannot be written. Paths must be unique. Only before commit(). */
  write(files: Iterable<OutputFile>): Promise<void>;
  /** The build's folder, for another thread's FileWriter; that thread must have stopped before commit() or discard(). */
  readonly folder: string;
  /** Counts in what another thread's FileWriter wrote into `folder` (its paths must be new to this output). Only before commit(). */
  adopt(written: Written): void;
  /**
   * Swaps the new output in; a second call gets the same answer. The new output is in place when
   * this resolves; `warnings` says what could not be cleaned up after.
   */
  commit(): Promise<Committed>;
  /** Removes the temporary folder; the previous output stays. Nothing after commit(). */
  discard(): Promise<void>;
}

export interface Committed {
  files: number;
  bytes: number;
  warnings: string[];
}

/**
 * Starts a new output that will replace `outDir`; throws a `usage/out-…` StatuspressError if outDir
 * is not replaceable, or lies inside one of `outside` (the content folder: it would be read as content).
 * With `thread`, write() hands its files to a write thread (thread.ts), and a failure to write them
 * is thrown by a later write(), or by commit().
 */
export async function openOutput(outDir: string, { outside = [] as string[], thread = false, replacing = undefined as string | undefined } = {}): Promise<Output> {
  const target = await outputTarget(outDir);
  for (const folder of outside) {
    const root = await realpath(folder).catch(() => null);
    if (root !== null && (target === root || target.startsWith(root + path.sep))) throw fail(COMMAND.outInsideContent, { out: outDir, content: folder });
  }
  await assertReplaceable(target);
  let slot: Slot;
  try {
    slot = openSlot(target, makeFolder);
  } catch (error) {
    throw writeFailed(outDir, error);
  }
  return new FolderOutput(outDir, slot, thread, replacing === undefined ? null : await realpath(replacing).catch(() => replacing));
}

class FolderOutput implements Output {
  private readonly writer: Writer;
  private readonly adopted: Written[] = [];
  /** Set by commit() or discard(): after either, nothing more may be written. */
  private closed: 'committed' | 'discarded' | null = null;
  private committed: Promise<Committed> | null = null;

  constructor(
    private readonly outDir: string,
    private readonly slot: Slot,
    thread: boolean,
    /** The build this one may replace (`build --again`): when the output holds another by commit(), this one is dropped. */
    private readonly replacing: string | null = null,
  ) {
    this.writer = openWriter(slot.folder, { thread });
  }

  get folder(): string {
    return this.slot.folder;
  }

  async write(files: Iterable<OutputFile>): Promise<void> {
    if (this.closed) throw new Error(`internal: write() after the output was ${this.closed}`);
    try {
      await this.writer.write(files);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === undefined) throw error; // a renderer's bug, not the disk
      throw writeFailed(this.outDir, error);
    }
  }

  adopt(written: Written): void {
    if (this.closed) throw new Error(`internal: adopt() after the output was ${this.closed}`);
    this.adopted.push(written);
  }

  commit(): Promise<Committed> {
    if (this.closed === 'discarded') return Promise.reject(new Error('internal: commit() after discard()'));
    this.closed = 'committed';
    return (this.committed ??= this.finish());
  }

  async discard(): Promise<void> {
    if (this.closed === 'committed') return; // commit() cleans up after itself when it fails
    this.closed = 'discarded';
    await this.writer.stop();
    await abandon(this.slot);
  }

  private async finish(): Promise<Committed> {
    let all: Written[];
    let previous: string | null;
    try {
      all = [await this.writer.settle(), ...this.adopted];
      unique(all);
      if (this.replacing !== null) {
        const current = await realpath(this.slot.target).catch(() => null);
        if (current !== this.replacing) throw fail(COMMAND.superseded, { out: this.outDir });
      }
      previous = await publish(this.slot);
    } catch (error) {
      // What went wrong is the error to report, even when removing the build's folder fails too
      // (a disk gone read-only): the next build removes what is left.
      await this.writer.stop();
      await abandon(this.slot).catch(() => undefined);
      throw writeFailed(this.outDir, error);
    }
    // The new output is complete and in place; what follows only tidies up after it.
    const warnings: string[] = [];
    if (previous !== null) {
      // fs.rm unlinks links rather than following them, and its parallel unlinks beat a synchronous walk on disk.
      await rm(previous, { recursive: true, force: true }).catch((error: Error) => {
        warnings.push(COMMAND.oldOutputLeft.message({ previous, detail: error.message }));
      });
    }
    for (const left of await removeLeftovers(this.slot.target)) {
      warnings.push(COMMAND.leftoverLeft.message({ left }));
    }
    return { files: sum(all.map((w) => w.files)), bytes: sum(all.map((w) => w.bytes)), warnings };
  }
}

/** Two writers given the same path would have written one file over the other: a renderer's bug. */
function unique(written: Written[]): void {
  if (written.length < 2) return;
  const seen = new Set<string>();
  for (const { paths } of written) {
    for (const file of paths) {
      if (seen.has(file)) throw new Error(`internal: output path "${file}" was written twice`);
      seen.add(file);
    }
  }
}

/** `output/write-failed` for a failure to write into the output (any thread's). */
export function writeFailed(outDir: string, error: unknown): StatuspressError {
  if (error instanceof StatuspressError) return error;
  return fail(COMMAND.writeFailed, { out: outDir, detail: (error as Error).message }, { cause: error });
}

const sum = (values: number[]): number => values.reduce((a, b) => a + b, 0);
