// The tables of docs/api.md, entry by entry: notice states as Statuspage statuses.
import { describe, expect, it } from 'vitest';
import { statusOf } from '../../../../src/render/statuspage/mapping.js';
import { PLANNED_STATES, UNPLANNED_STATES } from '../../../../src/types.js';
import { STATUS_OF_STATE } from '../../../helpers/statuspage-facts.js';

describe('statusOf', () => {
  it('maps every state of the content as documented', () => {
    expect(Object.fromEntries([...UNPLANNED_STATES, ...PLANNED_STATES].map((s) => [s, statusOf(s)]))).toEqual(STATUS_OF_STATE);
  });
});
