// A language's copy of the derived site: the same notices, states and figures, with each text in that
// language where the content translates it, and in the default language (marked, for the page's
// `lang` attributes) where it does not. Derivation runs once; a copy only swaps texts, so each extra
// language costs its pages and no more.
import { localePrefix } from '../i18n/folder.js';
import type { Component, SiteConfig, State } from '../content/types.js';
import type { DerivedComponent, DerivedNotice, DerivedSite, DerivedUpdate } from './types.js';
import { messages } from '../i18n/messages.js';
import { COMPLETE_RANK, rankOf, UNDERWAY_RANK } from '../content/update-ids.js';

/** The site's languages, the default first; [] when site.yaml lists none (the site has one, unnamed). */
export const siteLocales = (site: DerivedSite): readonly string[] => site.site.locales ?? [];

/**
 * The copy of `site` in `locale`, one of site.yaml's `locales`; for the default language, the site
 * itself with only its `locale` set. A site that lists no languages has no copies: it is returned as it is.
 */
export function localizeSite(site: DerivedSite, locale: string): DerivedSite {
  const locales = siteLocales(site);
  if (locales.length === 0) return site;
  const prefix = localePrefix(locale, locales);
  const info = { tag: locale, locales, prefix, baseUrl: site.site.url };
  if (prefix === '') return { ...site, locale: info };
  const fallback = locales[0]!;

  const components = site.components.map((c): DerivedComponent => ({ ...c, source: componentIn(c.source, locale, fallback) }));
  const translated = siteIn(site.site, locale, fallback);
  const notices = site.notices.map((n): DerivedNotice => noticeIn(n, locale, fallback, site.site, translated));
  const noticesById = new Map(notices.map((n) => [n.id, n]));
  const metricsNotices = new Map([...site.metricsNotices].map(([id, list]) => [id, list.map((n) => noticesById.get(n.id) ?? n)]));
  return {
    ...site,
    // Its pages' own address: canonical links and feed entries point into its folder.
    site: { ...translated, url: `${site.site.url}/${prefix.slice(0, -1)}` },
    components,
    componentsById: new Map(components.map((c) => [c.id, c])),
    notices,
    noticesById,
    metricsNotices,
    locale: info,
  };
}

/**
 * The site's own texts in `locale`: a state text site.yaml sets, by its translation (or in the
 * default language, marked); one it leaves to statuspress, and the auto transitions' words, in the
 * language's catalogue (src/i18n), as a site in that language would have them.
 */
function siteIn(config: SiteConfig, locale: string, fallback: string): SiteConfig {
  const own = config.translations?.[locale]?.stateText ?? {};
  const ours = messages(fallback).t;
  const theirs = messages(locale).t;
  const stateText = { ...config.stateText };
  const missing: Partial<Record<State, string>> = {};
  for (const state of Object.keys(stateText) as State[]) {
    const key = `stateText.${state}` as const;
    if (own[state] !== undefined) stateText[state] = own[state];
    else if (stateText[state] === ours(key)) stateText[state] = theirs(key);
    else missing[state] = fallback;
  }
  const transitionText = { ...config.transitionText };
  for (const step of ['underway', 'complete'] as const) {
    if (transitionText[step] === ours(`transition.${step}`)) transitionText[step] = theirs(`transition.${step}`);
  }
  return { ...config, locale, stateText, transitionText, fallback: missing };
}

function componentIn(component: Component, locale: string, fallback: string): Component {
  const own = component.translations?.[locale] ?? {};
  return {
    ...component,
    name: own.name ?? component.name,
    description: own.description ?? component.description,
    fallback: {
      ...(own.name === undefined ? { name: fallback } : {}),
      ...(own.description === undefined && component.description !== '' ? { description: fallback } : {}),
    },
  };
}

function noticeIn(notice: DerivedNotice, locale: string, fallback: string, site: SiteConfig, translated: SiteConfig): DerivedNotice {
  const source = notice.source;
  const subject = source.translations?.[locale]?.subject;
  // A derived update's id ends in its rank in time (src/content/update-ids.ts): the source update of that rank
  // holds its translations. Auto transitions (901, 902) have none: site.yaml's words for them.
  const byRank = new Map(source.updates.map((u) => [u.rank, u]));
  const updateIn = (u: DerivedUpdate): DerivedUpdate => {
    const rank = rankOf(notice.id, u.id);
    if (rank === UNDERWAY_RANK || rank === COMPLETE_RANK) {
      const step = rank === UNDERWAY_RANK ? 'underway' : 'complete';
      return u.content === site.transitionText[step] && translated.transitionText[step] !== u.content ? { ...u, content: translated.transitionText[step] } : { ...u, lang: fallback };
    }
    const text = byRank.get(rank)?.translations?.[locale];
    return text === undefined ? { ...u, lang: fallback } : { ...u, content: text };
  };
  return {
    ...notice,
    source: { ...source, subject: subject ?? source.subject, fallback: subject === undefined ? { subject: fallback } : {} },
    updates: notice.updates.map(updateIn),
  };
}
