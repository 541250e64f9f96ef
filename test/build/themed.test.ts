// The worked example of docs/themes.md, built as a user would: templates/ beside content/.
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { build } from '../../src/build.js';

const FIXTURE = path.join(import.meta.dirname, '../fixtures/themed-site');

it('takes the header and the colours from the site\'s own templates/, the rest built in', async () => {
  const out = path.join(mkdtempSync(path.join(tmpdir(), 'statuspress-themed-')), 'dist');
  const { warnings } = await build({ contentDir: path.join(FIXTURE, 'content'), outDir: out, now: Date.parse('2026-11-20T12:00:00Z') });
  expect(warnings).toEqual([]);
  const page = readFileSync(path.join(out, 'index.html'), 'utf8');
  expect(page).toContain('<header class="site-header acme-header">');
  expect(page).toContain('<a href="https://www.acme.example/support">Support</a>');
  expect(page).toContain('<section class="banner tone-operational"');
  const css = readdirSync(path.join(out, 'assets')).find((f) => /^style\.[0-9a-f]+\.css$/.test(f))!;
  expect(readFileSync(path.join(out, 'assets', css), 'utf8')).toContain('--accent: #6f42c1;');
});
