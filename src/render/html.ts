// renderHtml(): the HTML site people read, rendered from the same derived model as the API (never
// from its JSON): the status page, a page per notice and component, the history, the feeds and the
// badges, with the theme's templates. Like every renderer it only returns files; the writer writes.
import type { DerivedSite } from '../derive/index.js';
import { SITE } from '../routes/site.js';
import { renderAssets } from './site/assets.js';
import { renderBadges } from './site/badges.js';
import { renderAtom, renderCalendar } from './site/feeds.js';
import { componentData, componentPage, historyPages, noticePage, noticesByComponent, statusPage } from './site/pages.js';
import type { Theme } from './site/theme.js';
import type { OutputFile } from './types.js';

/** Every file of the HTML site; the notice pages come last, for the writers (see renderApi). */
export function* renderHtml(site: DerivedSite, theme: Theme): Generator<OutputFile> {
  const assets = renderAssets(theme.styles);
  yield* assets.files;
  yield { path: SITE.status().file, contents: theme.page('status', statusPage(site, assets)) };
  const byComponent = noticesByComponent(site);
  for (const component of site.components) {
    yield { path: SITE.component(component.id).file, contents: theme.page('component', componentPage(site, assets, component, byComponent.get(component.id) ?? [])) };
    if (component.metrics) yield { path: SITE.componentData(component.id).file, contents: componentData(site, component) };
  }
  for (const { page, view } of historyPages(site, assets)) yield { path: page.file, contents: theme.page('history', view) };
  yield renderAtom(site);
  yield renderCalendar(site);
  yield* renderBadges(site);
  for (const notice of site.notices) yield { path: SITE.notice(notice.id).file, contents: theme.page('notice', noticePage(site, assets, notice)) };
}
