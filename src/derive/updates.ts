// Publishing and auto transitions: which updates a notice shows as of `now`. An update dated after
// `now` is withheld; a planned notice with auto_transition gains `underway` at begins_at and
// `complete` at ends_at unless its own updates have moved it on.
import type { Content, Notice, Postmortem, SiteConfig, Update } from '../content/types.js';
import { COMPLETE_RANK, UNDERWAY_RANK, updateId } from '../content/update-ids.js';
import type { DerivedUpdate } from './types.js';

/** Content dated after the build's `now` is not published yet: a scheduled announcement can be merged early. */
export const isPublished = (update: Update, now: number): boolean => update.at <= now;

/** A postmortem is withheld until its `at`, as an update is. */
export const isPostmortemPublished = (postmortem: Postmortem, now: number): boolean => postmortem.at <= now;

/**
 * The content as published at `now`: updates dated later withheld, notices without a published
 * update left out. What the build's state keeps for `serve` and what the fingerprint hashes.
 */
export function publishedContent(content: Content, now: number): Content {
  const notices = content.notices
    .map((n) => {
      const { postmortem, ...rest } = n;
      return { ...rest, updates: n.updates.filter((u) => isPublished(u, now)), ...(postmortem !== undefined && isPostmortemPublished(postmortem, now) ? { postmortem } : {}) };
    })
    .filter((n) => n.updates.length > 0);
  return { ...content, notices };
}

const byTime = (a: DerivedUpdate, b: DerivedUpdate): number => a.at - b.at || a.id - b.id;

/** The updates of a notice published by `now`, auto transitions included, oldest first. */
export function publishedUpdates(notice: Notice, now: number, site: SiteConfig): DerivedUpdate[] {
  const updates = notice.updates
    .filter((u) => isPublished(u, now))
    .map(
      (u): DerivedUpdate => ({
        id: updateId(notice.id, u.rank),
        at: u.at,
        updatedAt: u.updatedAt,
        state: u.state,
        content: u.content,
      }),
    )
    .sort(byTime);
  if (notice.type === 'planned' && notice.autoTransition && updates.length > 0) {
    addAutoTransitions(notice, now, site, updates);
  }
  return updates;
}

function addAutoTransitions(notice: Notice, now: number, site: SiteConfig, updates: DerivedUpdate[]): void {
  const step = (from: string, to: 'underway' | 'complete', at: number | null, rank: number): void => {
    const latest = updates[updates.length - 1]!;
    if (latest.state !== from || at === null || now < at) return;
    // A late-posted `scheduled` note must not end up after the transition it triggers.
    const when = Math.max(at, latest.at);
    updates.push({ id: updateId(notice.id, rank), at: when, updatedAt: when, state: to, content: site.transitionText[to] });
  };
  step('scheduled', 'underway', notice.beginsAt, UNDERWAY_RANK);
  step('underway', 'complete', notice.endsAt, COMPLETE_RANK);
}
