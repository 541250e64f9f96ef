// The words of one language as functions: `makeMessages(locale, catalogue)`. It imports no catalogue,
// so the browser scripts build theirs from the few messages a page hands them.
import { madeOnce } from '../util/made-once.js';
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
  catalogue: Catalogue;
  /** Whether the pseudo-locale's wrappers are around every text. */
  pseudo: boolean;
}

export function makeMessages(locale: string, catalogue: Catalogue): Messages {
  const isPseudo = locale === PSEUDO_LOCALE;
  const intlLocale = isPseudo ? 'en' : locale;
  // Each made when first needed: Intl's objects are costly to make, and most uses of a language's
  // messages (validation's default texts) need none.
  const once = <T>(make: () => T): (() => T) => {
    let made: T | undefined;
    return () => (made ??= make());
  };
  const plurals = once(() => new Intl.PluralRules(intlLocale));
  const numbers = once(() => new Intl.NumberFormat(intlLocale));
  const percents = once(() => new Intl.NumberFormat(intlLocale, { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 }));
  const lists = once(() => new Intl.ListFormat(intlLocale, { type: 'unit', style: 'short' }));
  const wrap = (text: string): string => (isPseudo ? `${PSEUDO_OPEN}${text}${PSEUDO_CLOSE}` : text);
  const number = (n: number): string => wrap(numbers().format(n));
  const pick = (key: MessageKey, params: Params | undefined): string => {
    const message: Message | undefined = catalogue[key];
    if (message === undefined) throw new Error(`No message ${key} in the catalogue of ${locale}`);
    if (typeof message === 'string') return message;
    return message[plurals().select(Number(params?.count ?? 0))] ?? message.other ?? '';
  };
  const parsed = new Map<string, string[]>();
  const partsOf = (text: string): string[] => madeOnce(parsed, text, () => splitMessage(text));
  const fill = (text: string, params: Params | undefined, escape: (s: string) => string): string => {
    if (params === undefined) return escape(text);
    const parts = partsOf(text);
    let out = '';
    for (let i = 0; i < parts.length; i++) {
      const part = parts[i]!;
      if (i % 2 === 0) {
        out += escape(part);
        continue;
      }
      const value = params[part];
      out += value === undefined ? escape(`{${part}}`) : typeof value === 'number' ? number(value) : value;
    }
    return out;
  };
  // Texts already made, by key: a message without params, or one whose only param is `count` (its
  // plural form picked by it too), is the same text each time. A site's pages ask the same few
  // dozen (footer, state and type words, `5 minutes`) tens of thousands of times.
  const countOnly = new Map<MessageKey, boolean>();
  const byCountOnly = (key: MessageKey): boolean =>
    madeOnce(countOnly, key, () => {
      const message = catalogue[key];
      const texts = message === undefined ? [] : typeof message === 'string' ? [message] : Object.values(message);
      return texts.every((text) => partsOf(text ?? '').every((part, i) => i % 2 === 0 || part === 'count'));
    });
  const rememberedTexts = (escape: (s: string) => string) => {
    const plain = new Map<MessageKey, string>();
    const counted = new Map<MessageKey, Map<number, string>>();
    return (key: MessageKey, params: Params | undefined): string => {
      const made = (): string => fill(pick(key, params), params, escape);
      if (params === undefined) return madeOnce(plain, key, made);
      const count = params.count;
      if (typeof count !== 'number' || !byCountOnly(key)) return made();
      const texts = madeOnce(counted, key, () => new Map<number, string>());
      let text = texts.get(count);
      if (text === undefined) {
        if (texts.size >= 10_000) texts.clear();
        texts.set(count, (text = made()));
      }
      return text;
    };
  };
  let tree: Record<string, unknown> | null = null;
  return {
    locale,
    dir: directionOf(intlLocale),
    pseudo: isPseudo,
    catalogue,
    t: rememberedTexts((s) => s),
    html: rememberedTexts(escapeHtml),
    number,
    percent: (hundredths) => wrap(percents().format(hundredths / 10_000)),
    list: (items) => (items.length < 2 ? items.join('') : wrap(lists().format(items))),
    tree: () => (tree ??= nest(catalogue)),
  };
}

/** A message's text as its literal parts (even places) and the names of its `{parameters}` (odd). */
export const splitMessage = (text: string): string[] => text.split(/(\{[A-Za-z]+\})/).map((part, i) => (i % 2 === 0 ? part : part.slice(1, -1)));

/** The names of the `{parameters}` a message has, in any of its plural forms. */
export const paramsOf = (message: Message): string[] => [...new Set((typeof message === 'string' ? [message] : Object.values(message)).flatMap((text) => splitMessage(text ?? '').filter((_, i) => i % 2 === 1)))];

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const HTML_SPECIAL = /[&<>"']/;
/** Most texts have nothing to escape: they are given back as they are, without a replace() that calls back. */
export const escapeHtml = (text: string): string => (HTML_SPECIAL.test(text) ? text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!) : text);

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
