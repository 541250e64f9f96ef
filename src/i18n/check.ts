// The checks of a site's `locale` and `time_zone`: a BCP 47 tag statuspress has a catalogue for (or
// whose language it has), an IANA zone Node's ICU knows; a near miss names what was meant.
import { closest } from '../content/messages.js';
import { isShipped, LOCALES } from './catalogue.js';

/** A site's language and zone when site.yaml names none. */
export const DEFAULT_LOCALE = 'en';
export const DEFAULT_TIME_ZONE = 'UTC';

export type LocaleProblem = { problem: 'not-bcp47' | 'unsupported' | 'extension'; value: string; guess?: string };

/**
 * Null when `value` is a locale the site can use, else what is wrong and the nearest shipped one. A
 * site's tags are language[-script][-region]: extensions and private-use parts (`-u-ca-islamic`,
 * `-x-…`) change nothing statuspress writes, and would let a site list the same language under
 * hundreds of names, each a whole copy of the site.
 */
export function checkLocale(value: string): LocaleProblem | null {
  let canonical: string;
  try {
    canonical = Intl.getCanonicalLocales(value)[0]!;
  } catch {
    return withGuess({ problem: 'not-bcp47' as const, value }, guessLocale(value));
  }
  const base = new Intl.Locale(canonical).baseName;
  if (base !== canonical) return withGuess({ problem: 'extension' as const, value }, isShipped(base) ? base : guessLocale(base));
  if (canonical === value && isShipped(value)) return null;
  return withGuess({ problem: 'unsupported' as const, value }, guessLocale(value));
}

/** The shipped locale `value` probably means: itself spelt as BCP 47 (`de_DE` → `de-DE`, `pt-br` → `pt-BR`), else the nearest tag. */
function guessLocale(value: string): string | undefined {
  try {
    const canonical = Intl.getCanonicalLocales(value.replace(/_/g, '-'))[0]!;
    if (isShipped(canonical)) return canonical;
  } catch {
    // Not a tag even so.
  }
  return closest(value, LOCALES);
}

/**
 * The tz database's names without a slash (its zones `CET`, `EST5EDT`, …, and the links of its
 * `backward` file, `Japan`, `Zulu`, …): Intl lists none of them, and ICU takes them among names of its
 * own that are none of the database's.
 */
const TZ_WITHOUT_SLASH = new Set(
  'CET CST6CDT Cuba EET EST EST5EDT Egypt Eire GB GB-Eire GMT GMT+0 GMT-0 GMT0 Greenwich HST Hongkong Iceland Iran Israel Jamaica Japan Kwajalein Libya MET MST MST7MDT NZ NZ-CHAT Navajo PRC PST8PDT Poland Portugal ROC ROK Singapore Turkey UCT UTC Universal W-SU WET Zulu'.split(' '),
);

/** Every zone Intl lists and every name above: the names a guess is made from. */
let zones: string[] | null = null;
let zoneSet: Set<string> | null = null;

/**
 * Null when `value` is an IANA time zone, spelt as the tz database spells it, else the nearest one
 * (`Europe/Berlin` for `europe/berlin`, `UTC` for `utc`). Intl takes a name in any case and works in
 * its own spelling, but the site's file should say the name the build uses, so a name in another case
 * is refused with its spelling, as a locale tag in another case (`pt-br`) is.
 */
export function checkTimeZone(value: string): { value: string; guess?: string } | null {
  // The default, and most sites' zone: answered without listing every zone ICU knows.
  if (value === DEFAULT_TIME_ZONE) return null;
  zones ??= [...new Set([...Intl.supportedValuesOf('timeZone'), ...TZ_WITHOUT_SLASH])];
  zoneSet ??= new Set(zones);
  if (zoneSet.has(value)) return null;
  // A listed name in another case: `closest` matches regardless of case, so the guess is its spelling.
  const guess = closest(value, zones);
  if (guess !== undefined && guess.toLowerCase() === value.toLowerCase()) return { value, guess };
  // A zone ICU knows by another name (an alias such as `Etc/UTC` or `Asia/Kolkata`) is valid too,
  // when it is a name of the tz database: ICU also takes abbreviations of its own (`PST`, `IST`).
  // Intl lists no alias, so its case is checked by the database's own: every part starts with a
  // capital, and only a short one (`US`, `Etc`, `GMT-14`) is in capitals throughout. One in another
  // case is told the zone it names.
  let zone: string;
  try {
    zone = new Intl.DateTimeFormat('en', { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return withGuess({ value }, guess);
  }
  if (!value.includes('/')) return withGuess({ value }, guess);
  return value.split('/').every((part) => /^[A-Z]/.test(part) && (/[a-z]/.test(part) || /^[A-Z]{1,3}([+-]?\d+)?$/.test(part))) ? null : { value, guess: zone };
}

const withGuess = <T extends object>(problem: T, guess: string | undefined): T & { guess?: string } => (guess === undefined ? problem : { ...problem, guess });
