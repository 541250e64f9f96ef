// What a later build of the same content needs beside the output, so that `statuspress build
// --again` (which `serve` runs at each moment the clock alone changes the site) builds it without
// the repository: the site's own templates and stylesheets, and its message overrides
// (templates/locales/<locale>.yaml), under `_statuspress/templates/`. The published content is in
// the build's state already (state.ts). Only files the theme reads are kept; they were read and
// checked by the theme before this runs, so a file that fails its checks never gets here.
import { existsSync, readdirSync, readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { KEPT_TEMPLATES_DIR } from '../routes/files.js';
import { known, readOverrides, realInside } from './site/template-files.js';
import type { OutputFile } from './types.js';

/** The site's own templates and message overrides in `dir` (null or missing: none), as files of the output. */
export function keptTemplates(dir: string | null): OutputFile[] {
  if (dir === null || !existsSync(dir)) return [];
  const files: OutputFile[] = [];
  for (const [file, text] of readOverrides(dir, path.basename(path.resolve(dir)), false)) {
    if (known(file)) files.push({ path: `${KEPT_TEMPLATES_DIR}/${file}`, contents: text });
  }
  const locales = path.join(dir, 'locales');
  if (existsSync(locales)) {
    const root = realpathSync(dir);
    for (const name of readdirSync(locales).sort()) {
      if (!/\.ya?ml$/.test(name)) continue;
      const real = realInside(root, path.join(locales, name));
      if (real !== null) files.push({ path: `${KEPT_TEMPLATES_DIR}/locales/${name}`, contents: readFileSync(real, 'utf8') });
    }
  }
  return files;
}
