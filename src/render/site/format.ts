// How the pages write times and states: in the site's language (its message catalogue, src/i18n) and
// its time zone, with the zone's abbreviation (`20 Nov 2026, 10:05 UTC`, `21. Nov. 2026, 00:30 MEZ`),
// inside <time datetime> so the page's script can show them in the reader's own zone; the same build
// gives the same bytes wherever it runs.
import { catalogueFor } from '../../i18n/catalogue.js';
import { formatDate, formatMonth, localDay, momentView } from '../../i18n/dates.js';
import type { MomentView } from '../../i18n/dates.js';
import type { Messages } from '../../i18n/make.js';
import type { Catalogue } from '../../i18n/types.js';
import { messages } from '../../i18n/messages.js';
import type { Severity } from '../../derive/severity.js';
import type { NoticeState, NoticeType, SiteConfig } from '../../content/types.js';

/** The site's language and zone: what every page, feed and badge writes its words and times in. */
export interface Lang {
  m: Messages;
  zone: string;
  /**
   * The words of states and types, each made when first asked for: pages ask for them thousands of
   * times. Objects without a prototype, read by property: a lookup costs less than a Map's.
   */
  labels: Record<'state' | 'noticeState' | 'type' | 'types', Record<string, string | undefined>>;
}

/** A language and zone with nothing written in them yet. */
export const langWith = (m: Messages, zone: string): Lang => ({ m, zone, labels: { state: Object.create(null), noticeState: Object.create(null), type: Object.create(null), types: Object.create(null) } });

const langs = new WeakMap<SiteConfig, Lang>();

/** The language and zone of a site (its `locale` and `time_zone`), with the words `useMessages` gave it. */
export function langOf(site: SiteConfig): Lang {
  let lang = langs.get(site);
  if (!lang) langs.set(site, (lang = langWith(messages(site.locale), site.timeZone)));
  return lang;
}

/**
 * The site's own words over its catalogue's (its theme's templates/locales/<locale>.yaml), for
 * everything rendered of `site` from now on. A regional tag speaking its language's words (`de-AT`)
 * takes that language's file (`de.yaml`) too, its own (`de-AT.yaml`) winning.
 */
export function useMessages(site: SiteConfig, overrides: Record<string, Catalogue>): void {
  const language = site.locale.split('-')[0]!;
  const shared = language !== site.locale && Object.hasOwn(overrides, language) && catalogueFor(site.locale) === catalogueFor(language) ? overrides[language] : undefined;
  const own = shared ? { ...shared, ...overrides[site.locale] } : overrides[site.locale];
  langs.set(site, langWith(own && Object.keys(own).length > 0 ? messages(site.locale, own) : messages(site.locale), site.timeZone));
}

/** A moment as pages show it: ISO 8601 for `<time datetime>`, and `20 Nov 2026, 10:05 UTC`. */
export type TimeView = MomentView;

/** A moment as the pages show it (made once per language and zone, frozen). */
export const timeView = (ms: number, lang: Lang): TimeView => momentView(ms, lang.m.locale, lang.zone);

/** `20 Nov 2026`: the site's day holding `ms`. */
export const dayText = (ms: number, lang: Lang): string => formatDate(ms, lang.m.locale, lang.zone);

/** `November 2026` (the site's month holding `ms`), and a key that sorts by month. */
export function monthOf(ms: number, lang: Lang): { key: string; text: string } {
  return { key: localDay(ms, lang.zone).date.slice(0, 7), text: formatMonth(ms, lang.m.locale, lang.zone) };
}

/** A severity's words (src/derive/severity.ts): `Operational`, `Partial outage`. */
export const severityLabel = (severity: Severity, lang: Lang): string => (lang.labels.state[severity] ??= lang.m.t(`state.${severity}`));
// A state or type is one of a few words the content's validation allows: each kind's object holds at most a dozen.
export const noticeStateLabel = (state: NoticeState, lang: Lang): string => (lang.labels.noticeState[state] ??= lang.m.t(`noticeState.${state}`));
export const typeLabel = (type: NoticeType, lang: Lang): string => (lang.labels.type[type] ??= lang.m.t(`type.${type}`));
/** Plural, for headings and the history's tabs. */
export const typePlural = (type: NoticeType, lang: Lang): string => (lang.labels.types[type] ??= lang.m.t(`types.${type}`));

/**
 * A metrics window as the component page shows it: `23 Oct 2026 to 22 Nov 2026`, from its yyyy-mm-dd
 * days (the API's UTC days, written as dates).
 */
export function windowText(startDate: string, endDate: string, m: Messages): string {
  const day = (date: string): string => formatDate(Date.parse(`${date}T00:00:00Z`), m.locale, 'UTC');
  return m.t('time.range', { from: day(startDate), to: day(endDate) });
}
