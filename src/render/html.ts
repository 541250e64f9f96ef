// The status page's front door: a small HTML summary with links into the API. Handlebars escapes
// every value ({{ }} only, never {{{ }}}), so content can hold any text. The other pages of the site
// (notices, components, history, feeds, badges) have their addresses in routes/site.ts already.
import type { DerivedSite } from '../derive/index.js';
import index from '../../templates/index.hbs';
import { SITE } from '../routes/site.js';
import { formatTimestamp } from '../time.js';
import type { OutputFile } from './types.js';

/** The HTML files of the site: today the status page alone. */
export function renderHtml(site: DerivedSite): OutputFile[] {
  const depth = new Map<number, number>();
  for (const c of site.components) depth.set(c.id, c.source.parentId === null ? 0 : (depth.get(c.source.parentId) ?? 0) + 1);
  const html = index({
    name: site.site.name,
    state: site.page.state,
    stateText: site.site.stateText[site.page.state],
    notices: site.notices
      .filter((n) => n.timelineState === 'present')
      .map((n) => ({ subject: n.source.subject, type: n.type, state: n.state ?? '', latest: n.updates[n.updates.length - 1]!.content })),
    components: site.components.map((c) => ({ name: c.source.name, state: c.state, depth: (depth.get(c.id) ?? 0) * 1.5 })),
    builtAt: formatTimestamp(site.now),
  });
  return [{ path: SITE.status().file, contents: html }];
}
