// Update ids, in one place. An update's id in the API is its notice's id × 1000 + its rank in time
// among the notice's updates (1 for the earliest; updates at the same moment rank by their position
// in the file). So a notice's ids do not depend on the order its file lists the updates in, and
// they stay as they were while each new update is later than the others: a new update takes the
// next rank. An update inserted before a published one renumbers the ones after it, which is why
// `update --at` needs `--backdate` for that and notify matches updates by time and text, not id.
// The automatic transitions of a planned notice, and an incident's postmortem, take the ranks past any
// a file may hold.

/** Notice ids above this would make update ids (× 1000 + rank) inexact. */
export const MAX_NOTICE_ID = 9_000_000_000_000;
/** A file's updates rank 1..899; 901 and 902 belong to the automatic transitions. */
export const MAX_UPDATES = 899;
export const UNDERWAY_RANK = 901;
export const COMPLETE_RANK = 902;
/** An incident's postmortem, where an API shows it as an update (Statuspage's `postmortem` incident update). */
export const POSTMORTEM_RANK = 903;

/** The API id of the update of rank `rank` (1-based) of notice `noticeId`. */
export const updateId = (noticeId: number, rank: number): number => noticeId * 1000 + rank;

/** The rank an update id carries (901 and 902: the automatic transitions). */
export const rankOf = (noticeId: number, id: number): number => id - noticeId * 1000;

/**
 * Each update's rank in time, by its position in the file: `ranksInTime([t2, t1])` is `[2, 1]`.
 * Ties keep the file's order.
 */
export function ranksInTime(ats: readonly number[]): number[] {
  const order = ats.map((at, index) => ({ at, index })).sort((a, b) => a.at - b.at || a.index - b.index);
  const ranks = new Array<number>(ats.length);
  order.forEach(({ index }, i) => (ranks[index] = i + 1));
  return ranks;
}

/**
 * Whether statuspress 0.1 numbered this notice's updates differently. It numbered them by position
 * (the first in the file 1), and it accepted a file whose last update was not older than the one
 * above it: so a file of that kind whose updates are out of time order elsewhere was built then
 * with other ids. (A file whose last update was older than the one above it never built.)
 */
export function renumberedSince01(ats: readonly number[]): boolean {
  const n = ats.length;
  if (n < 3 || ats[n - 1]! < ats[n - 2]!) return false;
  return ranksInTime(ats).some((rank, index) => rank !== index + 1);
}
