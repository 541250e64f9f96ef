// The HTML site's addresses: each page's file and href, and relative links between pages.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { relativeHref, SITE, siteUrl } from '../../../src/routes/index.js';
import { folderLocation, pageOf, parseSitePath, slashlessFolder } from '../../../src/routes/site.js';
import type { SiteRequest } from '../../../src/routes/site.js';

describe('site addresses', () => {
  it('gives each page its file and its href', () => {
    expect(SITE.status()).toEqual({ file: 'index.html', href: '' });
    expect(SITE.notice(42)).toEqual({ file: 'notices/42/index.html', href: 'notices/42/' });
    expect(SITE.component(3)).toEqual({ file: 'components/3/index.html', href: 'components/3/' });
    expect(SITE.component(3, { start: '2026-10-01', end: '2026-10-31' })).toEqual({
      file: 'components/3/index.html',
      href: 'components/3/?timeframe_start=2026-10-01&timeframe_end=2026-10-31',
    });
    expect(SITE.history()).toEqual({ file: 'history/index.html', href: 'history/' });
    expect(SITE.history(undefined, 1)).toEqual(SITE.history());
    expect(SITE.history(undefined, 2)).toEqual({ file: 'history/page/2/index.html', href: 'history/page/2/' });
    expect(SITE.history('planned')).toEqual({ file: 'history/planned/index.html', href: 'history/planned/' });
    expect(SITE.history('planned', 3).href).toBe('history/planned/page/3/');
    expect(SITE.feed()).toEqual({ file: 'feed.atom', href: 'feed.atom' });
    expect(SITE.maintenance().file).toBe('maintenance.ics');
    expect(SITE.statusBadge().file).toBe('badges/status.svg');
    expect(SITE.componentBadge(3).file).toBe('badges/components/3.svg');
    expect(SITE.asset('app.css', '3f9a1c2b').file).toBe('assets/app.3f9a1c2b.css');
    // Embedders link it by this name: it must never move or carry a fingerprint.
    expect(SITE.widget()).toEqual({ file: 'widget.js', href: 'widget.js' });
  });

  it('climbs one ../ for each folder of the page it links from, not counting what follows ? or #', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', '/', '?', '#', '.', '=') }), fc.string({ unit: fc.constantFrom('b', '/', '?') }), (from, to) => {
        const folders = from.replace(/[?#].*$/, '').split('/').length - 1;
        expect(relativeHref({ file: 'x', href: from }, { file: 'y', href: to })).toBe('../'.repeat(folders) + to || './');
      }),
    );
  });

  it('links pages relatively, so the output works under any base path', () => {
    expect(relativeHref(SITE.status(), SITE.notice(42))).toBe('notices/42/');
    expect(relativeHref(SITE.notice(42), SITE.status())).toBe('../../');
    expect(relativeHref(SITE.status(), SITE.status())).toBe('./');
    expect(relativeHref(SITE.notice(42), SITE.component(3, { start: '2026-10-01', end: '2026-10-31' }))).toBe(
      '../../components/3/?timeframe_start=2026-10-01&timeframe_end=2026-10-31',
    );
    expect(relativeHref(SITE.history('planned', 2), SITE.feed())).toBe('../../../../feed.atom');
    expect(relativeHref(SITE.componentBadge(3), SITE.statusBadge())).toBe('../../badges/status.svg');
    // Resolved against a page's own address, each lands on the target under a base path too.
    for (const [from, to] of [
      [SITE.notice(42), SITE.history()],
      [SITE.history(undefined, 2), SITE.notice(1)],
      [SITE.status(), SITE.asset('app.css', '3f9a1c2b')],
    ] as const) {
      const page = new URL(from.href, 'https://acme.github.io/status/');
      expect(new URL(relativeHref(from, to), page).href).toBe(`https://acme.github.io/status/${to.href}`);
    }
  });

  it('makes the absolute urls the API prints', () => {
    expect(siteUrl('https://status.acme.com', SITE.notice(42))).toBe('https://status.acme.com/notices/42/');
    expect(siteUrl('https://acme.github.io/status', SITE.component(3))).toBe('https://acme.github.io/status/components/3/');
  });
});

describe('parseSitePath', () => {
  it('reads back every address the builders make, and only those', () => {
    const requests: SiteRequest[] = [
      { kind: 'status' },
      { kind: 'notice', id: 42 },
      { kind: 'component', id: 3 },
      { kind: 'componentData', id: 3 },
      { kind: 'history', type: undefined, page: 1 },
      { kind: 'history', type: undefined, page: 7 },
      { kind: 'history', type: 'planned', page: 1 },
      { kind: 'history', type: 'general', page: 2 },
      { kind: 'feed' },
      { kind: 'maintenance' },
      { kind: 'statusBadge' },
      { kind: 'componentBadge', id: 9 },
      { kind: 'asset', file: 'style.3f9a1c2b07.css' },
      { kind: 'widget' },
    ];
    for (const request of requests) {
      const page = pageOf(request);
      expect(parseSitePath(page.file), page.file).toEqual(request);
      expect(parseSitePath(page.href), page.href).toEqual(request);
    }
    for (const nothing of ['history/page/1/', 'notices/042/', 'notices/0/', 'notices/1x/', 'components/3/other.json', 'history/outage/', 'assets/style.css', 'index.htm', '../index.html', 'widget.js/', 'assets/widget.js']) {
      expect(parseSitePath(nothing), nothing).toBeNull();
    }
  });
});

// One rule for `serve` and `dev`: a page's folder without its slash is sent to the address with it.
describe('slashlessFolder and folderLocation', () => {
  it('names the page of a folder asked for without its slash, and nothing else', () => {
    expect(slashlessFolder('de')).toEqual({ kind: 'status', locale: 'de' });
    expect(slashlessFolder('notices/7')).toEqual({ kind: 'notice', id: 7 });
    expect(slashlessFolder('de/history')).toEqual({ kind: 'history', type: undefined, page: 1, locale: 'de' });
    for (const path of ['', 'de/', 'feed.atom', 'notices/07', 'nope', 'assets', 'widget']) expect(slashlessFolder(path), path).toBeNull();
  });

  it('sends it to the routed path with its slash, under the mount, keeping the query', () => {
    expect(folderLocation('', 'de', '/de')).toBe('/de/');
    expect(folderLocation('/status', 'de/notices/1', '/status/de/notices/1?from=mail')).toBe('/status/de/notices/1/?from=mail');
  });
});
