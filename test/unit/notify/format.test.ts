// The escaping and cutting of message text, on input content validation would not even let through
// (raw control characters): what reaches a channel is safe whatever the text.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { clean, cut, discordEscape, discordPayload, oneLine, slackEscape, slackPayload, teamsPayload, TITLE_MAX } from '../../../src/notify/format.js';
import type { Message } from '../../../src/notify/format.js';

const message = (over: Partial<Message> = {}): Message => ({
  headline: '[Acme] New incident: Down',
  facts: 'investigating',
  body: 'We are looking.',
  link: 'https://status.acme.com/notices/42/',
  view: 'View on the status page',
  ...over,
});

describe('message text', () => {
  it('clean: line breaks kept (CR LF as LF), every other control, invisible or direction-changing character replaced', () => {
    expect(clean('a\r\nb\rc\td')).toBe('a\nb\nc\td');
    expect(clean('\u0000\u0007\u001b[31m\u007f\u0085\u200b\u202e\u2028\ufeff')).toBe('\uFFFD\uFFFD\uFFFD[31m\uFFFD\uFFFD\uFFFD\uFFFD\uFFFD\uFFFD');
  });

  it('oneLine: each run of white space with a line break becomes one space, in linear time', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', ' ', '\n', '\t', '\r', '\u00a0') }), (text) => {
        expect(oneLine(text)).toBe(cut(clean(text).replace(/\s*\n\s*/g, ' ').trim(), TITLE_MAX));
      }),
    );
    // With /\s*\n\s*/ this took V8 about four minutes (50,000 spaces: 2.3 s); the test's limit is one.
    expect(oneLine(`a${' '.repeat(500_000)}b`)).toBe(cut(`a${' '.repeat(500_000)}b`, TITLE_MAX));
    expect(oneLine(' Database \n  down \r\n')).toBe('Database down');
  });

  it('cut: at most n code points, never half a surrogate pair, marked with …', () => {
    expect(cut('abc', 3)).toBe('abc');
    expect(cut('abcd', 3)).toBe('abc…');
    expect(cut('😀😀😀', 2)).toBe('😀😀…');
  });

  it('Slack: &, < and > as entities, so no mention or link can be written', () => {
    expect(slackEscape('<!channel> <@U1|x> & <https://evil|ok>')).toBe('&lt;!channel&gt; &lt;@U1|x&gt; &amp; &lt;https://evil|ok&gt;');
    const { text } = slackPayload(message({ body: '>quote\n<!here>' })) as { text: string };
    expect(text).toBe('*[Acme] New incident: Down*\ninvestigating\n>&gt;quote\n>&lt;!here&gt;\n<https://status.acme.com/notices/42/|View on the status page>');
  });

  it('Discord: @everyone, @here and <@…>, <#…> broken; Markdown of the headline escaped; 2000 characters at most', () => {
    expect(discordEscape('@everyone @HERE <@123> <@&4> <#5> a@b')).toBe('@\u200beveryone @\u200bHERE <\u200b@123> <\u200b@&4> <\u200b#5> a@b');
    const long = discordPayload(message({ headline: '**[x](https://evil)** @everyone', body: Array(1000).fill('y').join('\n') })) as { content: string; allowed_mentions: unknown };
    expect(long.content.length).toBeLessThanOrEqual(2000);
    expect(long.content.startsWith('**\\*\\*\\[x\\]\\(https://evil\\)\\*\\* @\u200beveryone**\n')).toBe(true);
    expect(long.content.endsWith('\n<https://status.acme.com/notices/42/>')).toBe(true);
    expect(long.allowed_mentions).toEqual({ parse: [] });
    // A headline past the limit by itself (a subject of 3,000 characters, 2,000 of them astral) is cut too, the link kept.
    const huge = discordPayload(message({ headline: 'x'.repeat(1000) + '\u{1F600}'.repeat(2000), facts: 'f'.repeat(500) })) as { content: string };
    expect(huge.content.length).toBeLessThanOrEqual(2000);
    expect(huge.content.endsWith('\n<https://status.acme.com/notices/42/>')).toBe(true);
    expect(huge.content.startsWith('**xxx')).toBe(true);
  });

  it('Teams: every text a TextRun (no Markdown), date functions broken', () => {
    const card = JSON.stringify(teamsPayload(message({ body: '**bold** {{DATE(2026-01-01T00:00:00Z, SHORT)}}' })));
    expect(card).toContain('"text":"**bold** {\u200b{DATE(2026-01-01T00:00:00Z, SHORT)}}"');
    expect(card).not.toContain('"TextBlock"');
    // Found by test/properties/notify.test.ts: a third brace made a pair again after the first was broken.
    const braces = JSON.stringify(teamsPayload(message({ headline: '{{{DATE(2026-01-01T00:00:00Z, SHORT)}}', body: '{{{{x}}' })));
    expect(braces).not.toContain('{{');
    expect(braces).toContain('"text":"{\u200b{\u200b{DATE(2026-01-01T00:00:00Z, SHORT)}}"');
  });
});
