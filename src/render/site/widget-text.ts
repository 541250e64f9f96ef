// The widget's file for one of the site's languages (`widget/de.json`): what `widget.js` needs to show
// the state and the notices happening now in the embedding page's language, kept small (short keys,
// only the present notices) since every page that embeds the widget in that language loads it.
import type { DerivedSite } from '../../derive/index.js';
import { SITE, siteUrl } from '../../routes/site.js';
import { PLANNED_STATES, UNPLANNED_STATES } from '../../types.js';
import { langOf } from './format.js';

/**
 * The file of `site`, a language's copy (derive/localize.ts): `w` the widget's words (incident,
 * maintenance, unavailable, view, more), `s` the notice states' words, `t` the state texts, `n` each
 * present notice's subject and page by id, `u` the status page in that language (for the default
 * language, no state texts, notices or page: the API's are).
 */
export function widgetText(site: DerivedSite): string {
  // The site's own words (templates/locales/<locale>.yaml) over the catalogue's, as on its pages.
  const { t } = langOf(site.site).m;
  // The default language's subjects and addresses are the API's own: only a copy's are written.
  const copy = (site.locale?.prefix ?? '') !== '';
  const present = copy ? site.notices.filter((n) => n.timelineState === 'present' && n.type !== 'general') : [];
  return JSON.stringify({
    w: [t('type.unplanned'), t('type.planned'), `${t('widget.unavailable')} `, t('widget.view'), t('widget.more')],
    s: Object.fromEntries([...UNPLANNED_STATES, ...PLANNED_STATES].map((state) => [state, t(`noticeState.${state}`)])),
    t: copy ? site.site.stateText : {},
    n: Object.fromEntries(present.map((n) => [n.id, [n.source.subject, siteUrl(site.site.url, SITE.notice(n.id))]])),
    u: copy ? siteUrl(site.site.url, SITE.status()) : '',
  });
}
