// The email target: each event as a message with a plain-text and an HTML part, threaded per notice,
// sent with nodemailer to the mail server (an `smtp://` or `smtps://` address with its credentials)
// in the target's `url_env`, for the recipients in its `to_env` (a mailing list's address, usually:
// the list keeps the subscribers and their unsubscribe links). Delivery follows SMTP's rules: a 4xx
// reply or a lost connection is tried again with backoff, a 5xx reply is final. Failures are told
// in words of ours and the server's reply, with every address, user name and password blanked.
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type * as Mailer from 'nodemailer';
import { messages } from '../i18n/index.js';
import type { SiteConfig } from '../content/types.js';
import { escapeHtml } from '../i18n/make.js';
import { renderMarkdown } from '../render/site/markdown.js';
import { answered, CONNECTION_WORDS, duration, HELD_REASON, retrying } from './deliver.js';
import type { RetryPolicy, Transport, Outcome } from './deliver.js';
import type { NotifyEvent } from './events.js';
import { clean, cut, oneLine } from './format.js';
import type { Message } from './format.js';
import type { HeldEmail as Email } from './snapshot.js';

/** The longest update text an email carries, in characters. */
export const EMAIL_TEXT_MAX = 10_000;

/** `<notice-42-published.1a2b3c4d5e6f@status.acme.com>`: the same for the same site and event, so re-runs and other machines agree. */
export function messageIdOf(site: SiteConfig, eventId: string): string {
  const key = createHash('sha256').update(site.url, 'utf8').digest('hex').slice(0, 12);
  return `<${eventId.replace(/[^A-Za-z0-9-]/g, '-')}.${key}@${new URL(site.url).hostname}>`;
}

/** The email of `event`, from `message` (what every target shows of it) and the notice's data. */
export function emailOf(event: NotifyEvent, message: Message, site: SiteConfig): Email {
  const { notice, update } = event;
  const { t } = messages(site.locale);
  // One thread per notice: every message answers the announcement, and keeps its subject (mail
  // clients that thread by subject, Gmail among them, split a thread whose subject changes).
  const root = notice === null ? null : messageIdOf(site, `notice-${notice.id}-published`);
  const own = messageIdOf(site, event.id);
  const prefix = `[${oneLine(site.name)}] `;
  const subject = notice === null ? message.headline : `${root === own ? '' : `${t('notify.reply')} `}${prefix}${oneLine(notice.source.subject)}`;
  // The headline without the site's name: what happened, for the first line of the body.
  const what = message.headline.startsWith(prefix) ? message.headline.slice(prefix.length) : message.headline;
  const source = event.type === 'notice.postmortem' ? (notice?.postmortem?.content ?? '') : (update?.content ?? '');
  const body = cut(clean(source).trim(), EMAIL_TEXT_MAX);
  const text = [what, message.facts, body, `${message.view}: ${message.link}`].filter((part) => part !== '').join('\n\n');
  const html = [
    '<!DOCTYPE html><html><head><meta charset="utf-8"></head><body>',
    `<p><strong>${escapeHtml(what)}</strong></p>`,
    message.facts === '' ? '' : `<p>${escapeHtml(message.facts)}</p>`,
    // The update's Markdown as the page renders it: raw HTML shown as text, only http(s) and mailto links.
    body === '' ? '' : `<div>${renderMarkdown(body)}</div>`,
    `<p><a href="${escapeHtml(message.link)}">${escapeHtml(message.view)}</a></p>`,
    '</body></html>',
  ].join('');
  return { subject, text, html, messageId: own, inReplyTo: root === own ? null : root };
}

/**
 * The recipients in a `to_env` variable: addresses separated by commas; null when one is not an
 * address. No part holds a colon or a slash: `smtp://user:password@host` (the server's variable named
 * by mistake) is never taken for `password@host`.
 */
export function recipientsOf(value: string): string[] | null {
  const list = value
    .split(',')
    .map((a) => a.trim())
    .filter((a) => a !== '');
  return list.length > 0 && list.every((a) => /^[^\s@<>,;:/"]+@[^\s@<>,;:/"]+\.[^\s@<>,;:/"]+$/.test(a)) ? list : null;
}

/** An `smtp://` or `smtps://` address with a host. */
export function isSmtpUrl(text: string): boolean {
  if (!/^smtps?:\/\//i.test(text)) return false;
  try {
    return new URL(text).hostname !== '';
  } catch {
    return false;
  }
}

export interface MailTarget {
  /** The `smtp://` or `smtps://` address, with its credentials. */
  url: string;
  recipients: string[];
  from: string;
}

/**
 * Sends `email` to the target's recipients: one of them in To, several each in Bcc (so none sees
 * another). Tried again, with the policy's backoff, after a 4xx reply or a connection that failed
 * or timed out before the message's data was sent; a 5xx reply, a refused authentication or a failed
 * TLS handshake is final. Each attempt has one deadline for all of it, however the server trickles
 * its replies. Once the data is sent, no answer is not a failure: the server may have queued it, so
 * it is `unknown` and not sent again; `stop` ends an attempt at once, and before the data it is `held`.
 */
export async function deliverMail(target: MailTarget, email: Email, policy: RetryPolicy, transport: Transport, deadline: number, secrets: readonly string[], stop: AbortSignal = new AbortController().signal): Promise<Outcome> {
  const mailer = await nodemailer();
  const raw = await composed(target, email, transport.clock());
  return retrying(policy, transport, deadline, stop, async (attempt, timeout) => {
    const limit = transport.timeout(timeout);
    const smtp = mailer.createTransport({ url: target.url, connectionTimeout: timeout, greetingTimeout: timeout, socketTimeout: timeout, disableFileAccess: true, disableUrlAccess: true });
    // The message is read from this stream only once the server has said to send it (354): once
    // it has been read to its end, the server has, or will have, the whole message.
    let handedOver = false;
    const data = Readable.from([raw]).on('end', () => {
      handedOver = true;
    });
    try {
      const info = await smtp.sendMail({ envelope: { from: target.from, to: target.recipients }, raw: data, signal: AbortSignal.any([limit, stop]) });
      const rejected = Array.isArray(info.rejected) ? info.rejected.length : 0;
      // Some recipients took it: trying again would send it to those twice.
      if (rejected > 0) {
        return { ok: false, attempts: attempt, reason: `delivered to ${target.recipients.length - rejected} of ${target.recipients.length} recipients: the server refused ${rejected}, and it is not sent again`, fate: 'partial' };
      }
      return { ok: true, attempts: attempt, status: 250 };
    } catch (error) {
      if (handedOver && typeof (error as SmtpError).responseCode !== 'number') {
        const why = stop.aborted ? 'the run was stopped while waiting for the server’s answer to the message' : `the server took the message but gave no answer within ${duration(timeout)}`;
        return { ok: false, attempts: attempt, reason: why, fate: 'unknown' };
      }
      if (stop.aborted) return { ok: false, attempts: attempt, reason: HELD_REASON, fate: 'held' };
      const failed = limit.aborted ? { reason: `no answer within ${duration(timeout)}`, final: false } : smtpFailure(error, timeout, secrets);
      return failed.final ? { ok: false, attempts: attempt, reason: failed.reason, fate: 'failed' } : { retry: failed.reason };
    } finally {
      smtp.close();
    }
  });
}

/** The message as the server gets it: made once, so every attempt sends the same bytes. */
async function composed(target: MailTarget, email: Email, now: number): Promise<Buffer> {
  const { default: MailComposer } = await import('nodemailer/lib/mail-composer');
  return new MailComposer({
    from: target.from,
    ...(target.recipients.length === 1 ? { to: target.recipients[0] } : { bcc: target.recipients }),
    subject: email.subject,
    text: email.text,
    html: email.html,
    messageId: email.messageId,
    ...(email.inReplyTo === null ? {} : { inReplyTo: email.inReplyTo, references: [email.inReplyTo] }),
    date: new Date(now),
    // RFC 3834: an automatic message, so auto-responders do not answer it.
    headers: { 'Auto-Submitted': 'auto-generated', 'User-Agent': `statuspress/${__STATUSPRESS_VERSION__}` },
    disableFileAccess: true,
    disableUrlAccess: true,
  })
    .compile()
    .build();
}

/**
 * nodemailer, loaded when a message is first sent: a large part of the single-file CLI, which every
 * command (validate, build) would otherwise evaluate at start-up for nothing.
 */
const nodemailer = (): Promise<typeof Mailer> => import('nodemailer');

interface SmtpError {
  code?: string;
  responseCode?: number;
  response?: string;
  originalCode?: string;
}

/** Why a message was not taken, and whether trying again could help; no address or password in the words. */
export function smtpFailure(error: unknown, timeout: number, secrets: readonly string[]): { reason: string; final: boolean } {
  const e = (typeof error === 'object' && error !== null ? error : {}) as SmtpError;
  const reply = typeof e.response === 'string' ? answered(e.response.replace(/^\d{3}[ -]?/, ''), secrets) : '';
  if (e.code === 'EAUTH' || e.code === 'ENOAUTH') return { reason: `authentication failed: check the user name and password in the address${reply}`, final: true };
  if (e.code === 'ETLS' || /^(?:ERR_SSL|ERR_TLS|CERT_|DEPTH_ZERO|SELF_SIGNED|UNABLE_TO)/.test(e.originalCode ?? '') || /^(?:ERR_SSL|ERR_TLS|CERT_|DEPTH_ZERO|SELF_SIGNED|UNABLE_TO)/.test((error as { code?: string }).code ?? '')) {
    return { reason: 'the TLS connection failed: check the server’s certificate, and smtps:// (TLS from the start, port 465) against smtp:// (STARTTLS, port 587)', final: true };
  }
  if (typeof e.responseCode === 'number' && e.responseCode >= 400) {
    // RFC 5321: 4yz is transient, 5yz permanent.
    return { reason: `SMTP ${e.responseCode}${reply}`, final: e.responseCode >= 500 };
  }
  if (e.code === 'ETIMEDOUT') return { reason: `no answer within ${duration(timeout)}`, final: false };
  const code = e.originalCode ?? e.code ?? '';
  return { reason: CONNECTION_WORDS[code] ?? (e.code === 'EDNS' ? 'host not found' : /^[A-Z_]+$/.test(code) ? `mail error (${code})` : 'mail error'), final: false };
}
