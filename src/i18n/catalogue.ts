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
import { PSEUDO_CLOSE, PSEUDO_LOCALE, PSEUDO_OPEN } from './pseudo.js';
import type { Catalogue } from './types.js';


/** The languages statuspress ships, by their BCP 47 tag. */
export const CATALOGUES: Record<string, Catalogue> = { en, de, fr, es, 'pt-BR': ptBR, ja, ar };
export const LOCALES = Object.keys(CATALOGUES);


/** The catalogue for `locale` (its language, when the region has none of its own), or null. */
export function catalogueFor(locale: string): Catalogue | null {
  if (locale === PSEUDO_LOCALE) return pseudo();
  // Own properties only: `__proto__` or `constructor` (a file's name, a site.yaml value) is no language.
  const own = (tag: string): Catalogue | undefined => (Object.hasOwn(CATALOGUES, tag) ? CATALOGUES[tag] : undefined);
  return own(locale) ?? own(locale.split('-')[0]!) ?? null;
}

/** Whether statuspress has a catalogue for `locale`. */
export const isShipped = (locale: string): boolean => catalogueFor(locale) !== null;


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
