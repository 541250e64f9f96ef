// What `statuspress dev` serves from: the content kept in memory, read again only where a file
// changed. A change re-reads that file, validates again (each unchanged file's checks are kept:
// see validateContent), derives the site (cheap) and drops the rendered pages, which are rendered
// again when asked for. On a large site that is what makes a one-file edit show at once.
// The clock moves the site too: retime() derives the same content again as of the clock's time.
import { audienceView } from '../content/audience.js';
import { realpathSync } from 'node:fs';
import path from 'node:path';
import { loadContent, validateContent } from '../content/index.js';
import type { ReadFile } from '../content/load.js';
import { deriveSite, nextChange, pendingMoments } from '../derive/index.js';
import type { DerivedSite, Moment } from '../derive/index.js';
import { isPublished } from '../derive/updates.js';
import type { ContentIssue } from '../errors/error.js';
import { formatIssue, StatuspressError } from '../errors/error.js';
import { RENDER_LIMITS } from '../util/limits.js';
import type { RenderLimits } from '../util/limits.js';
import { siteRenderer } from '../render/html.js';
import { IsolatedPages } from './pages.js';
import type { SiteRenderer } from '../render/html.js';
import { loadTheme } from '../theme/theme.js';
import type { Theme } from '../theme/theme.js';
import type { Content } from '../content/types.js';
import { systemClock } from './clock.js';
import type { Clock } from './clock.js';
import type { WithheldUpdate } from './clock-text.js';

export interface DevOptions {
  contentDir: string;
  /** The site's own templates; the folder need not exist yet (it is watched all the same). */
  templatesDir: string;
  /** The moment to start from, epoch ms: the site is shown as of it, and time runs on from it at the machine's pace. Default: the machine's clock. */
  now?: number;
  /** The clock itself (tests move it on by hand); wins over `now`. */
  clock?: Clock;
  /** The limits the pages of the site's own templates render within (pages.ts); default: RENDER_LIMITS (the tests set them in milliseconds). */
  renderLimits?: Partial<RenderLimits>;
}

/** The site as last built without problems. */
export interface GoodBuild {
  /** The validated content it was derived from, kept to derive again when the clock moves on. */
  content: Content;
  site: DerivedSite;
  renderer: SiteRenderer;
  /** The pages of the site's own templates, when it has any: never rendered by `renderer` (pages.ts). */
  pages: IsolatedPages | null;
}

export interface Refreshed {
  ms: number;
  /** Every problem, each one line: an empty list means the site was rebuilt. */
  problems: string[];
  /** What did not stop the rebuild (a file in templates/ that is no template). */
  warnings: string[];
  /** Files read again (the rest were kept). */
  read: number;
  /** The moment the site is shown as of, epoch ms. */
  now: number;
  /** The updates withheld as of that moment (empty when the content has problems). */
  withheld: WithheldUpdate[];
}

/** The site derived again because the clock moved on. */
export interface Retimed {
  ms: number;
  /** The moment now shown. */
  now: number;
  /** What fell due since the moment shown before. */
  due: Moment[];
  withheld: WithheldUpdate[];
}

export class DevState {
  /** The last good build: served while the content has problems, so the page stays up. */
  good: GoodBuild | null = null;
  problems: string[] = [];
  private files = new Map<string, { real: string; read: ReadFile }>();
  private theme: Theme | null = null;
  private pages: IsolatedPages | null = null;
  readonly clock: Clock;

  constructor(private readonly options: DevOptions) {
    this.clock = options.clock ?? systemClock(options.now);
  }

  /**
   * Reads the content again, reusing every file not among `changed` (absolute paths; empty: the
   * first time, everything is read), and rebuilds the site. Never throws for a problem in the
   * content or the templates: they are the result's `problems`.
   */
  async refresh(changed: readonly string[] = []): Promise<Refreshed> {
    const started = performance.now();
    const changedSet = new Set(changed.map(realOrSame));
    let read = 0;
    try {
      const templates = path.resolve(this.options.templatesDir);
      if (this.theme === null || changed.some((file) => path.resolve(file).startsWith(templates + path.sep) || path.resolve(file) === templates)) {
        this.theme = await loadTheme(this.options.templatesDir);
        // The site's own templates render where they can be stopped, as in a build.
        this.pages?.stop();
        this.pages = this.theme.own.length > 0 ? new IsolatedPages(this.theme, this.options.templatesDir, { ...RENDER_LIMITS, ...this.options.renderLimits }) : null;
      }
      const next = new Map<string, { real: string; read: ReadFile }>();
      const loaded = await loadContent(this.options.contentDir, {
        reuse: (entry) => {
          const kept = this.files.get(entry.file);
          if (!kept || kept.real !== entry.real || changedSet.has(entry.real)) return undefined;
          next.set(entry.file, kept);
          return kept.read;
        },
        onRead: (entry, file) => {
          read++;
          next.set(entry.file, { real: entry.real, read: file });
        },
      });
      this.files = next;
      const { value, issues } = validateContent(loaded);
      if (value === null) return this.failed(issues.length > 0 ? issues.map((issue) => formatIssue(issue, this.options.contentDir)) : ['site.yaml is missing'], started, read);
      const now = this.clock.now();
      // The public's site, as `statuspress build` makes it.
      this.derive(audienceView(value, null), now, this.theme);
      this.problems = [];
      return { ms: Math.round(performance.now() - started), problems: [], warnings: this.theme.warnings, read, now, withheld: this.withheld() };
    } catch (error) {
      if (error instanceof StatuspressError) {
        const issues = (error as { issues?: ContentIssue[] }).issues;
        return this.failed(issues ? issues.map((issue) => formatIssue(issue)) : [`${error.message}${error.hint ? ` ${error.hint}` : ''}`], started, read);
      }
      throw error;
    }
  }

  /**
   * Derives the last good content again as of the clock's time, reading no file: what the clock
   * alone changes. Null before anything has built.
   */
  retime(): Retimed | null {
    if (this.good === null || this.theme === null) return null;
    const started = performance.now();
    const before = this.good.site.now;
    const now = this.clock.now();
    const due = pendingMoments(this.good.content, before).filter((m) => m.at <= now);
    this.derive(this.good.content, now, this.theme);
    return { ms: Math.round(performance.now() - started), now, due, withheld: this.withheld() };
  }

  /** The next moment the clock alone changes the site shown (src/derive/next-change.ts), or null. */
  nextChange(): number | null {
    return this.good === null ? null : nextChange(this.good.content, this.good.site.now);
  }

  /** The updates of the site shown that are dated after its moment, soonest first. */
  withheld(): WithheldUpdate[] {
    if (this.good === null) return [];
    const { content, site } = this.good;
    const withheld = content.notices.flatMap((notice) =>
      notice.updates.filter((update) => !isPublished(update, site.now)).map((update) => ({ noticeId: notice.id, subject: notice.subject, file: notice.file, at: update.at })),
    );
    return withheld.sort((a, b) => a.at - b.at || a.noticeId - b.noticeId);
  }

  /** Stops the process of the site's own templates, if one runs. */
  close(): void {
    this.pages?.stop();
  }

  private derive(content: Content, now: number, theme: Theme): void {
    const site = deriveSite(content, now);
    this.pages?.show(content, now);
    this.good = { content, site, renderer: siteRenderer(site, theme), pages: this.pages };
  }

  private failed(problems: string[], started: number, read: number): Refreshed {
    this.problems = problems;
    return { ms: Math.round(performance.now() - started), problems, warnings: [], read, now: this.clock.now(), withheld: [] };
  }
}

function realOrSame(file: string): string {
  try {
    return realpathSync(file);
  } catch {
    return path.resolve(file); // removed: it matches nothing, and the listing no longer has it
  }
}
