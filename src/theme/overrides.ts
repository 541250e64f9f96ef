// `templates/locales/<locale>.yaml` overrides any message of that language's catalogue, as a file in
// templates/ overrides a template; a wrong key is an error at its line, naming the key (and the one
// meant). Read as templates are (template-files.ts): a link leading out of the templates folder, a
// file that is no regular one (/dev/zero) and one over MAX_MESSAGES_BYTES are refused before any is read.
import { existsSync, readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { isMap, isScalar } from 'yaml';
import { closest } from '../content/messages.js';
import { unprintable, UNPRINTABLE_WORDS } from '../content/printable.js';
import type { Unprintable } from '../content/printable.js';
import { lineColumn, parseText } from '../content/source.js';
import { ContentError } from '../errors/error.js';
import type { ContentIssue } from '../errors/error.js';
import { CONTENT } from '../errors/content.js';
import { MAX_MESSAGES_BYTES } from '../util/limits.js';
import { say } from '../errors/entry.js';
import { realInside } from '../util/real-inside.js';
import { ENGLISH } from '../i18n/catalogue.js';
import { checkLocale } from '../i18n/check.js';
import { paramsOf } from '../i18n/make.js';
import type { Catalogue, Message } from '../i18n/types.js';

/**
 * The catalogue's messages no page prints, by group, and where their text is set instead: the
 * defaults of the content (derived before any template is read, the API's too), and the words of
 * the commands, which read no templates/.
 */
const NOT_ON_PAGES: [string, string][] = [
  ['stateText.', 'set state_text in site.yaml instead (and its translations, for another language)'],
  ['transition.', 'set transition_text in site.yaml instead'],
  ['authoring.', 'give the text with --message instead'],
  ['notify.', 'statuspress notify reads no templates, so it cannot be changed for one site'],
  ['init.', 'edit the files init wrote instead'],
];

/** The overrides under `dir`/locales, by locale; none when there is no such folder. Throws ContentError on any wrong key or value. */
export function readMessageOverrides(dir: string | null, folder: string): Record<string, Catalogue> {
  const result: Record<string, Catalogue> = {};
  if (dir === null) return result;
  const locales = path.join(dir, 'locales');
  if (!existsSync(locales)) return result;
  const keys = Object.keys(ENGLISH);
  const issues: ContentIssue[] = [];
  const root = realpathSync(dir);
  if (realInside(root, locales) === null) throw new ContentError([{ file: `${folder}/locales`, line: 1, column: 1, path: '', ...say(CONTENT.templateLinkOutside) }]);
  for (const name of readdirSync(locales).sort()) {
    if (!/\.ya?ml$/.test(name)) continue;
    const locale = name.replace(/\.ya?ml$/, '');
    const file = `${folder}/locales/${name}`;
    const full = path.join(locales, name);
    const real = realInside(root, full);
    if (real === null) {
      issues.push({ file, line: 1, column: 1, path: '', ...say(CONTENT.templateLinkOutside) });
      continue;
    }
    const info = statSync(real);
    if (!info.isFile() || info.size > MAX_MESSAGES_BYTES) {
      issues.push({ file, line: 1, column: 1, path: '', ...say(CONTENT.messagesTooLarge, { bytes: info.isFile() ? info.size : null, max: MAX_MESSAGES_BYTES }) });
      continue;
    }
    // The file's name is its language, spelt as site.yaml's `locale` is (`pt-BR.yaml`, not `pt-br.yaml`).
    const wrongName = checkLocale(locale);
    if (wrongName !== null) {
      issues.push({ file, line: 1, column: 1, path: '', ...say(CONTENT.badLocale, wrongName) });
      continue;
    }
    // Parsed as a content file is: the same limits, and the same words for a YAML mistake at its line.
    const parsed = parseText(file, 'site', readFileSync(real, 'utf8'));
    const document = parsed.source.doc;
    if (parsed.issues.length > 0 || document === null) {
      issues.push(...parsed.issues);
      continue;
    }
    const at = (offset: number | undefined): { line: number; column: number } => lineColumn(parsed.source.lineCounter, offset ?? 0);
    if (!(isMap(document.contents) || document.contents === null)) {
      issues.push({ file, ...at(document.contents.range?.[0]), path: '', ...say(CONTENT.wrongType, { kind: 'object', value: parsed.source.data }) });
      continue;
    }
    const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
    const catalogue: Catalogue = {};
    for (const pair of isMap(document.contents) ? document.contents.items : []) {
      const key = isScalar(pair.key) ? String(pair.key.value) : '';
      const where = { file, ...at(isScalar(pair.key) ? pair.key.range?.[0] : undefined), path: key };
      if (!Object.hasOwn(ENGLISH, key)) {
        const guess = closest(key, keys);
        // No near miss: the keys of its group (`widget.`), since a site has no copy of the catalogue.
        const group = keys.filter((k) => key.includes('.') && k.startsWith(`${key.split('.')[0]}.`));
        issues.push({ ...where, ...say(CONTENT.unknownMessage, guess ? { key, guess } : { key, group }) });
        continue;
      }
      const elsewhere = NOT_ON_PAGES.find(([group]) => key.startsWith(group));
      if (elsewhere) {
        issues.push({ ...where, ...say(CONTENT.messageNotOnPages, { key, instead: elsewhere[1] }) });
        continue;
      }
      const message = messageOf(pair.value, typeof ENGLISH[key] === 'string' ? null : categories);
      if (message === null) {
        issues.push({ ...where, ...say(CONTENT.badMessage, typeof ENGLISH[key] === 'string' ? { key } : { key, forms: categories.join(', ') }) });
        continue;
      }
      // Refused at its line as content is: no writer of a feed, a calendar or a badge can carry it.
      const bad = unprintableText(pair.value);
      if (bad !== null) {
        issues.push({ ...where, ...at(bad.offset), ...say(UNPRINTABLE_WORDS[bad.kind], { value: bad.text }) });
        continue;
      }
      // Only the English message's {parameters}: another would be printed as it is, on every page.
      const takes = paramsOf(ENGLISH[key]!);
      const unknown = paramsOf(message).find((p) => !takes.includes(p));
      if (unknown !== undefined) {
        issues.push({ ...where, ...say(CONTENT.badMessage, { key, unknown, takes }) });
        continue;
      }
      catalogue[key] = message;
    }
    result[locale] = catalogue;
  }
  if (issues.length > 0) throw new ContentError(issues);
  return result;
}

/** The first text of a message's node (its text, or one of its plural forms) that no output can carry, with where it is. */
function unprintableText(node: unknown): { kind: Unprintable; text: string; offset: number | undefined } | null {
  const scalars = isMap(node) ? node.items.map((p) => p.value) : [node];
  for (const scalar of scalars) {
    if (!isScalar(scalar) || typeof scalar.value !== 'string') continue;
    const kind = unprintable(scalar.value);
    if (kind !== null) return { kind, text: scalar.value, offset: scalar.range?.[0] };
  }
  return null;
}

/**
 * The message a node of the file gives: text, or with `categories` (a message that counts) a
 * mapping of those plural forms, `other` among them; null when it is not.
 */
function messageOf(value: unknown, categories: readonly string[] | null): Message | null {
  if (categories === null) return isScalar(value) && typeof value.value === 'string' ? value.value : null;
  if (!isMap(value)) return null;
  const forms = Object.fromEntries(value.items.map((p) => [isScalar(p.key) ? String(p.key.value) : '', isScalar(p.value) ? p.value.value : null]));
  const valid = Object.keys(forms).every((c) => categories.includes(c)) && Object.values(forms).every((t) => typeof t === 'string') && typeof forms.other === 'string';
  return valid ? (forms as Record<string, string>) : null;
}
