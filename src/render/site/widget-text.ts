// The widget's file for one of the site's languages (`widget/de.json`): what `widget.js` needs to show
// the state and the notices happening now in the embedding page's language, kept small (short keys,
// only the present notices) since every page that embeds the widget in that language loads it.
import type { DerivedSite } from '../../derive/index.js';
import { SITE, siteUrl } from '../../routes/site.js';
import { PLANNED_STATES, UNPLANNED_STATES } from '../../content/types.js';
import { langOf } from './format.js';
import { directionOf } from '../../i18n/direction.js';
import { widgetMoments } from './widget-moments.js';
import type { MomentSite } from '../../derive/moments.js';

/**
 * The file of `site`, a language's copy (derive/localize.ts): `w` the widget's words (incident,
 * maintenance, unavailable, view, more), `s` the notice states' words, `t` the state texts the copy
 * has in its language (one left out is the API's, the default language's), `n` each present
 * notice's subject and page by id, with a 1 after them when the subject is the default language's,
 * `u` the status page in that language, `f` the attributes (`lang`, and `dir` when the direction
 * differs) that mark a text in the default language, `o` the headings of a partial and a major outage
 * as the status page writes them. For the default language, only the words: the
 * API's texts and pages are its own. `b` and `m`: what the widget shows at the moments of the next
 * day when the clock alone changes it (site/widget-moments.ts), `moments` the copy as of each; a
 * notice present at one of them is in a copy's `n` too, its subject marked as the present ones'. A widget.js of the version before reads this file as it did
 * (a host's cache may pair them for a few minutes).
 */
export function widgetText(site: DerivedSite, moments: readonly MomentSite[] = []): string {
  // The site's own words (templates/locales/<locale>.yaml) over the catalogue's, as on its pages.
  const { t } = langOf(site.site).m;
  // The default language's subjects and addresses are the API's own: only a copy's are written.
  const locale = site.locale;
  const copy = (locale?.prefix ?? '') !== '';
  const present = copy ? [...moments.map((m) => m.site), site].flatMap((s) => s.notices.filter((n) => n.timelineState === 'present' && n.type !== 'general')) : [];
  const fallback = site.site.fallback ?? {};
  const defaultTag = locale?.locales[0] ?? '';
  const dir = directionOf(defaultTag);
  return JSON.stringify({
    w: [t('type.unplanned'), t('type.planned'), `${t('widget.unavailable')} `, t('widget.view'), t('widget.more')],
    s: Object.fromEntries([...UNPLANNED_STATES, ...PLANNED_STATES].map((state) => [state, t(`noticeState.${state}`)])),
    t: copy ? Object.fromEntries(Object.entries(site.site.stateText).filter(([state]) => !(state in fallback))) : {},
    n: Object.fromEntries(present.map((n) => [n.id, [n.source.subject, siteUrl(site.site.url, SITE.notice(n.id)), ...(n.source.fallback?.subject ? [1] : [])]])),
    u: copy ? siteUrl(site.site.url, SITE.status()) : '',
    ...(copy ? { f: { lang: defaultTag, ...(dir === directionOf(locale!.tag) ? {} : { dir }) } } : {}),
    o: [t('banner.partial-outage'), t('banner.major-outage')],
    ...widgetMoments(site, moments),
  });
}
