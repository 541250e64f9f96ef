import { madeOnce } from '../util/made-once.js';
import { catalogueFor } from './catalogue.js';
import { makeMessages } from './make.js';
import type { Messages, Params } from './make.js';
import type { Catalogue, MessageKey } from './types.js';

const cache = new Map<string, Messages>();

/** The messages of `locale`, with `overrides` (a site's own) over its catalogue. Throws on a locale with no catalogue. */
export function messages(locale: string, overrides?: Catalogue): Messages {
  const make = (): Messages => {
    const base = catalogueFor(locale);
    if (!base) throw new Error(`No message catalogue for the locale ${locale}`);
    return makeMessages(locale, overrides ? { ...base, ...overrides } : base);
  };
  return overrides ? make() : madeOnce(cache, locale, make);
}

/** `t(locale, key, params)`: one message, without keeping the Messages. */
export const t = (locale: string, key: MessageKey, params?: Params): string => messages(locale).t(key, params);
