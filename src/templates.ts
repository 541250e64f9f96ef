// Reading the Handlebars templates that ship with statuspress (templates/ at the package root).
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Templates } from './render/html.js';

export async function loadTemplates(): Promise<Templates> {
  return { index: await readFile(path.join(packageRoot(), 'templates', 'index.hbs'), 'utf8') };
}

/**
 * The folder holding statuspress's package.json. Found by walking up, because this code runs from
 * src/ (tests), lib/ or a bundle chunk in lib/chunks/, each a different depth below it.
 */
function packageRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('internal: statuspress is not inside its package (no package.json above it)');
    dir = parent;
  }
  return dir;
}
