// Texts rendered ahead, while the build validates the content (0.2–0.4 s on 2,000 notices, a core
// left idle): without it the pages make every update's Markdown and date text for the first time,
// on the build's critical path. So the build hands them, once the content is read and before it
// is validated, the texts the pages will show: every update's and postmortem's Markdown, in every
// language, when each update was published, and each maintenance window. With a site's own
// templates their process renders them into the texts it remembers (markdown.ts, i18n/dates.ts),
// given the first moment only (render/worker.ts says why); with the built-in ones the write thread
// writes the dates (dates-ahead.ts) and hands them back to the build's thread. Texts are looked up
// by the exact text or moment: the pages are the same bytes whatever was sent, and a text that
// validation then refuses is never asked for.
import type { LoadedContent } from '../../content/index.js';
import { isRecord } from '../../content/data.js';
import { checkLocale, DEFAULT_LOCALE, DEFAULT_TIME_ZONE } from '../../i18n/check.js';
import { REMEMBERED_MOMENTS, rememberDates } from '../../i18n/dates.js';
import { writeDatesAhead } from './dates-ahead.js';
import type { DatesToWrite } from './dates-ahead.js';
import { isRemembered, REMEMBERED_TEXTS, rememberMarkdown } from './markdown.js';

/**
 * Text worth sending as a moment: at most 64 characters (`2026-11-20T10:05:00.123456789+01:00` has
 * 35), so a file's megabyte-long `at` is not copied to the thread that writes the dates. A longer
 * one may still be valid (a fraction of any number of digits, spaces around it): the pages write it
 * themselves (momentView), as they write any moment not sent ahead.
 */
const isMoment = (value: unknown): value is string => typeof value === 'string' && value.length <= 64;

/**
 * Moments taken as written, repeats and all: they are made each once where they are written
 * (writeDatesAhead), which finds the repeats by their moment. A Set here cost the build's thread
 * 4 ms on 2,000 notices, its whole walk of the updates 2 ms without it. Past this many none is
 * sent: nearly always more distinct moments than are remembered too, else a site whose moments
 * repeat four times over (aliases, notices of the same minute), whose pages write their own. It
 * bounds what goes to the write thread: at most 64 characters each.
 */
const MOMENTS_TAKEN = 4 * REMEMBERED_MOMENTS;

/** The dates to write (dates-ahead.ts), and the Markdown. */
export interface TextsAhead extends DatesToWrite {
  /** The Markdown of the updates and postmortems, translations included, that markdown.ts remembers (no plain lines). */
  markdown: string[];
}

/**
 * What the pages of `loaded` will render. The content is as read, not yet validated: each value is
 * taken only if it has the type it must have, and a file that has another shape gives nothing.
 *
 * Each text once: a file's YAML aliases (content/source.ts's MAX_ALIAS_COUNT of them) repeat one
 * text, and 100 aliases of a text of nearly 1 MiB, in each of 5 files, once made 500 MB to write,
 * and 1.6 GB of memory (moments, at most 64 characters, are made once where they are written). And
 * no more of either than the process remembers (REMEMBERED_TEXTS, REMEMBERED_MOMENTS): past that,
 * the first Markdown its pages make empties what was made ahead, and the moments of so large a site
 * are not worth writing ahead (dates-ahead.ts), so a site with more sends none of that kind, and the
 * build stops looking once it has more of both (10,000 notices hold 48,843 moments: reading and
 * sending them took the build's thread 0.15 s, for nothing). Moments are counted as
 * distinct where they are written (writeDatesAhead); here only their number is bounded (MOMENTS_TAKEN).
 */
export function textsAhead(loaded: LoadedContent, { withMarkdown = true, allMoments = true } = {}): TextsAhead {
  let markdown: Set<string> | null = withMarkdown ? new Set<string>() : null;
  let moments: string[] | null = [];
  const windows: string[] = [];
  const text = (value: unknown): void => {
    if (markdown === null || typeof value !== 'string' || !isRemembered(value)) return;
    markdown.add(value);
    if (markdown.size > REMEMBERED_TEXTS) markdown = null;
  };
  for (const { data } of loaded.notices) {
    if (!isRecord(data)) continue;
    if (isMoment(data.begins_at) && isMoment(data.ends_at) && windows.length < 2 * REMEMBERED_MOMENTS) windows.push(data.begins_at, data.ends_at);
    // Nothing more to take from the updates: no Markdown wanted (or too much of it), and no moment (or the one).
    if (markdown === null && (moments === null || (!allMoments && moments.length > 0))) continue;
    const updates: unknown = data.updates;
    if (!Array.isArray(updates)) continue;
    // Only the moments, when no Markdown is asked for (the built-in templates'): this thread's time,
    // in a loop of its own, the shortest (an index, no closure, no Set).
    if (markdown === null) {
      for (let i = 0; i < updates.length && moments !== null && (allMoments || moments.length === 0); i++) {
        const update: unknown = updates[i];
        if (isRecord(update) && isMoment(update.at) && moments.push(update.at) > MOMENTS_TAKEN) moments = null;
      }
      continue;
    }
    for (const update of updates as unknown[]) {
      if (!isRecord(update)) continue;
      text(update.content);
      if (isRecord(update.translations)) Object.values(update.translations).forEach(text);
      // Without allMoments, the first moment only (why: render/worker.ts, where the process of a site's own templates is given its texts).
      if (moments !== null && isMoment(update.at) && (allMoments || moments.length === 0) && moments.push(update.at) > MOMENTS_TAKEN) moments = null;
    }
    if (isRecord(data.postmortem)) text(data.postmortem.content);
  }
  // A window's page shows its beginning and end as moments too (text.ts windowView). Not to the
  // process of a site's own templates, which is given the first moment only.
  if (allMoments && moments !== null && moments.length + windows.length <= MOMENTS_TAKEN) moments = moments.concat(windows);
  const site = isRecord(loaded.site?.data) ? loaded.site.data : {};
  const named = Array.isArray(site.locales) ? (site.locales as unknown[]) : [site.locale ?? DEFAULT_LOCALE];
  // Each once, and only tags validation accepts: dates are written once per language.
  const locales = [...new Set(named)].filter((tag): tag is string => typeof tag === 'string' && checkLocale(tag) === null);
  return { markdown: [...(markdown ?? [])], moments: moments ?? [], windows, locales, zone: typeof site.time_zone === 'string' ? site.time_zone : DEFAULT_TIME_ZONE };
}

/** Renders `texts` into the remembered ones (in this thread or process). */
export function renderAhead(texts: TextsAhead): void {
  rememberMarkdown(texts.markdown);
  writeDatesAhead(texts).forEach(rememberDates);
}
