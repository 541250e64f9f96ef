// `messages(locale)`: the words of one language, with its plurals, numbers and dates, and a site's
// own overrides of any message (templates/locales/<locale>.yaml).
import { catalogueFor, directionOf, PSEUDO_CLOSE, PSEUDO_LOCALE, PSEUDO_OPEN } from './catalogue.js';
import type { Catalogue, Message, MessageKey } from './catalogue.js';

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
  /** Every message as a nested object (`nav.status` → `{ nav: { status } }`), for the templates. */
  tree(): Record<string, unknown>;
  /** Whether the pseudo-locale's wrappers are around every text. */
  pseudo: boolean;
}

const cache = new Map<string, Messages>();

/** The messages of `locale`, with `overrides` (a site's own) over its catalogue. Throws on a locale with no catalogue. */
export function messages(locale: string, overrides?: Catalogue): Messages {
  const key = overrides ? null : locale;
  const cached = key === null ? undefined : cache.get(key);
  if (cached) return cached;
  const base = catalogueFor(locale);
  if (!base) throw new Error(`No message catalogue for the locale ${locale}`);
  const catalogue: Catalogue = overrides ? { ...base, ...overrides } : base;
  const isPseudo = locale === PSEUDO_LOCALE;
  const intlLocale = isPseudo ? 'en' : locale;
  const plurals = new Intl.PluralRules(intlLocale);
  const numbers = new Intl.NumberFormat(intlLocale);
  const number = (n: number): string => (isPseudo ? `${PSEUDO_OPEN}${numbers.format(n)}${PSEUDO_CLOSE}` : numbers.format(n));
  const pick = (key: MessageKey, params: Params | undefined): string => {
    const message: Message | undefined = catalogue[key];
    if (message === undefined) throw new Error(`No message ${key} in the catalogue of ${locale}`);
    if (typeof message === 'string') return message;
    const count = Number(params?.count ?? 0);
    return message[plurals.select(count)] ?? message.other ?? '';
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
  const result: Messages = {
    locale,
    dir: directionOf(intlLocale),
    pseudo: isPseudo,
    t: (k, params) => fill(pick(k, params), params, (s) => s),
    html: (k, params) => fill(pick(k, params), params, escapeHtml),
    number,
    tree: () => (tree ??= nest(catalogue)),
  };
  if (key !== null) cache.set(key, result);
  return result;
}

/** `t(locale, key, params)`: one message, without keeping the Messages. */
export const t = (locale: string, key: MessageKey, params?: Params): string => messages(locale).t(key, params);

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);

/** Plain messages as nested objects for the templates (`{{@root.t.nav.status}}`); plural ones as their `other` form. */
function nest(catalogue: Catalogue): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, message] of Object.entries(catalogue)) {
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
