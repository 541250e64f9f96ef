// `statuspress update|resolve ID --lang de --message …`: a translation added to a notice's file, to
// one of its updates (the latest in time unless told which) or to its subject, keeping every other
// byte as it was. The same lock, checks and verdict as every authoring change: nothing is written
// unless the whole content validates with it.
import { isMap, isScalar } from 'yaml';
import type { Node, Pair, YAMLMap } from 'yaml';
import { noticeOf } from '../content/index.js';
import { positionOf } from '../content/positions.js';
import type { PathSegment } from '../content/positions.js';
import { field } from '../content/rules.js';
import { fail } from '../errors/error.js';
import { COMMAND } from '../errors/command.js';
import { updateId } from '../content/update-ids.js';
import { applyEdits, checkReadsAs, replaceFile } from './edit.js';
import type { TextEdit } from './edit.js';
import { withContentLock } from './lock.js';
import { readNotice, standingOf } from './update.js';
import type { Changed } from './update.js';
import { currentSecond, judge, shownIssues, sourceOf, toYaml } from './yaml.js';

export interface TranslateOptions {
  /** The language, one of site.yaml's `locales` but the first (validation says so otherwise). */
  lang: string;
  /** The update's content in that language. */
  content?: string;
  /** The notice's subject in that language. */
  subject?: string;
  /** The update to translate, by its API id (notice id × 1000 + rank in time) as the user wrote it; default the latest in time. */
  updateId?: string;
  now?: number;
  lockWaitMs?: number;
}

export interface Translated extends Changed {
  /** What was translated, as a content path: `updates.1.translations.de`, `translations.de.subject`. */
  paths: string[];
}

/** Adds `lang` translations to notice `id`; a usage error, with nothing written, when the result would not validate. */
export async function translateNotice(contentDir: string, id: number, options: TranslateOptions): Promise<Translated> {
  if (options.content === undefined && options.subject === undefined) throw fail(COMMAND.translationNeedsText, {});
  return withContentLock(contentDir, () => translateLocked(contentDir, id, options.now ?? currentSecond(), options), options.lockWaitMs === undefined ? {} : { waitMs: options.lockWaitMs });
}

async function translateLocked(contentDir: string, id: number, now: number, options: TranslateOptions): Promise<Translated> {
  const { loaded, found, target, text, original, problems } = await readNotice(contentDir, id);
  const what = `The translation to ${found.file}`;
  const refuse = (): never => {
    const issues = problems();
    throw fail(COMMAND.editInvalid, { what, issues: shownIssues(contentDir, issues) });
  };
  const notice = (original.usable && original.doc ? noticeOf(original) : null) ?? refuse();
  const doc = original.doc!;
  const expected = structuredClone(original.data) as Record<string, unknown>;
  const edits: TextEdit[] = [];
  const paths: string[] = [];
  const cannot = (key: string): never => {
    throw fail(COMMAND.cannotEditInPlace, { file: found.file, key });
  };
  const { lang } = options;
  // Said at the translation there, as content problems are located.
  const exists = (path: PathSegment[]): Error => fail(COMMAND.translationExists, { file: found.file, ...positionOf(original, path, 'key'), path: path.join('.') });

  // The subject's translation first: both may go at the end of the file, and the notice's own
  // `translations:` must follow its last update's.
  if (options.subject !== undefined) {
    const top = doc.contents;
    if (!isMap(top) || top.flow) cannot('translations');
    const edit = addTranslation(text, top as YAMLMap, lang, { subject: options.subject }, exists);
    if (edit === null) cannot('translations');
    edits.push(edit!);
    const own = (field(expected, 'translations') ?? {}) as Record<string, Record<string, unknown>>;
    expected.translations = { ...own, [lang]: { ...own[lang], subject: options.subject } };
    paths.push(`translations.${lang}.subject`);
  }
  let update: Changed['update'] = null;
  if (options.content !== undefined) {
    const ids = [...notice.updates].sort((a, b) => a.rank - b.rank).map((u) => updateId(id, u.rank));
    const given = options.updateId;
    // Digits only: `7001.0` or ` 7001` is not how an id is printed, though Number() would take it.
    const wanted = given === undefined ? ids.at(-1)! : /^\d{1,18}$/.test(given) ? Number(given) : NaN;
    const chosen = notice.updates.find((u) => updateId(id, u.rank) === wanted);
    if (chosen === undefined) throw fail(COMMAND.noSuchUpdate, { id: given ?? '', ids });
    const item = doc.getIn(['updates', chosen.index], true);
    if (!isMap(item) || item.flow) cannot('updates');
    const edit = addTranslation(text, item as YAMLMap, lang, options.content, (p) => exists(['updates', chosen.index, ...p]));
    if (edit === null) cannot('translations');
    edits.push(edit!);
    const copy = (expected.updates as Record<string, unknown>[])[chosen.index]!;
    copy.translations = { ...(field(copy, 'translations') as object | undefined), [lang]: options.content };
    paths.push(`updates.${chosen.index}.translations.${lang}`);
    update = { id: wanted, state: chosen.state };
  }
  const changed = applyEdits(text, edits);
  checkReadsAs(changed, expected);

  const result = sourceOf(found.file, 'notice', changed);
  const judged = judge(loaded, [result], now);
  if (judged.issues.length > 0) throw fail(COMMAND.editInvalid, { what, issues: shownIssues(contentDir, judged.issues) });
  await replaceFile(target, changed, text);
  const after = noticeOf(result)!; // judged without an issue
  return {
    file: found.file,
    update,
    before: standingOf(notice, now),
    after: standingOf(after, now),
    set: {},
    notes: judged.notes.filter((n) => n.code !== 'content/untranslated'),
    elsewhere: judged.elsewhere,
    paths,
  };
}

/**
 * The edit that gives the block mapping `map` the translation `value` in `lang`: a new
 * `translations:` key at its end, or a new `<lang>:` entry at the end of its block `translations`;
 * into `<lang>: {…}` a new key (for a subject). Null where the file is not laid out in blocks; a
 * translation already there is `exists` (its path below `map`).
 */
function addTranslation(text: string, map: YAMLMap, lang: string, value: unknown, exists: (path: PathSegment[]) => Error): TextEdit | null {
  const translations = pairOf(map, 'translations');
  if (!translations) return appendPairs(text, map, { translations: { [lang]: value } });
  if (!isMap(translations.value)) return null;
  // A translation already there is said to be, however the file is laid out.
  const entry = pairOf(translations.value, lang);
  if (!entry) return translations.value.flow ? null : appendPairs(text, translations.value, { [lang]: value });
  if (typeof value === 'string') throw exists(['translations', lang]);
  if (!isMap(entry.value)) return null;
  for (const key of Object.keys(value as object)) if (pairOf(entry.value, key)) throw exists(['translations', lang, key]);
  return entry.value.flow ? null : appendPairs(text, entry.value, value as Record<string, unknown>);
}

const pairOf = (map: YAMLMap, key: string): Pair<Node, Node> | undefined => (map.items as Pair<Node, Node>[]).find((p) => isScalar(p.key) && p.key.value === key);

/** `pairs` as new lines at the end of the block mapping `map`, at the column of its keys. */
function appendPairs(text: string, map: YAMLMap, pairs: Record<string, unknown>): TextEdit | null {
  const first = map.items[0]?.key as Node | undefined;
  if (!first?.range || !map.range) return null;
  const column = first.range[0] - (text.lastIndexOf('\n', first.range[0] - 1) + 1);
  const nl = text.includes('\r\n') ? '\r\n' : '\n';
  const lines = toYaml(pairs).replace(/\n$/, '').split('\n');
  const rendered = lines.map((line) => (line === '' ? '' : ' '.repeat(column) + line)).join(nl) + nl;
  // After the mapping's last line: its range ends after that line's break, or at the end of the file.
  const end = map.range[2];
  if (text[end - 1] === '\n') return { at: end, end, text: rendered };
  const next = text.indexOf('\n', end);
  return next === -1 ? { at: text.length, end: text.length, text: nl + rendered } : { at: next + 1, end: next + 1, text: rendered };
}
