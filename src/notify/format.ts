// Each event as a message, and the message as each kind of target takes it. Content comes from pull
// requests and lands in chat channels, so every piece of it is cleaned (control and invisible
// characters replaced), cut to a sane length and escaped the way its target needs: Slack's mrkdwn
// gives `&`, `<` and `>` their meaning (links, `<!channel>`), Discord pings on `@everyone` and
// `<@id>`, Teams cards read Markdown and date functions in TextBlocks but not in TextRuns.
import { formatRange, messages } from '../i18n/index.js';
import type { MessageKey } from '../i18n/index.js';
import { spelledState } from '../render/resources.js';
import type { SiteConfig, State } from '../content/types.js';
import type { NotifyEvent } from './events.js';

/** The longest update text a chat message quotes, and a subject or name, in characters. */
export const CHAT_TEXT_MAX = 1000;
export const TITLE_MAX = 200;
/** Discord refuses a message's `content` over 2000 characters. */
const DISCORD_MAX = 2000;

/** What every kind of target shows of an event, as plain (cleaned, cut, not yet escaped) text. */
export interface Message {
  /** `[Acme Status] New incident: Elevated error rates` */
  headline: string;
  /** `investigating · REST API, Webhooks`, or empty. */
  facts: string;
  /** The update's text, cut to CHAT_TEXT_MAX; empty for a state change. */
  body: string;
  /** The page, notice or component on the site. */
  link: string;
  /** The link's words: `View on the status page`. */
  view: string;
}

/**
 * The message of `event` on `site`, in the site's default language (`locale`, the first of its
 * `locales`), a maintenance's window in its `time_zone`.
 */
export function messageOf(event: NotifyEvent, site: SiteConfig, componentName: (id: number) => string | undefined): Message {
  const { t } = messages(site.locale);
  const noticeState = (state: string): string => t(`noticeState.${state}` as MessageKey);
  const stateWord = (state: State): string => t(`stateWord.${state}`);
  const prefix = `[${oneLine(site.name)}] `;
  const view = t('notify.view');
  const { notice, update, component, page } = event;
  if (notice !== null) {
    const subject = oneLine(notice.source.subject);
    const what = {
      // A maintenance is announced in the state it is published in: usually scheduled.
      'notice.published': notice.type === 'planned' ? t('notify.new.planned', { state: noticeState(notice.state ?? 'scheduled') }) : t(`notify.new.${notice.type}`),
      'notice.updated': t(`notify.updated.${notice.type}`),
      'notice.postmortem': t('notify.postmortem'),
      'maintenance.reminder': t('notify.reminder'),
      'maintenance.started': t('notify.started'),
      'maintenance.ended': t('notify.ended'),
    }[event.type as 'notice.published'];
    const names = notice.source.components.map((id) => componentName(id)).filter((n): n is string => n !== undefined);
    const facts = [
      update?.state ? noticeState(update.state) : null,
      notice.type === 'planned' && notice.source.beginsAt !== null && notice.source.endsAt !== null ? formatRange(notice.source.beginsAt, notice.source.endsAt, site.locale, site.timeZone) : null,
      names.length > 0 ? oneLine(names.join(', ')) : null,
    ].filter((f): f is string => f !== null);
    return {
      headline: `${prefix}${what}: ${subject}`,
      facts: facts.join(' · '),
      body: event.type === 'notice.postmortem' && notice.postmortem !== null ? cut(clean(notice.postmortem.content).trim(), CHAT_TEXT_MAX) : update ? cut(clean(update.content).trim(), CHAT_TEXT_MAX) : '',
      link: `${site.url}/notices/${notice.id}/`,
      view,
    };
  }
  if (component !== null) {
    return {
      headline: `${prefix}${oneLine(component.name)}: ${stateWord(component.state)}`,
      facts: t('notify.was', { state: stateWord(component.previous) }),
      body: '',
      link: `${site.url}/components/${component.id}/`,
      view,
    };
  }
  return {
    headline: `${prefix}${oneLine(site.stateText[page.state])}`,
    facts: `${stateWord(page.state)}${page.previous ? `, ${t('notify.was', { state: stateWord(page.previous) })}` : ''}`,
    body: '',
    link: `${site.url}/`,
    view,
  };
}

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff\ufffe\uffff]/g;

/** Text safe to show: line breaks normalised, every other control, invisible or direction-changing character as U+FFFD. */
export function clean(text: string): string {
  return text.replace(/\r\n?/g, '\n').replace(UNSAFE, '\uFFFD');
}

/**
 * A name or subject on one line: cleaned, each run of white space that holds a line break as one
 * space, at most TITLE_MAX characters. Each run is matched whole (`\s+`): a pattern of optional
 * space, a line break and optional space is retried by V8 from every position of a long run without
 * a line break.
 */
export const oneLine = (text: string): string => cut(clean(text).replace(/\s+/g, (run) => (run.includes('\n') ? ' ' : run)).trim(), TITLE_MAX);

/** At most `max` characters (code points, never half a pair), then `…`. */
export function cut(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length > max ? `${chars.slice(0, max).join('').trimEnd()}…` : text;
}

/** Slack mrkdwn: `&`, `<` and `>` as entities, so no text can make a link or a mention (`<!channel>`). */
export const slackEscape = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The body of a Slack incoming webhook's request. */
export function slackPayload(m: Message): object {
  const lines = [`*${slackEscape(m.headline)}*`];
  if (m.facts) lines.push(slackEscape(m.facts));
  if (m.body) lines.push(m.body.split('\n').map((line) => `>${slackEscape(line)}`).join('\n'));
  // The link's address is the site's url (checked to hold no <, >, | or spaces) and a path of ours.
  lines.push(`<${m.link}|${slackEscape(m.view).replace(/\|/g, '¦')}>`);
  // Mentions are off by default; said explicitly, so a workspace's legacy webhook settings cannot turn them on.
  return { text: lines.join('\n'), link_names: false, unfurl_links: false, unfurl_media: false };
}

/**
 * Discord: mentions neutralised twice over. `allowed_mentions: {parse: []}` tells Discord to ping
 * no one, and a zero-width space breaks `@everyone`, `@here` and `<@…>`, `<#…>` so they do not even
 * look like mentions. Markdown is escaped in the headline and facts (ours), kept in the body (the
 * update is Markdown).
 */
export function discordEscape(text: string): string {
  return text.replace(/@(everyone|here)/gi, '@\u200b$1').replace(/<([@#])/g, '<\u200b$1');
}

const discordMarkdown = (text: string): string => text.replace(/[\\*_~`|>#[\]()-]/g, '\\$&');

/** The body of a Discord webhook's request: the update's text is cut until the content fits Discord's 2000 characters. */
export function discordPayload(m: Message): object {
  const head = [`**${discordEscape(discordMarkdown(m.headline))}**`];
  if (m.facts) head.push(discordEscape(discordMarkdown(m.facts)));
  // `<url>` shows the link without an embed.
  const link = `<${m.link}>`;
  let content = '';
  for (let max = CHAT_TEXT_MAX; ; max = Math.floor(max * 0.8)) {
    const quoted = m.body && max > 0 ? discordEscape(cut(m.body, max).split('\n').map((line) => `> ${line}`).join('\n')) : '';
    content = [...head, ...(quoted ? [quoted] : []), link].join('\n');
    if (content.length <= DISCORD_MAX || max === 0) break;
  }
  // Too long even without the update's text (a very long subject or site address): the headline is cut too.
  const room = DISCORD_MAX - link.length - 1;
  for (let max = room; content.length > DISCORD_MAX && max > 0; max = Math.floor(max * 0.8)) content = `${cut(head.join('\n'), max)}\n${link}`;
  return { content, allowed_mentions: { parse: [] } };
}

/**
 * Teams: no Markdown or date functions in the text it shows, so every text is a TextRun of a
 * RichTextBlock, and no two braces stay together (a pair at a time would leave `{{{` as `{·{{`).
 */
const teamsText = (text: string): string => text.replace(/\{(?=\{)/g, '{\u200b');

/** The body of a Teams webhook's request (a Workflows "when a webhook request is received" flow, or a connector): one Adaptive Card. */
export function teamsPayload(m: Message): object {
  const run = (text: string, style: Record<string, unknown> = {}): object => ({
    type: 'RichTextBlock',
    inlines: [{ type: 'TextRun', text: teamsText(text), ...style }],
  });
  const body = [run(m.headline, { weight: 'bolder', size: 'medium' })];
  if (m.facts) body.push(run(m.facts, { isSubtle: true }));
  if (m.body) body.push(run(m.body));
  return {
    type: 'message',
    attachments: [
      {
        contentType: 'application/vnd.microsoft.card.adaptive',
        contentUrl: null,
        content: {
          $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
          type: 'AdaptiveCard',
          version: '1.4',
          body,
          actions: [{ type: 'Action.OpenUrl', title: teamsText(m.view), url: m.link }],
        },
      },
    ],
  };
}

/** The longest update text a generic webhook's payload carries, in characters. */
export const WEBHOOK_TEXT_MAX = 10_000;

/** The JSON a generic webhook receives (docs/notifications.md gives its schema). */
export function webhookPayload(event: NotifyEvent, site: SiteConfig): object {
  const { notice, update, component, page } = event;
  const content = update === null ? null : cut(update.content, WEBHOOK_TEXT_MAX);
  // States spelled as the site's API spells them (maintenance_spelling).
  const spell = (s: State): string => spelledState(site, s);
  return {
    id: event.id,
    type: event.type,
    occurred_at: new Date(event.at).toISOString(),
    site: { name: site.name, url: site.url },
    page: { state: spell(page.state), state_text: site.stateText[page.state], previous_state: page.previous && spell(page.previous) },
    notice:
      notice === null
        ? null
        : {
            id: notice.id,
            type: notice.type,
            subject: notice.source.subject,
            state: notice.state,
            url: `${site.url}/notices/${notice.id}/`,
            components: notice.source.components,
            begins_at: iso(notice.source.beginsAt),
            ends_at: iso(notice.source.endsAt),
          },
    update:
      update === null
        ? null
        : { id: update.id, state: update.state, content, content_truncated: content !== update.content, created_at: iso(update.at) },
    component:
      component === null
        ? null
        : { id: component.id, name: component.name, state: spell(component.state), previous_state: spell(component.previous), url: `${site.url}/components/${component.id}/` },
    ...(event.type === 'notice.postmortem' && notice?.postmortem ? { postmortem: postmortemPayload(notice.postmortem) } : {}),
  };
}

function postmortemPayload(postmortem: { at: number; content: string }): object {
  const content = cut(postmortem.content, WEBHOOK_TEXT_MAX);
  return { content, content_truncated: content !== postmortem.content, published_at: new Date(postmortem.at).toISOString() };
}

const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());
