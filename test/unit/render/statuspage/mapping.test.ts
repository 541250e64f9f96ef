// The tables of docs/api.md, entry by entry: notice states as Statuspage statuses.
import { describe, expect, it } from 'vitest';
import { stateEffect } from '../../../../src/derive/index.js';
import type { DerivedNotice } from '../../../../src/derive/index.js';
import { noticeTone } from '../../../../src/render/site/views.js';
import { statusGiven, statusOf } from '../../../../src/render/statuspage/mapping.js';
import { IMPACTS, NOTICE_TYPES, PLANNED_STATES, UNPLANNED_STATES } from '../../../../src/content/types.js';
import type { Impact, NoticeType } from '../../../../src/content/types.js';
import { STATUS_OF_STATE } from '../../../helpers/statuspage-facts.js';

describe('statusOf', () => {
  it('maps every state of the content as documented', () => {
    expect(Object.fromEntries([...UNPLANNED_STATES, ...PLANNED_STATES].map((s) => [s, statusOf(s)]))).toEqual(STATUS_OF_STATE);
  });
});

const STATUS_OF_IMPACT = { minor: 'degraded_performance', major: 'partial_outage', critical: 'major_outage' } as const;

describe('statusGiven', () => {
  // The rule of what a notice's state does to its components is written once, in src/derive
  // (stateEffect, and severity.ts by the impact); the pages' tones and the v2 statuses are that rule in their words.
  const notice = (type: NoticeType, impact: Impact | null) => ({ type, source: { impact } }) as unknown as DerivedNotice;
  const states = [null, ...UNPLANNED_STATES, ...PLANNED_STATES];

  it('degrades by the impact exactly when the state degrades, puts under maintenance exactly when underway', () => {
    for (const type of NOTICE_TYPES) {
      for (const state of states) {
        const effect = stateEffect(type, state);
        for (const impact of [null, ...IMPACTS]) {
          const expected = effect === 'degraded' ? STATUS_OF_IMPACT[impact ?? 'minor'] : effect === 'under-maintenance' ? 'under_maintenance' : 'operational';
          expect(statusGiven(notice(type, impact), state)).toBe(expected);
          // The page's tone is the same severity, in the page's spelling.
          expect(noticeTone({ ...notice(type, impact), state })).toBe(expected.replace('_', '-'));
        }
      }
    }
    expect(stateEffect('unplanned', 'identified')).toBe('degraded');
    expect(stateEffect('planned', 'underway')).toBe('under-maintenance');
    expect(stateEffect('unplanned', 'recovering')).toBeNull();
  });
});
