// The site's languages and the translations of texts: which language tags `locales` may hold, which
// keys a `translations` entry may give, and which languages it may be in (those site.yaml lists, the
// default excepted). They read raw data, as rules.ts and cross.ts do, so they run whatever else is wrong.
import { CONTENT } from '../errors/content.js';
import { say } from '../errors/entry.js';
import { checkLocale } from '../i18n/check.js';
import { closest } from './messages.js';
import type { Finding, PathSegment } from './positions.js';
import { field } from './rules.js';
import type { FileFinding } from './cross.js';
import { isRecord } from './data.js';
import type { SourceFile } from './source.js';

/** The texts a `translations` entry may give, by where it sits; any other key of that place is the same in every language. */
const TRANSLATABLE = {
  site: ['state_text'],
  component: ['name', 'description'],
  notice: ['subject'],
} as const;

/** Keys each place has that are not text: a translation of one is refused with its own words. */
const OTHER_KEYS = {
  site: ['name', 'url', 'created_at', 'metrics', 'transition_text', 'maintenance_spelling', 'notify', 'locales', 'locale', 'time_zone'],
  component: ['id', 'parent_id', 'position', 'metrics', 'created_at', 'updated_at'],
  notice: ['id', 'type', 'components', 'tags', 'begins_at', 'ends_at', 'auto_transition', 'expires_at', 'began_at', 'ended_at', 'impact_seconds', 'impact', 'updates', 'at', 'state', 'content'],
} as const;

/** A tag `locales` may hold: one of a shipped catalogue's languages, written canonically (src/i18n/check.ts). */
const isSiteLocale = (tag: string): boolean => checkLocale(tag) === null;

/** The site's languages as site.yaml lists them (the valid ones), the default first; [] when it lists none. */
export function siteLocales(raw: unknown): string[] {
  const listed = field(raw, 'locales');
  if (!Array.isArray(listed)) return [];
  return listed.filter((tag: unknown): tag is string => typeof tag === 'string' && isSiteLocale(tag));
}

/** site.yaml's `locales` (known tags, each once, `locale` first if given) and its translations' keys. */
export function siteLanguageRules(raw: unknown): Finding[] {
  const findings: Finding[] = [];
  const listed = field(raw, 'locales');
  if (Array.isArray(listed)) {
    const seen = new Set<string>();
    listed.forEach((tag: unknown, i) => {
      if (typeof tag !== 'string') return; // the schema says it is not text
      const problem = checkLocale(tag);
      if (problem) findings.push({ path: ['locales', i], ...say(CONTENT.badLocale, problem) });
      else if (seen.has(tag)) findings.push({ path: ['locales', i], ...say(CONTENT.localeTwice, { value: tag }) });
      seen.add(tag);
    });
    const locale = field(raw, 'locale');
    const first: unknown = listed[0];
    if (typeof locale === 'string' && typeof first === 'string' && isSiteLocale(first) && locale !== first) {
      findings.push({ path: ['locale'], ...say(CONTENT.localeNotFirst, { locale, first }) });
    }
  }
  findings.push(...keyFindings(field(raw, 'translations'), ['translations'], 'site'));
  return findings;
}

/** A component's translations: only its name and description. */
export const componentLanguageRules = (raw: unknown): Finding[] => keyFindings(field(raw, 'translations'), ['translations'], 'component');

/** A notice's translations: only its subject (an update's are its content itself). */
export const noticeLanguageRules = (raw: unknown): Finding[] => keyFindings(field(raw, 'translations'), ['translations'], 'notice');

function keyFindings(translations: unknown, path: PathSegment[], place: keyof typeof TRANSLATABLE): Finding[] {
  if (!isRecord(translations)) return [];
  const findings: Finding[] = [];
  for (const [locale, entry] of Object.entries(translations)) {
    if (!isRecord(entry)) continue;
    for (const key of Object.keys(entry)) {
      if ((OTHER_KEYS[place] as readonly string[]).includes(key)) {
        findings.push({ path: [...path, locale, key], at: 'key', ...say(CONTENT.untranslatableKey, { key, translatable: TRANSLATABLE[place] }) });
      }
    }
  }
  return findings;
}

/** Every `translations` mapping of a file, by its path: the notice's, each update's, or the component's or site's own. */
function translationsOf(source: SourceFile): { path: PathSegment[]; value: Record<string, unknown> }[] {
  const found: { path: PathSegment[]; value: Record<string, unknown> }[] = [];
  const own = field(source.data, 'translations');
  if (isRecord(own)) found.push({ path: ['translations'], value: own });
  const updates = source.kind === 'notice' ? field(source.data, 'updates') : undefined;
  if (Array.isArray(updates)) {
    updates.forEach((update: unknown, i) => {
      const t = field(update, 'translations');
      if (isRecord(t)) found.push({ path: ['updates', i, 'translations'], value: t });
    });
  }
  return found;
}

/** Each translation to a language site.yaml does not list (or to the default one), at its language's key. */
export function translationLanguageFindings(site: SourceFile | null, files: SourceFile[]): FileFinding[] {
  const locales = site ? siteLocales(site.data) : [];
  const findings: FileFinding[] = [];
  for (const source of [...(site ? [site] : []), ...files].filter((s) => s.usable)) {
    for (const { path, value } of translationsOf(source)) {
      for (const locale of Object.keys(value)) {
        // As site.yaml's `locales` spells it (`pt-BR`), so the pages find it.
        if (locales.indexOf(locale) > 0) continue;
        const isDefault = locale === locales[0];
        const guess = isDefault ? undefined : closest(locale, locales.slice(1));
        findings.push({
          source,
          finding: { path: [...path, locale], at: 'key', ...say(CONTENT.translationNotListed, { locale, listed: locales, ...(guess ? { guess } : {}), ...(isDefault ? { isDefault } : {}) }) },
        });
      }
    }
  }
  return findings;
}

/**
 * For each of the site's other languages, how many texts have no translation to it, and where: one
 * note per language, at its entry in `locales` (a note per file would be one per notice, and would
 * make every file be parsed again for its positions).
 */
export function untranslatedFindings(locales: readonly string[], sources: readonly SourceFile[]): Finding[] {
  if (locales.length < 2) return [];
  const texts = sources.filter((s) => s.usable && isRecord(s.data)).map((s) => ({ file: s.file, texts: textsOf(s) }));
  const findings: Finding[] = [];
  locales.slice(1).forEach((locale, i) => {
    const missing = texts.map(({ file, texts }) => ({ file, paths: texts.filter((t) => !t.has(locale)).map((t) => t.path.join('.')) })).filter((f) => f.paths.length > 0);
    const count = missing.reduce((sum, f) => sum + f.paths.length, 0);
    if (count === 0) return;
    findings.push({ path: ['locales', i + 1], ...say(CONTENT.untranslated, { locale, count, files: missing.length, first: `${missing[0]!.file}: ${missing[0]!.paths.slice(0, 3).join(', ')}${missing[0]!.paths.length > 3 ? ', …' : ''}` }) });
  });
  return findings;
}

/** The translatable texts a file has, each with a test for a translation to a language. */
function textsOf(source: SourceFile): { path: PathSegment[]; has: (locale: string) => boolean }[] {
  const data = source.data;
  const own = field(data, 'translations');
  const ownHas = (key: string) => (locale: string) => field(field(own, locale), key) !== undefined;
  switch (source.kind) {
    case 'site': {
      const stateText = field(data, 'state_text');
      return isRecord(stateText)
        ? Object.keys(stateText).map((key) => ({ path: ['state_text', key], has: (locale: string) => field(field(field(own, locale), 'state_text'), key) !== undefined }))
        : [];
    }
    case 'component': {
      const texts = [{ path: ['name'], has: ownHas('name') }];
      if (typeof field(data, 'description') === 'string' && field(data, 'description') !== '') texts.push({ path: ['description'], has: ownHas('description') });
      return texts;
    }
    case 'notice': {
      const updates = field(data, 'updates');
      return [
        { path: ['subject'], has: ownHas('subject') },
        ...(Array.isArray(updates) ? updates : []).map((u: unknown, i) => ({ path: ['updates', i, 'content'], has: (locale: string) => field(field(u, 'translations'), locale) !== undefined })),
      ];
    }
  }
}
