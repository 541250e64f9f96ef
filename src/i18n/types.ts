import type en from './locales/en.json';

/** A message: text with `{name}` parameters, or its plural forms by Intl.PluralRules category. */
export type Message = string | Partial<Record<Intl.LDMLPluralRule, string>>;
export type Catalogue = Record<string, Message>;
/** Every message's key: the English catalogue's, which every other must match. */
export type MessageKey = keyof typeof en;
