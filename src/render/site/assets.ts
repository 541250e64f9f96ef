// The site's static files: the stylesheet, the scripts and the favicons, each under a name that
// carries a hash of its content (`assets/style.3f9a1c2b07.css`), so hosts may cache them for a year
// and a new build can never be served with an old stylesheet.
import { createHash } from 'node:crypto';
import pickerJs from '../../browser/picker.ts?browser';
import siteJs from '../../browser/site.ts?browser';
import { SITE } from '../../routes/site.js';
import type { SitePage } from '../../routes/site.js';
import type { State } from '../../content/types.js';
import type { OutputFile } from '../../write/types.js';

export interface Assets {
  css: SitePage;
  js: SitePage;
  picker: SitePage;
  /** The favicon of each page state: its shape and colour are the state's. */
  icons: Record<State, SitePage>;
  files: OutputFile[];
}

const ICON_SHAPES: Record<State, string> = {
  operational: '<circle cx="16" cy="16" r="14" fill="#1a7f37"/><path d="M9 16.5l4.5 4.5L23 11.5" fill="none" stroke="#fff" stroke-width="3.5" stroke-linecap="round" stroke-linejoin="round"/>',
  degraded: '<path d="M16 2L31 29H1z" fill="#9a4d00"/><path d="M16 11v9" stroke="#fff" stroke-width="3.5" stroke-linecap="round"/><circle cx="16" cy="24.5" r="2" fill="#fff"/>',
  'under-maintenance': '<rect x="5" y="5" width="22" height="22" rx="3" transform="rotate(45 16 16)" fill="#0550ae"/><path d="M11 16h10" stroke="#fff" stroke-width="3.5" stroke-linecap="round"/>',
};

const fingerprint = (contents: string): string => createHash('sha256').update(contents).digest('hex').slice(0, 10);

/** Every asset of a build, named by content, and the pages they live at. */
export function renderAssets(styles: string): Assets {
  const files: OutputFile[] = [];
  const add = (name: string, contents: string): SitePage => {
    const page = SITE.asset(name, fingerprint(contents));
    files.push({ path: page.file, contents });
    return page;
  };
  const icons = Object.fromEntries(
    (Object.keys(ICON_SHAPES) as State[]).map((state) => [
      state,
      add(`icon-${state}.svg`, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">${ICON_SHAPES[state]}</svg>\n`),
    ]),
  ) as Record<State, SitePage>;
  return { css: add('style.css', styles), js: add('site.js', siteJs), picker: add('picker.js', pickerJs), icons, files };
}
