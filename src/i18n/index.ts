// Languages and time zones: the message catalogues (catalogue.ts), `messages(locale)` and `t`
// (messages.ts, make.ts), dates in a zone and the site's local days (dates.ts), and the checks of a
// site's `locale` and `time_zone` (check.ts).
export { ENGLISH, LOCALES, catalogueFor, isShipped } from './catalogue.js';
export { directionOf } from './direction.js';
export { PSEUDO_CLOSE, PSEUDO_LOCALE, PSEUDO_OPEN } from './pseudo.js';
export type { Catalogue, Message, MessageKey } from './types.js';
export { messages, t } from './messages.js';
export { escapeHtml, makeMessages } from './make.js';
export type { Messages, Params } from './make.js';
export { formatDate, formatDateTime, formatMonth, formatRange, localDay, localDayBounds, nextLocalMidnight, startOfLocalDay, zoneOffset } from './dates.js';
export type { LocalDay } from './dates.js';
export { checkLocale, checkTimeZone } from './check.js';
