// A site's own words (templates/locales/<locale>.yaml) are read as its templates are: never through a
// link out of the templates folder, never from a file that is no regular one, never past their size.
// templates/locales/en.yaml linked to /dev/zero once kept the build's own thread reading, past 3.8 GB
// of memory in 7 s: nothing of a site's templates may do that to the build.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ContentError } from '../../../src/errors/error.js';
import { readMessageOverrides } from '../../../src/theme/overrides.js';
import { MAX_MESSAGES_BYTES } from '../../../src/util/limits.js';

/** A templates/ folder with a locales/ folder in it; returns the templates folder. */
function templates(): string {
  const dir = path.join(mkdtempSync(path.join(tmpdir(), 'statuspress-overrides-')), 'templates');
  mkdirSync(path.join(dir, 'locales'), { recursive: true });
  return dir;
}

const codes = (dir: string): string[] => {
  try {
    readMessageOverrides(dir, 'templates');
    return [];
  } catch (error) {
    expect(error).toBeInstanceOf(ContentError);
    return (error as ContentError).issues.map((issue) => `${issue.file} ${issue.code}`);
  }
};

describe('readMessageOverrides', () => {
  it('reads a file of messages', () => {
    const dir = templates();
    writeFileSync(path.join(dir, 'locales/en.yaml'), 'nav.status: Home\n');
    expect(readMessageOverrides(dir, 'templates').en).toEqual({ 'nav.status': 'Home' });
  });

  it('refuses, without reading them, a link to a device, a link out of the folder, a pipe and a file past its size', () => {
    const dir = templates();
    const outside = path.join(path.dirname(dir), 'secret.yaml');
    writeFileSync(outside, 'nav.status: Home\n');
    symlinkSync('/dev/zero', path.join(dir, 'locales/en.yaml'));
    symlinkSync(outside, path.join(dir, 'locales/de.yaml'));
    execFileSync('mkfifo', [path.join(dir, 'locales/fr.yaml')]);
    writeFileSync(path.join(dir, 'locales/es.yaml'), `# ${'x'.repeat(MAX_MESSAGES_BYTES)}\nnav.status: Inicio\n`);
    expect(codes(dir)).toEqual([
      'templates/locales/de.yaml content/template-link-outside',
      'templates/locales/en.yaml content/template-link-outside',
      'templates/locales/es.yaml content/messages-too-large',
      'templates/locales/fr.yaml content/messages-too-large',
    ]);
  });

  it('refuses a locales folder that is a link out of the templates folder', () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), 'statuspress-overrides-')), 'templates');
    mkdirSync(dir);
    const elsewhere = mkdtempSync(path.join(tmpdir(), 'statuspress-elsewhere-'));
    writeFileSync(path.join(elsewhere, 'en.yaml'), 'nav.status: Home\n');
    symlinkSync(elsewhere, path.join(dir, 'locales'));
    expect(codes(dir)).toEqual(['templates/locales content/template-link-outside']);
  });

  // Each of these once said `the message "de" must be text` (or, for __proto__.yaml, crashed the
  // build with a stack trace): the problem is the file's name or its YAML, and is said so.
  const said = (dir: string): string[] => {
    try {
      readMessageOverrides(dir, 'templates');
      return [];
    } catch (error) {
      expect(error).toBeInstanceOf(ContentError);
      return (error as ContentError).issues.map((issue) => `${issue.file}:${issue.line} ${issue.code} ${issue.message}`);
    }
  };

  it('names a file that is no shipped language as such, with the tag meant', () => {
    const dir = templates();
    for (const name of ['__proto__', 'constructor', 'DE', 'pt-br', 'klingon']) writeFileSync(path.join(dir, `locales/${name}.yaml`), 'nav.status: Home\n');
    expect(said(dir)).toEqual([
      'templates/locales/DE.yaml:1 content/bad-locale "DE" is not a language statuspress ships; did you mean de?',
      'templates/locales/__proto__.yaml:1 content/bad-locale "__proto__" is not a language statuspress ships; write one of en, de, fr, es, pt-BR, ja, ar',
      'templates/locales/constructor.yaml:1 content/bad-locale "constructor" is not a language statuspress ships; write one of en, de, fr, es, pt-BR, ja, ar',
      'templates/locales/klingon.yaml:1 content/bad-locale "klingon" is not a language statuspress ships; write one of en, de, fr, es, pt-BR, ja, ar',
      'templates/locales/pt-br.yaml:1 content/bad-locale "pt-br" is not a language statuspress ships; did you mean pt-BR?',
    ]);
  });

  it('reports YAML mistakes as the content files do, at their line', () => {
    const dir = templates();
    writeFileSync(path.join(dir, 'locales/de.yaml'), 'nav.status: Start\nnav.status: Anfang\n');
    writeFileSync(path.join(dir, 'locales/fr.yaml'), 'nav.status: Accueil\n---\nnav.history: Historique\n');
    writeFileSync(path.join(dir, 'locales/es.yaml'), '- nav.status\n- Inicio\n');
    expect(said(dir).map((line) => line.split(' ').slice(0, 2).join(' '))).toEqual([
      'templates/locales/de.yaml:2 content/duplicate-key',
      'templates/locales/es.yaml:1 content/wrong-type',
      'templates/locales/fr.yaml:2 content/two-documents',
    ]);
  });

  it('still takes an empty file, a regional tag and the pseudo-locale', () => {
    const dir = templates();
    writeFileSync(path.join(dir, 'locales/de.yaml'), '# nothing yet\n');
    writeFileSync(path.join(dir, 'locales/de-AT.yaml'), 'nav.status: Start\n');
    writeFileSync(path.join(dir, 'locales/en-XA.yaml'), 'nav.status: Home\n');
    expect(readMessageOverrides(dir, 'templates')).toEqual({ de: {}, 'de-AT': { 'nav.status': 'Start' }, 'en-XA': { 'nav.status': 'Home' } });
  });

  // `{foo}` was printed as it is, and `{constructor}` as the text of a function: a parameter the
  // message does not have is a mistake, said at its key.
  it('refuses a parameter the message does not have, naming those it has', () => {
    const dir = templates();
    writeFileSync(
      path.join(dir, 'locales/de.yaml'),
      'nav.history: "{foo} Archiv"\nfooter.built: "Erstellt {time}{refreshes}"\nbar.incidentDays:\n  one: "{count} Tag"\n  other: "{count} Tage {constructor}"\nstatus.line: "{site}: {state}"\n',
    );
    expect(said(dir)).toEqual([
      'templates/locales/de.yaml:1 content/bad-message the message "nav.history" has no parameter {foo}; it takes none',
      'templates/locales/de.yaml:3 content/bad-message the message "bar.incidentDays" has no parameter {constructor}; it takes {count}',
    ]);
  });

  // Once `docs/languages.md lists every key`, which it does not: a site made by init has no copy of
  // the catalogue, so the message names the keys of the same group, or where the list is.
  it('names the keys of the group an unknown key is in, or where they all are', () => {
    const dir = templates();
    writeFileSync(path.join(dir, 'locales/de.yaml'), 'widget.incident: Problem\nheadline.title: Hallo\n');
    expect(said(dir)).toEqual([
      'templates/locales/de.yaml:1 content/unknown-message no message "widget.incident" in the catalogue; the widget messages are widget.unavailable, widget.view, widget.more',
      'templates/locales/de.yaml:2 content/unknown-message no message "headline.title" in the catalogue; its keys are those of src/i18n/locales/en.json in statuspress\'s repository',
    ]);
  });

  // `stateText.operational` was taken and changed nothing: the default state text is the content's
  // (derived, and the API's too), and init, new, resolve and notify read no templates/.
  it('refuses a message no page prints, saying where that text is set instead', () => {
    const dir = templates();
    writeFileSync(
      path.join(dir, 'locales/de.yaml'),
      'stateText.operational: Alles prima\ntransition.underway: Los geht\'s\nauthoring.resolved.unplanned: Erledigt\nnotify.new.unplanned: Neue Störung\ninit.siteName: Status\nnav.status: Start\n',
    );
    expect(said(dir).map((line) => line.replace(/ content\/message-not-on-pages .*; /, ' '))).toEqual([
      'templates/locales/de.yaml:1 set state_text in site.yaml instead (and its translations, for another language)',
      'templates/locales/de.yaml:2 set transition_text in site.yaml instead',
      'templates/locales/de.yaml:3 give the text with --message instead',
      'templates/locales/de.yaml:4 statuspress notify reads no templates, so it cannot be changed for one site',
      'templates/locales/de.yaml:5 edit the files init wrote instead',
    ]);
  });
});
