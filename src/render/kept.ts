// What a later build of the same content needs beside the output, so that `statuspress build
// --again` (which `serve` runs at each moment the clock alone changes the site) builds it without
// the repository: the site's own templates and stylesheets, and its message overrides
// (templates/locales/<locale>.yaml), under `_statuspress/templates/`. The published content is in
// the build's state already (state.ts). Only files the theme reads are kept; they were read and
// checked by the theme before this runs, so a file that fails its checks never gets here.
import { existsSync, readdirSync, readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { KEPT_TEMPLATES_DIR } from '../routes/files.js';
import { known, readOverrides } from '../theme/template-files.js';
import { realInside } from '../util/real-inside.js';
import type { OutputFile } from '../write/types.js';

/**
 * The site's own templates in `dir` (null or missing: none) and the message overrides of its own
 * `languages`, as files of the output: the output is public, so nothing the site does not use.
 */
export function keptTemplates(dir: string | null, languages: readonly string[]): OutputFile[] {
  if (dir === null || !existsSync(dir)) return [];
  const files: OutputFile[] = [];
  for (const [file, text] of readOverrides(dir, path.basename(path.resolve(dir)), false)) {
    if (known(file)) files.push({ path: `${KEPT_TEMPLATES_DIR}/${file}`, contents: text });
  }
  const locales = path.join(dir, 'locales');
  if (existsSync(locales)) {
    const root = realpathSync(dir);
    for (const name of readdirSync(locales).sort()) {
      // A regional tag (de-AT) reads its language's file (de.yaml) too.
      const tag = name.replace(/\.ya?ml$/, '');
      if (tag === name || !languages.some((language) => language === tag || language.startsWith(`${tag}-`))) continue;
      const real = realInside(root, path.join(locales, name));
      if (real !== null) files.push({ path: `${KEPT_TEMPLATES_DIR}/locales/${name}`, contents: readFileSync(real, 'utf8') });
    }
  }
  return files;
}
