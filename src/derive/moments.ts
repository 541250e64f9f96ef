// The moments of the next day when the clock alone changes a state the status page shows (a
// maintenance beginning or ending, an announcement expiring), each with the site derived as of
// then: the status page and the widget carry what they show at each (src/render/site/moments.ts).
// From the published content only: an update withheld until later is in none of them.
import { deriveSite } from './site.js';
import type { DerivedSite } from './types.js';
import { changesAfter } from './next-change.js';
import { publishedContent } from './updates.js';
import { DAY_MS } from '../util/time.js';

/** The moments a page carries at most: the soonest, within MOMENTS_WITHIN of its build. */
export const MAX_MOMENTS = 8;
export const MOMENTS_WITHIN = DAY_MS;
/**
 * The changes within that day looked at, at most: each is the site derived again, and content can
 * hold thousands that change no state (incidents whose impact_seconds end a minute apart), each
 * derived over the whole site. A moment past them is left to the next build.
 */
export const MOMENTS_LOOKED_AT = MAX_MOMENTS * 8;

/** The site (of the default language) as of a moment when the clock alone changes it. */
export interface MomentSite {
  at: number;
  site: DerivedSite;
}

/**
 * The soonest moments after the site's `now`, within MOMENTS_WITHIN, when the site derived from its
 * published content differs by time alone in a state, each with the site as of then: at most
 * MAX_MOMENTS * 2, among the first MOMENTS_LOOKED_AT changes (withMoments and the widget each keep
 * at most MAX_MOMENTS of them, those that change what they show). From the derived site alone:
 * its notices' and components' records are the content it was derived from, and only what was
 * published as of `now` is asked about.
 */
export function momentSites(site: DerivedSite): MomentSite[] {
  const content = publishedContent({ site: site.site, components: site.components.map((c) => c.source), notices: site.notices.map((n) => n.source) }, site.now);
  const result: MomentSite[] = [];
  // Moments that change only the API or the calendar (past_distant, a year after a maintenance)
  // take no place of the page's: a few more are looked at than it keeps.
  let before = statesOf(site);
  let earlier: DerivedSite | undefined;
  let looked = 0;
  for (const at of changesAfter(content, site.now)) {
    if (at > site.now + MOMENTS_WITHIN || result.length === MAX_MOMENTS * 2 || looked === MOMENTS_LOOKED_AT) break;
    looked += 1;
    // Each moment's site shares the notices settled at the one before: most of a large site's.
    const then = (earlier = deriveSite(content, at, earlier));
    // A moment that changes no state (the day's turn, which moves the uptime bars by a day) would
    // copy the whole main part for little: on a page of hundreds of components, doubling its size.
    const states = statesOf(then);
    if (states === before) continue;
    before = states;
    result.push({ at, site: then });
  }
  return result;
}

/** The states a reader follows: the page's, each component's and each notice's. */
const statesOf = (site: DerivedSite): string =>
  JSON.stringify([site.page.state, site.page.severity, site.components.map((c) => [c.state, c.severity]), site.notices.map((n) => [n.timelineState, n.state])]);
