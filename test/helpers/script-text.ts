// The words a built browser script could show a reader: its string literals and template-literal
// texts, read with TypeScript's own parser (not a regular expression, which a quote in a comment or a
// regex literal would fool), kept when they read as human text and are not wrapped in the
// pseudo-locale's ⟦…⟧. The languages test runs it on every script the build writes, so an English
// sentence hard-coded in src/browser/*.ts fails there instead of reaching a reader in another language.
import ts from 'typescript';
import { PSEUDO_CLOSE, PSEUDO_OPEN } from '../../src/i18n/index.js';

/**
 * Literals that read as words but no reader sees, each with the reason. Keep it short: a new entry
 * needs the same scrutiny as the text it lets through.
 */
export const NOT_TEXT: ReadonlyMap<string, string> = new Map([
  ['use strict', 'the directive esbuild puts at the top of a bundle'],
  ['Enter', 'KeyboardEvent.key of the Enter key, compared, never shown'],
  // The catalogue's own check for a missing key (src/i18n/make.ts), bundled with the formatters:
  // a bug in statuspress, thrown to the console, never printed on the page.
  ['No message {} in the catalogue of {}', 'a developer error in the bundled catalogue code'],
]);

/** Every string literal and template literal in `source`, a JavaScript file, in order. */
export function scriptStrings(source: string): string[] {
  const file = ts.createSourceFile('bundle.js', source, ts.ScriptTarget.Latest, false, ts.ScriptKind.JS);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) found.push(node.text);
    // A template's texts as one string, `{}` for each substitution, so a sentence split by one is read whole.
    else if (ts.isTemplateExpression(node)) found.push(node.head.text + node.templateSpans.map((span) => `{}${span.literal.text}`).join(''));
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** A token made of letters only (two or more), maybe with closing punctuation: a word as prose writes it. */
const WORD = /^\p{L}[\p{L}\p{M}'’-]*\p{L}[.,:;!?…]*$/u;
/** A capitalised word: a sentence's start or a label (`Loading`), unlike camelCase or CONSTANTS. */
const CAPITALISED = /^\p{Lu}\p{Ll}+[.,:;!?…]*$/u;
/** Letters of a script other than Latin: no code in these bundles is written in them. */
const NON_LATIN = /(?!\p{Script=Latin})\p{L}/u;
/** A stylesheet's text: rules in braces with `property:value` declarations (the widget's constructed sheet). */
const CSS = /[{}]/;
const DECLARATION = /[a-z-]+:[^\s;{}]/;

/**
 * Whether `literal` reads as text a reader would see once the pseudo-locale's wrapped runs are taken
 * out: two letter-words in a row, a capitalised word, or letters of a non-Latin script; a stylesheet
 * and the literals of NOT_TEXT are not text. Selectors, attribute, event and property names, paths,
 * URLs, MIME types and format tokens have no space-separated words and no capitalised word, so pass.
 */
export function readsAsText(literal: string): boolean {
  if (NOT_TEXT.has(literal)) return false;
  let rest = literal;
  for (let before = ''; before !== rest; ) {
    before = rest;
    rest = rest.replace(new RegExp(`${PSEUDO_OPEN}[^${PSEUDO_OPEN}${PSEUDO_CLOSE}]*${PSEUDO_CLOSE}`, 'g'), ' ');
  }
  if (CSS.test(rest) && DECLARATION.test(rest)) return false;
  if (NON_LATIN.test(rest)) return true;
  const tokens = rest.split(/\s+/).filter((t) => t !== '');
  if (tokens.some((t) => CAPITALISED.test(t))) return true;
  return tokens.some((t, i) => i > 0 && WORD.test(t) && WORD.test(tokens[i - 1]!));
}

/** The literals of a script `source` that read as text: what a language would leave untranslated. */
export function untranslatedStrings(source: string): string[] {
  return [...new Set(scriptStrings(source).filter(readsAsText))];
}
