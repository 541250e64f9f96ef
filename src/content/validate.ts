// Stage 2 of the build: every file against its schema and rules, then the checks across files.
// Collect, then fail once: nothing here stops at the first problem.
import type { z } from 'zod';
import type { ContentIssue } from '../errors/error.js';
import { madeOnce } from '../util/made-once.js';
import { DAY_MS } from '../util/time.js';
import { CONTENT } from '../errors/content.js';
import { say } from '../errors/entry.js';
import type { Component, Content, Notice, SiteConfig } from './types.js';
import { audienceFindings } from './audiences.js';
import { crossFileFindings } from './cross.js';
import type { LoadedContent } from './load.js';
import { errorMessage, toFindings } from './messages.js';
import { toComponent, toNotice, toSite } from './model.js';
import { siteRules } from './notify.js';
import { locate } from './positions.js';
import type { Finding } from './positions.js';
import { componentRules, noticeRules } from './rules.js';
import { componentSchema, knownKeys, noticeSchema, siteSchema } from './schema.js';
import type { SourceFile } from './source.js';
import { utcText } from './timestamps.js';
import { componentLanguageRules, noticeLanguageRules, siteLanguageRules, translationLanguageFindings, untranslatedFindings } from './translations.js';
import { renumberedSince01 } from './update-ids.js';
import { seenParts } from './audience.js';
import type { AudienceName } from './audience.js';

const NOTHING_SEEN = { components: new Set<number>(), notices: new Set<number>() };

/**
 * Each file's own checks and model, by source: a source is never changed once read, so validating
 * the same sources again (`statuspress dev` after one file changed) checks only the new ones. The
 * checks across files always run.
 */
const checked = new WeakMap<SourceFile, { issues: ContentIssue[]; value: unknown }>();

export interface ValidateOptions {
  /** The moment to judge the content as of (epoch ms): updates dated after it are noted as withheld. None: no notes. */
  now?: number;
  /**
   * `error` (statuspress validate, the pull-request check): an update dated far after `now` without
   * `withheld: true` is an issue (content/update-too-far-ahead); `note` (the build, which must never
   * be blocked by the clock): a note like any withheld update. Default `note`.
   */
  ahead?: 'note' | 'error';
  /**
   * Notes on the parts this audience sees only (null: the public), as a build of its site reports
   * them: another audience's notices, names and counts never reach its log. None: notes on all
   * (statuspress validate, which checks every audience's parts).
   */
  audience?: AudienceName;
}

export interface Validated {
  /** The model; null whenever there is an issue. */
  value: Content | null;
  /** Every problem, sorted by file, line, column. */
  issues: ContentIssue[];
  /** What is worth knowing but valid (an update withheld until after `now`), sorted the same way. */
  notes: ContentIssue[];
}

/** The content model, or null with every issue (load issues included); notes either way. */
export function validateContent(loaded: LoadedContent, options: ValidateOptions = {}): Validated {
  const issues: ContentIssue[] = [...loaded.issues];
  const check = <S extends z.ZodType, T>(
    source: SourceFile,
    schema: S,
    rules: (raw: unknown) => Finding[],
    convert: (data: z.output<S>, file: string) => T,
  ): T | null => {
    if (!source.usable) return null; // its load issues say why; guessing at a broken file adds noise
    const result = madeOnce(checked, source, () => {
      const { data, issues: found } = checkFile(source, schema, rules);
      return { issues: found, value: data === undefined ? null : convert(data, source.file) };
    }) as { issues: ContentIssue[]; value: T | null };
    issues.push(...result.issues);
    return result.value;
  };

  const site: SiteConfig | null = loaded.site ? check(loaded.site, siteSchema, both(siteRules, siteLanguageRules), toSite) : null;
  const components = loaded.components.map((s) => check(s, componentSchema, both(componentRules, componentLanguageRules), toComponent));
  const notices = loaded.notices.map((s) => check(s, noticeSchema, both(noticeRules, noticeLanguageRules), toNotice));
  for (const { source, finding } of crossFileFindings(loaded.components, loaded.notices, loaded.unlisted.has('components'), loaded.site)) issues.push(locate(source, finding));
  for (const { source, finding } of audienceFindings(loaded.site, loaded.components, loaded.notices)) issues.push(locate(source, finding));
  for (const { source, finding } of translationLanguageFindings(loaded.site, [...loaded.components, ...loaded.notices])) issues.push(locate(source, finding));
  const { now } = options;
  const notes: ContentIssue[] = [];
  // For one audience, of valid content only: content with issues builds nothing, its notes unsaid.
  const valid = issues.length === 0 && site !== null;
  const seen = options.audience === undefined ? null : valid ? seenParts({ site, components: components as Component[], notices: notices as Notice[] }, options.audience) : NOTHING_SEEN;
  const seenSources = (sources: SourceFile[], parts: (Component | Notice | null)[], ids: keyof typeof NOTHING_SEEN): SourceFile[] =>
    seen === null ? sources : sources.filter((_, i) => parts[i] !== null && seen[ids].has(parts[i]!.id));
  notices.forEach((notice, i) => {
    if (notice === null || now === undefined || (seen !== null && !seen.notices.has(notice.id))) return;
    const source = loaded.notices[i]!;
    for (const note of withheld(source, notice, now)) (options.ahead === 'error' && note.code === CONTENT.tooFarAhead.code ? issues : notes).push(note);
    notes.push(...renumbered(source, notice));
  });
  // Texts the other languages' pages show in the default one: worth knowing, never an error.
  if (loaded.site && site?.locales && (seen === null || valid)) {
    const sources = [loaded.site, ...seenSources(loaded.components, components, 'components'), ...seenSources(loaded.notices, notices, 'notices')];
    for (const finding of untranslatedFindings(site.locales, sources)) notes.push(locate(loaded.site, finding));
  }

  const sorted = dedupe(issues).sort(compareIssues);
  notes.sort(compareIssues);
  if (sorted.length > 0 || site === null) return { value: null, issues: sorted, notes };
  return {
    value: { site, components: components as Component[], notices: notices as Notice[] },
    issues: [],
    notes,
  };
}

/**
 * An update dated further ahead than this is most often a typo (the year, the zone), unless it says
 * `withheld: true`: an incident's next update is never a day away, and no notice is written a month
 * ahead of its first update.
 */
const AHEAD_DAYS = { unplanned: 1, any: 30 } as const;

/**
 * A note for each update dated after `now` (the build withholds it), at its `at`; one dated too far
 * ahead (AHEAD_DAYS) without `withheld: true` is content/update-too-far-ahead instead, which
 * `validate` reports as a problem. When none of the notice's updates is published, the earliest
 * one's note says the notice is left out too.
 */
function withheld(source: SourceFile, notice: Notice, now: number): ContentIssue[] {
  const later = notice.updates.filter((u) => u.at > now);
  if (later.length === 0) return [];
  const first = later.length === notice.updates.length ? later.reduce((a, b) => (b.at < a.at ? b : a)) : null;
  const meantToWait = (index: number): boolean => (source.data as { updates?: { withheld?: unknown }[] }).updates?.[index]?.withheld === true;
  return later.map((u) => {
    const days = notice.type === 'unplanned' && u.at - now > AHEAD_DAYS.unplanned * DAY_MS ? AHEAD_DAYS.unplanned : u.at - now > AHEAD_DAYS.any * DAY_MS ? AHEAD_DAYS.any : null;
    const words = days !== null && !meantToWait(u.index) ? say(CONTENT.tooFarAhead, { until: utcText(u.at), now: utcText(now), days }) : say(CONTENT.withheld, { until: utcText(u.at), now: utcText(now), notice: u === first });
    return locate(source, { path: ['updates', u.index, 'at'], ...words });
  });
}

/**
 * A note, at `updates`, for a notice whose updates statuspress 0.1 numbered otherwise (by their
 * position): a site built then showed other ids for them, and clients that kept those see new ones.
 */
function renumbered(source: SourceFile, notice: Notice): ContentIssue[] {
  if (!renumberedSince01(notice.updates.map((u) => u.at))) return [];
  return [locate(source, { path: ['updates'], at: 'key', ...say(CONTENT.renumbered, { id: notice.id }) })];
}

/** The model of one notice file judged on its own (no checks across files), or null when it has a problem. */
export function noticeOf(source: SourceFile): Notice | null {
  if (!source.usable || source.data === null || source.data === undefined) return null;
  const { data, issues } = checkFile(source, noticeSchema, noticeRules);
  return data === undefined || issues.length > 0 ? null : toNotice(data, source.file);
}

/** Two sets of rules of one file kind as one. */
const both =
  (a: (raw: unknown) => Finding[], b: (raw: unknown) => Finding[]) =>
  (raw: unknown): Finding[] => [...a(raw), ...b(raw)];

/** `source` read with `schema` and judged by `rules`. */
function checkFile<S extends z.ZodType>(
  source: SourceFile,
  schema: S,
  rules: (raw: unknown) => Finding[],
): { data: z.output<S> | undefined; issues: ContentIssue[] } {
  if (source.data === null || source.data === undefined) {
    return { data: undefined, issues: [locate(source, { path: [], ...say(CONTENT.emptyFile, { kind: source.kind }) })] };
  }
  const parsed = schema.safeParse(source.data, { error: errorMessage, reportInput: true });
  const ruled = rules(source.data);
  // A rule speaks about its field in the notice type's terms; the schema's word on the same field adds nothing.
  const ruledPaths = new Set(ruled.map((f) => f.path.join('.')));
  const schemaFindings = parsed.success
    ? []
    : toFindings(parsed.error.issues, (path) => knownKeys(schema, path)).filter((f) => !ruledPaths.has(f.path.join('.')));
  const findings = [...schemaFindings, ...ruled];
  return { data: parsed.success ? (parsed.data as z.output<S>) : undefined, issues: findings.map((f) => locate(source, f)) };
}

function dedupe(issues: ContentIssue[]): ContentIssue[] {
  const seen = new Set<string>();
  return issues.filter((i) => {
    const key = `${i.file}\0${i.line}\0${i.column}\0${i.path}\0${i.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

function compareIssues(a: ContentIssue, b: ContentIssue): number {
  return compareText(a.file, b.file) || a.line - b.line || a.column - b.column || compareText(a.path, b.path) || compareText(a.message, b.message);
}
