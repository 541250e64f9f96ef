// Validated file data → the model of src/content/types.ts: camelCase, defaults filled in, times in epoch ms.
import { messages } from '../i18n/messages.js';
import { ranksInTime } from './update-ids.js';
import type { Component, Notice, NoticeState, SiteConfig } from './types.js';
import { DEFAULT_REMINDER, reminderMs } from './notify.js';
import type { ComponentData, NoticeData, SiteData } from './schema.js';
import { definedOnly } from '../util/defined.js';

/** The project's own wording, used where site.yaml does not say otherwise. */
export const DEFAULT_STATE_TEXT = {
  operational: 'All systems operational',
  degraded: 'Some systems are experiencing problems',
  'under-maintenance': 'Maintenance is underway',
} as const;

export const DEFAULT_TRANSITION_TEXT = {
  underway: 'Maintenance is underway.',
  complete: 'Maintenance is complete.',
} as const;

/** SiteConfig of a valid site.yaml; the texts it does not set in its language's words. */
export function toSite(data: SiteData): SiteConfig {
  // With `locales`, the first is the site's language (`locale`, if given, is the same: translations.ts).
  const locales = data.locales;
  const locale = locales?.[0] ?? data.locale;
  const { t } = messages(locale);
  const stateText = { operational: t('stateText.operational'), degraded: t('stateText.degraded'), 'under-maintenance': t('stateText.under-maintenance') };
  const transitionText = { underway: t('transition.underway'), complete: t('transition.complete') };
  return {
    name: data.name,
    url: data.url,
    createdAt: data.created_at,
    metrics: data.metrics,
    // A gap (`state_text: {degraded: ~}`) keeps the default.
    stateText: { ...stateText, ...definedOnly(data.state_text) },
    maintenanceSpelling: data.maintenance_spelling,
    transitionText: { ...transitionText, ...definedOnly(data.transition_text) },
    locale,
    timeZone: data.time_zone,
    ...(data.notify === undefined
      ? {}
      : {
          notify: data.notify.map((t) => ({
            type: t.type,
            urlEnv: t.url_env,
            secretEnv: t.secret_env ?? null,
            events: t.events ?? null,
            components: t.components ?? null,
            reminderMs: t.reminder === false ? null : (reminderMs(t.reminder ?? DEFAULT_REMINDER) ?? null),
            email: t.type === 'email' ? { toEnv: t.to_env ?? '', from: t.from ?? '' } : null,
            ...(t.audience === undefined ? {} : { audience: t.audience }),
          })),
        }),
    ...definedOnly({ subscribeUrl: data.subscribe_url, locales }),
    ...byLocale(data.translations, (t) => (t.state_text === undefined ? {} : { stateText: definedOnly(t.state_text) })),
    ...(data.audiences === undefined
      ? {}
      : {
          audiences: Object.fromEntries(
            Object.entries(data.audiences).map(([key, a]) => [key, { name: a.name ?? data.name, url: a.url, passwordFile: a.password_file ?? null }]),
          ),
        }),
  };
}

export function toComponent(data: ComponentData, file: string): Component {
  return {
    id: data.id,
    name: data.name,
    description: data.description,
    parentId: data.parent_id ?? null,
    position: data.position ?? null,
    metrics: data.metrics,
    createdAt: data.created_at,
    updatedAt: data.updated_at ?? data.created_at,
    ...byLocale(data.translations, (t) => definedOnly(t)),
    ...audienceOf(data.audience),
    file,
  };
}

/** `audience` as the model holds it: always a list; no key for the public. */
const audienceOf = (given: string | string[] | undefined): { audience?: string[] } => (given === undefined ? {} : { audience: typeof given === 'string' ? [given] : [...given] });

/** Notice of a valid notice file; rules.ts has already checked keys and states against its type. */
export function toNotice(data: NoticeData, file: string): Notice {
  const planned = data.type === 'planned';
  const ranks = ranksInTime(data.updates.map((u) => u.at));
  return {
    id: data.id,
    type: data.type,
    subject: data.subject,
    components: data.components,
    tags: data.tags,
    beginsAt: planned ? (data.begins_at ?? null) : null,
    endsAt: planned ? (data.ends_at ?? null) : null,
    autoTransition: planned ? (data.auto_transition ?? true) : false,
    expiresAt: data.expires_at ?? null,
    beganAt: data.began_at ?? null,
    endedAt: data.ended_at ?? null,
    impactSeconds: data.impact_seconds ?? null,
    ...(data.type === 'unplanned' && data.impact != null ? { impact: data.impact } : {}),
    updates: data.updates.map((u, index) =>
      addTranslations(
        {
          index,
          rank: ranks[index]!,
          at: u.at,
          updatedAt: u.updated_at ?? u.at,
          state: data.type === 'general' ? null : (u.state as NoticeState),
          content: u.content,
        },
        u.translations,
      ),
    ),
    ...(data.type === 'unplanned' && data.postmortem !== undefined ? { postmortem: { at: data.postmortem.at, content: data.postmortem.content } } : {}),
    ...byLocale(data.translations, (t) => definedOnly(t)),
    ...audienceOf(data.audience),
    file,
  };
}

/**
 * Adds the translations `given`, when there are any, to `model` (the same object) after it is
 * made, not spread into it: most models have none, and an empty spread into each still costs.
 */
function addTranslations<M extends object>(model: M, given: Record<string, string> | undefined): M & { translations?: Record<string, string> } {
  if (hasAny(given)) (model as M & { translations?: Record<string, string> }).translations = { ...given };
  return model;
}

/** Whether a place has translations: none when the key is left out or empty, so files without keep their model. */
const hasAny = <T>(value: Record<string, T> | undefined): value is Record<string, T> => value !== undefined && Object.keys(value).length > 0;

/** `{translations}` of a place's translations in the model's shape; nothing when it has none, so files without keep their model. */
function byLocale<T, U>(value: Record<string, T> | undefined, convert: (t: T) => U): { translations?: Record<string, U> } {
  if (!hasAny(value)) return {};
  return { translations: Object.fromEntries(Object.entries(value).map(([locale, t]) => [locale, convert(t)])) };
}
