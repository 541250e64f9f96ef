// What init, new and the edits share: YAML that reads back exactly as written, in-memory sources for
// validateContent, and the usage error that lists a new file's problems.
import { isDeepStrictEqual } from 'node:util';
import jsyaml from 'js-yaml';
import { Document, Scalar, isCollection, parseDocument, stringify, visit } from 'yaml';
import type { ContentIssue } from '../errors/error.js';
import { fail, shownPath } from '../errors/error.js';
import type { StatuspressError } from '../errors/error.js';
import { COMMAND } from '../errors/command.js';
import type { Problem } from '../errors/command.js';
import type { LoadedContent, SourceFile, SourceKind } from '../content/index.js';
import { validateContent } from '../content/index.js';
import { parseText } from '../content/source.js';
import { field } from '../content/rules.js';
import { isShipped } from '../i18n/index.js';

// No folding: a subject stays on one line however long it is.
const STRINGIFY = { lineWidth: 0, minContentWidth: 0, flowCollectionPadding: false } as const;

/**
 * Block-style YAML of `value` (keys in `flow` as one-line lists, like `components: [3]`), checked to
 * read back identically with both parsers the loader uses (js-yaml on its fast path, `yaml` otherwise).
 */
export function toYaml(value: Record<string, unknown>, options: { flow?: string[]; comment?: string; indent?: number } = {}): string {
  const doc = new Document(value);
  for (const key of options.flow ?? []) {
    const node = doc.get(key, true);
    if (isCollection(node)) node.flow = true;
  }
  // `yaml` quotes what YAML 1.2 would misread, but js-yaml reads a few plain scalars YAML 1.2 keeps as
  // text differently (`0b101` is 5 there): those get double quotes.
  visit(doc, {
    Scalar(_, node) {
      if (typeof node.value === 'string' && !readsBackPlain(node.value)) node.type = Scalar.QUOTE_DOUBLE;
    },
  });
  if (options.comment) doc.commentBefore = options.comment;
  const text = doc.toString({ ...STRINGIFY, indent: options.indent ?? 2 });
  const fast = jsyaml.load(text, { schema: jsyaml.CORE_SCHEMA });
  const careful = parseDocument(text, { uniqueKeys: true }).toJS() as unknown;
  if (!isDeepStrictEqual(fast, value) || !isDeepStrictEqual(careful, value)) {
    // Never expected: the checks above exist so this cannot happen silently.
    throw fail(COMMAND.yamlRoundTrip, undefined);
  }
  return text;
}

function readsBackPlain(text: string): boolean {
  if (text.includes('\n')) return true; // block scalars and quoted multi-line text: no plain-scalar ambiguity
  try {
    return jsyaml.load(stringify(text, STRINGIFY), { schema: jsyaml.CORE_SCHEMA }) === text;
  } catch {
    return false;
  }
}

/** What reading a source's text found (too large, a control character, a YAML error), by source. */
const textIssues = new WeakMap<SourceFile, ContentIssue[]>();

/**
 * A content source parsed from text in memory, as the loader would read the file: the same limits
 * and the careful parser. What they find is part of `judge`'s verdict on the source.
 */
export function sourceOf(file: string, kind: SourceKind, text: string): SourceFile {
  const { source, issues } = parseText(file, kind, text);
  textIssues.set(source, issues);
  return source;
}

/** The issues validateContent finds in `added` when they join `loaded` (problems elsewhere are not theirs). */
export function issuesOf(loaded: LoadedContent, added: SourceFile[]): ContentIssue[] {
  return judge(loaded, added).issues;
}

/** What validating the whole content says once `changed` replaces (or joins) the files of the same name. */
export interface Judgement {
  /** Problems in the changed files: any of them means nothing may be written. */
  issues: ContentIssue[];
  /** Notes about the changed files (an update withheld until after `now`). */
  notes: ContentIssue[];
  /** Problems in the rest of the content, load problems included: not the change's, but worth saying. */
  elsewhere: ContentIssue[];
}

/** Validates all of `loaded` with `changed` in place of the files of the same name, as of `now` (none: no notes). */
export function judge(loaded: LoadedContent, changed: SourceFile[], now?: number): Judgement {
  const files = new Set(changed.map((s) => s.file));
  const merge = (sources: SourceFile[], kind: SourceFile['kind']): SourceFile[] => [
    ...sources.filter((s) => !files.has(s.file)),
    ...changed.filter((s) => s.kind === kind),
  ];
  const site = changed.find((s) => s.kind === 'site') ?? loaded.site;
  const result = validateContent(
    {
      ...loaded,
      site,
      components: merge(loaded.components, 'component'),
      notices: merge(loaded.notices, 'notice'),
      // What loading found about the changed files is about their old text; a missing folder
      // (`components/`) is made by writing a new file into it.
      issues: [
        ...loaded.issues.filter((issue) => !files.has(issue.file) && !(issue.file.endsWith('/') && changed.some((s) => s.file.startsWith(issue.file)))),
        ...changed.flatMap((s) => textIssues.get(s) ?? []),
      ],
    },
    now === undefined ? {} : { now },
  );
  const mine = (issue: ContentIssue): boolean => files.has(issue.file);
  return {
    issues: result.issues.filter(mine),
    notes: result.notes.filter(mine),
    elsewhere: result.issues.filter((issue) => !mine(issue)),
  };
}

/**
 * The problems of the file a command would write, each said of the option that gave its value where
 * one did (`--state: "identifed" is not a state …`): the file was never written, so a line of it
 * would point at nothing. `options` maps a key's path in `file` (`subject`, `updates.5.state`) to its
 * option; a problem below a mapped path is the option's too. Others keep their file and line.
 */
export function byOption(contentDir: string, issues: readonly ContentIssue[], file: string, options: Record<string, string>): Problem[] {
  return issues.map((issue) => {
    if (issue.file !== file) return { ...issue, file: shownPath(contentDir, issue.file) };
    const key = Object.keys(options).find((at) => issue.path === at || issue.path.startsWith(`${at}.`));
    return key === undefined ? { ...issue, file: shownPath(contentDir, issue.file) } : { file: '', path: options[key]!, message: issue.message, code: issue.code };
  });
}

/** `issues` with their files named as every output names them: under the content folder as given (`content/notices/42.yaml`). */
export const shownIssues = (contentDir: string, issues: readonly ContentIssue[]): ContentIssue[] => issues.map((issue) => ({ ...issue, file: shownPath(contentDir, issue.file) }));

/** The usage error for generated files that would not validate: every problem, by field. */
export function invalidError(what: string, issues: Problem[]): StatuspressError {
  return fail(COMMAND.newInvalid, { what, issues });
}

/** Lowercase ASCII words of `text`, at most `max`, joined by `-` (60 characters at most); `fallback` when there are none. */
export function slugify(text: string, fallback: string, max = 6): string {
  const words = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .slice(0, max);
  // File names stay well under the 255 bytes file systems allow, whatever one word's length.
  const slug = words.join('-').slice(0, 60).replace(/-+$/, '');
  return slug || fallback;
}

/** `now` as content writes it (`2026-11-20T10:05:00Z`, milliseconds only when there are some); a usage error when it is not a time. */
export function isoAt(now: number): string {
  const date = new Date(now);
  if (!Number.isFinite(now) || Number.isNaN(date.getTime())) {
    throw fail(COMMAND.badTime, { now });
  }
  return date.toISOString().replace(/\.000Z$/, 'Z');
}

/** The current time to the second: what a person would write in content. */
export const currentSecond = (): number => Math.floor(Date.now() / 1000) * 1000;

/**
 * The site's default language, for the texts the authoring commands write: the first of site.yaml's
 * `locales`, else its `locale`; English when site.yaml is unusable or names no shipped language
 * (validation says why).
 */
export function siteLanguage(loaded: LoadedContent): string {
  const data = loaded.site?.data;
  const locales = field(data, 'locales');
  const tag = Array.isArray(locales) ? locales[0] : field(data, 'locale');
  return typeof tag === 'string' && isShipped(tag) ? tag : 'en';
}
