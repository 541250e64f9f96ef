// Which build serve answers from: one watcher, one identity. Every answer, prebuilt or computed, comes
// from the build `current()` returned when the request arrived, so a new build swapped in mid-flood
// switches both kinds of answer at once. Each build is read from its own folder (the real path behind
// the output link), so no answer mixes the bytes of two builds.
import { realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import type { DerivedSite } from '../derive/index.js';
import { STATE_FILE } from '../routes/files.js';
import { deriveSite } from '../derive/index.js';
import type { BuildState } from '../render/state.js';
import { readBuildState, readState } from './build-state.js';
import { FileCache } from './file-cache.js';
import { HotAnswers } from './hot.js';

/** How long a build is taken to be the current one before the output is looked at again. */
const CHECK_MS = 100;

/** One build of the output: its files and, when first needed, its derived site. */
export class ServedBuild {
  readonly files: FileCache;
  /** Whole answers by request target (hot.ts): what a request for a prebuilt file needs, found once. */
  readonly hot = new HotAnswers();
  private site: Promise<DerivedSite> | null = null;
  private state: Promise<BuildState> | null = null;

  constructor(
    /** Real path of the build's folder plus its state file's identity: equal for the same build. */
    readonly id: string,
    readonly root: string,
    /** The output folder (or link) this build was found behind. */
    output: string,
  ) {
    // Still current while the output resolves to this folder: a swap renames the link first, then
    // removes the old folder, so a file missing from a replaced build is no answer.
    this.files = new FileCache(root, () => realpath(output).then((now) => now === root, () => false));
  }

  /** The site as of the build's `now`, for answers computed on demand; read once per build. */
  derived(): Promise<DerivedSite> {
    this.site ??= this.read().then((state) => deriveSite(state.content, Date.parse(state.now)));
    return this.site;
  }

  /** The private audience whose site the build is (content.site.private); null for the public site. */
  async privateAudience(): Promise<string | null> {
    return (await this.read()).content.site.private?.audience ?? null;
  }

  private read(): Promise<BuildState> {
    this.state ??= readBuildState(this.root);
    return this.state;
  }
}

/** The output folder `serve` answers from: which build it holds now, looked at again at most every CHECK_MS. */
export class BuildWatcher {
  private build: ServedBuild | null = null;
  private checkedAt = -Infinity;
  private checking: Promise<ServedBuild> | null = null;

  constructor(
    private readonly dir: string,
    /** Told of each build once it is the current one (the first, and each swapped in after). */
    private readonly onNew: (build: ServedBuild) => void = () => undefined,
  ) {}

  /** Loads the build now; throws StatuspressError when the folder is not a build. */
  async load(): Promise<ServedBuild> {
    const build = await this.look();
    if (build === null) {
      await readState(this.dir); // throws the error that says what to do
      throw new Error(`internal: ${this.dir} has a state file but no build`);
    }
    await build.derived();
    this.build = build;
    this.checkedAt = performance.now();
    this.onNew(build);
    return build;
  }

  /** The current build when it was looked for less than CHECK_MS ago, without waiting; else null (ask current()). */
  recent(): ServedBuild | null {
    return this.build && performance.now() - this.checkedAt < CHECK_MS ? this.build : null;
  }

  /**
   * The current build, looked for again at most every CHECK_MS. With `fresh` (the build a request
   * was answering from has gone), looked for now, by a look of its own: one already under way may
   * have started before the swap and find the build that has just gone.
   */
  async current({ fresh = false } = {}): Promise<ServedBuild> {
    if (fresh) return this.refresh();
    return this.recent() ?? (this.checking ??= this.refresh().finally(() => (this.checking = null)));
  }

  /** Looks started, and the latest whose finding was taken: an earlier look never overrides a later one. */
  private looks = 0;
  private taken = 0;

  private async refresh(): Promise<ServedBuild> {
    const look = ++this.looks;
    const found = await this.look();
    if (look > this.taken) {
      this.taken = look;
      this.checkedAt = performance.now();
      // No build there right now (an older version's two-rename swap): the last one still answers.
      if (found !== null && found.id !== this.build?.id) {
        this.build = found;
        this.onNew(found);
      }
    }
    if (this.build === null) return this.load();
    return this.build;
  }

  /** The build the output holds now, or null when there is none. */
  private async look(): Promise<ServedBuild | null> {
    const root = await realpath(this.dir).catch(() => null);
    if (root === null) return null;
    const info = await stat(path.join(root, STATE_FILE)).catch(() => null);
    if (info === null) return null;
    const id = `${root}:${info.ino}:${info.mtimeMs}`;
    return id === this.build?.id ? this.build : new ServedBuild(id, root, this.dir);
  }
}
