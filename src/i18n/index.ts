// Languages and time zones: the message catalogues (catalogue.ts), `messages(locale)` and `t`
// (messages.ts), dates in a zone and the site's local days (dates.ts), and the checks of a site's
// `locale` and `time_zone` (check.ts).
export { CATALOGUES, LOCALES, PSEUDO_CLOSE, PSEUDO_LOCALE, PSEUDO_OPEN, catalogueFor, directionOf, isShipped } from './catalogue.js';
export type { Catalogue, Message, MessageKey } from './catalogue.js';
export { escapeHtml, messages, t } from './messages.js';
export type { Messages, Params } from './messages.js';
export { formatDate, formatDateTime, formatMonth, formatRange, formatTime, localDay, localDayBounds, nextLocalMidnight, startOfLocalDay, zoneOffset } from './dates.js';
export type { LocalDay } from './dates.js';
export { checkLocale, checkTimeZone } from './check.js';
