// A site in another language and zone: the example content built in every shipped language, German
// in Berlin's zone shown where its local days put things (the API unchanged: UTC, English), and the
// pseudo-locale proving that every word the built-in templates print comes from the catalogue.
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readContent } from '../../src/content/index.js';
import { LOCALES, PSEUDO_CLOSE, PSEUDO_LOCALE, PSEUDO_OPEN } from '../../src/i18n/index.js';
import { build } from '../../src/build.js';
import { messages } from '../../src/i18n/messages.js';
import { ContentError } from '../../src/errors/error.js';
import { buildContent } from '../helpers/build.js';
import type { Built } from '../helpers/build.js';
import { decodeEntities } from '../site/helpers.js';
import { readsAsText, scriptStrings, untranslatedStrings } from '../helpers/script-text.js';

const EXAMPLE = path.resolve(import.meta.dirname, '../../content');
const NOW = Date.parse('2026-11-21T12:00:00Z');

let root: string;

/** The example content with `lines` added to site.yaml (its state_text left out: the catalogue's), and `extra` files. */
async function exampleWith(name: string, lines: string, extra: Record<string, string> = {}): Promise<string> {
  const dir = path.join(root, name);
  await mkdir(path.dirname(dir), { recursive: true });
  await cp(EXAMPLE, dir, { recursive: true });
  const site = (await readFile(path.join(dir, 'site.yaml'), 'utf8')).replace(/^state_text:\n(?: {2}.*\n)*/m, '');
  await writeFile(path.join(dir, 'site.yaml'), `${site}${lines}`);
  for (const [file, text] of Object.entries(extra)) await writeFile(path.join(dir, file), text);
  return dir;
}

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'statuspress-languages-'));
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

const LATE = `id: 90
type: unplanned
subject: Late night incident
components: [1]
updates:
  - at: 2026-11-20T23:30:00Z
    state: investigating
    content: Looking into it.
  - at: 2026-11-20T23:50:00Z
    state: resolved
    content: Fixed.
`;

describe('a German site in Berlin', () => {
  let built: Omit<Built, 'scenario'>;
  beforeAll(async () => {
    built = await buildContent(await exampleWith('de', 'locale: de\ntime_zone: Europe/Berlin\n', { 'notices/90-late.yaml': LATE }), NOW, 'de');
  });
  afterAll(() => built?.cleanup());

  // Also every shipped language's case for German: the example content built in it, with its lang and direction.
  it('says lang="de" and shows the incident at 23:30 UTC on the 20th at 00:30 on the 21st, in the 21st’s cell', () => {
    const status = built.files.get('index.html')!;
    expect(status).toContain('<html lang="de" dir="ltr"');
    expect(status).toContain('Alle Systeme betriebsbereit');
    const notice = built.files.get('notices/90/index.html')!;
    expect(notice).toContain('<time datetime="2026-11-20T23:30:00.000Z">21. Nov. 2026, 00:30 MEZ</time>');
    const component = built.files.get('components/1/index.html')!;
    // The bar's last cell is today (the 21st, Berlin): the incident is drawn there, and listed under that day.
    expect(component).toMatch(/<li class="minor" data-day="89">21\. Nov\. 2026: <a href="[^"]*notices\/90\/">Leichte Störung: Late night incident<\/a>, 20 Min\.<\/li>/);
    expect(component).toContain('M89 0h.8v10h-.8z');
  });

  it("keeps the API's times in UTC and its fixed words, and gives its default texts in German", () => {
    const answer = built.json('api/v1/notices/90.json');
    expect(JSON.stringify(answer)).toContain('"2026-11-20T23:30:00.000Z"');
    // The figures' words are the specification's, in English; state_text stands in for the site's own
    // sentence, so it is the catalogue's in the site's language when site.yaml sets none.
    expect(built.json('api/v1/components/1/metrics.json').mean_time_to_recovery.words).toMatch(/^\d+ (days?|hours?|minutes?|seconds?)( |$)/);
    expect(built.json('api/v1/status.json').page.state_text).toBe('Alle Systeme betriebsbereit');
  });
});

describe('every shipped language', () => {
  // German's is the German site's above: the same content built in German, with a zone besides.
  it.each(LOCALES.filter((locale) => locale !== 'de'))('%s builds the example content, with its lang and direction', async (locale) => {
    const built = await buildContent(await exampleWith(`all-${locale}`, `locale: ${locale}\n`), NOW, locale);
    try {
      const status = built.files.get('index.html')!;
      expect(status).toContain(`<html lang="${locale}" dir="${locale === 'ar' ? 'rtl' : 'ltr'}"`);
    } finally {
      await built.cleanup();
    }
  });
});

/**
 * Text outside the pseudo-locale's wrappers once the content's own texts are taken out: what is left
 * must be punctuation and spaces only.
 */
function untranslated(text: string, userTexts: string[]): string | null {
  let rest = text;
  for (const user of userTexts) rest = rest.split(user).join(' ');
  // Take out wrapped runs, innermost first.
  for (let before = ''; before !== rest; ) {
    before = rest;
    rest = rest.replace(new RegExp(`${PSEUDO_OPEN}[^${PSEUDO_OPEN}${PSEUDO_CLOSE}]*${PSEUDO_CLOSE}`, 'g'), ' ');
  }
  rest = rest.replace(/[\s\p{P}\p{S}]+/gu, ' ').trim();
  return rest === '' ? null : rest;
}

/**
 * The widget's words for when no language file beside it can be read (a host with the script alone,
 * an embedding page whose language and whose parents' the site lacks): the English catalogue's, the
 * same words widget/en.json holds (render/site/widget-text.ts), and nothing else in English.
 */
const WIDGET_LAST_RESORT = ((t) => new Set([t('type.unplanned'), t('type.planned'), `${t('widget.unavailable')} `, t('widget.view'), t('widget.more')]))(messages('en').t);

describe('the pseudo-locale', () => {
  let built: Omit<Built, 'scenario'>;
  let userTexts: string[];
  beforeAll(async () => {
    const dir = await exampleWith('pseudo', `locale: ${PSEUDO_LOCALE}\n`);
    built = await buildContent(dir, NOW, 'pseudo');
    const content = await readContent(dir);
    userTexts = [
      content.site.name,
      content.site.url,
      ...content.components.flatMap((c) => [c.name, c.description]),
      ...content.notices.flatMap((n) => [n.subject, ...n.tags]),
      // The brand, a name in every language.
      'statuspress',
    ]
      .filter((t) => t !== '')
      .sort((a, b) => b.length - a.length);
  });
  afterAll(() => built?.cleanup());

  it('leaves no word of the built-in templates untranslated: text, labels, titles, badges, feed, picker messages', () => {
    const found: string[] = [];
    for (const [file, source] of built.files) {
      if (file.endsWith('.html')) {
        const body = source
          .replace(/<script[\s\S]*?<\/script>/g, ' ')
          .replace(/<style[\s\S]*?<\/style>/g, ' ')
          // An update's own text (Markdown), on notice pages and in summaries.
          .replace(/<div class="content">[\s\S]*?<\/div>/g, ' ')
          .replace(/<div class="update">[\s\S]*?(?=<p class="when">)/g, ' ')
          // An address shown to copy (a component's feed), not a word.
          .replace(/<code>[\s\S]*?<\/code>/g, ' ');
        const text = decodeEntities(body.replace(/<[^>]*>/g, ' '));
        const left = untranslated(text, userTexts);
        if (left) found.push(`${file}: ${left.slice(0, 200)}`);
        for (const [, name, value] of body.matchAll(/\s(aria-label|title|alt|data-no-data|data-no-incidents)="([^"]*)"/g)) {
          const attribute = untranslated(decodeEntities(value!), userTexts);
          if (attribute) found.push(`${file} ${name}: ${attribute}`);
        }
        for (const [, value] of body.matchAll(/\sdata-messages="([^"]*)"/g)) {
          const messages = JSON.parse(decodeEntities(value!)) as { messages: Record<string, string | Record<string, string>> };
          for (const message of Object.values(messages.messages).flatMap((m) => (typeof m === 'string' ? [m] : Object.values(m)))) {
            if (untranslated(message.replace(/\{\w+\}/g, ''), userTexts)) found.push(`${file} picker: ${message}`);
          }
        }
      } else if (file.endsWith('.js')) {
        // The browser scripts (assets/site.*.js, assets/picker.*.js, widget.js): their words come from the
        // page or the widget's language file, so no literal of theirs may read as text.
        for (const literal of untranslatedStrings(source)) {
          if (file === 'widget.js' && WIDGET_LAST_RESORT.has(literal)) continue;
          found.push(`${file} script: ${JSON.stringify(literal)}`);
        }
      } else if (/^widget\/[^/]+\.json$/.test(file)) {
        const words = JSON.parse(source) as { w: string[]; s: Record<string, string>; o: string[] };
        for (const word of [...words.w, ...Object.values(words.s), ...words.o]) {
          const left = untranslated(word, userTexts);
          if (left) found.push(`${file}: ${left}`);
        }
      } else if (file.endsWith('.svg')) {
        // Every text an SVG shows or names itself by: its text, title and description, its aria-label.
        for (const [, text, label] of source.matchAll(/<(?:text|title|desc)[^>]*>([^<]*)<\/|\saria-label="([^"]*)"/g)) {
          const left = untranslated(decodeEntities((text ?? label)!), userTexts);
          if (left) found.push(`${file}: ${left}`);
        }
      } else if (file === 'feed.atom') {
        for (const [, value] of source.matchAll(/<(?:title|category[^>]*label)[^>]*>([^<]*)</g)) {
          const left = untranslated(decodeEntities(value!), userTexts);
          if (left) found.push(`${file}: ${left}`);
        }
        for (const [, value] of source.matchAll(/&lt;strong&gt;([\s\S]*?)&lt;\/p&gt;/g)) {
          const left = untranslated(decodeEntities(decodeEntities(value!)).replace(/<[^>]*>/g, ' '), userTexts);
          if (left) found.push(`${file}: ${left}`);
        }
      }
    }
    expect(found).toEqual([]);
    // It read the pages it should: every page's words are wrapped.
    expect(built.files.get('index.html')).toContain(`${PSEUDO_OPEN}Components${PSEUDO_CLOSE}`);
    expect([...built.files.keys()].filter((f) => f.endsWith('.html')).length).toBeGreaterThan(40);
    expect(built.files.get('badges/status.svg')).toMatch(new RegExp(`<title>[^<]*${PSEUDO_OPEN}`));
    // …and every script and the widget's file.
    const scripts = [...built.files.keys()].filter((f) => f.endsWith('.js')).sort();
    expect(scripts).toEqual([expect.stringMatching(/^assets\/picker\.\w+\.js$/), expect.stringMatching(/^assets\/site\.\w+\.js$/), 'widget.js']);
    expect(built.files.get(`widget/${PSEUDO_LOCALE}.json`)).toContain(`${PSEUDO_OPEN}Incident${PSEUDO_CLOSE}`);
  });

  it('finds an English word a template prints outside the catalogue', () => {
    expect(untranslated(`${PSEUDO_OPEN}Status${PSEUDO_CLOSE} Updates`, [])).toBe('Updates');
    expect(untranslated(`${PSEUDO_OPEN}Affects: Acme${PSEUDO_CLOSE}`, ['Acme'])).toBeNull();
  });

  it('finds an English sentence a browser script holds, and lets code pass', () => {
    const script = `"use strict";
      const label = 'Updated just now';
      el.textContent = \`\${n} Loading\`;
      const hint = \`Try again in \${s} seconds\`;
      document.querySelector('.uptime > .bar[data-start]')?.setAttribute('aria-live', 'polite');
      addEventListener('DOMContentLoaded', () => fetch('api/v1/status.json', { cache: 'no-store' }));
      const t = { type: 'application/json', at: 'T00:00:00Z', f: new Intl.DateTimeFormat('en-GB', { hourCycle: 'h23' }) };
      if (e.key === 'Enter') box.className = \`w c \${state}\`;
      sheet.replaceSync(':host{display:block;border:1px solid var(--bd)} .i{margin:0 auto}');
      const wrapped = '${PSEUDO_OPEN}Updated just now${PSEUDO_CLOSE}';
      // 'Hidden in a comment' is no string.
      const re = /Not a string/;`;
    expect(scriptStrings(script)).toContain('w c {}');
    expect(untranslatedStrings(script)).toEqual(['Updated just now', '{} Loading', 'Try again in {} seconds']);
    expect(readsAsText('Loading')).toBe(true);
    expect(readsAsText('読み込み中')).toBe(true);
    for (const code of ['nav.languages a[hreflang]', 'http://www.w3.org/2000/svg', 'vector-effect', 'no-store', 'UTC', '{day}', 'w c ', 'image/svg+xml', 'aria-current']) {
      expect(readsAsText(code), code).toBe(false);
    }
  });
});

describe("a site's own words", () => {
  /** The example content in German in `name`/content, with `yaml` as `name`/templates/locales/de.yaml. */
  async function withOverrides(name: string, yaml: string): Promise<string> {
    const content = await exampleWith(path.join(name, 'content'), 'locale: de\n');
    await mkdir(path.join(root, name, 'templates', 'locales'), { recursive: true });
    await writeFile(path.join(root, name, 'templates', 'locales', 'de.yaml'), yaml);
    return content;
  }

  it('replace the catalogue’s, plural forms included', async () => {
    const built = await buildContent(await withOverrides('own', 'nav.history: Archiv\nbar.incidentDays:\n  one: "{count} Tag mit Ärger"\n  other: "{count} Tage mit Ärger"\n'), NOW, 'own');
    try {
      const status = built.files.get('index.html')!;
      expect(status).toContain('>Archiv</a>');
      expect(status).toContain('3 Tage mit Ärger');
    } finally {
      await built.cleanup();
    }
  });

  it('name a wrong key at its file and line, with the key meant', async () => {
    const content = await withOverrides('wrong', 'nav.status: Lage\nnav.histroy: Archiv\nbar.figure: plain text\n');
    const error = await build({ contentDir: content, outDir: path.join(root, 'wrong', 'dist'), now: NOW }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContentError);
    expect((error as ContentError).issues.map((i) => `${i.file}:${i.line}:${i.column} ${i.message}`)).toEqual([
      'templates/locales/de.yaml:2:1 no message "nav.histroy" in the catalogue; did you mean nav.history?',
      'templates/locales/de.yaml:3:1 the message "bar.figure" counts something: give its plural forms (one, other) as a mapping',
    ]);
  });
});
