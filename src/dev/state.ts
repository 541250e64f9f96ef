// What `statuspress dev` serves from: the content kept in memory, read again only where a file
// changed. A change re-reads that file, validates again (each unchanged file's checks are kept:
// see validateContent), derives the site (cheap) and drops the rendered pages, which are rendered
// again when asked for. On a 10,000-notice site that is what makes a one-file edit show at once.
import { realpathSync } from 'node:fs';
import path from 'node:path';
import { loadContent, validateContent } from '../content/index.js';
import type { ReadFile } from '../content/load.js';
import { deriveSite } from '../derive/index.js';
import type { DerivedSite } from '../derive/index.js';
import type { ContentIssue } from '../errors.js';
import { formatIssue, StatuspressError } from '../errors.js';
import { siteRenderer } from '../render/html.js';
import type { SiteRenderer } from '../render/html.js';
import { loadTheme } from '../render/site/theme.js';
import type { Theme } from '../render/site/theme.js';

export interface DevOptions {
  contentDir: string;
  /** The site's own templates; the folder need not exist yet (it is watched all the same). */
  templatesDir: string;
  /** The moment to show, epoch ms; default the clock at each refresh. */
  now?: number;
}

/** The site as last built without problems. */
export interface GoodBuild {
  site: DerivedSite;
  renderer: SiteRenderer;
}

export interface Refreshed {
  ms: number;
  /** Every problem, each one line: an empty list means the site was rebuilt. */
  problems: string[];
  /** What did not stop the rebuild (a file in templates/ that is no template). */
  warnings: string[];
  /** Files read again (the rest were kept). */
  read: number;
}

export class DevState {
  /** The last good build: served while the content has problems, so the page stays up. */
  good: GoodBuild | null = null;
  problems: string[] = [];
  private files = new Map<string, { real: string; read: ReadFile }>();
  private theme: Theme | null = null;

  constructor(private readonly options: DevOptions) {}

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
      if (value === null) return this.failed(issues.length > 0 ? issues.map(formatIssue) : ['site.yaml is missing'], started, read);
      const site = deriveSite(value, this.options.now ?? Date.now());
      this.good = { site, renderer: siteRenderer(site, this.theme) };
      this.problems = [];
      return { ms: Math.round(performance.now() - started), problems: [], warnings: this.theme.warnings, read };
    } catch (error) {
      if (error instanceof StatuspressError) {
        const issues = (error as { issues?: ContentIssue[] }).issues;
        return this.failed(issues ? issues.map(formatIssue) : [`${error.message}${error.hint ? ` ${error.hint}` : ''}`], started, read);
      }
      throw error;
    }
  }

  private failed(problems: string[], started: number, read: number): Refreshed {
    this.problems = problems;
    return { ms: Math.round(performance.now() - started), problems, warnings: [], read };
  }
}

function realOrSame(file: string): string {
  try {
    return realpathSync(file);
  } catch {
    return path.resolve(file); // removed: it matches nothing, and the listing no longer has it
  }
}
