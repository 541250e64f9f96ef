// docs/themes.md and docs/reliability.md state the limits of a site's own templates in words: every
// number there must be the constant's (src/util/limits.ts), so changing one without the docs
// fails here.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import {
  MAX_STYLE_BYTES,
  MAX_TEMPLATE_DEPTH,
  MAX_TEMPLATES_BYTES,
  PAGE_AVERAGE_MS,
  PAGE_BYTES,
  PAGE_BYTES_PER_ITEM,
  PAGE_SECONDS,
  RENDER_GRACE_SECONDS,
  RENDER_HEAP_MB,
  SITE_BYTES,
  SITE_BYTES_PER_PAGE,
  TEXT_PER_ITEM,
} from '../../../../src/util/limits.js';

const ROOT = path.join(import.meta.dirname, '../../../..');

it('says the limits of a theme with the numbers of the constants', () => {
  const themes = readFileSync(path.join(ROOT, 'docs/themes.md'), 'utf8').replace(/\s+/g, ' ');
  const phrases = [
    `one page takes longer than ${PAGE_SECONDS} s to render`,
    `after the first ${RENDER_GRACE_SECONDS} s, the pages come slower than one per ${PAGE_AVERAGE_MS} ms`,
    `runs out of its ${RENDER_HEAP_MB} MB of memory`,
    `longer than ${PAGE_BYTES / 1024} KiB in UTF-8, plus ${PAGE_BYTES_PER_ITEM / 1024} KiB for every item`,
    `for every ${TEXT_PER_ITEM} characters of its text`,
    `more than ${SITE_BYTES / 2 ** 20} MiB plus ${SITE_BYTES_PER_PAGE / 1024} KiB a file`,
    `may come to ${MAX_TEMPLATES_BYTES / 1024} KiB together`,
    `a stylesheet to ${MAX_STYLE_BYTES / 2 ** 20} MiB`,
    `blocks may nest ${MAX_TEMPLATE_DEPTH} levels deep`,
  ];
  for (const phrase of phrases) expect(themes, phrase).toContain(phrase);
});

it('says them in docs/reliability.md too', () => {
  const reliability = readFileSync(path.join(ROOT, 'docs/reliability.md'), 'utf8').replace(/\s+/g, ' ');
  const phrases = [
    `one page takes longer than ${PAGE_SECONDS} s`,
    `after the first ${RENDER_GRACE_SECONDS} s the pages come slower than one per ${PAGE_AVERAGE_MS} ms`,
    `its heap of ${RENDER_HEAP_MB} MB`,
    `a page over ${PAGE_BYTES / 1024} KiB of HTML plus ${PAGE_BYTES_PER_ITEM / 1024} KiB per item of its lists (and per ${TEXT_PER_ITEM} characters of its text)`,
    `more than ${SITE_BYTES / 2 ** 20} MiB plus ${SITE_BYTES_PER_PAGE / 1024} KiB a file in all`,
    `templates over ${MAX_TEMPLATES_BYTES / 1024} KiB together, blocks nested more than ${MAX_TEMPLATE_DEPTH} deep`,
  ];
  for (const phrase of phrases) expect(reliability, phrase).toContain(phrase);
});
