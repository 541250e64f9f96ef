// A language's copy of the derived site: the same notices, states and figures, with each text in that
// language where the content translates it, and in the default language (marked, for the page's
// `lang` attributes) where it does not. Derivation runs once; a copy only swaps texts, so each extra
// language costs its pages and no more.
import { localePrefix } from '../routes/site.js';
import type { Component, SiteConfig, State } from '../types.js';
import type { DerivedComponent, DerivedNotice, DerivedSite, DerivedUpdate } from './types.js';
import { rankOf } from '../update-ids.js';

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
  const componentsById = new Map(components.map((c) => [c.id, c]));
  const notices = site.notices.map((n): DerivedNotice => noticeIn(n, locale, fallback));
  const noticesById = new Map(notices.map((n) => [n.id, n]));
  const metricsNotices = new Map([...site.metricsNotices].map(([id, list]) => [id, list.map((n) => noticesById.get(n.id) ?? n)]));
  return {
    ...site,
    // Its pages' own address: canonical links and feed entries point into its folder.
    site: { ...siteIn(site.site, locale, fallback), url: `${site.site.url}/${prefix.slice(0, -1)}` },
    components,
    componentsById,
    notices,
    noticesById,
    metricsNotices,
    locale: info,
  };
}

function siteIn(config: SiteConfig, locale: string, fallback: string): SiteConfig {
  const own = config.translations?.[locale]?.stateText ?? {};
  const missing: Partial<Record<State, string>> = {};
  for (const state of Object.keys(config.stateText) as State[]) if (own[state] === undefined) missing[state] = fallback;
  return { ...config, stateText: { ...config.stateText, ...own }, fallback: missing };
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

function noticeIn(notice: DerivedNotice, locale: string, fallback: string): DerivedNotice {
  const source = notice.source;
  const subject = source.translations?.[locale]?.subject;
  // A derived update's id ends in its rank in time (src/update-ids.ts): the source update of that rank
  // holds its translations. Auto transitions (901, 902) have none: site.yaml's words for them.
  const byRank = new Map(source.updates.map((u) => [u.rank, u]));
  const updateIn = (u: DerivedUpdate): DerivedUpdate => {
    const text = byRank.get(rankOf(notice.id, u.id))?.translations?.[locale];
    return text === undefined ? { ...u, lang: fallback } : { ...u, content: text };
  };
  return {
    ...notice,
    source: { ...source, subject: subject ?? source.subject, fallback: subject === undefined ? { subject: fallback } : {} },
    updates: notice.updates.map(updateIn),
  };
}
