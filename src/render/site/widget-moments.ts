// What the widget shows at each of the few moments of the next day when the clock alone changes it
// (a maintenance begins or ends): written into each language's widget file, so that `widget.js`
// shows the change at its minute on any static host, as the status page does (site/moments.ts).
// From the moments' sites only, derived from the published content: an update withheld until later
// is in none of them, nor is its time.
import type { DerivedSite } from '../../derive/index.js';
import { SITE, siteUrl } from '../../routes/site.js';
import { formatTimestamp } from '../../util/time.js';
import { statuspageView } from '../statuspage/mapping.js';
import { MAX_MOMENTS } from '../../derive/moments.js';
import type { MomentSite } from '../../derive/moments.js';

/** The notices the full widget lists at most (`SHOWN` in src/browser/widget.ts): one more says "more". */
const WIDGET_SHOWN = 3;
/** The page's indicators in /api/v2, mildest first, as the widget numbers them (`INDICATORS` in src/browser/widget.ts). */
const INDICATORS = ['none', 'maintenance', 'minor', 'major', 'critical'];

interface WidgetNotice {
  id: string;
  type: string;
  state: string;
  subject: string;
  url: string;
}

/** What the widget shows as of `a` (ms since the epoch): the fields of its view the clock changes. */
export interface WidgetMoment {
  a: number;
  state: string;
  /** The page's indicator's place in INDICATORS. */
  level: number;
  text: string;
  notices: WidgetNotice[];
  more: boolean;
}

/** The widget's view of `site`: its page state, indicator and text, and the incidents and maintenance happening now, as /api/v2/status.json and the present notices give them. */
function viewOf(site: DerivedSite): Omit<WidgetMoment, 'a'> {
  const present = site.notices
    .filter((n) => n.timelineState === 'present' && n.type !== 'general')
    // As the widget orders them: incidents first.
    .sort((a, b) => (a.type === b.type ? 0 : a.type === 'unplanned' ? -1 : 1));
  return {
    state: site.page.state,
    level: INDICATORS.indexOf(statuspageView(site).indicator),
    text: site.site.stateText[site.page.state],
    notices: present.slice(0, WIDGET_SHOWN).map((n) => ({ id: String(n.id), type: n.type, state: n.state ?? '', subject: n.source.subject, url: siteUrl(site.site.url, SITE.notice(n.id)) })),
    more: present.length > WIDGET_SHOWN,
  };
}

/**
 * The part of a language's widget file that follows the clock: `b`, the status file's `updated_at`
 * as this build writes it (the widget applies the moments only while the status file it reads is
 * this build's: a later build's answer is newer than any of them), and `m`, each moment whose view
 * differs from the one before it, at most MAX_MOMENTS. `site` is the language's copy as of the
 * build, `moments` the same copy as of each moment (site/moments.ts).
 */
export function widgetMoments(site: DerivedSite, moments: readonly MomentSite[]): { b: string; m: WidgetMoment[] } {
  const m: WidgetMoment[] = [];
  let before = JSON.stringify(viewOf(site));
  for (const { at, site: then } of moments) {
    if (m.length === MAX_MOMENTS) break;
    const view = viewOf(then);
    const key = JSON.stringify(view);
    if (key === before) continue;
    before = key;
    m.push({ a: at, ...view });
  }
  return { b: formatTimestamp(site.page.updatedAt), m };
}
