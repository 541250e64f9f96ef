// Small factories for the content model (src/content/types.ts), so unit tests build exactly the content
// they need without YAML. Times are written as ISO text and stored as epoch ms, as the loader does.
import { ranksInTime } from '../../src/content/update-ids.js';
import type {
  Component,
  Content,
  Impact,
  Notice,
  NoticeState,
  NoticeType,
  PlannedState,
  SiteConfig,
  UnplannedState,
} from '../../src/content/types.js';

/** Epoch ms of an ISO timestamp that carries a zone; throws on anything else, so a typo fails loudly. */
export function ms(iso: string): number {
  if (!/(Z|[+-]\d{2}:\d{2})$/.test(iso)) throw new Error(`test timestamp without a zone: ${iso}`);
  const value = Date.parse(iso);
  if (Number.isNaN(value)) throw new Error(`bad test timestamp: ${iso}`);
  return value;
}

/** The API's timestamp text of an ISO timestamp (`2026-11-20T10:00:00.000Z`). */
export const iso = (text: string): string => new Date(ms(text)).toISOString();

export const HOUR = 3_600_000;
export const DAY = 86_400_000;

export function siteConfig(overrides: Partial<SiteConfig> = {}): SiteConfig {
  return {
    name: 'Unit Status',
    url: 'https://status.unit.test',
    createdAt: ms('2024-01-01T00:00:00Z'),
    metrics: true,
    stateText: {
      operational: 'All good',
      degraded: 'Trouble',
      'under-maintenance': 'Maintenance',
    },
    locale: 'en',
    timeZone: 'UTC',
    transitionText: { underway: 'Auto underway.', complete: 'Auto complete.' },
    maintenanceSpelling: 'under-maintenance',
    ...overrides,
  };
}

export interface ComponentInput {
  parentId?: number | null;
  position?: number | null;
  metrics?: boolean;
  name?: string;
  description?: string;
  createdAt?: string;
  updatedAt?: string;
}

export function component(id: number, input: ComponentInput = {}): Component {
  const createdAt = ms(input.createdAt ?? '2024-01-01T00:00:00Z');
  return {
    id,
    name: input.name ?? `Component ${id}`,
    description: input.description ?? '',
    parentId: input.parentId ?? null,
    position: input.position ?? null,
    metrics: input.metrics ?? true,
    createdAt,
    updatedAt: input.updatedAt ? ms(input.updatedAt) : createdAt,
    file: `components/${id}.yaml`,
  };
}

/** One update as written in a file; `index` is its position, assigned by the notice factories. */
export interface UpdateInput {
  at: string;
  state?: NoticeState;
  updatedAt?: string;
  content?: string;
}

export interface NoticeInput {
  subject?: string;
  components?: number[];
  tags?: string[];
  beginsAt?: string;
  endsAt?: string;
  autoTransition?: boolean;
  expiresAt?: string;
  beganAt?: string;
  endedAt?: string;
  impactSeconds?: number;
  /** unplanned only; left out of the notice when not given, as the loader leaves it out. */
  impact?: Impact;
  /** unplanned only: its postmortem, left out when not given. */
  postmortem?: { at: string; content: string };
}

function notice(id: number, type: NoticeType, updates: UpdateInput[], input: NoticeInput): Notice {
  const opt = (text: string | undefined): number | null => (text === undefined ? null : ms(text));
  return {
    id,
    type,
    subject: input.subject ?? `Notice ${id}`,
    components: input.components ?? [],
    tags: input.tags ?? [],
    beginsAt: type === 'planned' ? opt(input.beginsAt) : null,
    endsAt: type === 'planned' ? opt(input.endsAt) : null,
    autoTransition: type === 'planned' ? (input.autoTransition ?? true) : false,
    expiresAt: type === 'general' ? opt(input.expiresAt) : null,
    beganAt: opt(input.beganAt),
    endedAt: opt(input.endedAt),
    impactSeconds: type === 'unplanned' ? (input.impactSeconds ?? null) : null,
    ...(type === 'unplanned' && input.impact !== undefined ? { impact: input.impact } : {}),
    updates: updates.map((up, index) => ({
      index,
      rank: ranksInTime(updates.map((u) => ms(u.at)))[index]!,
      at: ms(up.at),
      updatedAt: ms(up.updatedAt ?? up.at),
      state: type === 'general' ? null : (up.state ?? null),
      content: up.content ?? `Update ${index + 1} of notice ${id}`,
    })),
    ...(type === 'unplanned' && input.postmortem !== undefined ? { postmortem: { at: ms(input.postmortem.at), content: input.postmortem.content } } : {}),
    file: `notices/${id}.yaml`,
  };
}

export interface UnplannedUpdateInput extends UpdateInput {
  state: UnplannedState;
}
export interface PlannedUpdateInput extends UpdateInput {
  state: PlannedState;
}

export const unplanned = (id: number, updates: UnplannedUpdateInput[], input: NoticeInput = {}): Notice =>
  notice(id, 'unplanned', updates, input);

export const planned = (
  id: number,
  window: { beginsAt: string; endsAt: string },
  updates: PlannedUpdateInput[],
  input: Omit<NoticeInput, 'beginsAt' | 'endsAt'> = {},
): Notice => notice(id, 'planned', updates, { ...input, ...window });

export const general = (id: number, updates: Omit<UpdateInput, 'state'>[], input: NoticeInput = {}): Notice =>
  notice(id, 'general', updates, input);

/** Typed shorthands for update inputs of each notice type. */
export const uu = (at: string, state: UnplannedState, extra: Omit<UpdateInput, 'at' | 'state'> = {}): UnplannedUpdateInput => ({
  at,
  state,
  ...extra,
});
export const pu = (at: string, state: PlannedState, extra: Omit<UpdateInput, 'at' | 'state'> = {}): PlannedUpdateInput => ({
  at,
  state,
  ...extra,
});

export function content(parts: { site?: Partial<SiteConfig>; components?: Component[]; notices?: Notice[] } = {}): Content {
  return { site: siteConfig(parts.site), components: parts.components ?? [], notices: parts.notices ?? [] };
}
