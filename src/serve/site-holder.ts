// The derived site behind on-demand answers. A new build swapped into the folder is noticed by the
// state file's identity changing, checked at most every CHECK_MS, and loaded without a restart.
import type { DerivedSite } from '../derive/index.js';
import { readState } from '../state.js';
import { buildIdentity } from './build-identity.js';

const CHECK_MS = 500;

export class SiteHolder {
  private site: DerivedSite | null = null;
  private identity = '';
  private checkedAt = 0;
  private loading: Promise<DerivedSite> | null = null;

  constructor(private readonly dir: string) {}

  /** Loads the build now; throws StatuspressError when the folder is not a build. */
  async load(): Promise<DerivedSite> {
    // readState first: for a folder that is not a build it throws the error that says what to do.
    const site = await readState(this.dir);
    this.identity = await buildIdentity(this.dir);
    this.site = site;
    this.checkedAt = Date.now();
    return this.site;
  }

  /** The current build's site, reloading it when a new build has been swapped in. */
  async get(): Promise<DerivedSite> {
    if (this.site && Date.now() - this.checkedAt < CHECK_MS) return this.site;
    this.loading ??= this.refresh().finally(() => (this.loading = null));
    return this.loading;
  }

  private async refresh(): Promise<DerivedSite> {
    this.checkedAt = Date.now();
    const identity = await buildIdentity(this.dir);
    // '' mid-swap: the folder is briefly missing, and the last good build still answers.
    if (this.site && (identity === this.identity || identity === '')) return this.site;
    try {
      return await this.load();
    } catch (error) {
      // Mid-swap the folder can be briefly missing: keep answering from the last good build.
      if (this.site) return this.site;
      throw error;
    }
  }
}
