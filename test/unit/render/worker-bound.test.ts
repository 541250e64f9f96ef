// The bound on all a site's own templates write (render/worker.ts, siteBound): it stops a theme that
// repeats a block on every page, and never refuses what the built-in templates, copied into
// templates/, make of legal content. A notice's update may be 1 MiB, and the built-in templates print
// it escaped on its page, the status page and its components' pages: 40 such notices once made 1 GB,
// which the built-in theme builds, and its copy was refused. At the real SITE_BYTES (256 MiB) that
// takes a gigabyte to show; here the limit is made small, so a few hundred KB show it the same way.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { StatuspressError } from '../../../src/errors/error.js';
import { renderJob } from '../../../src/render/job.js';
import { content, ms, uu, unplanned } from '../../helpers/content.js';

vi.mock('../../../src/util/limits.js', async (original) => ({ ...(await original<object>()), SITE_BYTES: 256 * 1024, SITE_BYTES_PER_PAGE: 4 * 1024 }));

const BUILT_IN = path.join(import.meta.dirname, '../../../templates');
const NOW = ms('2026-11-20T22:00:00Z');
// Eight notices under way, each with an update of 40,000 characters that HTML escapes six times over.
const large = content({
  site: { name: 'Acme' },
  notices: Array.from({ length: 8 }, (_, i) => unplanned(i + 1, [uu('2026-11-20T10:00:00Z', 'investigating', { content: '"'.repeat(40_000) })])),
});
// Forty notices of a line each: what a theme's pages print of them is the theme's doing.
const ordinary = content({
  site: { name: 'Acme' },
  notices: Array.from({ length: 40 }, (_, i) => unplanned(i + 1, [uu('2026-11-20T10:00:00Z', 'resolved', { content: `Fixed ${i}.` })])),
});

/** A templates folder holding `files`. */
function templates(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'statuspress-bound-templates-'));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

const render = (templatesDir: string, site = large) =>
  renderJob({ content: site, now: NOW, templatesDir, required: true, folder: mkdtempSync(path.join(tmpdir(), 'statuspress-bound-')), outDir: 'dist', part: 'pages' }).then(
    (written) => ({ written, error: null }),
    (error: unknown) => ({ written: null, error: error as StatuspressError }),
  );

describe('the bound on what a site\'s own templates write in all', () => {
  it('never refuses the built-in templates copied into templates/, on large legal content', async () => {
    const copy = templates({ 'notice.hbs': `${readFileSync(path.join(BUILT_IN, 'notice.hbs'), 'utf8')}{{!-- a copy --}}` });
    const { written, error } = await render(copy);
    expect(error?.message ?? null).toBeNull();
    // The content alone made more than the (small) bound here: else this test shows nothing.
    expect(written!.bytes).toBeGreaterThan(256 * 1024 + 4 * 1024 * written!.files);
  });

  it('still stops a theme that repeats a large block on every page of ordinary content', async () => {
    const block = templates({ 'layout.hbs': `${readFileSync(path.join(BUILT_IN, 'layout.hbs'), 'utf8')}${'x'.repeat(40 * 1024)}` });
    const { error } = await render(block, ordinary);
    expect(error?.code).toBe('usage/site-too-large');
  });
});
