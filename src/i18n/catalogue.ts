// The message catalogues: every word the built-in templates, the browser scripts, the feeds, the
// badges and the default texts print, one catalogue a language (locales/*.json, compiled in). A
// message is a string with `{name}` parameters, or, when it counts something, its plural forms by
// Intl.PluralRules category (`one`, `other`, and for Arabic `zero`, `two`, `few`, `many`).
import ar from './locales/ar.json' with { type: 'json' };
import de from './locales/de.json' with { type: 'json' };
import en from './locales/en.json' with { type: 'json' };
import es from './locales/es.json' with { type: 'json' };
import fr from './locales/fr.json' with { type: 'json' };
import ja from './locales/ja.json' with { type: 'json' };
import ptBR from './locales/pt-BR.json' with { type: 'json' };

/** A message: text, or its plural forms by category. */
export type Message = string | Partial<Record<Intl.LDMLPluralRule, string>>;
export type Catalogue = Record<string, Message>;
export type MessageKey = keyof typeof en;

/** The languages statuspress ships, by their BCP 47 tag. */
export const CATALOGUES: Record<string, Catalogue> = { en, de, fr, es, 'pt-BR': ptBR, ja, ar };
export const LOCALES = Object.keys(CATALOGUES);

/**
 * The pseudo-locale: English with every message wrapped in ⟦…⟧ (and every date and number too), so
 * a test can find any text a template prints that no catalogue gave it.
 */
export const PSEUDO_LOCALE = 'en-XA';
export const PSEUDO_OPEN = '⟦';
export const PSEUDO_CLOSE = '⟧';

/** Languages written right to left. */
const RTL = new Set(['ar', 'he', 'fa', 'ur']);

/** The catalogue for `locale` (its language, when the region has none of its own), or null. */
export function catalogueFor(locale: string): Catalogue | null {
  if (locale === PSEUDO_LOCALE) return pseudo();
  return CATALOGUES[locale] ?? CATALOGUES[locale.split('-')[0]!] ?? null;
}

/** Whether statuspress has a catalogue for `locale`. */
export const isShipped = (locale: string): boolean => catalogueFor(locale) !== null;

export const directionOf = (locale: string): 'ltr' | 'rtl' => (RTL.has(locale.split('-')[0]!) ? 'rtl' : 'ltr');

let pseudoCatalogue: Catalogue | null = null;

function pseudo(): Catalogue {
  if (pseudoCatalogue) return pseudoCatalogue;
  const wrap = (text: string): string => `${PSEUDO_OPEN}${text}${PSEUDO_CLOSE}`;
  pseudoCatalogue = Object.fromEntries(
    Object.entries(en as Catalogue).map(([key, message]) => [
      key,
      typeof message === 'string' ? wrap(message) : Object.fromEntries(Object.entries(message).map(([c, text]) => [c, wrap(text)])),
    ]),
  );
  return pseudoCatalogue;
}
