// A link leaving the folder, and a file over its size, are refused before anything is read or compiled.
import { lstatSync, readdirSync, readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { ContentError, fail } from '../errors/error.js';
import type { ContentIssue } from '../errors/error.js';
import { COMMAND } from '../errors/command.js';
import { CONTENT } from '../errors/content.js';
import { say } from '../errors/entry.js';
import { STYLES, TEMPLATES } from './builtin.js';
import { MAX_STYLE_BYTES, MAX_TEMPLATES_BYTES } from '../util/limits.js';
import { realInside } from '../util/real-inside.js';

/**
 * The folder of templates/ that holds notice templates (`statuspress new notice --template NAME`
 * reads `templates/notices/NAME.yaml`), never page templates: the theme does not look inside it.
 */
export const NOTICE_TEMPLATES_FOLDER = 'notices';

/** `name` → text of every file under `dir` that could be an override; links leaving the folder are refused. */
export function readOverrides(dir: string, folder: string, required: boolean): Map<string, string> {
  const found = new Map<string, string>();
  let root: string;
  try {
    root = realpathSync(dir);
  } catch {
    if (!required) return found; // no templates/ folder: the built-in theme
    throw fail(COMMAND.noTemplatesFolder, { dir });
  }
  const issues: ContentIssue[] = [];
  const walk = (relative: string, depth: number): void => {
    for (const name of readdirSync(path.join(root, relative)).sort()) {
      if (name.startsWith('.') || (relative === '' && name === NOTICE_TEMPLATES_FOLDER)) continue;
      const file = relative ? `${relative}/${name}` : name;
      const full = path.join(root, file);
      const info = lstatSync(full);
      if (info.isDirectory() && depth < 2) walk(file, depth + 1);
      if (!/\.(?:hbs|css)$/.test(name)) continue;
      const real = info.isSymbolicLink() ? realInside(root, full) : full;
      if (real === null) {
        issues.push({ file: `${folder}/${file}`, line: 1, column: 1, path: '', ...say(CONTENT.templateLinkOutside) });
        continue;
      }
      const target = info.isFile() ? info : lstatSync(real);
      if (!target.isFile()) continue;
      // A file that is no template is only named in a warning: never read.
      if (!known(file)) {
        found.set(file, '');
        continue;
      }
      const max = file.endsWith('.css') ? MAX_STYLE_BYTES : MAX_TEMPLATES_BYTES - templateBytes;
      if (target.size > max) {
        issues.push({ file: `${folder}/${file}`, line: 1, column: 1, path: '', ...say(CONTENT.templateTooLarge, { bytes: target.size, max: file.endsWith('.css') ? MAX_STYLE_BYTES : MAX_TEMPLATES_BYTES, css: file.endsWith('.css') }) });
        continue;
      }
      if (!file.endsWith('.css')) templateBytes += target.size;
      found.set(file, readFileSync(real, 'utf8'));
    }
  };
  let templateBytes = 0;
  walk('', 0);
  if (issues.length > 0) throw new ContentError(issues);
  return found;
}

/** Whether `file` (a path under templates/) is one of the templates or stylesheets statuspress uses. */
export function known(file: string): boolean {
  return (file.endsWith('.hbs') && Object.hasOwn(TEMPLATES, file.slice(0, -'.hbs'.length))) || Object.hasOwn(STYLES, file);
}

