import component from '../../templates/component.hbs';
import history from '../../templates/history.hbs';
import layout from '../../templates/layout.hbs';
import notFound from '../../templates/not-found.hbs';
import notice from '../../templates/notice.hbs';
import componentNode from '../../templates/partials/component-node.hbs';
import componentRow from '../../templates/partials/component-row.hbs';
import footer from '../../templates/partials/footer.hbs';
import header from '../../templates/partials/header.hbs';
import noticeSummary from '../../templates/partials/notice-summary.hbs';
import uptimeBar from '../../templates/partials/uptime-bar.hbs';
import status from '../../templates/status.hbs';
import style from '../../templates/style.css?raw';
import theme from '../../templates/theme.css?raw';

/** By the path an override would have under templates/, without `.hbs`. */
export const TEMPLATES = {
  layout,
  status,
  notice,
  component,
  history,
  'not-found': notFound,
  'partials/header': header,
  'partials/footer': footer,
  'partials/notice-summary': noticeSummary,
  'partials/component-node': componentNode,
  'partials/component-row': componentRow,
  'partials/uptime-bar': uptimeBar,
};

export type TemplateName = keyof typeof TEMPLATES;
/** The pages a site has; each is rendered into `layout`. */
export type PageTemplate = 'status' | 'notice' | 'component' | 'history' | 'not-found';

/** The stylesheet: `style.css`, then `theme.css` (empty: the place for a site's own colours). */
export const STYLES = { 'style.css': style, 'theme.css': theme };
export type StyleName = keyof typeof STYLES;
