// The status page's front door: a small HTML summary with links into the API. Handlebars escapes
// every value ({{ }} only, never {{{ }}}), so content can hold any text. The full HTML site of
// DESIGN 6 builds on this.
import type { DerivedSite } from '../derive/index.js';
import index from '../../templates/index.hbs';
import { formatTimestamp } from '../time.js';
import type { OutputFile } from './types.js';

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
  return [{ path: 'index.html', contents: html }];
}
