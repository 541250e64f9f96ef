// `statuspress update|resolve ID --lang de --message …` as a user runs it: a translation added to the
// latest update in time (or `--update`'s), and with --subject to the subject, in place and nothing
// else changed; refused, with nothing written, where it would not validate or would change the notice.
// One success and one refusal run the bin as a child process; the other cases call the CLI's main()
// in this process (test/helpers/main.ts), the same code and output without a process each.
import { cp, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FIXTURES } from '../helpers/build.js';
import { runCli } from '../helpers/cli.js';
import { runMain } from '../helpers/main.js';

let tmp: string;
let content: string;
beforeEach(async () => {
  tmp = await mkdtemp(path.join(tmpdir(), 'statuspress-translate-'));
  content = path.join(tmp, 'content');
  await cp(path.join(FIXTURES, 'translated-site', 'content'), content, { recursive: true });
});
afterEach(async () => {
  await rm(tmp, { recursive: true, force: true });
});

/** Every command acts as of this moment, after the fixture's updates: the tests own their clock. */
const NOW = '2026-11-21T12:00:00Z';
const cli = (args: string[]): ReturnType<typeof runCli> => runCli([...args, '--now', NOW]);
const inProcess = (args: string[]): ReturnType<typeof runMain> => runMain([...args, '--now', NOW]);

const SLOW = 'notices/1-slow-pages.yaml';
const REGION = 'notices/2-new-region.yaml';
const read = (file: string): Promise<string> => readFile(path.join(content, file), 'utf8');

describe('update --lang', () => {
  it('translates the latest update in time, in place, and says what it did', async () => {
    const before = await read(SLOW);
    const run = await cli(['update', '1', '--content', content, '--lang', 'de', '--message', 'Die Seiten sind wieder schnell.']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(
      `Translated ${path.join(content, SLOW)} (de: updates.1.translations.de; update 1002)\n  notice 1 "Slow pages" (unplanned): resolved -> resolved\n`,
    );
    expect(await read(SLOW)).toBe(`${before}    translations:\n      de: Die Seiten sind wieder schnell.\n`);
  });

  it('translates the update --update names, and the subject with --subject, keeping the file\'s order', async () => {
    const before = await read(REGION);
    const run = await inProcess(['update', '2', '--content', content, '--lang', 'de', '--update', '2001', '--subject', 'Eine neue Region', '--message', 'Erste Zeile.\nZweite Zeile.']);
    expect(run.code).toBe(0);
    expect(await read(REGION)).toBe(`${before}    translations:\n      de: |-\n        Erste Zeile.\n        Zweite Zeile.\ntranslations:\n  de:\n    subject: Eine neue Region\n`);
  });

  it('resolve --lang translates too, and changes nothing else', async () => {
    const run = await inProcess(['resolve', '1', '--content', content, '--lang', 'de', '--message', 'Behoben.']);
    expect(run.code).toBe(0);
    expect(await read(SLOW)).toContain('      de: Behoben.\n');
    expect((await read(SLOW)).match(/state: resolved/g)).toHaveLength(1);
  });

  it('refuses a language the site does not list, naming the file, line and code; nothing written', async () => {
    const before = await read(SLOW);
    const run = await cli(['update', '1', '--content', content, '--lang', 'fr', '--message', 'Les pages sont rapides.']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`${path.join(content, SLOW)}:16:7  updates.1.translations.fr: "fr" is not one of the site's languages (en, de)`);
    expect(run.stderr).toContain('[content/translation-not-listed]');
    // The hint names what sets a translation, not a new update's --state and --at.
    expect(run.stderr).toContain('A problem in the translation names the key an option sets (an update’s `translations.<lang>` is --message');
    expect(run.stderr).not.toMatch(/--state|--at\b/);
    const resolved = await cli(['resolve', '1', '--content', content, '--lang', 'fr', '--message', 'Résolu.']);
    expect(resolved.code).toBe(2);
    expect(resolved.stderr).toContain('`<lang>` is --lang, one of site.yaml’s `locales` but the first');
    expect(resolved.stderr).not.toMatch(/--state|--at\b/);
    expect(await read(SLOW)).toBe(before);
  });

  it('refuses an update id the notice does not have, a translation already there, and the flags of a change', async () => {
    const before = await read(SLOW);
    const unknown = await inProcess(['update', '1', '--content', content, '--lang', 'de', '--update', '1009', '--message', 'x']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('"1009" is not an update of this notice; its updates are 1001, 1002');
    // Not an id at all: once `its updates are ` and nothing after it.
    const word = await inProcess(['update', '1', '--content', content, '--lang', 'de', '--update', 'latest', '--message', 'x']);
    expect(word.code).toBe(2);
    expect(word.stderr).toContain('"latest" is not an update of this notice; its updates are 1001, 1002');
    const subject = await inProcess(['update', '1', '--content', content, '--lang', 'de', '--subject', 'Andere']);
    expect(subject.code).toBe(1);
    // At the translation there, as content problems are located.
    expect(subject.stderr).toContain('notices/1-slow-pages.yaml:5:9  translations.de.subject has a translation already; change it in the file');
    // Written on one line (`translations: { de: … }`): once refused as a layout it cannot edit, which
    // sent the user to rewrite a file whose translation was there all along.
    const there = await inProcess(['update', '1', '--content', content, '--lang', 'de', '--update', '1001', '--message', 'x']);
    expect(there.code).toBe(1);
    expect(there.stderr).toContain('notices/1-slow-pages.yaml:11:21  updates.0.translations.de has a translation already; change it in the file');
    const state = await inProcess(['update', '1', '--content', content, '--lang', 'de', '--state', 'resolved', '--message', 'x']);
    expect(state.code).toBe(2);
    expect(state.stderr).toContain('--lang adds a translation and changes nothing else: leave out --state');
    const bare = await inProcess(['update', '1', '--content', content, '--lang', 'de']);
    expect(bare.code).toBe(2);
    expect(bare.stderr).toContain('--lang adds a translation: give its text with --message');
    expect(await read(SLOW)).toBe(before);
  });
});

describe('new notice --lang', () => {
  it('writes the notice with its subject and first update translated, in one file that validates', async () => {
    const run = await inProcess(['new', 'notice', '--content', content, '--type', 'unplanned', '--subject', 'Login errors', '--message', 'We are looking into it.', '--lang', 'de', '--subject-translation', 'Fehler bei der Anmeldung', '--message-translation', 'Wir sehen uns das an.']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const file = run.stdout.match(/Created .*(notices\/\S+\.yaml)/)![1]!;
    const text = await read(file);
    expect(text).toContain('    content: We are looking into it.\n    translations:\n      de: Wir sehen uns das an.\n');
    expect(text).toMatch(/\ntranslations:\n {2}de:\n {4}subject: Fehler bei der Anmeldung\n$/);
  });

  it('refuses --lang without a translated text, and a language the site does not list, writing nothing', async () => {
    const before = await readdir(path.join(content, 'notices'));
    const bare = await inProcess(['new', 'notice', '--content', content, '--type', 'unplanned', '--subject', 'X', '--lang', 'de']);
    expect(bare.code).toBe(2);
    expect(bare.stderr).toContain('--subject-translation');
    const unknown = await inProcess(['new', 'notice', '--content', content, '--type', 'unplanned', '--subject', 'X', '--lang', 'ja', '--subject-translation', 'エラー']);
    expect(unknown.code).toBe(2);
    expect(await readdir(path.join(content, 'notices'))).toEqual(before);
  });
});

describe('new component --lang', () => {
  it('writes the component with its name and description translated, in a file that validates', async () => {
    const run = await inProcess(['new', 'component', '--content', content, '--name', 'Search', '--description', 'Finding things', '--lang', 'de', '--name-translation', 'Suche', '--description-translation', 'Dinge finden']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const file = run.stdout.match(/Created .*(components\/\S+\.yaml)/)![1]!;
    expect(await read(file)).toMatch(/\ntranslations:\n {2}de:\n {4}name: Suche\n {4}description: Dinge finden\n$/);
    expect((await inProcess(['validate', '--content', content])).code).toBe(0);
  });

  it('refuses --lang without a translated text, and a language the site does not list, writing nothing', async () => {
    const before = await readdir(path.join(content, 'components'));
    const bare = await inProcess(['new', 'component', '--content', content, '--name', 'Search', '--lang', 'de']);
    expect(bare.code).toBe(2);
    expect(bare.stderr).toContain('--name-translation');
    const unknown = await inProcess(['new', 'component', '--content', content, '--name', 'Search', '--lang', 'ja', '--name-translation', '検索']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('[content/translation-not-listed]');
    const notice = await inProcess(['new', 'component', '--content', content, '--name', 'Search', '--lang', 'de', '--subject-translation', 'Suche']);
    expect(notice.code).toBe(2);
    expect(notice.stderr).toContain('--subject-translation is no text of what this command writes: translate with --name-translation');
    expect(await readdir(path.join(content, 'components'))).toEqual(before);
    const component = await inProcess(['new', 'notice', '--content', content, '--type', 'unplanned', '--subject', 'X', '--lang', 'de', '--subject-translation', 'Y', '--name-translation', 'Z']);
    expect(component.code).toBe(2);
    expect(component.stderr).toContain('--name-translation is no text of what this command writes: translate with --subject-translation');
  });
});
