// Checks within one file that depend on other fields: which keys and states a notice type allows,
// and times that must not run backwards. They read the raw data, so they run whatever else is wrong.
import { CONTENT } from '../errors/content.js';
import { say } from '../errors/entry.js';
import type { ParamsOf } from '../errors/entry.js';
import { NOTICE_TYPES, PLANNED_STATES, UNPLANNED_STATES } from './types.js';
import type { NoticeType } from './types.js';
import { isRecord } from './data.js';
import { closest } from './messages.js';
import type { Finding } from './positions.js';
import { checkTimestamp } from './timestamps.js';

const STATES_OF: Record<NoticeType, readonly string[]> = {
  unplanned: UNPLANNED_STATES,
  planned: PLANNED_STATES,
  general: [],
};

/** Keys only one notice type may carry. */
const ONLY_FOR: [key: string, type: NoticeType][] = [
  ['begins_at', 'planned'],
  ['ends_at', 'planned'],
  ['auto_transition', 'planned'],
  ['expires_at', 'general'],
  ['impact_seconds', 'unplanned'],
  ['impact', 'unplanned'],
  ['postmortem', 'unplanned'],
];

/** Own properties only: content may hold keys like `constructor` that a plain lookup would find on Object. */
export function field(value: unknown, key: string): unknown {
  return isRecord(value) && Object.hasOwn(value, key) ? value[key] : undefined;
}

/** Type-dependent rules of a notice file: keys, states, begins/ends and began/ended order. */
export function noticeRules(raw: unknown): Finding[] {
  const findings: Finding[] = [];
  const type = field(raw, 'type');
  if (typeof type !== 'string' || !(NOTICE_TYPES as readonly string[]).includes(type)) return findings;
  const noticeType = type as NoticeType;

  for (const [key, only] of ONLY_FOR) {
    if (noticeType !== only && field(raw, key) !== undefined) {
      findings.push({ path: [key], at: 'key', ...say(CONTENT.keyOfOtherType, { key, only, type: noticeType }) });
    }
  }
  // A general notice has no began_at/ended_at in the API; it ends by expires_at.
  for (const key of ['began_at', 'ended_at']) {
    if (noticeType === 'general' && field(raw, key) !== undefined) {
      findings.push({ path: [key], at: 'key', ...say(CONTENT.generalBeganEnded, { key }) });
    }
  }
  if (noticeType === 'planned') {
    for (const key of ['begins_at', 'ends_at'] as const) {
      if (field(raw, key) === undefined) findings.push({ path: [key], ...say(CONTENT.plannedWindowMissing, { key }) });
    }
  }
  findings.push(...notBefore(raw, [], 'ends_at', 'begins_at'));
  findings.push(...notBefore(raw, [], 'ended_at', 'began_at'));

  const updates = field(raw, 'updates');
  if (!Array.isArray(updates)) return findings;
  findings.push(...postmortemAfterFirst(raw, updates));
  updates.forEach((update: unknown, i) => {
    findings.push(...notBefore(update, ['updates', i], 'updated_at', 'at'));
    const state = field(update, 'state');
    const path = ['updates', i, 'state'];
    const allowed = STATES_OF[noticeType];
    if (noticeType === 'general') {
      if (state !== undefined) findings.push({ path, at: 'key', ...say(CONTENT.generalUpdateState) });
    } else if (!isRecord(update)) {
      // The schema reports an update that is not a mapping.
    } else if (state === undefined || state === null) {
      findings.push({ path, ...say(CONTENT.stateMissing, { type: noticeType, states: allowed }) });
    } else if (typeof state !== 'string' || !allowed.includes(state)) {
      const guess = typeof state === 'string' ? closest(state, allowed) : undefined;
      findings.push({ path, ...say(CONTENT.badState, { value: state, type: noticeType, states: allowed, ...(guess ? { guess } : {}) }) });
    }
  });
  return findings;
}

/** A postmortem published before the incident's first update would tell of an incident nobody has seen yet. */
function postmortemAfterFirst(raw: unknown, updates: unknown[]): Finding[] {
  const at = checkTimestamp(field(field(raw, 'postmortem'), 'at'));
  if (!at.ok) return [];
  const ats = updates.map((u) => checkTimestamp(field(u, 'at'))).flatMap((t) => (t.ok ? [t.value] : []));
  return ats.length > 0 && at.value < Math.min(...ats) ? [{ path: ['postmortem', 'at'], ...say(CONTENT.postmortemBeforeNotice) }] : [];
}

/** Rules of a component file beyond its fields' types. */
export function componentRules(raw: unknown): Finding[] {
  return notBefore(raw, [], 'updated_at', 'created_at');
}

// Only when both are valid timestamps: a malformed one is already reported by the schema.
function notBefore(raw: unknown, base: (string | number)[], later: string, earlier: ParamsOf<typeof CONTENT.timeOrder>[0]['earlier']): Finding[] {
  // Most files leave the later one out (updated_at, ended_at): nothing to compare.
  if (field(raw, later) === undefined || field(raw, earlier) === undefined) return [];
  const a = checkTimestamp(field(raw, later));
  const b = checkTimestamp(field(raw, earlier));
  if (!a.ok || !b.ok || a.value >= b.value) return [];
  return [{ path: [...base, later], ...say(CONTENT.timeOrder, { earlier }) }];
}
