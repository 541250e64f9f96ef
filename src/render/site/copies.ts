// The built-in templates' form for a language's copy of the site (scripts/site-modules.js): the
// whole template, with the `lang` of the texts a copy shows in the default language. Only a site of
// several languages has copies, so this module is loaded only for one (theme.ts, loadCopies): in
// lib/ it is a chunk of its own, which the build of a site of one language never loads.
import component from '../../../templates/component.hbs?copy';
import history from '../../../templates/history.hbs?copy';
import layout from '../../../templates/layout.hbs?copy';
import notFound from '../../../templates/not-found.hbs?copy';
import notice from '../../../templates/notice.hbs?copy';
import componentNode from '../../../templates/partials/component-node.hbs?copy';
import componentRow from '../../../templates/partials/component-row.hbs?copy';
import footer from '../../../templates/partials/footer.hbs?copy';
import header from '../../../templates/partials/header.hbs?copy';
import noticeSummary from '../../../templates/partials/notice-summary.hbs?copy';
import uptimeBar from '../../../templates/partials/uptime-bar.hbs?copy';
import status from '../../../templates/status.hbs?copy';
import type { TemplateName } from './builtin.js';

/** By template, as in TEMPLATES: null where the copy's form is the untranslated one. */
export const COPIES: Record<TemplateName, string | null> = {
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
