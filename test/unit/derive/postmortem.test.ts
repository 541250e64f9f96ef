// An incident's postmortem is withheld until its `at`, like an update: derivation, the published
// content (what the fingerprint and the build state hold) and the next-change moment all agree.
import { describe, expect, it } from 'vitest';
import { deriveSite } from '../../../src/derive/index.js';
import { nextChange, pendingMoments } from '../../../src/derive/next-change.js';
import { publishedContent } from '../../../src/derive/updates.js';
import { component, content, ms, unplanned, uu } from '../../helpers/content.js';

const POSTMORTEM = { at: '2026-11-23T16:00:00Z', content: 'A bad deploy.' };
const incident = unplanned(4, [uu('2026-11-20T10:00:00Z', 'investigating'), uu('2026-11-20T11:00:00Z', 'resolved')], { components: [1], postmortem: POSTMORTEM });
const site = content({ site: { metrics: false }, components: [component(1)], notices: [incident] });

describe('a postmortem', () => {
  it('is withheld until its at, then derived with its text', () => {
    expect(deriveSite(site, ms('2026-11-23T15:59:59Z')).noticesById.get(4)!.postmortem).toBeNull();
    expect(deriveSite(site, ms('2026-11-23T16:00:00Z')).noticesById.get(4)!.postmortem).toEqual({ at: ms(POSTMORTEM.at), content: 'A bad deploy.' });
  });

  it('is left out of the published content until then, so the fingerprint moves when it appears', () => {
    expect(publishedContent(site, ms('2026-11-23T15:59:59Z')).notices[0]).not.toHaveProperty('postmortem');
    expect(publishedContent(site, ms('2026-11-23T16:00:00Z')).notices[0]!.postmortem).toEqual({ at: ms(POSTMORTEM.at), content: 'A bad deploy.' });
  });

  it('is the next change of an incident otherwise at rest', () => {
    const now = ms('2026-11-22T00:00:00Z');
    expect(pendingMoments(site, now).filter((m) => m.kind === 'postmortem')).toEqual([{ at: ms(POSTMORTEM.at), kind: 'postmortem', noticeId: 4 }]);
    // The incident ended 2026-11-20T11:00; it turns past_distant a week later, after the postmortem.
    expect(nextChange(site, now)).toBe(ms(POSTMORTEM.at));
    expect(pendingMoments(site, ms(POSTMORTEM.at)).some((m) => m.kind === 'postmortem')).toBe(false);
  });
});
