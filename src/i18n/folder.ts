// Where a language's copy of the site lives. Routing (routes/site.ts) publishes it; derivation needs
// it for the copy's own address, and must not import routing.

/**
 * The folder of a language's copy of the site: '' for the default language (the first of `locales`),
 * whose pages stay where they are, else `<tag>/` (`de/`), holding the whole site in that language.
 */
export const localePrefix = (locale: string, locales: readonly string[]): string => (locales.length === 0 || locale === locales[0] ? '' : `${locale}/`);
