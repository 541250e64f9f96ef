// The embeddable widget as a build writes it: `widget.js` at the output's root, the same bytes for
// every site, under 5 KB as a file (not gzipped), with nothing a strict Content-Security-Policy
// blocks or that would parse the API's text as HTML, reading the two prebuilt answers the routing
// module puts at those paths (the Statuspage-compatible status, whose indicator tells an outage from a
// degradation, and the present notices), and no third. The widget in a browser is test/site/widget.test.ts.
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { route, SITE } from '../../src/routes/index.js';
import { buildScenario } from '../helpers/build.js';
import type { Built } from '../helpers/build.js';

/** The budget: 5 KB of file (counted as 5,000 bytes, the stricter reading), compression not counted. */
const MAX_BYTES = 5000;

/**
 * Text that must not be in the script: HTML parsing of strings (innerHTML and kin), code from
 * strings, and the inline styles `style-src 'self'` blocks (a `style` attribute, a <style> element).
 */
const FORBIDDEN = ['innerHTML', 'outerHTML', 'insertAdjacentHTML', 'document.write', 'DOMParser', 'createContextualFragment', 'Function(', 'setTimeout("', 'style=', "'style'", '"style"', 'cssText', '<style'];

let metrics: Built;
let empty: Built;

beforeAll(async () => {
  [metrics, empty] = await Promise.all([buildScenario('metrics-site'), buildScenario('empty-site')]);
});

afterAll(async () => {
  await metrics?.cleanup();
  await empty?.cleanup();
});

const widgetOf = (built: Built): string => {
  const text = built.files.get(SITE.widget().file);
  if (text === undefined) throw new Error('the build wrote no widget.js');
  return text;
};

describe('widget.js', () => {
  it('is written at the root of every build, the same bytes whatever the content', () => {
    expect(SITE.widget().file).toBe('widget.js');
    expect(widgetOf(metrics)).toBe(widgetOf(empty));
  });

  it(`is under ${MAX_BYTES} bytes on disk`, async () => {
    const { size } = await stat(path.join(metrics.dir, 'widget.js'));
    expect(size).toBeGreaterThan(1000);
    expect(size).toBeLessThan(MAX_BYTES);
  });

  it('holds no HTML parsing, no code from strings and no inline style', () => {
    const code = widgetOf(metrics);
    for (const text of FORBIDDEN) expect(code.includes(text), text).toBe(false);
    expect(code).not.toMatch(/\beval\b/);
    // Its stylesheet is constructed and adopted by the shadow root; its text goes in as text.
    expect(code).toContain('adoptedStyleSheets');
    expect(code).toContain('textContent');
  });

  it('is plain ASCII, so a host that sends it without a charset cannot garble it', () => {
    expect(widgetOf(metrics)).toMatch(/^[\x20-\x7e\n\t]*$/);
  });

  it('reads the prebuilt files the routing module names for the status (with its indicator) and the present notices, and both are written', () => {
    const code = widgetOf(metrics);
    for (const url of ['/api/v2/status', '/api/v1/notices?filter[timeline_state_eq]=present']) {
      const found = route(url);
      if (found.kind !== 'api' || !found.file) throw new Error(`${url} has no prebuilt file`);
      expect(code, url).toContain(JSON.stringify(found.file));
      expect(metrics.files.has(found.file), found.file).toBe(true);
      expect(empty.files.has(found.file), found.file).toBe(true);
    }
    // Only those two: an answer more is a request more on every page that embeds the widget.
    expect(code.match(/"api\/[^"]+"/g)).toHaveLength(2);
  });
});
