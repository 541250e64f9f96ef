// A site's `locale` and `time_zone`: a shipped language and an IANA zone, or a clear error at the
// value with the nearest one named.
import { describe, expect, it } from 'vitest';
import { SITE, problems, writeContent } from './helpers.js';

describe('site.yaml locale and time_zone', () => {
  it('accepts a shipped language and an IANA zone', async () => {
    expect(await problems(await writeContent({ 'site.yaml': `${SITE}locale: pt-BR\ntime_zone: America/Sao_Paulo\n` }))).toEqual([]);
  });

  it('names the zone that was meant', async () => {
    expect(await problems(await writeContent({ 'site.yaml': `${SITE}time_zone: Europe/Berln\n` }))).toEqual([
      'site.yaml:4:12  time_zone: "Europe/Berln" is not an IANA time zone; did you mean Europe/Berlin?',
    ]);
  });

  // `CET` and `EST5EDT` are names of the tz database (as are `Japan` and `Zulu`, links kept for
  // compatibility) and were refused as "not an IANA time zone"; `PST` and `IST`, which ICU takes
  // too, are none of its names and stay refused.
  it('accepts every name of the tz database, with a slash or without, and no other', async () => {
    for (const zone of ['CET', 'EST5EDT', 'Japan', 'Zulu', 'Etc/GMT-14', 'Asia/Calcutta', 'UTC']) {
      expect(await problems(await writeContent({ 'site.yaml': `${SITE}time_zone: ${zone}\n` })), zone).toEqual([]);
    }
    for (const zone of ['PST', 'IST', 'Etc/GMT+14', '"UTC "', '../../etc/localtime', 'Factory']) {
      const found = await problems(await writeContent({ 'site.yaml': `${SITE}time_zone: ${zone}\n` }));
      expect(found, zone).toHaveLength(1);
      expect(found[0], zone).toMatch(/^site\.yaml:4:12 {2}time_zone: ".*" is not an IANA time zone; /);
    }
  });

  // Intl takes a zone in any case: `europe/berlin` was accepted while `utc` was refused. The file
  // says the name the build uses, so a name in another case is refused with its spelling, as a
  // locale tag in another case is (`pt-br`, `DE`).
  it('refuses a zone in another case than the database spells it, naming its spelling', async () => {
    const cases: [string, string][] = [
      ['europe/berlin', 'Europe/Berlin'],
      ['EUROPE/BERLIN', 'Europe/Berlin'],
      ['utc', 'UTC'],
      ['Utc', 'UTC'],
      ['japan', 'Japan'],
      ['cet', 'CET'],
      ['asia/calcutta', 'Asia/Calcutta'],
      // Aliases Intl does not list: the zone they name.
      ['us/pacific', 'America/Los_Angeles'],
      ['US/PACIFIC', 'America/Los_Angeles'],
      ['etc/utc', 'UTC'],
    ];
    for (const [zone, spelt] of cases) {
      expect(await problems(await writeContent({ 'site.yaml': `${SITE}time_zone: ${zone}\n` })), zone).toEqual([
        `site.yaml:4:12  time_zone: "${zone}" is not an IANA time zone; did you mean ${spelt}?`,
      ]);
    }
    for (const zone of ['US/Pacific', 'Etc/UTC', 'Etc/GMT+5', 'America/Argentina/Buenos_Aires', 'America/Port-au-Prince', 'Antarctica/DumontDUrville']) {
      expect(await problems(await writeContent({ 'site.yaml': `${SITE}time_zone: ${zone}\n` })), zone).toEqual([]);
    }
  });

  it('refuses a locale in another case than BCP 47 spells it, in locale and locales alike', async () => {
    expect(await problems(await writeContent({ 'site.yaml': `${SITE}locale: DE\n` }))).toEqual(['site.yaml:4:9  locale: "DE" is not a language statuspress ships; did you mean de?']);
    expect(await problems(await writeContent({ 'site.yaml': `${SITE}locales: [en, pt-br, DE]\n` }))).toEqual([
      'site.yaml:4:15  locales.1: "pt-br" is not a language statuspress ships; did you mean pt-BR?',
      'site.yaml:4:22  locales.2: "DE" is not a language statuspress ships; did you mean de?',
    ]);
  });

  it('names the language that was meant, and refuses one with no catalogue', async () => {
    expect(await problems(await writeContent({ 'site.yaml': `${SITE}locale: de_DE\n` }))).toEqual(['site.yaml:4:9  locale: "de_DE" is not a language statuspress ships; did you mean de-DE?']);
    expect(await problems(await writeContent({ 'site.yaml': `${SITE}locale: pt-br\n` }))).toEqual(['site.yaml:4:9  locale: "pt-br" is not a language statuspress ships; did you mean pt-BR?']);
    expect(await problems(await writeContent({ 'site.yaml': `${SITE}locale: sv\n` }))).toEqual([
      'site.yaml:4:9  locale: "sv" is not a language statuspress ships; write one of en, de, fr, es, pt-BR, ja, ar',
    ]);
  });
});
