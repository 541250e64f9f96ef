/**
 * templates-copy.js: the built-in templates and styles copied into a folder, each template with a
 * comment appended, for the benchmarks that measure a site's own templates (bench.js
 * --compare-templates copy, bench-pages.js): a template identical to the built-in one is no
 * template of the site's own, so without the comment none would be compiled.
 */
import { appendFileSync, cpSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** `.bench/templates-copy/`, made anew; returns its path. */
export function copyBuiltinTemplates() {
  const copy = path.join(ROOT, '.bench', 'templates-copy');
  rmSync(copy, { recursive: true, force: true });
  cpSync(path.join(ROOT, 'templates'), copy, { recursive: true });
  for (const entry of readdirSync(copy, { recursive: true })) {
    if (String(entry).endsWith('.hbs')) appendFileSync(path.join(copy, String(entry)), '{{!-- a copy --}}\n');
  }
  return copy;
}
