// The validated content model: what `validateContent` hands to `deriveSite`.
// Times are epoch milliseconds (UTC); every timestamp in content carried a zone, so none is a guess.

export const NOTICE_TYPES = ['unplanned', 'planned', 'general'] as const;
export type NoticeType = (typeof NOTICE_TYPES)[number];

export const UNPLANNED_STATES = ['investigating', 'identified', 'recovering', 'resolved', 'false_alarm'] as const;
export const PLANNED_STATES = ['scheduled', 'underway', 'complete', 'cancelled'] as const;
export type UnplannedState = (typeof UNPLANNED_STATES)[number];
export type PlannedState = (typeof PLANNED_STATES)[number];
export type NoticeState = UnplannedState | PlannedState;

/**
 * How badly an incident hurts while it is investigated or identified: the Statuspage-compatible API
 * (`api/v2`) prints it as the incident's `impact` and derives its component statuses from it.
 */
export const IMPACTS = ['minor', 'major', 'critical'] as const;
export type Impact = (typeof IMPACTS)[number];

/** Page and component state. */
export type State = 'operational' | 'degraded' | 'under-maintenance';

export const TIMELINE_STATES = ['future', 'present', 'past_recent', 'past_distant'] as const;
export type TimelineState = (typeof TIMELINE_STATES)[number];

export const MAINTENANCE_SPELLINGS = ['under-maintenance', 'under_maintenance'] as const;
export type MaintenanceSpelling = (typeof MAINTENANCE_SPELLINGS)[number];

/** The kinds of target `statuspress notify` sends to (site.yaml `notify`). */
export const NOTIFY_TYPES = ['slack', 'discord', 'teams', 'webhook', 'email'] as const;
export type NotifyType = (typeof NOTIFY_TYPES)[number];

/**
 * The events `statuspress notify` sends, by the name a target's `events` and the webhook payload's
 * `type` use. A new event is one more name here, its id and facts in src/notify/events.ts, and its
 * words in src/notify/format.ts (`WHAT`); site.yaml's `events` and the docs' table follow.
 */
export const NOTIFY_EVENTS = [
  'notice.published',
  'notice.updated',
  'notice.postmortem',
  'maintenance.reminder',
  'maintenance.started',
  'maintenance.ended',
  'component.state_changed',
  'page.state_changed',
] as const;
export type NotifyEventType = (typeof NOTIFY_EVENTS)[number];

/** One target of `statuspress notify`: where its address and secret are read from, never the values themselves. */
export interface NotifyTarget {
  type: NotifyType;
  /** Name of the environment variable holding the webhook's address. */
  urlEnv: string;
  /** Name of the environment variable holding the signing secret: `webhook` targets only, else null. */
  secretEnv: string | null;
  /** The events it gets; null: all of them. */
  events: NotifyEventType[] | null;
  /** The components it is about (their descendants too); null: the whole page. */
  components: number[] | null;
  /** How long before a maintenance begins its reminder is sent, ms; null: no reminder. */
  reminderMs: number | null;
  /** `email` only, else null: the variable holding the recipients, and the sender. */
  email: { toEnv: string; from: string } | null;
  /** The audience whose events it gets; absent: the public's. */
  audience?: string;
}

/** An audience beyond the public one (site.yaml `audiences`): its own site's name and address. */
export interface AudienceSite {
  name: string;
  url: string;
  /** The htpasswd file its host files require credentials from; null: none named, every request refused. */
  passwordFile: string | null;
}

export interface SiteConfig {
  name: string;
  /** {base_url}, without a trailing slash; may carry a path. */
  url: string;
  createdAt: number;
  metrics: boolean;
  stateText: Record<State, string>;
  /**
   * How answers spell the maintenance state: the API's own `under-maintenance`, or `under_maintenance`,
   * as the hosted service the API describes spells it and strict clients written against it require.
   */
  maintenanceSpelling: MaintenanceSpelling;
  /** Content of the updates that planned auto transitions add (`underway` at begins_at, `complete` at ends_at). */
  transitionText: { underway: string; complete: string };
  /** The language of every word the site prints (BCP 47, a shipped catalogue's: src/i18n). */
  locale: string;
  /** The IANA zone the pages write times in, and whose midnights begin the days they count. */
  timeZone: string;
  /** Where `statuspress notify` sends events; absent when site.yaml has no `notify`. */
  notify?: NotifyTarget[];
  /** The sign-up page of the mailing list the email target sends to; absent when site.yaml has none. */
  subscribeUrl?: string;
  /** The site's languages, the default first (`locales` in site.yaml); absent when it lists none. */
  locales?: string[];
  /** The state texts in other languages, by locale; absent without any. */
  translations?: Record<string, { stateText?: Partial<Record<State, string>> }>;
  /** On a language's copy of the site (derive/localize.ts): the state texts in the default language for want of a translation, with that language. */
  fallback?: Partial<Record<State, string>>;
  /** The audiences beyond the public one, by name; absent without any, and in every audience's view (src/content/audience.ts). */
  audiences?: Record<string, AudienceSite>;
  /** In a private audience's view only (src/content/audience.ts): which one, and the password file its host files require. */
  private?: { audience: string; passwordFile: string | null };
}

export interface Component {
  id: number;
  name: string;
  description: string;
  parentId: number | null;
  /** Order among siblings; null sorts by id after positioned siblings. */
  position: number | null;
  metrics: boolean;
  createdAt: number;
  updatedAt: number;
  /** Name and description in other languages, by locale; absent without any. */
  translations?: Record<string, { name?: string; description?: string }>;
  /** On a language's copy of the site (derive/localize.ts): the texts in the default language for want of a translation, with that language. */
  fallback?: Partial<Record<'name' | 'description', string>>;
  /** Its own `audience` (its children inherit it); absent: public. Never in an audience's view (src/content/audience.ts). */
  audience?: string[];
  /** Content file, relative to the content folder (for messages). */
  file: string;
}

export interface Update {
  /** Position in the file's `updates` list, 0-based (for messages' positions). */
  index: number;
  /** Rank in time among the notice's updates, 1-based, ties by position: its id's last digits (src/content/update-ids.ts). */
  rank: number;
  at: number;
  updatedAt: number;
  /** null exactly for general notices. */
  state: NoticeState | null;
  content: string;
  /** The content in other languages, by locale; absent without any. */
  translations?: Record<string, string>;
}

/** An incident's postmortem: Markdown published at `at` (withheld until then, like an update). */
export interface Postmortem {
  at: number;
  content: string;
}

export interface Notice {
  id: number;
  type: NoticeType;
  subject: string;
  components: number[];
  tags: string[];
  /** planned only (required there), else null. */
  beginsAt: number | null;
  endsAt: number | null;
  autoTransition: boolean;
  /** general only. */
  expiresAt: number | null;
  beganAt: number | null;
  endedAt: number | null;
  /** unplanned only. */
  impactSeconds: number | null;
  /**
   * unplanned only, and only when the file gives it (the default, `minor`, is applied where it is
   * read): absent rather than null, so the build state of content without it keeps its bytes.
   */
  impact?: Impact;
  /** In file order; derivation sorts by time where it needs to. */
  updates: Update[];
  /** unplanned only; absent rather than null, so the build state of content without one keeps its bytes. */
  postmortem?: Postmortem;
  /** The subject in other languages, by locale; absent without any. */
  translations?: Record<string, { subject?: string }>;
  /** On a language's copy of the site (derive/localize.ts): the subject's language when it is the default's for want of a translation. */
  fallback?: Partial<Record<'subject', string>>;
  /** The audiences it belongs to; absent: public. Never in an audience's view (src/content/audience.ts). */
  audience?: string[];
  file: string;
}

export interface Content {
  site: SiteConfig;
  components: Component[];
  notices: Notice[];
}
