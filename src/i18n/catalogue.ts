// One catalogue a language (locales/*.json, compiled in): every word the built-in templates, the
// browser scripts, the feeds, the badges and the default texts print.
import en from './locales/en.json' with { type: 'json' };
import ar from './locales/ar.json?raw';
import de from './locales/de.json?raw';
import es from './locales/es.json?raw';
import fr from './locales/fr.json?raw';
import ja from './locales/ja.json?raw';
import ptBR from './locales/pt-BR.json?raw';
import { PSEUDO_CLOSE, PSEUDO_LOCALE, PSEUDO_OPEN } from './pseudo.js';
import type { Catalogue } from './types.js';

/** English, the default language, whose keys every other catalogue has. */
export const ENGLISH: Catalogue = en;

/** The other languages as JSON text, each parsed when first asked for, not at load: most sites are in one language. */
const TEXTS: Record<string, string> = { de, fr, es, 'pt-BR': ptBR, ja, ar };
const parsed = new Map<string, Catalogue>([['en', ENGLISH]]);

/** The languages statuspress ships, by their BCP 47 tag. */
export const LOCALES: readonly string[] = ['en', ...Object.keys(TEXTS)];

/** Own properties only: `__proto__` or `constructor` (a file's name, a site.yaml value) is no language. */
function shipped(tag: string): Catalogue | undefined {
  let catalogue = parsed.get(tag);
  if (catalogue === undefined && Object.hasOwn(TEXTS, tag)) parsed.set(tag, (catalogue = JSON.parse(TEXTS[tag]!) as Catalogue));
  return catalogue;
}

/** The catalogue for `locale` (its language, when the region has none of its own), or null. */
export function catalogueFor(locale: string): Catalogue | null {
  if (locale === PSEUDO_LOCALE) return pseudo();
  return shipped(locale) ?? shipped(locale.split('-')[0]!) ?? null;
}

export const isShipped = (locale: string): boolean => catalogueFor(locale) !== null;

let pseudoCatalogue: Catalogue | null = null;
const wrap = (text: string): string => `${PSEUDO_OPEN}${text}${PSEUDO_CLOSE}`;

function pseudo(): Catalogue {
  return (pseudoCatalogue ??= Object.fromEntries(
    Object.entries(ENGLISH).map(([key, message]) => [
      key,
      typeof message === 'string' ? wrap(message) : Object.fromEntries(Object.entries(message).map(([c, text]) => [c, wrap(text)])),
    ]),
  ));
}
