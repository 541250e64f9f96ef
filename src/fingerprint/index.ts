// fingerprint(): one hash of what a reader of the built site can see as of `now`, so a scheduled
// rebuild publishes only when that changed (the workflows `statuspress init` writes compare it with
// the last deployed one). Every build's bytes differ (its time, the metrics' running totals), so the
// hash is not of the output: it is of the published content, the states derived from it, and the
// clock only where the clock shows. docs/workflows.md states the rule for users.
import { audienceView } from '../content/audience.js';
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { defaultTemplates } from '../build.js';
import { loadContent, requireValid, validateContent } from '../content/index.js';
import { deriveSite, onCalendar, publishedContent } from '../derive/index.js';
import type { DerivedSite } from '../derive/types.js';
import { localDay } from '../i18n/dates.js';
import { formatDate, formatTimestamp } from '../util/time.js';
import { momentSites } from '../derive/moments.js';

/** Bumped whenever what goes into the hash changes, so an old fingerprint never matches a new one. */
const FORMAT = 3;

export interface FingerprintOptions {
  contentDir: string;
  /** The moment to fingerprint, epoch ms; default: the clock. Pass the build's own `now`. */
  now?: number;
  /** The site's own templates; default: `templates/` beside the content folder, when there is one. */
  templatesDir?: string;
  /** The audience whose site to fingerprint (site.yaml `audiences`); default: the public's. */
  audience?: string;
}

/**
 * How much of the clock went in: `day` (the UTC date and the site's local one: the "as of" line,
 * the metrics' windows and daily bars move on daily) or `minute` (an incident is under way: its duration and uptime move
 * every second, so every run publishes).
 */
export type ClockPart = 'day' | 'minute';

export interface Fingerprint {
  /** sha256, hex. */
  value: string;
  now: number;
  clock: ClockPart;
}

/** The fingerprint of the site the content builds into as of `now`; throws ContentError like a build. */
export async function fingerprint({ contentDir, now = Date.now(), templatesDir, audience }: FingerprintOptions): Promise<Fingerprint> {
  const [loaded, theme] = await Promise.all([loadContent(contentDir), filesHash(templatesDir ?? defaultTemplates(contentDir))]);
  const content = audienceView(requireValid(validateContent(loaded), loaded.dir), audience ?? null);
  const site = deriveSite(content, now);
  const clock: ClockPart = site.notices.some((n) => n.impact !== null && n.impact.end >= now) ? 'minute' : 'day';
  const seen = {
    format: FORMAT,
    statuspress: __STATUSPRESS_VERSION__,
    theme,
    content: publishedContent(content, now),
    states: visibleStates(site),
    // The status page carries the moments within its next day when a state changes by time alone
    // (its script shows each at its minute): a moment coming within that day changes the page.
    moments: momentSites(site).map((moment) => moment.at),
    // The UTC date (the metrics' windows) and the site's own (its pages' days, the uptime bars).
    clock: clock === 'minute' ? formatTimestamp(now - (now % 60_000)) : `${formatDate(now)} ${localDay(now, content.site.timeZone).date}`,
  };
  return { value: createHash('sha256').update(JSON.stringify(seen)).digest('hex'), now, clock };
}

/**
 * What the clock changes at a moment of its own: each notice's published updates (with the automatic
 * underway and complete of planned maintenance), state and timeline state (upcoming, present, past in
 * the last 7 days, older; a general notice's expiry), whether the calendar still lists it; each
 * component's and the page's state.
 */
function visibleStates(site: DerivedSite): unknown {
  return {
    notices: site.notices.map((n) => [
      n.id,
      n.state,
      n.timelineState,
      n.updates.map((u) => u.id),
      onCalendar(n, site.now),
    ]),
    components: site.components.map((c) => [c.id, c.state]),
    page: site.page.state,
  };
}

/** sha256 of every file's path and bytes under `dir`, or null when there is no such folder. */
async function filesHash(dir: string): Promise<string | null> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => null);
  if (entries === null) return null;
  const hash = createHash('sha256');
  const files = entries
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
  for (const file of files) hash.update(`${path.relative(dir, file)}\0`).update(await readFile(file)).update('\0');
  return hash.digest('hex');
}
