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

  it('names the language that was meant, and refuses one with no catalogue', async () => {
    expect(await problems(await writeContent({ 'site.yaml': `${SITE}locale: de_DE\n` }))).toEqual(['site.yaml:4:9  locale: "de_DE" is not a language statuspress ships; did you mean de-DE?']);
    expect(await problems(await writeContent({ 'site.yaml': `${SITE}locale: pt-br\n` }))).toEqual(['site.yaml:4:9  locale: "pt-br" is not a language statuspress ships; did you mean pt-BR?']);
    expect(await problems(await writeContent({ 'site.yaml': `${SITE}locale: sv\n` }))).toEqual([
      'site.yaml:4:9  locale: "sv" is not a language statuspress ships; write one of en, de, fr, es, pt-BR, ja, ar',
    ]);
  });
});
