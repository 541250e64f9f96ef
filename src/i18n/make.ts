// The words of one language as functions: `makeMessages(locale, catalogue)`. It imports no catalogue,
// so the browser scripts build theirs from the few messages a page hands them.
import { directionOf } from './direction.js';
import { PSEUDO_CLOSE, PSEUDO_LOCALE, PSEUDO_OPEN } from './pseudo.js';
import type { Catalogue, Message, MessageKey } from './types.js';

export type Params = Record<string, string | number>;

export interface Messages {
  /** The BCP 47 tag, for `<html lang>` and Intl. */
  locale: string;
  dir: 'ltr' | 'rtl';
  /** The message `key` with its `{params}` filled in; numbers written for the locale; `count` picks the plural form. */
  t(key: MessageKey, params?: Params): string;
  /**
   * The same as HTML: the message's own text escaped, the params inserted as they are (HTML the
   * caller made, its own texts escaped).
   */
  html(key: MessageKey, params?: Params): string;
  /** A number as the locale writes it (`1.234` in German). */
  number(n: number): string;
  /** A percentage with two decimals (`97.26%`, `97,26 %`) of hundredths of a percent. */
  percent(hundredths: number): string;
  /** A list (`Email, SMS`), its items as given (HTML or text). */
  list(items: string[]): string;
  /** Every message as a nested object (`nav.status` → `{ nav: { status } }`), for the templates. */
  tree(): Record<string, unknown>;
  /** The catalogue the messages come from. */
  catalogue: Catalogue;
  /** Whether the pseudo-locale's wrappers are around every text. */
  pseudo: boolean;
}

/** The messages of `catalogue`, in `locale`. */
export function makeMessages(locale: string, catalogue: Catalogue): Messages {
  const isPseudo = locale === PSEUDO_LOCALE;
  const intlLocale = isPseudo ? 'en' : locale;
  const plurals = new Intl.PluralRules(intlLocale);
  const numbers = new Intl.NumberFormat(intlLocale);
  const percents = new Intl.NumberFormat(intlLocale, { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const lists = new Intl.ListFormat(intlLocale, { type: 'unit', style: 'short' });
  const wrap = (text: string): string => (isPseudo ? `${PSEUDO_OPEN}${text}${PSEUDO_CLOSE}` : text);
  const number = (n: number): string => wrap(numbers.format(n));
  const pick = (key: MessageKey, params: Params | undefined): string => {
    const message: Message | undefined = catalogue[key];
    if (message === undefined) throw new Error(`No message ${key} in the catalogue of ${locale}`);
    if (typeof message === 'string') return message;
    return message[plurals.select(Number(params?.count ?? 0))] ?? message.other ?? '';
  };
  const fill = (text: string, params: Params | undefined, escape: (s: string) => string): string =>
    params === undefined
      ? escape(text)
      : text
          .split(/(\{[A-Za-z]+\})/)
          .map((part, i) => {
            if (i % 2 === 0) return escape(part);
            const value = params[part.slice(1, -1)];
            if (value === undefined) return escape(part);
            return typeof value === 'number' ? number(value) : value;
          })
          .join('');
  let tree: Record<string, unknown> | null = null;
  return {
    locale,
    dir: directionOf(intlLocale),
    pseudo: isPseudo,
    catalogue,
    t: (k, params) => fill(pick(k, params), params, (s) => s),
    html: (k, params) => fill(pick(k, params), params, escapeHtml),
    number,
    percent: (hundredths) => wrap(percents.format(hundredths / 10_000)),
    list: (items) => (items.length < 2 ? items.join('') : wrap(lists.format(items))),
    tree: () => (tree ??= nest(catalogue)),
  };
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);

/**
 * Messages as nested objects for the templates (`{{@root.t.nav.status}}`); plural ones as their
 * `other` form. A key that is also a prefix (`history.heading`, `history.heading.planned`) keeps its
 * own text as `_`.
 */
function nest(catalogue: Catalogue): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const key of Object.keys(catalogue).sort()) {
    const message = catalogue[key]!;
    const parts = key.split('.');
    let node = root;
    for (const part of parts.slice(0, -1)) {
      const next = node[part];
      if (typeof next === 'object' && next !== null) node = next as Record<string, unknown>;
      else node = node[part] = typeof next === 'string' ? { _: next } : {};
    }
    const last = parts.at(-1)!;
    const text = typeof message === 'string' ? message : (message.other ?? '');
    if (typeof node[last] === 'object') (node[last] as Record<string, unknown>)._ = text;
    else node[last] = text;
  }
  return root;
}
